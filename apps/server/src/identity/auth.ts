import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import { SESSION_DAYS } from '@groundwork/core/identity';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { emailOTP, phoneNumber, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { authSchema, user } from './auth.table.js';

/** Why a passkey answer without user verification (PIN, fingerprint, face) is refused. */
const USER_NOT_VERIFIED = 'the passkey did not verify you (PIN, fingerprint or face)';

/** The header better-auth reads the client address from; set from Fastify's request.ip, never by the client. */
export const CLIENT_IP_HEADER = 'x-gw-client-ip';

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane). Algorithm 2 is argon2id.
const ARGON = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => argonHash(password, ARGON);
export const verifyPassword = (hash: string, password: string) => argonVerify(hash, password).catch(() => false);

/**
 * Our own layer (identity/service.ts) creates sessions only after every step (new password, second
 * factor) is done; it marks that with this store. Any other path that tries to create a session is
 * checked by the guard below.
 */
export const trustedSessionCreation = new AsyncLocalStorage<true>();

// Paths that prove a second factor on their own; passkeys count as one (as in Cognito), only because every passkey
// answer must carry user verification (see the passkey options below).
const SECOND_FACTOR_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-otp',
  '/two-factor/verify-backup-code',
  '/passkey/verify-authentication',
]);

/**
 * better-auth's HTTP routes that are mounted at /api/auth (identity/routes.ts): exactly the ones the web app calls,
 * which today is none. /api/identity is the only way to sign in, sign up, reset a password or manage passkeys; our
 * layer runs better-auth's passkey ceremonies in process (auth.api), and better-auth's own routes would skip our
 * lockout, captcha, temporary-password and MFA steps, or hand session data to JavaScript (a deny-list of them kept
 * missing some: verify-password was a password oracle outside the lockout). Add a path here only when the web app
 * needs it, with a test; every other path under /api/auth answers 404.
 */
export const BETTER_AUTH_HTTP_PATHS: readonly string[] = [];

export type AuthDeps = {
  config: Config;
  db: Db;
  /** Where better-auth's plugins would send codes; our layer sends its own, so these only log a refusal. */
  log?: { warn(msg: string): void; error(msg: string): void };
};

export function authOptions(config: Pick<Config, 'authSecret' | 'appOrigin' | 'env'>) {
  const rpID = new URL(config.appOrigin).hostname;
  const never = async () => {
    throw new APIError('FORBIDDEN', { message: 'Use /api/identity.' });
  };
  return {
    appName: 'Groundwork',
    secret: config.authSecret,
    baseURL: config.appOrigin,
    basePath: '/api/auth',
    trustedOrigins: [config.appOrigin],
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      password: { hash: hashPassword, verify: ({ hash, password }: { hash: string; password: string }) => verifyPassword(hash, password) },
    },
    user: {
      additionalFields: {
        mustChangePassword: { type: 'boolean', required: true, defaultValue: false, input: false },
        mfaEnabled: { type: 'string', required: false, input: false },
        mfaPreferred: { type: 'string', required: false, input: false },
        passwordResetRequired: { type: 'boolean', required: true, defaultValue: false, input: false },
        mfaRequired: { type: 'boolean', required: true, defaultValue: false, input: false },
        totpLastStep: { type: 'number', required: false, input: false },
        language: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // No cookie cache: a revoked session must be refused at once.
      cookieCache: { enabled: false },
      additionalFields: { selectedTenantUuid: { type: 'string', required: false, input: false } },
    },
    // In the database, so several instances share one count (issue 3); on in every environment.
    rateLimit: { enabled: true, window: 60, max: 100, storage: 'database' },
    advanced: {
      cookiePrefix: 'gw',
      useSecureCookies: config.appOrigin.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomUUID() },
    },
    plugins: [
      twoFactor({ issuer: 'Groundwork' }),
      phoneNumber({ sendOTP: never }),
      emailOTP({ sendVerificationOTP: never, storeOTP: 'hashed', expiresIn: 600, disableSignUp: true }),
      passkey({
        rpID,
        rpName: 'Groundwork',
        origin: config.appOrigin,
        // A passkey stands for both factors (something you have, and the PIN or biometric that unlocks it), so the
        // authenticator must verify the person every time: asked for in the options, checked in the answer.
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        registration: {
          afterVerification({ verification }) {
            if (!verification.registrationInfo?.userVerified) throw new APIError('BAD_REQUEST', { message: USER_NOT_VERIFIED });
          },
        },
        authentication: {
          afterVerification({ verification }) {
            if (!verification.authenticationInfo.userVerified) throw new APIError('UNAUTHORIZED', { message: USER_NOT_VERIFIED });
          },
        },
      }),
    ],
  } satisfies BetterAuthOptions;
}

export function createAuth({ config, db, log }: AuthDeps) {
  const options = authOptions(config);
  return betterAuth({
    ...options,
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    logger: {
      level: 'error',
      // Messages only: better-auth's arguments may carry request data.
      log: (level: string, message: string) =>
        level === 'error' ? log?.error(`better-auth: ${message}`) : log?.warn(`better-auth: ${message}`),
    },
    databaseHooks: {
      session: {
        create: {
          // The one gate every session passes: nobody who still owes a new password or a second factor
          // gets a session, whichever path asked for it.
          async before(session: { userId: string }, ctx: { path?: string } | null | undefined) {
            if (trustedSessionCreation.getStore()) return;
            const [u] = await db
              .select({
                must: user.mustChangePassword,
                reset: user.passwordResetRequired,
                mfa: user.twoFactorEnabled,
                mfaRequired: user.mfaRequired,
              })
              .from(user)
              .where(eq(user.id, session.userId));
            if (!u) throw new APIError('UNAUTHORIZED', { message: 'Incorrect username or password.' });
            if (u.must || u.reset) throw new APIError('FORBIDDEN', { message: 'A new password is required.' });
            if ((u.mfa || u.mfaRequired) && !SECOND_FACTOR_PATHS.has(ctx?.path ?? '')) {
              throw new APIError('FORBIDDEN', { message: 'A second factor is required.' });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
