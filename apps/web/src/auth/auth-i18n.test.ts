import {
  IDENTITY_SNACKBAR,
  PASSKEY_MESSAGES,
  PASSKEY_NEEDS_USERNAME,
  PHONE_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
  SIGN_IN_MESSAGES,
  USERNAME_MESSAGE,
  WEBAUTHN_ERROR_MESSAGES,
} from '@groundwork/core/identity';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { resources } from '../lib/i18n-resources';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('auth strings', () => {
  it('has the same keys in English and Spanish', () => {
    expect(keys(resources.es.auth).sort()).toEqual(keys(resources.en.auth).sort());
  });

  it('uses the spec texts verbatim in English', () => {
    const t = i18n.getFixedT('en', 'auth');
    expect(t('validation.required')).toBe(REQUIRED_MESSAGE);
    expect(t('validation.username')).toBe(USERNAME_MESSAGE);
    expect(t('validation.phoneFormat')).toBe(PHONE_FORMAT_MESSAGE);
    expect(t('passkey.needsUsername')).toBe(PASSKEY_NEEDS_USERNAME);
    expect(t('messages.loginFailed', { message: 'm' })).toBe(SIGN_IN_MESSAGES.failed('m'));
    expect(t('messages.unknown', { message: 'm' })).toBe(SIGN_IN_MESSAGES.unknown('m'));
    expect(t('messages.userNotFound')).toBe(SIGN_IN_MESSAGES.userNotFound);
    expect(t('messages.notAuthorized')).toBe(SIGN_IN_MESSAGES.notAuthorized);
    expect(t('messages.lambdaValidation')).toBe(SIGN_IN_MESSAGES.lambdaValidation);
    expect(t('messages.alreadySignedIn')).toBe(SIGN_IN_MESSAGES.alreadySignedIn);
    expect(t('messages.sessionExpired')).toBe(SIGN_IN_MESSAGES.sessionExpired);
    for (const key of [
      'available',
      'cancelled',
      'notSupported',
      'noneFound',
      'firstFactor',
      'repeatedFailure',
      'success',
      'usePassword',
    ] as const) {
      expect(t(`passkey.${key}`)).toBe(PASSKEY_MESSAGES[key]);
    }
    expect(t('passkey.failed', { message: 'm' })).toBe(PASSKEY_MESSAGES.failed('m'));
    expect(t('passkey.securityError')).toBe(WEBAUTHN_ERROR_MESSAGES.SecurityError);
    expect(t('passkey.invalidState')).toBe(WEBAUTHN_ERROR_MESSAGES.InvalidStateError);
    expect(t('messages.resetPassword')).toBe(IDENTITY_SNACKBAR.resetPassword);
    expect(t('messages.confirmSignUp')).toBe(IDENTITY_SNACKBAR.confirmSignUp);
    expect(t('messages.resendSignUpCode')).toBe(IDENTITY_SNACKBAR.resendSignUpCode);
    expect(t('messages.selectTenant')).toBe(IDENTITY_SNACKBAR.selectTenant);
    expect(t('messages.signOut')).toBe(IDENTITY_SNACKBAR.signOut);
    expect(t('messages.fetchAuthUser')).toBe(IDENTITY_SNACKBAR.fetchAuthUser);
  });
});
