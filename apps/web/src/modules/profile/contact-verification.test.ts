import type { PhoneVerificationState } from '@groundwork/core/identity';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  afterUpdate,
  checkNewEmail,
  checkNewPhone,
  codeOut,
  initialVerification,
  isBusy,
  type VerificationEvent,
  type VerificationState,
  verificationReducer,
} from './contact-verification';

const run = (events: VerificationEvent[], from: VerificationState = initialVerification) => events.reduce(verificationReducer, from);
const PHONE = '+13035550142';
const MASKED = '+*******0142';

describe('phone verification states (spec §4: sending, sent, verifying, verified, resending, error)', () => {
  it('has the states of the spec, and idle', () => {
    expectTypeOf<Exclude<VerificationState['status'], 'idle'>>().toEqualTypeOf<PhoneVerificationState>();
  });

  it('goes sending → sent → verifying → verified', () => {
    const sending = run([{ type: 'send', value: PHONE }]);
    expect(sending).toEqual({ status: 'sending', value: PHONE });
    expect(isBusy(sending)).toBe(true);
    expect(codeOut(sending)).toBeNull();
    const sent = verificationReducer(sending, { type: 'sent', destination: MASKED });
    expect(sent).toEqual({ status: 'sent', value: PHONE, destination: MASKED });
    expect(codeOut(sent)).toBe(MASKED);
    expect(isBusy(sent)).toBe(false);
    const verifying = verificationReducer(sent, { type: 'verify' });
    expect(verifying).toEqual({ status: 'verifying', value: PHONE, destination: MASKED });
    expect(verificationReducer(verifying, { type: 'verified' })).toEqual({ status: 'verified', value: PHONE });
  });

  it('keeps the code out after a wrong code, so it can be typed again or resent (resending → sent)', () => {
    const wrong = run([
      { type: 'send', value: PHONE },
      { type: 'sent', destination: MASKED },
      { type: 'verify' },
      { type: 'failed', message: 'Invalid verification code provided, please try again.' },
    ]);
    expect(wrong).toEqual({
      status: 'error',
      value: PHONE,
      destination: MASKED,
      message: 'Invalid verification code provided, please try again.',
    });
    expect(codeOut(wrong)).toBe(MASKED);
    expect(verificationReducer(wrong, { type: 'verify' }).status).toBe('verifying');
    const resending = verificationReducer(wrong, { type: 'resend' });
    expect(resending).toEqual({ status: 'resending', value: PHONE, destination: MASKED });
    expect(isBusy(resending)).toBe(true);
    expect(verificationReducer(resending, { type: 'sent', destination: '+*******0199' })).toEqual({
      status: 'sent',
      value: PHONE,
      destination: '+*******0199',
    });
    // A failed resend keeps the earlier code usable.
    expect(verificationReducer(resending, { type: 'failed', message: 'limit' })).toMatchObject({ status: 'error', destination: MASKED });
  });

  it('has no code out when the first send fails, and may send again', () => {
    const failed = run([
      { type: 'send', value: PHONE },
      { type: 'failed', message: 'An account with the given email or phone number already exists.' },
    ]);
    expect(failed).toMatchObject({ status: 'error', destination: null });
    expect(codeOut(failed)).toBeNull();
    expect(verificationReducer(failed, { type: 'verify' })).toBe(failed);
    expect(verificationReducer(failed, { type: 'resend' })).toBe(failed);
    expect(verificationReducer(failed, { type: 'send', value: '+13035550143' })).toEqual({ status: 'sending', value: '+13035550143' });
  });

  it('ignores events that do not fit: no verify before a code, nothing new while a call is under way', () => {
    expect(verificationReducer(initialVerification, { type: 'verify' })).toBe(initialVerification);
    expect(verificationReducer(initialVerification, { type: 'resend' })).toBe(initialVerification);
    expect(verificationReducer(initialVerification, { type: 'verified' })).toBe(initialVerification);
    expect(verificationReducer(initialVerification, { type: 'failed', message: 'x' })).toBe(initialVerification);
    const sending = run([{ type: 'send', value: PHONE }]);
    expect(verificationReducer(sending, { type: 'send', value: '+13035550199' })).toBe(sending);
    expect(verificationReducer(sending, { type: 'verify' })).toBe(sending);
    const verifying = run([{ type: 'sent', destination: MASKED }, { type: 'verify' }], sending);
    expect(verificationReducer(verifying, { type: 'resend' })).toBe(verifying);
    expect(verificationReducer(verifying, { type: 'sent', destination: MASKED })).toBe(verifying);
    const verified = verificationReducer(verifying, { type: 'verified' });
    expect(verificationReducer(verified, { type: 'verify' })).toBe(verified);
    expect(verificationReducer(verified, { type: 'reset' })).toEqual(initialVerification);
  });
});

describe('attribute update steps (spec §4: DONE or CONFIRM_ATTRIBUTE_WITH_CODE)', () => {
  it('CONFIRM_ATTRIBUTE_WITH_CODE means a code went to the masked destination; DONE means nothing to confirm', () => {
    const sending = run([{ type: 'send', value: 'new@example.com' }]);
    const event = afterUpdate(
      { nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDelivery: { deliveryMedium: 'EMAIL', destination: 'n***@e***.com' } },
      'new@example.com',
    );
    expect(verificationReducer(sending, event)).toEqual({ status: 'sent', value: 'new@example.com', destination: 'n***@e***.com' });
    expect(verificationReducer(sending, afterUpdate({ nextStep: 'DONE' }, 'new@example.com'))).toEqual({
      status: 'verified',
      value: 'new@example.com',
    });
  });
});

describe('new values (spec §5)', () => {
  it('normalises a phone number to E.164 like /login, or names the format problem', () => {
    expect(checkNewPhone('(303) 555-0142')).toEqual({ value: '+13035550142' });
    expect(checkNewPhone('1 303 555 0142')).toEqual({ value: '+13035550142' });
    expect(checkNewPhone('+1 303-555-0142')).toEqual({ value: '+13035550142' });
    expect(checkNewPhone('  ')).toEqual({ problem: 'required' });
    expect(checkNewPhone('555-0142')).toEqual({ problem: 'phone' });
    expect(checkNewPhone('call me maybe')).toEqual({ problem: 'phone' });
    expect(checkNewPhone('me@example.com')).toEqual({ problem: 'phone' });
  });

  it('takes an e-mail by the login rule, lowercased', () => {
    expect(checkNewEmail(' New.Person@Example.com ')).toEqual({ value: 'new.person@example.com' });
    expect(checkNewEmail('')).toEqual({ problem: 'required' });
    expect(checkNewEmail('not-an-address')).toEqual({ problem: 'email' });
    expect(checkNewEmail('+13035550142')).toEqual({ problem: 'email' });
  });
});
