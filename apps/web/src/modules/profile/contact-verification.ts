import { type AttributeUpdateStep, type CodeDelivery, isEmail, isPhone, normalizePhone } from '@groundwork/core/identity';

/** The sign-in attributes a person changes from the profile (spec §7 UpdateUserAttributes). */
export type ContactAttribute = 'email' | 'phone_number';

/**
 * Spec §4 "Phone verification: sending, sent, verifying, verified, resending, error" (the sign-in e-mail
 * goes through the same states; its test holds every status but idle to core's PhoneVerificationState).
 * `value` is the new address or number; `destination` is where the server says the code went (masked);
 * an error keeps it when a code is out, so the code can still be entered or sent again.
 */
export type VerificationState =
  | { status: 'idle' }
  | { status: 'sending'; value: string }
  | { status: 'sent'; value: string; destination: string }
  | { status: 'verifying'; value: string; destination: string }
  | { status: 'verified'; value: string }
  | { status: 'resending'; value: string; destination: string }
  | { status: 'error'; value: string; destination: string | null; message: string };

export type VerificationEvent =
  /** UpdateUserAttributes with a new value is on its way. */
  | { type: 'send'; value: string }
  /** A code went out (after send or resend). */
  | { type: 'sent'; destination: string }
  /** The server had nothing to confirm (step DONE): the value was already this one. */
  | { type: 'unchanged' }
  /** VerifyUserAttribute with the typed code is on its way. */
  | { type: 'verify' }
  | { type: 'verified' }
  /** GetUserAttributeVerificationCode is on its way. */
  | { type: 'resend' }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

export const initialVerification: VerificationState = { status: 'idle' };

/** Where a code is out: the person can type it or ask for another one. */
export function codeOut(state: VerificationState): string | null {
  switch (state.status) {
    case 'sent':
    case 'verifying':
    case 'resending':
    case 'error':
      return state.destination;
    default:
      return null;
  }
}

/** A call is under way: the buttons wait. */
export const isBusy = (state: VerificationState) =>
  state.status === 'sending' || state.status === 'verifying' || state.status === 'resending';

/** The pure transition function; an event that does not fit the state leaves it as it is. */
export function verificationReducer(state: VerificationState, event: VerificationEvent): VerificationState {
  switch (event.type) {
    case 'reset':
      return initialVerification;
    case 'send':
      return isBusy(state) ? state : { status: 'sending', value: event.value };
    case 'sent':
      if (state.status === 'sending' || state.status === 'resending')
        return { status: 'sent', value: state.value, destination: event.destination };
      return state;
    case 'unchanged':
      return state.status === 'sending' ? { status: 'verified', value: state.value } : state;
    case 'verify':
    case 'resend': {
      // Both need a code out and nothing under way.
      const destination = codeOut(state);
      if (!destination || isBusy(state) || state.status === 'idle' || state.status === 'verified') return state;
      return { status: event.type === 'verify' ? 'verifying' : 'resending', value: state.value, destination };
    }
    case 'verified':
      return state.status === 'verifying' ? { status: 'verified', value: state.value } : state;
    case 'failed':
      if (state.status === 'sending') return { status: 'error', value: state.value, destination: null, message: event.message };
      if (state.status === 'verifying' || state.status === 'resending')
        return { status: 'error', value: state.value, destination: state.destination, message: event.message };
      return state;
  }
}

/** The event for UpdateUserAttributes' answer: CONFIRM_ATTRIBUTE_WITH_CODE means a code is out. */
export function afterUpdate(result: { nextStep: AttributeUpdateStep; codeDelivery?: CodeDelivery }, value: string): VerificationEvent {
  if (result.nextStep === 'DONE') return { type: 'unchanged' };
  return { type: 'sent', destination: result.codeDelivery?.destination ?? value };
}

/** Spec §5 for a new sign-in e-mail: required, then the login form's e-mail rule. Lowercased like the server. */
export function checkNewEmail(input: string): { value: string } | { problem: 'required' | 'email' } {
  const v = input.trim();
  if (!v) return { problem: 'required' };
  if (!isEmail(v)) return { problem: 'email' };
  return { value: v.toLowerCase() };
}

/** Spec §5 phone normalisation, as /login does it: the E.164 number, or the format problem. */
export function checkNewPhone(input: string): { value: string } | { problem: 'required' | 'phone' } {
  const v = input.trim();
  if (!v) return { problem: 'required' };
  const e164 = isPhone(v) ? normalizePhone(v) : null;
  return e164 ? { value: e164 } : { problem: 'phone' };
}
