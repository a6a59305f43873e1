import type { TFunction } from 'i18next';
import { IdentityError, isNetworkError } from '../lib/identity-client';

type AuthT = TFunction<'auth'>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Spec §8: the identity provider's exception names as the person should read them. */
export function identityErrorMessage(t: AuthT, error: unknown): string {
  if (isNetworkError(error)) return t('messages.network');
  if (!(error instanceof IdentityError)) return t('messages.unknown', { message: messageOf(error) });
  switch (error.name) {
    case 'NotAuthorizedException':
      return t('messages.notAuthorized');
    case 'UserNotFoundException':
      return t('messages.userNotFound');
    case 'UserLambdaValidationException':
      return t('messages.lambdaValidation');
    case 'UserAlreadyAuthenticatedException':
      return t('messages.alreadySignedIn');
    case 'TooManyRequestsException':
      return error.retryAfterSeconds
        ? t('messages.tooManyRequests', { count: Math.ceil(error.retryAfterSeconds) })
        : t('messages.tooManyRequestsNoWait');
    case 'LimitExceededException':
      return t('messages.limitExceeded');
    case 'CodeMismatchException':
      return t('messages.codeMismatch');
    case 'ExpiredCodeException':
      return t('messages.expiredCode');
    case 'UsernameExistsException':
      return t('messages.usernameExists');
    case 'InvalidPasswordException':
      return t('messages.invalidPassword', { message: error.message });
    case 'UnknownIdentityError':
      return t('messages.unknown', { message: error.message });
    default:
      return t('messages.loginFailed', { message: error.message });
  }
}

const PASSKEY_BROWSER_ERRORS: Record<string, 'cancelled' | 'notSupported' | 'securityError' | 'invalidState'> = {
  NotAllowedError: 'cancelled',
  AbortError: 'cancelled',
  SecurityError: 'securityError',
  NotSupportedError: 'notSupported',
  InvalidStateError: 'invalidState',
};

/** Spec §8 passkey messages: browser error names (WEBAUTHN_ERROR_MESSAGES), then the server's. */
export function passkeyErrorMessage(t: AuthT, error: unknown): string {
  if (error instanceof IdentityError) {
    switch (error.name) {
      case 'WebAuthnCredentialNotFoundException':
        return t('passkey.noneFound');
      case 'WebAuthnNotEnabledException':
      case 'WebAuthnConfigurationMissingException':
        return t('passkey.firstFactor');
      case 'TooManyRequestsException':
      case 'UserLambdaValidationException':
      case 'UserAlreadyAuthenticatedException':
        return identityErrorMessage(t, error);
      default:
        return t('passkey.failed', { message: error.message });
    }
  }
  if (isNetworkError(error)) return t('messages.network');
  const name = error instanceof Error ? error.name : '';
  const key = PASSKEY_BROWSER_ERRORS[name];
  return key ? t(`passkey.${key}`) : t('passkey.failed', { message: messageOf(error) });
}
