import type { CodeDelivery, IdentityActions, MfaType } from '@groundwork/core/identity';
import type { TFunction } from 'i18next';

export type SignInResult = IdentityActions['InitiateAuth']['res'];

type CodeStep =
  | 'CONFIRM_SIGN_IN_WITH_SMS_CODE'
  | 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'
  | 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE'
  | 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE';

/** What the login page does with a sign-in step (spec §4 "Sign-in steps"). */
export type SignInOutcome =
  | { type: 'done' }
  | { type: 'code'; step: CodeStep; session: string; codeDelivery?: CodeDelivery }
  | { type: 'mfaSelection'; session: string; allowed: MfaType[] }
  | { type: 'totpSetup'; session: string; totpUri: string }
  | { type: 'newPassword'; session: string }
  | { type: 'resetPassword' }
  | { type: 'confirmSignUp' }
  | { type: 'firstFactor' }
  | { type: 'webAuthn'; session: string; options: unknown };

const ALL_MFA: MfaType[] = ['TOTP', 'SMS', 'EMAIL'];

export function interpretSignIn(result: SignInResult): SignInOutcome {
  const session = result.session ?? '';
  switch (result.nextStep) {
    case 'DONE':
      return { type: 'done' };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return { type: 'code', step: result.nextStep, session, codeDelivery: result.codeDelivery };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return { type: 'mfaSelection', session, allowed: result.allowedMfaTypes?.length ? result.allowedMfaTypes : ALL_MFA };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return { type: 'totpSetup', session, totpUri: result.totpUri ?? '' };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { type: 'newPassword', session };
    case 'RESET_PASSWORD':
      return { type: 'resetPassword' };
    case 'CONFIRM_SIGN_UP':
      return { type: 'confirmSignUp' };
    case 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION':
      return { type: 'firstFactor' };
    case 'CONTINUE_SIGN_IN_WITH_WEB_AUTHN':
      return { type: 'webAuthn', session, options: result.webAuthnOptions };
  }
}

/** Spec §2: after sign-in the remembered route, else /select-tenant (the guard sends on from there). */
export const afterSignInRoute = (remembered: string | null): string => remembered ?? '/select-tenant';

/** The secret inside a TOTP setup URI, shown beside the QR code for typing into an authenticator by hand. */
export function totpSecretOf(totpUri: string): string | null {
  try {
    return new URL(totpUri).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** The line above a sign-in code field: which code, and where it was sent (auth namespace keys). */
export function codeStepTitle(t: TFunction<'auth'>, outcome: Extract<SignInOutcome, { type: 'code' }>): string {
  const destination = outcome.codeDelivery?.destination ?? '';
  if (outcome.step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return t('steps.totpTitle');
  if (outcome.step === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') return t('steps.customTitle');
  if (!destination) return t('steps.codeTitle');
  return outcome.step === 'CONFIRM_SIGN_IN_WITH_SMS_CODE' ? t('steps.smsTitle', { destination }) : t('steps.emailTitle', { destination });
}
