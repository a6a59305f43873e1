import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createOTP } from '@better-auth/utils/otp';
import {
  AUTO_SIGN_IN_SECONDS,
  type CodeDelivery,
  type IdentityActions,
  type IdentityClaims,
  isPhone,
  MAX_PASSKEYS_PER_USER,
  type MfaType,
  normalizePhone,
  PASSKEY_MESSAGES,
  type PasskeyEntry,
  PENDING_SIGN_IN_SECONDS,
  PHONE_FORMAT_MESSAGE,
  SESSION_DAYS,
  type SignInStep,
  UNKNOWN_DEVICE,
  USERNAME_MESSAGE,
} from '@groundwork/core/identity';
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { withIdentity } from '../db/with-tenant.js';
import { employees } from '../modules/employees/employees.table.js';
import { activeMembership, loadMember } from '../modules/employees/membership.js';
import { tenants } from '../modules/tenants/tenants.table.js';
import type { Mailer } from '../platform/mail.js';
import { type SmsSender, SmsUnavailableError } from '../platform/sms.js';
import { createAccountFlags, serverUsername } from './account-flags.js';
import { type Auth, hashPassword, trustedSessionCreation, verifyPassword } from './auth.js';
import { account, authPending, passkey, session as sessionTable, twoFactor, user } from './auth.table.js';
import type { Captcha } from './captcha.js';
import { createCodes } from './codes.js';
import {
  codeDeliveryFailure,
  codeMismatch,
  IdentityError,
  INCORRECT,
  invalidParameter,
  invalidPassword,
  notAuthorized,
  passwordResetRequired,
  pendingExpired,
  signedOut,
} from './errors.js';
import { confirmInvitedRows } from './invited-rows.js';
import { assertNotLocked, clearFailures, nameLockKey, reserveAttempt, userLockKey } from './lockout.js';
import { passwordProblem } from './password-policy.js';
import { type LiveSession, signToken } from './session.js';

export type IdentityDeps = {
  db: Db;
  auth: Auth;
  config: Config;
  now: () => Date;
  mailer: Mailer;
  sms: SmsSender;
  captcha: Captcha;
};

/** What an action sees of its HTTP request, and how it answers with cookies. */
export type ActionRequest = {
  session: LiveSession | null;
  ip: string;
  userAgent?: string;
  cookies: Record<string, string | undefined>;
  setCookie(name: string, value: string, maxAgeSeconds: number): void;
  clearCookie(name: string): void;
};

type Res<A extends keyof IdentityActions> = IdentityActions[A]['res'];
type SignInRes = Res<'InitiateAuth'>;
type UserRow = typeof user.$inferSelect;

export type { AccountRef } from './account-flags.js';

export const AUTO_SIGN_IN_COOKIE = 'gw.auto_sign_in';
const PHONE_EMAIL_DOMAIN = 'phone.groundwork.invalid';
const NO_USER = '00000000-0000-0000-0000-000000000000';
const MFA_TYPES: MfaType[] = ['TOTP', 'SMS', 'EMAIL'];
const TOTP_PERIOD_SECONDS = 30;
export const MFA_REQUIRED_MESSAGE = 'Two-factor authentication is required for this account.';
const sha = (s: string) => createHash('sha256').update(s).digest('base64url');
const isPlaceholder = (email: string) => email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);
/** How long a new e-mail or phone waits for its code (each code still expires after 10 minutes). */
const PENDING_ATTRIBUTE_SECONDS = 24 * 60 * 60;
/** The stand-in e-mail of an account that signs in by phone only (better-auth needs an e-mail). */
const placeholderEmail = (phone: string) => `${phone.slice(1)}@${PHONE_EMAIL_DOMAIN}`;
const usernameExists = () => new IdentityError('UsernameExistsException', 'An account with the given username already exists.', 400);
const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
};
const addressKind = (to: string) => (to.includes('@') ? 'this e-mail address' : 'this phone number');
const signUpTakenText = (to: string) =>
  `Someone tried to create a Groundwork account with ${addressKind(to)}, which already has one. If it was you, sign in, or reset your password if you do not remember it. If it was not you, you can ignore this message: nothing was changed.`;
const attributeTakenText = (to: string) =>
  `Someone signed in to another Groundwork account asked to sign in with ${addressKind(to)}, which your account uses. Nothing was changed. If you did not expect this, you can ignore this message.`;
const emailChangedText = (to: string) =>
  `The e-mail you sign in to Groundwork with was changed to ${maskDestination(to)}. If you did not do this, reset your password and contact your company's administrator.`;

/** A new sign-in e-mail (lowercased), or InvalidParameterException; never a phone account's stand-in address. */
function newEmailValue(raw: unknown): string {
  const value = typeof raw === 'string' && raw.includes('@') ? serverUsername(raw) : null;
  if (!value || isPlaceholder(value)) throw invalidParameter(USERNAME_MESSAGE);
  return value;
}
/** A new phone number in E.164 (spec §5 normalisation), or InvalidParameterException with the spec's text. */
function newPhoneValue(raw: unknown): string {
  const value = typeof raw === 'string' && isPhone(raw) ? normalizePhone(raw) : null;
  if (!value) throw invalidParameter(PHONE_FORMAT_MESSAGE);
  return value;
}

export function maskDestination(to: string): string {
  if (to.includes('@')) {
    const [local, domain] = to.split('@');
    const dot = domain.lastIndexOf('.');
    return `${local[0]}***@${domain[0]}***${dot > 0 ? domain.slice(dot) : ''}`;
  }
  return `+*******${to.slice(-4)}`;
}

export function createIdentityService(deps: IdentityDeps) {
  const { db, auth, config, now } = deps;
  const codes = createCodes(db, config.authSecret, now);
  // Unknown users cost the same as known ones: the same argon2 verify, against this hash.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  // ---- lookups ------------------------------------------------------------------------------------
  const canonical = serverUsername;
  const isEmail = (v: string) => v.includes('@');
  async function findUser(username: string): Promise<UserRow | undefined> {
    const [u] = await db
      .select()
      .from(user)
      .where(isEmail(username) ? eq(user.email, username) : eq(user.phoneNumber, username));
    return u;
  }
  async function userById(id: string): Promise<UserRow> {
    const [u] = await db.select().from(user).where(eq(user.id, id));
    if (!u) throw signedOut();
    return u;
  }
  async function passwordHash(userId: string): Promise<string | undefined> {
    const [a] = await db
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    return a?.password ?? undefined;
  }
  async function setPassword(userId: string, password: string) {
    const hash = await hashPassword(password);
    const t = now();
    const updated = await db
      .update(account)
      .set({ password: hash, updatedAt: t })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (!updated.length) {
      await db
        .insert(account)
        .values({ id: randomUUID(), userId, accountId: userId, providerId: 'credential', password: hash, createdAt: t, updatedAt: t });
    }
  }
  const checkNewPassword = (password: unknown): string => {
    const problem = passwordProblem(password);
    if (problem) throw invalidPassword(problem);
    return password as string;
  };
  const requireSession = (req: ActionRequest): LiveSession => {
    if (!req.session) throw signedOut();
    return req.session;
  };
  /** Checks the signed-in user's password (for sensitive changes), counted by the lockout. */
  async function confirmPassword(userId: string, password: unknown) {
    await reserveAttempt(db, userLockKey(userId), now());
    const hash = await passwordHash(userId);
    if (typeof password !== 'string' || !hash || !(await verifyPassword(hash, password))) throw notAuthorized();
    await clearFailures(db, userLockKey(userId));
  }

  // ---- delivery -------------------------------------------------------------------------------------
  const usernameOf = (u: UserRow) => (isPlaceholder(u.email) ? (u.phoneNumber ?? '') : u.email);
  const delivery = (to: string): CodeDelivery => ({ deliveryMedium: to.includes('@') ? 'EMAIL' : 'SMS', destination: maskDestination(to) });
  /** Refuses at once when `to` is a phone and nothing can be texted, whether or not an account has it. */
  const assertCanDeliver = (to: string) => {
    if (!to.includes('@') && deps.sms.unavailable) throw codeDeliveryFailure(new SmsUnavailableError().message);
  };
  /**
   * Hands the message to the mailer or SMS sender, which only queue it (or keep it, without SMTP): no answer waits
   * for SMTP or the SMS provider, so it takes as long whether or not a message went out.
   */
  async function deliver(to: string, subject: string, text: string): Promise<CodeDelivery> {
    assertCanDeliver(to);
    if (to.includes('@')) await deps.mailer.send({ to, subject, text });
    else await deps.sms.send({ to, text: `${subject}: ${text}` });
    return delivery(to);
  }
  const codeText = (code: string) => `Your Groundwork verification code is ${code}. It expires in 10 minutes.`;
  async function sendCode(purpose: string, u: UserRow, to: string, extra?: string): Promise<CodeDelivery> {
    const code = await codes.issue(purpose, u.id, extra);
    return deliver(to, 'Your Groundwork verification code', codeText(code));
  }
  /** What an unknown username is told: the same shape as a real delivery, and nothing is sent. */
  const fakeDelivery = async (username: string): Promise<CodeDelivery> => {
    assertCanDeliver(username);
    await codes.throttle(`none:${username}`);
    return delivery(username);
  };
  /**
   * Tells an account's owner that someone asked for their address (instead of telling the one who asked that it is
   * taken); at most 5 such notices per 15 minutes, the rest dropped without a word to the asker.
   */
  async function notifyOwner(owner: UserRow, to: string, subject: string, text: string): Promise<void> {
    try {
      await codes.throttle(`notice:${owner.id}`);
    } catch (err) {
      if (err instanceof IdentityError && err.errorName === 'LimitExceededException') return;
      throw err;
    }
    await deliver(to, subject, text);
  }
  /**
   * A code for a new sign-in e-mail or phone. One that another account already uses gets the same answer, the same
   * send limit and a new code replacing the last (never sent), and its owner is told instead: the one asking learns
   * nothing about who has an account.
   */
  async function sendAttributeCode(u: UserRow, attribute: 'email' | 'phone_number', value: string): Promise<CodeDelivery> {
    const owner = await findUser(value);
    if (!owner || owner.id === u.id) return sendCode(`attr-${attribute}`, u, value, value);
    assertCanDeliver(value);
    await codes.issue(`attr-${attribute}`, u.id, value);
    await notifyOwner(owner, value, 'Someone tried to use your address on Groundwork', attributeTakenText(value));
    return delivery(value);
  }

  // ---- sessions ----------------------------------------------------------------------------------------
  async function cookieSpec() {
    const ctx = await auth.$context;
    return ctx.authCookies.sessionToken.name;
  }
  async function startSession(u: UserRow, req: ActionRequest, selectedTenantUuid: string | null = null) {
    const ctx = await auth.$context;
    const s = await trustedSessionCreation.run(true, () =>
      ctx.internalAdapter.createSession(
        u.id,
        false,
        {
          ipAddress: req.ip,
          userAgent: req.userAgent ?? '',
          selectedTenantUuid,
          // Our clock, so expiry is testable (and the same clock reads it back).
          createdAt: now(),
          updatedAt: now(),
          expiresAt: new Date(now().getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000),
        },
        true,
      ),
    );
    if (!s) throw new IdentityError('NotAuthorizedException', INCORRECT, 401);
    // Invited with an account they already had: the first sign-in after the invitation confirms it, so an
    // invitation never tells the inviter whether the address had an account.
    if (!u.mustChangePassword) await confirmInvitedRows(db, u.id);
    req.setCookie(await cookieSpec(), signToken(config.authSecret, s.token), SESSION_DAYS * 24 * 60 * 60);
    return s;
  }

  // ---- pending sign-in (Cognito's "session" string) ----------------------------------------------------
  async function pend(u: UserRow, step: string, data: Record<string, unknown> = {}, kind = 'signin', seconds = PENDING_SIGN_IN_SECONDS) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(authPending).values({
      id: sha(token),
      userId: u.id,
      kind,
      step,
      data: JSON.stringify(data),
      expiresAt: new Date(now().getTime() + seconds * 1000),
    });
    return token;
  }
  async function takePending(token: unknown, kind = 'signin') {
    if (typeof token !== 'string' || !token) throw pendingExpired();
    const [row] = await db
      .select()
      .from(authPending)
      .where(and(eq(authPending.id, sha(token)), eq(authPending.kind, kind)));
    if (!row || row.expiresAt.getTime() <= now().getTime()) {
      if (row) await db.delete(authPending).where(eq(authPending.id, row.id));
      throw pendingExpired();
    }
    return { ...row, data: JSON.parse(row.data ?? '{}') as Record<string, unknown> };
  }
  const dropPending = (id: string) => db.delete(authPending).where(eq(authPending.id, id));

  const mfaEnabled = (u: UserRow): MfaType[] =>
    u.twoFactorEnabled ? ((u.mfaEnabled ?? '').split(',').filter((t) => MFA_TYPES.includes(t as MfaType)) as MfaType[]) : [];

  /**
   * After the first factor: a reset by code if one was demanded (RESET_PASSWORD), a new password if one is
   * owed, TOTP setup if the account must have a second factor and has none, then the second factor, then
   * a session.
   */
  async function afterFirstFactor(u: UserRow, req: ActionRequest): Promise<SignInRes> {
    if (u.passwordResetRequired) throw passwordResetRequired();
    if (u.mustChangePassword) {
      return {
        nextStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
        session: await pend(u, 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'),
      };
    }
    const enabled = mfaEnabled(u);
    if (!enabled.length && u.mfaRequired) {
      const { totpUri } = await newTotpSecret(u);
      return {
        nextStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        session: await pend(u, 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'),
        totpUri,
      };
    }
    if (!enabled.length) {
      await startSession(u, req);
      return { nextStep: 'DONE' };
    }
    const preferred = u.mfaPreferred && enabled.includes(u.mfaPreferred as MfaType) ? (u.mfaPreferred as MfaType) : null;
    const pick = preferred ?? (enabled.length === 1 ? enabled[0] : null);
    if (!pick) {
      return {
        nextStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
        session: await pend(u, 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowed: enabled }),
        allowedMfaTypes: enabled,
      };
    }
    return challengeMfa(u, pick);
  }
  async function challengeMfa(u: UserRow, type: MfaType): Promise<SignInRes> {
    if (type === 'TOTP') return { nextStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', session: await pend(u, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') };
    const to = type === 'EMAIL' ? u.email : (u.phoneNumber ?? '');
    const codeDelivery = await sendCode('mfa', u, to);
    const step: SignInStep = type === 'EMAIL' ? 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE' : 'CONFIRM_SIGN_IN_WITH_SMS_CODE';
    return { nextStep: step, session: await pend(u, step), codeDelivery };
  }

  async function totpSecret(userId: string, verifiedOnly: boolean): Promise<string | null> {
    const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    if (!row || (verifiedOnly && row.verified === false)) return null;
    const ctx = await auth.$context;
    return symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
  }
  /** The TOTP time step (30 s, on our clock) a code belongs to: the current one or one either side. */
  async function totpStep(secret: string, code: unknown): Promise<number | null> {
    if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return null;
    const given = Buffer.from(code.trim());
    const otp = createOTP(secret, { digits: 6, period: TOTP_PERIOD_SECONDS });
    const current = Math.floor(now().getTime() / (TOTP_PERIOD_SECONDS * 1000));
    let matched: number | null = null;
    for (const step of [current - 1, current, current + 1]) {
      if (timingSafeEqual(Buffer.from(await otp.hotp(step)), given)) matched = step;
    }
    return matched;
  }
  /**
   * Accepts a TOTP code at most once (RFC 6238 §5.2): its time step must be later than the last one this
   * person used. The check and the record are one UPDATE, so a second instance cannot accept it too.
   */
  async function useTotp(userId: string, secret: string, code: unknown): Promise<boolean> {
    const step = await totpStep(secret, code);
    if (step === null) return false;
    const claimed = await db
      .update(user)
      .set({ totpLastStep: step })
      .where(and(eq(user.id, userId), or(isNull(user.totpLastStep), lt(user.totpLastStep, step))))
      .returning({ id: user.id });
    return claimed.length === 1;
  }
  /** A new, not yet verified TOTP secret for `u` (replacing an unfinished one); its otpauth:// URI. */
  async function newTotpSecret(u: UserRow, opts: { keepVerified?: boolean } = {}) {
    const ctx = await auth.$context;
    const secret = generateRandomString(32);
    const encrypted = await symmetricEncrypt({ key: ctx.secretConfig, data: secret });
    const backupCodes = await symmetricEncrypt({ key: ctx.secretConfig, data: JSON.stringify([]) });
    const [existing] = await db
      .select({ id: twoFactor.id, verified: twoFactor.verified })
      .from(twoFactor)
      .where(eq(twoFactor.userId, u.id));
    if (existing?.verified && opts.keepVerified) throw invalidParameter('An authenticator app is already set up. Turn it off first.');
    if (existing) await db.update(twoFactor).set({ secret: encrypted, verified: false }).where(eq(twoFactor.id, existing.id));
    else await db.insert(twoFactor).values({ id: randomUUID(), userId: u.id, secret: encrypted, backupCodes, verified: false });
    const totpUri = createOTP(secret, { digits: 6, period: TOTP_PERIOD_SECONDS }).url('Groundwork', usernameOf(u));
    return { totpUri, secret: new URL(totpUri).searchParams.get('secret') ?? '' };
  }
  /** The secret is proven: TOTP is on (and preferred unless another type already is). */
  async function turnOnTotp(u: UserRow) {
    const enabled = new Set([...mfaEnabled(u), 'TOTP']);
    await db.update(twoFactor).set({ verified: true }).where(eq(twoFactor.userId, u.id));
    await db
      .update(user)
      .set({ twoFactorEnabled: true, mfaEnabled: [...enabled].join(','), mfaPreferred: u.mfaPreferred ?? 'TOTP', updatedAt: now() })
      .where(eq(user.id, u.id));
  }

  async function passkeyChallengeCookieName() {
    const ctx = await auth.$context;
    return ctx.createAuthCookie('better-auth-passkey').name;
  }

  // ---- actions ------------------------------------------------------------------------------------------
  const actions = {
    async InitiateAuth(body: Partial<IdentityActions['InitiateAuth']['req']>, req: ActionRequest): Promise<SignInRes> {
      const username = canonical(body.username);
      const u = await findUser(username);
      const lockKey = u ? userLockKey(u.id) : nameLockKey(username);
      if (body.preferredChallenge === 'WEB_AUTHN') {
        await assertNotLocked(db, lockKey, now());
        const keys = u
          ? await db.select({ id: passkey.credentialID, transports: passkey.transports }).from(passkey).where(eq(passkey.userId, u.id))
          : [];
        if (!u || !keys.length) throw new IdentityError('WebAuthnCredentialNotFoundException', PASSKEY_MESSAGES.noneFound, 400);
        const { response, headers } = await auth.api.generatePasskeyAuthenticationOptions({ headers: new Headers(), returnHeaders: true });
        const challengeCookie = await passkeyChallengeCookieName();
        const signed = headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .find((c) => c.startsWith(`${challengeCookie}=`))
          ?.slice(challengeCookie.length + 1);
        if (!signed) throw new IdentityError('WebAuthnChallengeNotFoundException', PASSKEY_MESSAGES.failed('no challenge'), 400);
        return {
          nextStep: 'CONTINUE_SIGN_IN_WITH_WEB_AUTHN',
          session: await pend(u, 'WEB_AUTHN', { challenge: signed }),
          // This account's credentials, so an authenticator without discoverable keys can answer too.
          webAuthnOptions: {
            ...response,
            // better-auth asks for 'preferred'; a passkey is both factors only when the person is verified.
            userVerification: 'required',
            allowCredentials: keys.map((k) => ({
              id: k.id,
              type: 'public-key',
              ...(k.transports ? { transports: k.transports.split(',') } : {}),
            })),
          },
        };
      }
      await reserveAttempt(db, lockKey, now());
      // The same queries and the same argon2 work whether or not the account exists.
      const hash = await passwordHash(u?.id ?? NO_USER);
      const ok = await verifyPassword(hash ?? (await dummyHash), typeof body.password === 'string' ? body.password : '');
      if (!u || !hash || !ok) throw notAuthorized();
      await clearFailures(db, lockKey);
      if (!u.emailVerified && !u.phoneNumberVerified) {
        const codeDelivery = await sendCode('signup', u, usernameOf(u));
        return { nextStep: 'CONFIRM_SIGN_UP', codeDelivery };
      }
      return afterFirstFactor(u, req);
    },

    async RespondToAuthChallenge(body: Partial<IdentityActions['RespondToAuthChallenge']['req']>, req: ActionRequest): Promise<SignInRes> {
      const pending = await takePending(body.session);
      const u = await userById(pending.userId);
      const lockKey = userLockKey(u.id);
      switch (pending.step) {
        case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED': {
          const password = checkNewPassword(body.answer);
          await setPassword(u.id, password);
          // Before the flag clears, so a failure here leaves the step to be answered again.
          await confirmInvitedRows(db, u.id);
          await db.update(user).set({ mustChangePassword: false, updatedAt: now() }).where(eq(user.id, u.id));
          await db.delete(sessionTable).where(eq(sessionTable.userId, u.id));
          await dropPending(pending.id);
          return afterFirstFactor({ ...u, mustChangePassword: false }, req);
        }
        case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION': {
          const allowed = (pending.data.allowed as MfaType[]) ?? [];
          if (!body.mfaType || !allowed.includes(body.mfaType)) throw invalidParameter('Choose one of the offered MFA types.');
          await dropPending(pending.id);
          return challengeMfa(u, body.mfaType);
        }
        case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE': {
          await reserveAttempt(db, lockKey, now());
          const secret = await totpSecret(u.id, true);
          if (!secret || !(await useTotp(u.id, secret, body.answer))) throw codeMismatch();
          break;
        }
        case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
          await reserveAttempt(db, lockKey, now());
          const secret = await totpSecret(u.id, false);
          if (!secret || !(await useTotp(u.id, secret, body.answer))) throw codeMismatch();
          await turnOnTotp(u);
          break;
        }
        case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
        case 'CONFIRM_SIGN_IN_WITH_SMS_CODE': {
          await reserveAttempt(db, lockKey, now());
          await codes.consume('mfa', u.id, body.answer);
          break;
        }
        case 'WEB_AUTHN': {
          await reserveAttempt(db, lockKey, now());
          const cookie = `${await passkeyChallengeCookieName()}=${pending.data.challenge}`;
          let userId: string | undefined;
          let token: string | undefined;
          try {
            const result = await auth.api.verifyPasskeyAuthentication({
              headers: new Headers({ cookie, origin: config.appOrigin }),
              body: { response: body.credential as never },
            });
            userId = result.session.userId;
            token = result.session.token;
          } catch (err) {
            const message = (err as { body?: { message?: string } }).body?.message ?? '';
            if (/new password|second factor/i.test(message))
              throw new IdentityError('NotAuthorizedException', PASSKEY_MESSAGES.usePassword, 403);
            throw new IdentityError('NotAuthorizedException', PASSKEY_MESSAGES.failed(message || 'verification failed'), 401);
          }
          if (userId !== u.id) {
            if (token) await db.delete(sessionTable).where(eq(sessionTable.token, token));
            throw new IdentityError('NotAuthorizedException', PASSKEY_MESSAGES.failed('this passkey belongs to another account'), 401);
          }
          await dropPending(pending.id);
          await clearFailures(db, lockKey);
          // better-auth made the session; we hand it out with our cookie attributes.
          req.setCookie(await cookieSpec(), signToken(config.authSecret, token as string), SESSION_DAYS * 24 * 60 * 60);
          await db
            .update(sessionTable)
            .set({ ipAddress: req.ip })
            .where(eq(sessionTable.token, token as string));
          return { nextStep: 'DONE' };
        }
        default:
          throw pendingExpired();
      }
      await clearFailures(db, lockKey);
      await dropPending(pending.id);
      await startSession(u, req);
      return { nextStep: 'DONE' };
    },

    async GetTokensFromRefreshToken(_body: unknown, req: ActionRequest): Promise<Res<'GetTokensFromRefreshToken'>> {
      const s = requireSession(req);
      const lifetime = SESSION_DAYS * 24 * 60 * 60 * 1000;
      const t = now().getTime();
      if (s.expiresAt.getTime() - t < lifetime - 24 * 60 * 60 * 1000) {
        await db
          .update(sessionTable)
          .set({ expiresAt: new Date(t + lifetime), updatedAt: new Date(t) })
          .where(eq(sessionTable.id, s.id));
        req.setCookie(await cookieSpec(), signToken(config.authSecret, s.token), lifetime / 1000);
      }
      return { ok: true };
    },

    async SignUp(body: Partial<IdentityActions['SignUp']['req']>): Promise<Res<'SignUp'>> {
      const username = canonical(body.username);
      if (!(await deps.captcha.verify(body.captcha))) {
        throw new IdentityError('UserLambdaValidationException', 'Captcha verification failed. Please try again.', 400);
      }
      const password = checkNewPassword(body.password);
      assertCanDeliver(username);
      // An address that has an account gets the answer a new one gets, after the same argon2 work, and its owner is
      // told instead: nobody learns from sign-up which addresses have accounts. (Whoever signed up never gets a code.)
      const existing = await findUser(username);
      let u: UserRow | undefined;
      if (!existing) {
        try {
          u = await createUser(username, password, { confirmed: false, mustChangePassword: false });
        } catch (err) {
          // Signed up by another request at the same moment: the same as an existing account.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      if (!u) {
        await hashPassword(password);
        const owner = existing ?? (await findUser(username));
        if (owner) await notifyOwner(owner, username, 'Someone tried to sign up with your address', signUpTakenText(username));
        return { nextStep: 'CONFIRM_SIGN_UP', codeDelivery: delivery(username) };
      }
      return { nextStep: 'CONFIRM_SIGN_UP', codeDelivery: await sendCode('signup', u, username) };
    },

    async ConfirmSignUp(body: Partial<IdentityActions['ConfirmSignUp']['req']>, req: ActionRequest): Promise<Res<'ConfirmSignUp'>> {
      const username = canonical(body.username);
      const u = await findUser(username);
      // A code guess counts against the account like a password guess (an unknown name is locked the same way).
      const lockKey = u ? userLockKey(u.id) : nameLockKey(username);
      await reserveAttempt(db, lockKey, now());
      if (!u) throw codeMismatch();
      await codes.consume('signup', u.id, body.code);
      await clearFailures(db, lockKey);
      await db
        .update(user)
        .set(isEmail(username) ? { emailVerified: true, updatedAt: now() } : { phoneNumberVerified: true, updatedAt: now() })
        .where(eq(user.id, u.id));
      // The auto sign-in window belongs to this browser only: a cookie carries it.
      const token = await pend(u, 'AUTO_SIGN_IN', {}, 'autosignin', AUTO_SIGN_IN_SECONDS);
      req.setCookie(AUTO_SIGN_IN_COOKIE, token, AUTO_SIGN_IN_SECONDS);
      return { nextStep: 'COMPLETE_AUTO_SIGN_IN' };
    },

    async AutoSignIn(body: Partial<IdentityActions['AutoSignIn']['req']>, req: ActionRequest): Promise<Res<'AutoSignIn'>> {
      const username = canonical(body.username);
      const pending = await takePending(req.cookies[AUTO_SIGN_IN_COOKIE], 'autosignin');
      const u = await userById(pending.userId);
      if (usernameOf(u) !== username && u.email !== username && u.phoneNumber !== username) throw pendingExpired();
      await dropPending(pending.id);
      req.clearCookie(AUTO_SIGN_IN_COOKIE);
      return (await afterFirstFactor(u, req)) as Res<'AutoSignIn'>;
    },

    async ResendConfirmationCode(body: Partial<IdentityActions['ResendConfirmationCode']['req']>): Promise<Res<'ResendConfirmationCode'>> {
      const username = canonical(body.username);
      const u = await findUser(username);
      if (!u || u.emailVerified || u.phoneNumberVerified) return { codeDelivery: await fakeDelivery(username) };
      return { codeDelivery: await sendCode('signup', u, username) };
    },

    async ForgotPassword(body: Partial<IdentityActions['ForgotPassword']['req']>): Promise<Res<'ForgotPassword'>> {
      const username = canonical(body.username);
      const u = await findUser(username);
      const codeDelivery = u ? await sendCode('reset', u, username) : await fakeDelivery(username);
      return { nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDelivery };
    },

    async ConfirmForgotPassword(body: Partial<IdentityActions['ConfirmForgotPassword']['req']>): Promise<Res<'ConfirmForgotPassword'>> {
      const username = canonical(body.username);
      const password = checkNewPassword(body.newPassword);
      const u = await findUser(username);
      const lockKey = u ? userLockKey(u.id) : nameLockKey(username);
      await reserveAttempt(db, lockKey, now());
      if (!u) throw codeMismatch();
      await codes.consume('reset', u.id, body.code);
      await setPassword(u.id, password);
      if (u.mustChangePassword) await confirmInvitedRows(db, u.id);
      // The code proved the address; the new password replaces any temporary one; every session ends.
      await db
        .update(user)
        .set({
          mustChangePassword: false,
          passwordResetRequired: false,
          updatedAt: now(),
          ...(isEmail(username) ? { emailVerified: true } : { phoneNumberVerified: true }),
        })
        .where(eq(user.id, u.id));
      await db.delete(sessionTable).where(eq(sessionTable.userId, u.id));
      await clearFailures(db, lockKey);
      return { nextStep: 'DONE' };
    },

    async ChangePassword(body: Partial<IdentityActions['ChangePassword']['req']>, req: ActionRequest): Promise<Res<'ChangePassword'>> {
      const s = requireSession(req);
      await confirmPassword(s.userId, body.oldPassword);
      const password = checkNewPassword(body.newPassword);
      await setPassword(s.userId, password);
      await db.delete(sessionTable).where(and(eq(sessionTable.userId, s.userId), ne(sessionTable.id, s.id)));
      return { ok: true };
    },

    async UpdateUserAttributes(
      body: Partial<IdentityActions['UpdateUserAttributes']['req']>,
      req: ActionRequest,
    ): Promise<Res<'UpdateUserAttributes'>> {
      const s = requireSession(req);
      const u = await userById(s.userId);
      const attrs = body.attributes ?? {};
      // Every value is checked before any code goes out, so a bad second value sends nothing. Whether another
      // account uses it is not said here (see sendAttributeCode).
      const changes: { attribute: 'email' | 'phone_number'; value: string }[] = [];
      for (const attribute of ['email', 'phone_number'] as const) {
        const raw = attrs[attribute];
        if (raw === undefined) continue;
        const value = attribute === 'email' ? newEmailValue(raw) : newPhoneValue(raw);
        if (value === (attribute === 'email' ? u.email : u.phoneNumber)) continue;
        changes.push({ attribute, value });
      }
      // Nothing changes yet: the new value waits with its code, the old one signs in until the code is entered.
      let codeDelivery: CodeDelivery | undefined;
      for (const { attribute, value } of changes) {
        codeDelivery = await sendAttributeCode(u, attribute, value);
        await codes.hold(`attr-${attribute}:${u.id}`, value, PENDING_ATTRIBUTE_SECONDS);
      }
      return codeDelivery ? { nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDelivery } : { nextStep: 'DONE' };
    },

    async GetUserAttributeVerificationCode(
      body: Partial<IdentityActions['GetUserAttributeVerificationCode']['req']>,
      req: ActionRequest,
    ): Promise<Res<'GetUserAttributeVerificationCode'>> {
      const s = requireSession(req);
      const u = await userById(s.userId);
      const attribute = body.attribute === 'phone_number' ? 'phone_number' : 'email';
      const pendingValue = await codes.held(`attr-${attribute}:${u.id}`);
      const current = attribute === 'email' ? (isPlaceholder(u.email) ? null : u.email) : u.phoneNumber;
      const target = pendingValue ?? current;
      if (!target) throw invalidParameter(`There is no ${attribute} to verify.`);
      return { codeDelivery: await sendAttributeCode(u, attribute, target) };
    },

    async VerifyUserAttribute(
      body: Partial<IdentityActions['VerifyUserAttribute']['req']>,
      req: ActionRequest,
    ): Promise<Res<'VerifyUserAttribute'>> {
      const s = requireSession(req);
      const attribute = body.attribute === 'phone_number' ? 'phone_number' : 'email';
      await reserveAttempt(db, userLockKey(s.userId), now());
      const value = await codes.consume(`attr-${attribute}`, s.userId, body.code);
      if (!value) throw codeMismatch();
      await clearFailures(db, userLockKey(s.userId));
      const u = await userById(s.userId);
      const other = await findUser(value);
      if (other && other.id !== u.id) throw usernameExists();
      const t = now();
      const set: Partial<UserRow> =
        attribute === 'email'
          ? { email: value, emailVerified: true, updatedAt: t }
          : {
              phoneNumber: value,
              phoneNumberVerified: true,
              updatedAt: t,
              // A phone-only account's stand-in e-mail follows its number, so the old number is free
              // for a new account (whose stand-in would otherwise collide with this one).
              ...(isPlaceholder(u.email) ? { email: placeholderEmail(value) } : {}),
            };
      try {
        // The row keeps its id, so employees.cognito_uuid and every membership stay linked.
        await db.update(user).set(set).where(eq(user.id, u.id));
      } catch (err) {
        // Another account took the value between the check and the update.
        if (isUniqueViolation(err)) throw usernameExists();
        throw err;
      }
      await codes.release(`attr-${attribute}:${u.id}`);
      if (attribute === 'email' && !isPlaceholder(u.email) && u.email !== value) {
        // The old address hears of the change, so a taken-over session cannot move the account quietly.
        await deliver(u.email, 'Your Groundwork sign-in e-mail was changed', emailChangedText(value));
      }
      return { ok: true };
    },

    async GetUser(_body: unknown, req: ActionRequest): Promise<IdentityClaims> {
      const s = requireSession(req);
      return claims(await userById(s.userId), s.claims.tid ?? null);
    },

    async SignOut(_body: unknown, req: ActionRequest): Promise<Res<'SignOut'>> {
      if (req.session) await db.delete(sessionTable).where(eq(sessionTable.id, req.session.id));
      req.clearCookie(await cookieSpec());
      return { ok: true };
    },

    async GlobalSignOut(_body: unknown, req: ActionRequest): Promise<Res<'GlobalSignOut'>> {
      const s = requireSession(req);
      await db.delete(sessionTable).where(eq(sessionTable.userId, s.userId));
      req.clearCookie(await cookieSpec());
      return { ok: true };
    },

    async AssociateSoftwareToken(
      body: Partial<IdentityActions['AssociateSoftwareToken']['req']>,
      req: ActionRequest,
    ): Promise<Res<'AssociateSoftwareToken'>> {
      const s = requireSession(req);
      await confirmPassword(s.userId, body.password);
      return newTotpSecret(await userById(s.userId), { keepVerified: true });
    },

    async VerifySoftwareToken(
      body: Partial<IdentityActions['VerifySoftwareToken']['req']>,
      req: ActionRequest,
    ): Promise<Res<'VerifySoftwareToken'>> {
      const s = requireSession(req);
      const secret = await totpSecret(s.userId, false);
      if (!secret) throw invalidParameter('Begin with AssociateSoftwareToken.');
      if (!(await useTotp(s.userId, secret, body.code))) throw codeMismatch();
      await turnOnTotp(await userById(s.userId));
      return { ok: true };
    },

    async SetUserMFAPreference(
      body: Partial<IdentityActions['SetUserMFAPreference']['req']>,
      req: ActionRequest,
    ): Promise<Res<'SetUserMFAPreference'>> {
      const s = requireSession(req);
      await confirmPassword(s.userId, body.password);
      const u = await userById(s.userId);
      const wanted = [...new Set(body.enabled ?? [])];
      for (const type of wanted) {
        const ok =
          type === 'TOTP'
            ? Boolean(await totpSecret(u.id, true))
            : type === 'EMAIL'
              ? u.emailVerified && !isPlaceholder(u.email)
              : type === 'SMS'
                ? Boolean(u.phoneNumber && u.phoneNumberVerified)
                : false;
        if (!ok) throw invalidParameter(`${type} cannot be turned on for this account yet.`);
      }
      if (u.mfaRequired && wanted.length === 0) throw invalidParameter(MFA_REQUIRED_MESSAGE);
      const preferred = body.preferred ?? null;
      if (preferred && !wanted.includes(preferred)) throw invalidParameter('The preferred MFA type must be one of the enabled ones.');
      await db
        .update(user)
        .set({ twoFactorEnabled: wanted.length > 0, mfaEnabled: wanted.join(',') || null, mfaPreferred: preferred, updatedAt: now() })
        .where(eq(user.id, u.id));
      if (!wanted.includes('TOTP')) await db.delete(twoFactor).where(eq(twoFactor.userId, u.id));
      return { ok: true };
    },

    async StartWebAuthnRegistration(_body: unknown, req: ActionRequest): Promise<{ options: unknown; cookies: string[] }> {
      const s = requireSession(req);
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(passkey).where(eq(passkey.userId, s.userId));
      if (count >= MAX_PASSKEYS_PER_USER) throw new IdentityError('LimitExceededException', 'You can register at most 20 passkeys.', 400);
      const { response, headers } = await auth.api.generatePasskeyRegistrationOptions({
        headers: new Headers({ cookie: `${await cookieSpec()}=${encodeURIComponent(signToken(config.authSecret, s.token))}` }),
        returnHeaders: true,
      });
      return { options: response, cookies: headers.getSetCookie() };
    },

    async CompleteWebAuthnRegistration(
      body: Partial<IdentityActions['CompleteWebAuthnRegistration']['req']>,
      req: ActionRequest,
    ): Promise<Res<'CompleteWebAuthnRegistration'>> {
      const s = requireSession(req);
      const challenge = await passkeyChallengeCookieName();
      const cookie = [`${await cookieSpec()}=${encodeURIComponent(signToken(config.authSecret, s.token))}`];
      if (req.cookies[challenge]) cookie.push(`${challenge}=${encodeURIComponent(req.cookies[challenge] as string)}`);
      try {
        await auth.api.verifyPasskeyRegistration({
          headers: new Headers({ cookie: cookie.join('; '), origin: config.appOrigin }),
          body: { response: body.credential as never, name: (body.friendlyName ?? '').trim() || UNKNOWN_DEVICE },
        });
      } catch (err) {
        const message = (err as { body?: { message?: string } }).body?.message ?? 'registration failed';
        throw new IdentityError('WebAuthnChallengeNotFoundException', PASSKEY_MESSAGES.failed(message), 400);
      }
      return { ok: true };
    },

    async ListWebAuthnCredentials(
      body: Partial<IdentityActions['ListWebAuthnCredentials']['req']>,
      req: ActionRequest,
    ): Promise<Res<'ListWebAuthnCredentials'>> {
      const s = requireSession(req);
      const limit = Math.min(Math.max(Number(body.maxResults) || 20, 1), 20);
      const offset = Math.max(Number.parseInt(body.nextToken ?? '0', 10) || 0, 0);
      const rows = await db
        .select()
        .from(passkey)
        .where(eq(passkey.userId, s.userId))
        .orderBy(desc(passkey.createdAt), passkey.id)
        .limit(limit + 1)
        .offset(offset);
      const rp = new URL(config.appOrigin).hostname;
      const credentials: PasskeyEntry[] = rows.slice(0, limit).map((p) => ({
        credentialId: p.credentialID,
        friendlyCredentialName: p.name || UNKNOWN_DEVICE,
        createdAt: (p.createdAt ?? new Date(0)).toISOString(),
        relyingPartyId: rp,
        authenticatorAttachment: p.deviceType === 'multiDevice' ? 'cross-platform' : p.deviceType === 'singleDevice' ? 'platform' : null,
        authenticatorTransports: p.transports ? p.transports.split(',') : [],
      }));
      return rows.length > limit ? { credentials, nextToken: String(offset + limit) } : { credentials };
    },

    async DeleteWebAuthnCredential(
      body: Partial<IdentityActions['DeleteWebAuthnCredential']['req']>,
      req: ActionRequest,
    ): Promise<Res<'DeleteWebAuthnCredential'>> {
      const s = requireSession(req);
      const deleted = await db
        .delete(passkey)
        .where(and(eq(passkey.userId, s.userId), eq(passkey.credentialID, String(body.credentialId ?? ''))))
        .returning({ id: passkey.id });
      if (!deleted.length) throw new IdentityError('WebAuthnCredentialNotFoundException', PASSKEY_MESSAGES.noneFound, 400);
      return { ok: true };
    },

    async SelectTenant(body: Partial<IdentityActions['SelectTenant']['req']>, req: ActionRequest): Promise<IdentityClaims> {
      const s = requireSession(req);
      const tenant = body.tenant_uuid ?? null;
      if (tenant !== null) {
        const member = typeof tenant === 'string' && /^[0-9a-f-]{36}$/i.test(tenant) && (await isActiveMember(s.userId, tenant));
        if (!member) throw new IdentityError('NotAuthorizedException', 'You are not an active member of that company.', 403);
      }
      await db.update(sessionTable).set({ selectedTenantUuid: tenant, updatedAt: now() }).where(eq(sessionTable.id, s.id));
      if (tenant !== null) {
        const [chooser] = await db.select({ mustChange: user.mustChangePassword }).from(user).where(eq(user.id, s.userId));
        if (chooser && !chooser.mustChange) await confirmInvitedRows(db, s.userId);
      }
      return claims(await userById(s.userId), tenant);
    },
  };

  async function isActiveMember(identity: string, tenantUuid: string): Promise<boolean> {
    const rows = await withIdentity(db, identity, (tx) =>
      tx.select({ id: employees.id }).from(employees).where(activeMembership({ identity, tenantUuid })).limit(1),
    );
    return rows.length > 0;
  }

  async function claims(u: UserRow, selected: string | null): Promise<IdentityClaims> {
    const companies = await withIdentity(db, u.id, (tx) =>
      tx
        .select({ tenant_uuid: tenants.tenant_uuid, company: tenants.company })
        .from(tenants)
        .where(
          and(
            eq(tenants.status, 1),
            inArray(
              tenants.tenant_uuid,
              tx
                .select({ t: employees.tenant_uuid })
                .from(employees)
                .where(activeMembership({ identity: u.id })),
            ),
          ),
        )
        .orderBy(tenants.company),
    );
    const member = selected ? await loadMember(db, u.id, selected) : null;
    const enabled = mfaEnabled(u);
    return {
      username: usernameOf(u),
      email: isPlaceholder(u.email) ? null : u.email,
      email_verified: !isPlaceholder(u.email) && u.emailVerified,
      phone_number: u.phoneNumber ?? null,
      phone_number_verified: Boolean(u.phoneNumber && u.phoneNumberVerified),
      'custom:cognito_uuid': u.id,
      'custom:tenants': companies,
      'custom:selected_tenant_uuid': member ? selected : null,
      'cognito:groups': member ? [...member.permissions].sort() : [],
      mfa: { enabled, preferred: u.mfaPreferred && enabled.includes(u.mfaPreferred as MfaType) ? (u.mfaPreferred as MfaType) : null },
    };
  }

  async function createUser(
    username: string,
    password: string,
    opts: { confirmed: boolean; mustChangePassword: boolean },
  ): Promise<UserRow> {
    const t = now();
    const email = isEmail(username);
    const [u] = await db
      .insert(user)
      .values({
        id: randomUUID(),
        name: '',
        email: email ? username : placeholderEmail(username),
        emailVerified: email && opts.confirmed,
        phoneNumber: email ? null : username,
        phoneNumberVerified: email ? null : opts.confirmed,
        mustChangePassword: opts.mustChangePassword,
        createdAt: t,
        updatedAt: t,
      })
      .returning();
    await setPassword(u.id, password);
    return u;
  }

  /**
   * For the people module: an invited person gets an account with a temporary password, sent to them,
   * that must be replaced at first sign-in (CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED). An existing
   * account is left as it is, unless `resend` (see below). Returns the user id (employees.cognito_uuid).
   */
  async function createInvitedUser(input: {
    email?: string;
    phone?: string;
    temporaryPassword: string;
    /** Resending: an account still waiting for its first password gets this one instead of the old, e-mailed again. */
    resend?: boolean;
  }): Promise<string> {
    const username = canonical(input.email ?? input.phone ?? '');
    const existing = await findUser(username);
    if (existing && !(input.resend && existing.mustChangePassword)) return existing.id;
    if (input.temporaryPassword.length < 8) throw invalidPassword('The temporary password must be at least 8 characters.');
    let u: UserRow;
    if (existing) {
      // The old temporary password stops working, and so does a sign-in begun with it.
      await setPassword(existing.id, input.temporaryPassword);
      await db.delete(authPending).where(eq(authPending.userId, existing.id));
      u = existing;
    } else {
      u = await createUser(username, input.temporaryPassword, { confirmed: true, mustChangePassword: true });
    }
    await deliver(
      username,
      'You are invited to Groundwork',
      `Sign in to Groundwork as ${username} with the temporary password ${input.temporaryPassword} and choose your own password.`,
    );
    return u.id;
  }

  /** A demo or seed account with a known password (no temporary-password step). */
  async function ensurePasswordUser(username: string, password: string): Promise<string> {
    const c = canonical(username);
    const existing = await findUser(c);
    if (existing) return existing.id;
    return (await createUser(c, password, { confirmed: true, mustChangePassword: false })).id;
  }

  const { requirePasswordReset, setMfaRequired } = createAccountFlags(db, now);
  return { actions, createInvitedUser, ensurePasswordUser, claims, requirePasswordReset, setMfaRequired };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
