/**
 * The identity API: one endpoint, the action in a header, as spec §7's identity provider calls
 * ("POST with an action header"). The server (apps/server/src/identity) implements every action on
 * better-auth; the web app (apps/web/src/auth) calls it through `identityCall`. Bodies and results are
 * JSON. A failed call answers 4xx with `IdentityErrorBody`.
 */
export const IDENTITY_ENDPOINT = '/api/identity';
export const IDENTITY_ACTION_HEADER = 'x-identity-action';

/** Spec §4 sign-in steps, verbatim. */
export const SIGN_IN_STEPS = [
  'DONE',
  'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
  'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
  'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
  'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
  'RESET_PASSWORD',
  'CONFIRM_SIGN_UP',
] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

export const SIGN_UP_STEPS = ['CONFIRM_SIGN_UP', 'COMPLETE_AUTO_SIGN_IN', 'DONE'] as const;
export type SignUpStep = (typeof SIGN_UP_STEPS)[number];
export type ResetPasswordStep = 'CONFIRM_RESET_PASSWORD_WITH_CODE' | 'DONE';
export type AttributeUpdateStep = 'DONE' | 'CONFIRM_ATTRIBUTE_WITH_CODE';
export type PhoneVerificationState = 'sending' | 'sent' | 'verifying' | 'verified' | 'resending' | 'error';
export type MfaType = 'TOTP' | 'SMS' | 'EMAIL';

/** Where a code went, as Cognito reports it (the destination masked, e.g. "j***@e***.com"). */
export type CodeDelivery = { deliveryMedium: 'EMAIL' | 'SMS'; destination: string };

/**
 * What the web app knows of the signed-in person: spec §3 "Session and tenant". Claims are computed on
 * the server from the database on each GetUser; the client never sets them.
 */
export type IdentityClaims = {
  username: string;
  email: string | null;
  /** Whether the sign-in e-mail was proven by a code (Cognito's email_verified). */
  email_verified: boolean;
  phone_number: string | null;
  /** Whether the phone number was proven by a code (Cognito's phone_number_verified). */
  phone_number_verified: boolean;
  'custom:cognito_uuid': string;
  /** The companies the person is an active member of. */
  'custom:tenants': { tenant_uuid: string; company: string }[];
  'custom:selected_tenant_uuid': string | null;
  /** Effective permissions in the selected company (spec §6: the access token's group list). */
  'cognito:groups': string[];
  mfa: { enabled: MfaType[]; preferred: MfaType | null };
};

/** Request and result of each action. Fields are camelCase; usernames are e-mails or E.164 phones. */
export type IdentityActions = {
  /** flow USER_AUTH; PASSWORD for the login form, WEB_AUTHN to begin a passkey sign-in. */
  InitiateAuth: {
    req: { username: string; password?: string; preferredChallenge?: 'PASSWORD' | 'WEB_AUTHN' };
    res: {
      nextStep: SignInStep | 'CONTINUE_SIGN_IN_WITH_WEB_AUTHN';
      /** Opaque pending sign-in state; expires after PENDING_SIGN_IN_SECONDS. */
      session?: string;
      /** WebAuthn request options (JSON) for CONTINUE_SIGN_IN_WITH_WEB_AUTHN. */
      webAuthnOptions?: unknown;
      codeDelivery?: CodeDelivery;
      /** For CONTINUE_SIGN_IN_WITH_TOTP_SETUP: the otpauth:// URI to show as a QR code. */
      totpUri?: string;
      allowedMfaTypes?: MfaType[];
    };
  };
  /**
   * Answers the pending step: a code (SMS/TOTP/e-mail), a new password
   * (CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED), an MFA choice, or a WebAuthn credential (JSON).
   */
  RespondToAuthChallenge: {
    req: { session: string; answer?: string; mfaType?: MfaType; credential?: unknown };
    res: IdentityActions['InitiateAuth']['res'];
  };
  /** Renews the session cookie when it is near expiry; 401 when it cannot. */
  GetTokensFromRefreshToken: { req: Record<string, never>; res: { ok: true } };
  SignUp: {
    req: { username: string; password: string; captcha: string };
    res: { nextStep: SignUpStep; codeDelivery?: CodeDelivery };
  };
  /** After this, AutoSignIn works for AUTO_SIGN_IN_SECONDS. */
  ConfirmSignUp: { req: { username: string; code: string }; res: { nextStep: SignUpStep } };
  /** Continues like InitiateAuth after the password: DONE, or the next step (a second factor, TOTP setup). */
  AutoSignIn: { req: { username: string }; res: IdentityActions['InitiateAuth']['res'] };
  ResendConfirmationCode: { req: { username: string }; res: { codeDelivery: CodeDelivery } };
  ForgotPassword: { req: { username: string }; res: { nextStep: ResetPasswordStep; codeDelivery?: CodeDelivery } };
  ConfirmForgotPassword: { req: { username: string; code: string; newPassword: string }; res: { nextStep: 'DONE' } };
  ChangePassword: { req: { oldPassword: string; newPassword: string }; res: { ok: true } };
  UpdateUserAttributes: {
    req: { attributes: { email?: string; phone_number?: string } };
    res: { nextStep: AttributeUpdateStep; codeDelivery?: CodeDelivery };
  };
  GetUserAttributeVerificationCode: { req: { attribute: 'email' | 'phone_number' }; res: { codeDelivery: CodeDelivery } };
  VerifyUserAttribute: { req: { attribute: 'email' | 'phone_number'; code: string }; res: { ok: true } };
  GetUser: { req: Record<string, never>; res: IdentityClaims };
  /** Ends this session (SignOut) or every session of the user (GlobalSignOut). */
  SignOut: { req: Record<string, never>; res: { ok: true } };
  GlobalSignOut: { req: Record<string, never>; res: { ok: true } };
  /** Begins TOTP setup for the signed-in user; VerifySoftwareToken finishes it and turns TOTP on. */
  AssociateSoftwareToken: { req: { password: string }; res: { totpUri: string; secret: string } };
  VerifySoftwareToken: { req: { code: string }; res: { ok: true } };
  SetUserMFAPreference: { req: { enabled: MfaType[]; preferred: MfaType | null; password: string }; res: { ok: true } };
  StartWebAuthnRegistration: { req: Record<string, never>; res: { options: unknown } };
  CompleteWebAuthnRegistration: { req: { credential: unknown; friendlyName?: string }; res: { ok: true } };
  ListWebAuthnCredentials: { req: { maxResults?: number; nextToken?: string }; res: { credentials: PasskeyEntry[]; nextToken?: string } };
  DeleteWebAuthnCredential: { req: { credentialId: string }; res: { ok: true } };
  /** Sets custom:selected_tenant_uuid after a membership check; null clears it (switching tenants). */
  SelectTenant: { req: { tenant_uuid: string | null }; res: IdentityClaims };
};
export type IdentityAction = keyof IdentityActions;

/** Spec §3 passkey entry. */
export type PasskeyEntry = {
  credentialId: string;
  friendlyCredentialName: string;
  createdAt: string;
  relyingPartyId: string;
  authenticatorAttachment: string | null;
  authenticatorTransports: string[];
};
export const UNKNOWN_DEVICE = 'Unknown Device';
export const MAX_PASSKEYS_PER_USER = 20;

/** The identity provider's exception names (spec §8); `IdentityErrorBody.name` is one of these. */
export const IDENTITY_ERRORS = [
  'NotAuthorizedException',
  'UserNotFoundException',
  'UsernameExistsException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'LimitExceededException',
  'TooManyRequestsException',
  'InvalidPasswordException',
  'InvalidParameterException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'UserLambdaValidationException',
  'WebAuthnNotEnabledException',
  'WebAuthnCredentialNotFoundException',
  'WebAuthnChallengeNotFoundException',
  'WebAuthnConfigurationMissingException',
  'UserAlreadyAuthenticatedException',
  'CodeDeliveryFailureException',
] as const;
export type IdentityErrorName = (typeof IDENTITY_ERRORS)[number];
export type IdentityErrorBody = { name: IdentityErrorName; message: string; retryAfterSeconds?: number };

// ---- Spec §9 constants -------------------------------------------------------------------------
export const PENDING_SIGN_IN_SECONDS = 180;
export const AUTO_SIGN_IN_SECONDS = 180;
export const CODE_TTL_SECONDS = 600;
export const SESSION_DAYS = 30;
export const PASSKEY_FAILURE_MEMORY_DAYS = 7;
export const PASSKEY_REDIRECT_DELAY_MS = 1000;
export const PASSKEY_FALLBACK_AFTER_FAILURES = 2;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** Lockout (DESIGN.md "Identity"): 5 free failures, then 2^(n-5) s up to 900 s, reset after 15 idle minutes. */
export const LOCKOUT_FREE_FAILURES = 5;
export const LOCKOUT_MAX_SECONDS = 900;
export const LOCKOUT_RESET_SECONDS = 15 * 60;
export const lockoutSeconds = (failures: number) =>
  failures <= LOCKOUT_FREE_FAILURES ? 0 : Math.min(LOCKOUT_MAX_SECONDS, 2 ** (failures - LOCKOUT_FREE_FAILURES));

// ---- Spec §5 validation --------------------------------------------------------------------------
export const USERNAME_MESSAGE = 'Please enter a valid email or phone number.';
export const REQUIRED_MESSAGE = 'Required.';
export const PHONE_FORMAT_MESSAGE = 'Invalid phone number format. Please use +1XXXXXXXXXX format for US numbers.';
export const PASSKEY_NEEDS_USERNAME = 'Please enter your email or phone number first';

const EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/;
const PHONE = /^\+?[\d\s()-]{10,15}$/;

export const isEmail = (value: string) => EMAIL.test(value.trim());
/**
 * An address mail can be sent to (order and report recipients, vendors): the sign-in rule's shape with any ending a
 * domain may have (2 to 63 letters, e.g. `.construction`); the spec's 2 to 6 letter ending governs sign-in only.
 */
const RECIPIENT = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/;
export const isRecipientEmail = (value: string) => RECIPIENT.test(value.trim());
export const isPhone = (value: string) => PHONE.test(value.trim());
export const isUsername = (value: string) => isEmail(value) || isPhone(value);

/**
 * Spec §5 phone normalisation: digits only; a leading 1 gets a plus, otherwise +1 is prepended.
 * Returns null when the result is not a plausible E.164 number.
 */
export function normalizePhone(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  const e164 = digits.startsWith('1') ? `+${digits}` : `+1${digits}`;
  return /^\+1\d{10}$/.test(e164) || /^\+\d{11,15}$/.test(e164) ? e164 : null;
}

/** The username as the server stores it: a lowercased e-mail, or an E.164 phone number. */
export function canonicalUsername(value: string): string | null {
  const v = value.trim();
  if (isEmail(v)) return v.toLowerCase();
  if (isPhone(v)) return normalizePhone(v);
  return null;
}

// ---- Spec §8 messages ------------------------------------------------------------------------------
export const SIGN_IN_MESSAGES = {
  failed: (message: string) => `Login failed: ${message}`,
  userNotFound: 'User not found. Please check your credentials.',
  notAuthorized: 'Incorrect username or password.',
  lambdaValidation: 'Account validation failed. Please contact support.',
  unknown: (message: string) => `Authentication failed: ${message}`,
  alreadySignedIn: 'There is already a signed in user.',
  sessionExpired: 'Please sign back in.',
} as const;

export const PASSKEY_MESSAGES = {
  available: 'Passkey available for this account!',
  cancelled: 'Passkey authentication was canceled.',
  notSupported: 'Passkeys are not supported on this device or browser.',
  noneFound: 'No passkey found for this account. Please use password login instead.',
  firstFactor: 'Passkey login not available for this account. Please use password.',
  repeatedFailure: 'Multiple passkey attempts failed. Please try password login instead.',
  failed: (message: string) => `Passkey login failed: ${message}`,
  success: 'Successfully signed in with passkey!',
  usePassword: 'This account needs more steps to sign in. Please use password sign-in.',
} as const;

/** Spec §8: browser WebAuthn error names mapped to friendlier messages. */
export const WEBAUTHN_ERROR_MESSAGES: Record<string, string> = {
  NotAllowedError: PASSKEY_MESSAGES.cancelled,
  AbortError: PASSKEY_MESSAGES.cancelled,
  SecurityError: 'Passkeys cannot be used on this site address. Please use password login instead.',
  NotSupportedError: PASSKEY_MESSAGES.notSupported,
  InvalidStateError: 'This passkey is already registered on this device.',
};

/** Spec §8 snackbar messages of the identity area, verbatim. */
export const IDENTITY_SNACKBAR = {
  resetPassword: 'There was a problem resetting the password.',
  confirmSignUp: 'There was a problem confirming the sign up.',
  resendSignUpCode: 'There was a problem resending the sign up code.',
  updateAttributes: 'There was a problem updating user attributes.',
  fetchAuthUser: 'There was a problem fetching auth user information.',
  signOut: 'There was a problem signing out.',
  selectTenant: 'There was a problem selecting the tenant.',
  switchTenant: 'There was a problem switching tenants.',
  refreshFailed: 'Refresh failed.',
} as const;

// ---- Spec §4 passkey history (browser storage, per lowercased username) ---------------------------
export type PasskeyHistoryEntry = { success: boolean; timestamp: number; failures: number; aliases: string[] };
export type PasskeyHistory = Record<string, PasskeyHistoryEntry>;

/**
 * Whether to offer the passkey for this username: true after a success; not after a failure within
 * the last 7 days; a failure older than that is forgotten.
 */
export function shouldPromptPasskey(history: PasskeyHistory, username: string, now = Date.now()): boolean {
  const entry = history[username.trim().toLowerCase()];
  if (!entry) return false;
  if (entry.success) return true;
  return now - entry.timestamp > PASSKEY_FAILURE_MEMORY_DAYS * 24 * 60 * 60 * 1000;
}

export function recordPasskeyAttempt(history: PasskeyHistory, username: string, success: boolean, now = Date.now()): PasskeyHistory {
  const key = username.trim().toLowerCase();
  const prev = history[key];
  const aliases = [...new Set([...(prev?.aliases ?? []), username.trim()])];
  const failures = success ? 0 : (prev?.failures ?? 0) + 1;
  return { ...history, [key]: { success, timestamp: now, failures, aliases } };
}

/** Spec §9: more than 2 consecutive failures suggest the password login. */
export const suggestPasswordLogin = (history: PasskeyHistory, username: string) =>
  (history[username.trim().toLowerCase()]?.failures ?? 0) > PASSKEY_FALLBACK_AFTER_FAILURES;
