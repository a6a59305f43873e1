import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * better-auth's tables (core + twoFactor, phoneNumber, passkey plugins + our additional fields), kept as
 * drizzle tables so drizzle-kit migrates them with everything else. GLOBAL tables: no tenant_uuid, read
 * as the owner role, never as app_user. auth.table.test.ts compares them with better-auth's own
 * getAuthTables so an upgrade cannot drift silently. Object keys are better-auth's field names.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified'),
  // Ours: an invited user signs in with a temporary password and must set a new one first.
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  // Ours: the MFA types turned on ('TOTP,EMAIL,SMS') and the preferred one (SetUserMFAPreference).
  mfaEnabled: text('mfa_enabled'),
  mfaPreferred: text('mfa_preferred'),
  // Ours: an admin or operator demanded a new password; sign-in answers PasswordResetRequiredException
  // (RESET_PASSWORD) until the person resets it by code.
  passwordResetRequired: boolean('password_reset_required').notNull().default(false),
  // Ours: the account must have a second factor; sign-in sets up TOTP first when none is on.
  mfaRequired: boolean('mfa_required').notNull().default(false),
  // Ours: the last TOTP time step (unix seconds / 30) accepted, so a code is never accepted twice.
  totpLastStep: integer('totp_last_step'),
  // Ours: the person's language ('en' | 'es', platform/texts.ts), theirs in every company: what the server's
  // notifications, e-mails, texts and PDFs are written in. Null until they pick one (or first sign in).
  language: text('language'),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // Ours: the company chosen with SelectTenant (custom:selected_tenant_uuid); the client cannot set it.
    selectedTenantUuid: text('selected_tenant_uuid'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('two_factor_secret_idx').on(t.secret), index('two_factor_user_id_idx').on(t.userId)],
);

export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: ts('created_at'),
    aaguid: text('aaguid'),
  },
  (t) => [index('passkey_user_id_idx').on(t.userId), index('passkey_credential_id_idx').on(t.credentialID)],
);

/**
 * Ours: failed sign-in attempts per account (e-mail, phone and passkey share it). Keyed 'user:<id>', or
 * 'name:<username>' for a username with no account, so an unknown name locks exactly like a known one.
 */
export const authLockout = pgTable('auth_lockout', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: ts('last_failure_at').notNull(),
});

/** Ours: pending sign-in state (Cognito's "session" string), and the auto sign-in window after sign-up. */
export const authPending = pgTable(
  'auth_pending',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    step: text('step').notNull(),
    data: text('data'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('auth_pending_user_id_idx').on(t.userId)],
);

/** better-auth's rate limiter, kept in the database (rateLimit.storage 'database') so every instance shares it. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Ours: fixed-window counters shared by every instance (requests per address and action, code sends per
 * account and purpose). One row per key; `count` within the window that began at `windowStart`.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: ts('window_start').notNull(),
  },
  (t) => [index('auth_throttle_window_start_idx').on(t.windowStart)],
);

/** Ours: solved sign-up captchas, each accepted once on any instance until it expires. */
export const authCaptchaUsed = pgTable(
  'auth_captcha_used',
  {
    signature: text('signature').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('auth_captcha_used_expires_at_idx').on(t.expiresAt)],
);

export const authSchema = { user, session, account, verification, twoFactor, passkey, rateLimit };
