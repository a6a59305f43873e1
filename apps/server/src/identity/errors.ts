import type { IdentityErrorBody, IdentityErrorName } from '@groundwork/core/identity';

/** A Cognito-shaped failure: answered as `IdentityErrorBody` with its HTTP status. */
export class IdentityError extends Error {
  constructor(
    readonly errorName: IdentityErrorName,
    message: string,
    readonly status: 400 | 401 | 403 | 429 = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  body(): IdentityErrorBody {
    return {
      name: this.errorName,
      message: this.message,
      ...(this.retryAfterSeconds ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
    };
  }
}

export const INCORRECT = 'Incorrect username or password.';
export const notAuthorized = (message = INCORRECT) => new IdentityError('NotAuthorizedException', message, 401);
export const signedOut = () => new IdentityError('NotAuthorizedException', 'Please sign back in.', 401);
export const invalidParameter = (message: string) => new IdentityError('InvalidParameterException', message, 400);
export const codeMismatch = () => new IdentityError('CodeMismatchException', 'Invalid verification code provided, please try again.', 400);
export const expiredCode = () => new IdentityError('ExpiredCodeException', 'Invalid code provided, please request a code again.', 400);
export const limitExceeded = () => new IdentityError('LimitExceededException', 'Attempt limit exceeded, please try after some time.', 429);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new IdentityError(
    'TooManyRequestsException',
    `Too many failed attempts. Try again in ${retryAfterSeconds} seconds.`,
    429,
    retryAfterSeconds,
  );
export const invalidPassword = (message: string) => new IdentityError('InvalidPasswordException', message, 400);
export const passwordResetRequired = () => new IdentityError('PasswordResetRequiredException', 'Password reset required for the user', 400);
export const pendingExpired = () => new IdentityError('NotAuthorizedException', 'Invalid session for the user, session is expired.', 401);
export const codeDeliveryFailure = (message: string) => new IdentityError('CodeDeliveryFailureException', message, 400);
