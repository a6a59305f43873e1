import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type CodeDelivery, type IdentityActions, type MfaType, PENDING_SIGN_IN_SECONDS, SESSION_DAYS } from '@groundwork/core/identity';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../platform/mail.js';
import { type SmsSender, SmsUnavailableError } from '../platform/sms.js';
import { type Language, languageOr, type Rendered, t as text } from '../platform/texts.js';
import { serverUsername } from './account-flags.js';
import { type Auth, hashPassword, trustedSessionCreation, verifyPassword } from './auth.js';
import { account, authPending, user } from './auth.table.js';
import type { Captcha } from './captcha.js';
import { createCodes } from './codes.js';
import {
  codeDeliveryFailure,
  codeMismatch,
  IdentityError,
  INCORRECT,
  invalidPassword,
  notAuthorized,
  pendingExpired,
  signedOut,
} from './errors.js';
import { confirmInvitedRows } from './invited-rows.js';
import { clearFailures, nameLockKey, reserveAttempt, userLockKey } from './lockout.js';
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

export type Res<A extends keyof IdentityActions> = IdentityActions[A]['res'];
export type SignInRes = Res<'InitiateAuth'>;
export type UserRow = typeof user.$inferSelect;

export const AUTO_SIGN_IN_COOKIE = 'gw.auto_sign_in';
const PHONE_EMAIL_DOMAIN = 'phone.groundwork.invalid';
const MFA_TYPES: MfaType[] = ['TOTP', 'SMS', 'EMAIL'];
const sha = (s: string) => createHash('sha256').update(s).digest('base64url');
export const isPlaceholder = (email: string) => email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);
/** The stand-in e-mail of an account that signs in by phone only (better-auth needs an e-mail). */
export const placeholderEmail = (phone: string) => `${phone.slice(1)}@${PHONE_EMAIL_DOMAIN}`;
export const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
};
export const addressKind = (to: string, lang: Language) =>
  text(lang, to.includes('@') ? 'identity.address_email' : 'identity.address_phone');
/** What the server writes to an account: in its saved language, else the request's (Accept-Language), else English. */
export const languageOfUser = (u: Pick<UserRow, 'language'> | null | undefined): Language => languageOr(u?.language);
export type Letter = { subject: Rendered; text: Rendered };

export function maskDestination(to: string): string {
  if (to.includes('@')) {
    const [local, domain] = to.split('@');
    const dot = domain.lastIndexOf('.');
    return `${local[0]}***@${domain[0]}***${dot > 0 ? domain.slice(dot) : ''}`;
  }
  return `+*******${to.slice(-4)}`;
}

/**
 * What every flow of the identity service shares: the dependencies, the clock, the one-time codes and the
 * helpers for accounts, delivery, sessions and pending sign-ins. Made once per service (createIdentityService).
 */
export function flowContext(deps: IdentityDeps) {
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

  /**
   * Proves a one-time code sent to `username`'s account. A guess counts against the account like a password guess
   * (an unknown name is locked the same way); the caller clears the lock once its flow is done.
   */
  async function proveCode(purpose: string, username: string, code: unknown) {
    const u = await findUser(username);
    const lockKey = u ? userLockKey(u.id) : nameLockKey(username);
    await reserveAttempt(db, lockKey, now());
    if (!u) throw codeMismatch();
    await codes.consume(purpose, u.id, code);
    return { u, lockKey };
  }
  /** What a code received at `username` proves: that address of the account. */
  const verifiedAddress = (username: string) => (isEmail(username) ? { emailVerified: true } : { phoneNumberVerified: true });

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
  async function deliver(to: string, lang: Language, letter: Letter): Promise<CodeDelivery> {
    assertCanDeliver(to);
    if (to.includes('@')) await deps.mailer.send({ to, ...letter });
    else await deps.sms.send({ to, text: text(lang, 'mail.sms', letter) });
    return delivery(to);
  }
  async function sendCode(purpose: string, u: UserRow, to: string, extra?: string): Promise<CodeDelivery> {
    const code = await codes.issue(purpose, u.id, extra);
    const lang = languageOfUser(u);
    return deliver(to, lang, { subject: text(lang, 'identity.code_subject'), text: text(lang, 'identity.code_text', { code }) });
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
  async function notifyOwner(owner: UserRow, to: string, letter: (lang: Language) => Letter): Promise<void> {
    try {
      await codes.throttle(`notice:${owner.id}`);
    } catch (err) {
      if (err instanceof IdentityError && err.errorName === 'LimitExceededException') return;
      throw err;
    }
    const lang = languageOfUser(owner);
    await deliver(to, lang, letter(lang));
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

  async function passkeyChallengeCookieName() {
    const ctx = await auth.$context;
    return ctx.createAuthCookie('better-auth-passkey').name;
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

  return {
    deps,
    db,
    auth,
    config,
    now,
    codes,
    dummyHash,
    canonical,
    isEmail,
    findUser,
    userById,
    passwordHash,
    setPassword,
    checkNewPassword,
    requireSession,
    confirmPassword,
    proveCode,
    verifiedAddress,
    usernameOf,
    delivery,
    assertCanDeliver,
    deliver,
    sendCode,
    fakeDelivery,
    notifyOwner,
    cookieSpec,
    startSession,
    pend,
    takePending,
    dropPending,
    mfaEnabled,
    passkeyChallengeCookieName,
    createUser,
  };
}

export type FlowContext = ReturnType<typeof flowContext>;
