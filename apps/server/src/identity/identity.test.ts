import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { canonicalUsername, IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT, type IdentityAction } from '@groundwork/core/identity';
import { solveChallenge } from 'altcha-lib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { withTenant } from '../db/with-tenant.js';
import { createMember, createTenant } from '../testing/factories.js';
import { testConfig, useTestApp } from '../testing/test-app.js';
import { testDbKind } from '../testing/test-db.js';
import { runAccountCommand, UsageError } from './account-cli.js';
import { createAccountFlags } from './account-flags.js';
import { createAuth } from './auth.js';
import { user } from './auth.table.js';
import { createIdentityService } from './service.js';
import { hit } from './throttle.js';

// The identity layer's clock, moved by the tests. It starts at the real time because better-auth's own
// endpoints (passkey registration, update-session) read sessions with the real clock.
let nowMs = Date.now();
const advance = (seconds: number) => {
  nowMs += seconds * 1000;
};
const logs: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logs.push(String(chunk));
    done();
  },
});
const t = useTestApp({ deps: { now: () => new Date(nowMs), logStream, captchaMaxNumber: 50 }, logLevel: 'debug' });

type Jar = Record<string, string>;
type Reply = { status: number; body: any; jar: Jar; setCookies: string[] };

const call = (action: IdentityAction, body: Record<string, unknown> = {}, jar: Jar = {}) => callVia(t.app, action, body, jar);

/** Calls an identity action on one app instance (the multi-instance tests pass a second one). */
async function callVia(app: FastifyInstance, action: IdentityAction, body: Record<string, unknown> = {}, jar: Jar = {}): Promise<Reply> {
  const res = await app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: {
      'content-type': 'application/json',
      [IDENTITY_ACTION_HEADER]: action,
      ...(Object.keys(jar).length
        ? {
            cookie: Object.entries(jar)
              .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
              .join('; '),
          }
        : {}),
    },
    payload: body,
  });
  const next = { ...jar };
  for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) delete next[c.name];
    else next[c.name] = c.value;
  }
  const raw = res.headers['set-cookie'];
  return { status: res.statusCode, body: res.body ? res.json() : null, jar: next, setCookies: raw ? ([] as string[]).concat(raw) : [] };
}

const SESSION = 'gw.session_token';
async function latestCode(to: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  const [msg] = res.json() as { text: string }[];
  const code = /\b(\d{6})\b/.exec(msg?.text ?? '')?.[1];
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}
/** The development outbox's messages to an address or phone, newest first. */
async function outboxOf(to: string): Promise<{ subject: string; text: string }[]> {
  return (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` })).json();
}
async function captcha(app: FastifyInstance = t.app): Promise<string> {
  const c = (await app.inject({ method: 'GET', url: `${IDENTITY_ENDPOINT}/captcha` })).json();
  const solution = solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber);
  const number = (await solution.promise)?.number;
  return Buffer.from(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }),
  ).toString('base64');
}
let seq = 0;
const newEmail = () => `person${++seq}.${Date.now()}@example.com`;
const PASSWORD = 'correct horse battery';

/** Signs up, confirms by code and auto-signs-in: returns the browser's cookies and the user id. */
async function signUp(username = newEmail(), password = PASSWORD) {
  const up = await call('SignUp', { username, password, captcha: await captcha() });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const confirmed = await call('ConfirmSignUp', { username, code: await latestCode(canonicalUsername(username) as string) });
  expect(confirmed.body).toEqual({ nextStep: 'COMPLETE_AUTO_SIGN_IN' });
  const auto = await call('AutoSignIn', { username }, confirmed.jar);
  expect(auto.body).toEqual({ nextStep: 'DONE' });
  const me = await call('GetUser', {}, auto.jar);
  return { username, jar: auto.jar, id: me.body['custom:cognito_uuid'] as string };
}
const signIn = (username: string, password: string, jar: Jar = {}) => call('InitiateAuth', { username, password }, jar);

/** The TOTP code for the identity clock's current 30 s step (plus `steps`), from the raw secret. */
const totpAt = (raw: string, steps = 0) => createOTP(raw).hotp(Math.floor(nowMs / 30_000) + steps);
/** The raw secret inside an otpauth:// URI (base32 of the secret's UTF-8 bytes). */
const secretOfUri = (uri: string) => new TextDecoder().decode(base32.decode(new URL(uri).searchParams.get('secret') as string));

beforeEach(() => {
  nowMs += 3600_000; // a fresh hour: no lockout or send window carries over between tests
});

describe('sign-up (CONFIRM_SIGN_UP, COMPLETE_AUTO_SIGN_IN, DONE)', () => {
  it('signs up by e-mail and by phone with the code from the outbox, then signs in automatically', async () => {
    const email = newEmail();
    const up = await call('SignUp', { username: email.toUpperCase(), password: PASSWORD, captcha: await captcha() });
    expect(up.body).toEqual({ nextStep: 'CONFIRM_SIGN_UP', codeDelivery: { deliveryMedium: 'EMAIL', destination: 'p***@e***.com' } });
    const { jar } = await signUp(newEmail());
    const me = await call('GetUser', {}, jar);
    expect(me.body).toMatchObject({ 'custom:tenants': [], 'custom:selected_tenant_uuid': null, 'cognito:groups': [] });

    const phone = `+1303555${String(1000 + seq).slice(-4)}`;
    const byPhone = await signUp(`(303) 555-${phone.slice(-4)}`);
    const claims = (await call('GetUser', {}, byPhone.jar)).body;
    expect(claims).toMatchObject({ username: phone, phone_number: phone, email: null });
  });

  it('refuses a missing or reused captcha, and short or common passwords with the reason', async () => {
    const email = newEmail();
    expect((await call('SignUp', { username: email, password: PASSWORD, captcha: 'bogus' })).body.name).toBe(
      'UserLambdaValidationException',
    );
    const solved = await captcha();
    expect((await call('SignUp', { username: email, password: 'short', captcha: await captcha() })).body).toEqual({
      name: 'InvalidPasswordException',
      message: 'Password must be at least 8 characters.',
    });
    const common = await call('SignUp', { username: email, password: 'Password123', captcha: await captcha() });
    expect(common.body.name).toBe('InvalidPasswordException');
    expect(common.body.message).toMatch(/too common/);
    expect((await call('SignUp', { username: email, password: 'x'.repeat(257), captcha: await captcha() })).body.name).toBe(
      'InvalidPasswordException',
    );
    expect((await call('SignUp', { username: email, password: PASSWORD, captcha: solved })).status).toBe(200);
    expect((await call('SignUp', { username: newEmail(), password: PASSWORD, captcha: solved })).body.name).toBe(
      'UserLambdaValidationException',
    );
    expect((await call('SignUp', { username: 'nobody', password: PASSWORD, captcha: await captcha() })).body).toEqual({
      name: 'InvalidParameterException',
      message: 'Please enter a valid email or phone number.',
    });
  });

  it('answers CONFIRM_SIGN_UP to a correct password of an unconfirmed account, and no session', async () => {
    const email = newEmail();
    await call('SignUp', { username: email, password: PASSWORD, captcha: await captcha() });
    const res = await signIn(email, PASSWORD);
    expect(res.body.nextStep).toBe('CONFIRM_SIGN_UP');
    expect(res.jar[SESSION]).toBeUndefined();
  });
});

describe('codes', () => {
  it('expire after 10 minutes, are single-use and burn after 5 wrong tries', async () => {
    const { username } = await signUp();
    await call('ForgotPassword', { username });
    const code = await latestCode(username);
    advance(600);
    const late = await call('ConfirmForgotPassword', { username, code, newPassword: 'a fresh new password' });
    expect(late.body).toEqual({ name: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' });

    await call('ForgotPassword', { username });
    const fresh = await latestCode(username);
    advance(599);
    expect((await call('ConfirmForgotPassword', { username, code: fresh, newPassword: 'a fresh new password' })).body).toEqual({
      nextStep: 'DONE',
    });
    const again = await call('ConfirmForgotPassword', { username, code: fresh, newPassword: 'another new password' });
    expect(again.body.name).toBe('CodeMismatchException');
    expect((await signIn(username, 'a fresh new password')).body).toEqual({ nextStep: 'DONE' });

    await call('ForgotPassword', { username });
    const burned = await latestCode(username);
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(burned) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await call('ConfirmForgotPassword', { username, code: wrong, newPassword: 'yet another password' })).body.name).toBe(
        'CodeMismatchException',
      );
    }
    expect((await call('ConfirmForgotPassword', { username, code: burned, newPassword: 'yet another password' })).body.name).toBe(
      'CodeMismatchException',
    );
  });

  // PGlite has one connection, so its requests never overlap: only PostgreSQL can show the race.
  it.skipIf(testDbKind() === 'pglite')(
    'count 50 concurrent wrong guesses atomically: at most 5 are compared, then the code is burned',
    async () => {
      const { username } = await signUp();
      await call('ForgotPassword', { username });
      const code = await latestCode(username);
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call('ConfirmForgotPassword', { username, code: wrong(i), newPassword: 'a guessed password' }),
        ),
      );
      const names = answers.map((a) => a.body.name as string);
      // The account lockout lets 6 through (5 free failures and the one that locks); the code compares 5 of them.
      expect(names.filter((n) => n === 'TooManyRequestsException').length).toBeGreaterThanOrEqual(44);
      expect(names.filter((n) => n !== 'TooManyRequestsException')).toEqual(names.filter((n) => n === 'CodeMismatchException'));
      // Five tries were counted, no more and no fewer: the code is gone, so the right one is refused after the lock.
      advance(2);
      expect((await call('ConfirmForgotPassword', { username, code, newPassword: 'a guessed password' })).body.name).toBe(
        'CodeMismatchException',
      );
      advance(4);
      expect((await signIn(username, PASSWORD)).body).toEqual({ nextStep: 'DONE' });
    },
  );

  it('count a wrong code against the account lockout on every code action', async () => {
    const { username, jar } = await signUp();
    // ConfirmForgotPassword: five free failures, then the lock, whatever code comes next.
    await call('ForgotPassword', { username });
    const reset = await latestCode(username);
    const miss = reset === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) {
      expect((await call('ConfirmForgotPassword', { username, code: miss, newPassword: 'a guessed password' })).status).toBe(400);
    }
    const locked = await call('ConfirmForgotPassword', { username, code: reset, newPassword: 'a guessed password' });
    expect(locked.body).toMatchObject({ name: 'TooManyRequestsException', retryAfterSeconds: 2 });
    // The same lock as the password's: sign-in waits too.
    expect((await signIn(username, PASSWORD)).body.name).toBe('TooManyRequestsException');
    advance(900);

    // VerifyUserAttribute (signed in).
    const next = newEmail();
    await call('UpdateUserAttributes', { attributes: { email: next } }, jar);
    const right = await latestCode(next);
    const other = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) expect((await call('VerifyUserAttribute', { attribute: 'email', code: other }, jar)).status).toBe(400);
    expect((await call('VerifyUserAttribute', { attribute: 'email', code: right }, jar)).body.name).toBe('TooManyRequestsException');
    advance(900);

    // ConfirmSignUp, for a real account and an unknown one alike.
    const fresh = newEmail();
    await call('SignUp', { username: fresh, password: PASSWORD, captcha: await captcha() });
    const ghost = newEmail();
    for (const name of [fresh, ghost]) {
      for (let i = 0; i < 6; i++) expect((await call('ConfirmSignUp', { username: name, code: '000000' })).status, name).toBe(400);
      expect((await call('ConfirmSignUp', { username: name, code: '000000' })).body, name).toMatchObject({
        name: 'TooManyRequestsException',
        retryAfterSeconds: 2,
      });
    }
  });

  it('are stored hashed and rate-limited per account', async () => {
    const { username, id } = await signUp();
    await call('ForgotPassword', { username });
    const code = await latestCode(username);
    const rows = (await t.database.db.execute(sql`select value from verification where identifier = ${`reset:${id}`}`)) as unknown as {
      rows: { value: string }[];
    };
    expect(rows.rows[0].value).not.toContain(code);
    for (let i = 0; i < 4; i++) expect((await call('ForgotPassword', { username })).status).toBe(200);
    expect((await call('ForgotPassword', { username })).body.name).toBe('LimitExceededException');
  });

  it('answer an unknown username exactly like a known one', async () => {
    const { username } = await signUp('known.person@example.com');
    const known = await call('ForgotPassword', { username });
    const unknown = await call('ForgotPassword', { username: 'kxxxx.person@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });
});

describe('sign-in', () => {
  it('gives unknown users and wrong passwords the identical answer', async () => {
    const { username } = await signUp();
    const wrong = await signIn(username, 'not the password');
    const unknown = await signIn(`x${username}`, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(Object.keys(unknown.jar)).toEqual(Object.keys(wrong.jar));
  });

  it('locks an account on the schedule, to the second, across e-mail and phone, and forgets after 15 idle minutes', async () => {
    const { username, id } = await signUp();
    const phone = '+13035550199';
    await t.database.db.update(user).set({ phoneNumber: phone, phoneNumberVerified: true }).where(eq(user.id, id));
    const attempt = (i: number, password = 'wrong password') => signIn(i % 2 ? phone : username, password);
    for (let i = 1; i <= 5; i++) expect((await attempt(i)).status).toBe(401);
    expect((await attempt(6)).status).toBe(401); // the 6th failure: locked for 2 s
    for (const [n, wait] of [
      [6, 2],
      [7, 4],
      [8, 8],
      [9, 16],
      [10, 32],
      [11, 64],
      [12, 128],
      [13, 256],
      [14, 512],
    ] as const) {
      const locked = await attempt(n, PASSWORD);
      expect(locked.status, `after ${n} failures`).toBe(429);
      expect(locked.body).toMatchObject({ name: 'TooManyRequestsException', retryAfterSeconds: wait });
      advance(wait - 1);
      expect((await attempt(n + 1, PASSWORD)).body.retryAfterSeconds).toBe(1);
      advance(1);
      expect((await attempt(n + 1)).status, `the attempt after ${wait} s`).toBe(401);
    }
    // The 15th failure would lock for 2^10 s: capped at 900 s, which is also when 15 idle minutes forget it.
    expect((await attempt(15, PASSWORD)).body).toMatchObject({ retryAfterSeconds: 900 });
    advance(899);
    expect((await attempt(0, PASSWORD)).body).toMatchObject({ name: 'TooManyRequestsException', retryAfterSeconds: 1 });
    advance(1);
    expect((await attempt(0, PASSWORD)).body).toEqual({ nextStep: 'DONE' });
    // A success clears the count: five free failures again.
    for (let i = 1; i <= 6; i++) expect((await attempt(i)).status).toBe(401);
    expect((await attempt(7)).status).toBe(429);
  });

  it('locks an unknown username exactly like a real one', async () => {
    const ghost = newEmail();
    for (let i = 0; i < 6; i++) expect((await signIn(ghost, 'wrong password')).status).toBe(401);
    expect((await signIn(ghost, 'wrong password')).body).toMatchObject({ name: 'TooManyRequestsException', retryAfterSeconds: 2 });
  });

  it('forces an invited user to a new password within 180 s before any session', async () => {
    const service = await serviceFor();
    const email = newEmail();
    const id = await service.createInvitedUser({ email, temporaryPassword: 'temporary-pass-42' });
    const invite = (await (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${email}` })).json())[0];
    expect(invite.text).toContain('temporary-pass-42');

    const first = await signIn(email, 'temporary-pass-42');
    expect(first.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    expect(first.jar[SESSION]).toBeUndefined();
    advance(180);
    expect((await call('RespondToAuthChallenge', { session: first.body.session, answer: 'my very own password' })).body).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    const second = await signIn(email, 'temporary-pass-42');
    advance(179);
    expect((await call('RespondToAuthChallenge', { session: second.body.session, answer: 'password1' })).body.name).toBe(
      'InvalidPasswordException',
    );
    const done = await call('RespondToAuthChallenge', { session: second.body.session, answer: 'my very own password' });
    expect(done.body).toEqual({ nextStep: 'DONE' });
    expect((await call('GetUser', {}, done.jar)).body['custom:cognito_uuid']).toBe(id);
    expect((await signIn(email, 'temporary-pass-42')).status).toBe(401);
  });

  it('asks for TOTP after the password, and for a choice when several factors are on', async () => {
    const { username, jar } = await signUp();
    expect((await call('AssociateSoftwareToken', { password: 'wrong password' }, jar)).status).toBe(401);
    const assoc = await call('AssociateSoftwareToken', { password: PASSWORD }, jar);
    expect(assoc.body.totpUri).toMatch(/^otpauth:\/\/totp\//);
    const secret = new URL(assoc.body.totpUri).searchParams.get('secret') as string;
    expect(secret).toBe(assoc.body.secret);
    const raw = await totpSecretOf(username);
    expect((await call('VerifySoftwareToken', { code: '000000' }, jar)).body.name).toBe('CodeMismatchException');
    expect((await call('VerifySoftwareToken', { code: await totpAt(raw) }, jar)).body).toEqual({ ok: true });
    advance(30); // the setup code's step is used up

    const step = await signIn(username, PASSWORD);
    expect(step.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect(step.jar[SESSION]).toBeUndefined();
    expect((await call('RespondToAuthChallenge', { session: step.body.session, answer: '123' })).body.name).toBe('CodeMismatchException');
    const done = await call('RespondToAuthChallenge', { session: step.body.session, answer: await totpAt(raw) });
    expect(done.body).toEqual({ nextStep: 'DONE' });
    expect(done.jar[SESSION]).toBeTruthy();

    expect(
      (await call('SetUserMFAPreference', { enabled: ['TOTP', 'EMAIL'], preferred: null, password: PASSWORD }, done.jar)).body,
    ).toEqual({ ok: true });
    const choose = await signIn(username, PASSWORD);
    expect(choose.body).toMatchObject({ nextStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['TOTP', 'EMAIL'] });
    const emailStep = await call('RespondToAuthChallenge', { session: choose.body.session, mfaType: 'EMAIL' });
    expect(emailStep.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    const viaEmail = await call('RespondToAuthChallenge', { session: emailStep.body.session, answer: await latestCode(username) });
    expect(viaEmail.body).toEqual({ nextStep: 'DONE' });
    expect((await call('GetUser', {}, viaEmail.jar)).body.mfa).toEqual({ enabled: ['TOTP', 'EMAIL'], preferred: null });
  });

  it('creates no session on any other path for a user who owes a second factor or a new password', async () => {
    const { username, jar, id } = await signUp();
    const raw = await enableTotp(username, jar);
    // better-auth's own shortcuts are closed…
    for (const path of [
      '/sign-in/email',
      '/sign-in/email-otp',
      '/phone-number/verify',
      '/sign-in/phone-number',
      '/email-otp/verify-email',
      '/passkey/verify-authentication',
      '/two-factor/verify-totp',
      '/two-factor/verify-otp',
      '/two-factor/verify-backup-code',
      '/two-factor/get-totp-uri',
      '/two-factor/generate-backup-codes',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        payload: { email: username, password: PASSWORD, otp: '000000', phoneNumber: '+13035550100', code: '000000' },
      });
      expect(res.statusCode, path).toBe(404);
    }
    // …and the one gate every session passes refuses anyone but our finished flow.
    const auth = createAuth({ config: testConfig(), db: t.database.db });
    const ctx = await auth.$context;
    await expect(ctx.internalAdapter.createSession(id)).rejects.toThrow(/second factor/);
    const invitedEmail = newEmail();
    const invited = await (await serviceFor()).createInvitedUser({ email: invitedEmail, temporaryPassword: 'temporary-pass-42' });
    await expect(ctx.internalAdapter.createSession(invited)).rejects.toThrow(/new password/);
    // Nor for an account flagged for a reset, or one that must set up a second factor first.
    const service = await serviceFor();
    const flagged = await signUp();
    await service.requirePasswordReset({ userId: flagged.id });
    await expect(ctx.internalAdapter.createSession(flagged.id)).rejects.toThrow(/new password/);
    const mustMfa = await signUp();
    await service.setMfaRequired({ userId: mustMfa.id }, true);
    await expect(ctx.internalAdapter.createSession(mustMfa.id)).rejects.toThrow(/second factor/);
    // Reset by code and auto sign-in never skip the factor either.
    await call('ForgotPassword', { username });
    const reset = await call('ConfirmForgotPassword', { username, code: await latestCode(username), newPassword: 'brand new password' });
    expect(reset.body).toEqual({ nextStep: 'DONE' });
    expect(reset.jar[SESSION]).toBeUndefined();
    const after = await signIn(username, 'brand new password');
    expect(after.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect(raw).toBeTruthy();
  });
});

describe('RESET_PASSWORD (a reset demanded by an admin or operator)', () => {
  it('ends every session, answers PasswordResetRequiredException only after the right password, and clears after a reset by code', async () => {
    const service = await serviceFor();
    const { username, jar, id } = await signUp();
    await service.requirePasswordReset({ username: username.toUpperCase() });
    expect((await call('GetUser', {}, jar)).status).toBe(401);

    // A wrong password learns nothing: the same answer as for any account.
    const wrong = await signIn(username, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const right = await signIn(username, PASSWORD);
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ name: 'PasswordResetRequiredException', message: 'Password reset required for the user' });
    expect(right.jar[SESSION]).toBeUndefined();
    // A temporary password's new-password step cannot stand in for the reset by code.
    await t.database.db.update(user).set({ mustChangePassword: true }).where(eq(user.id, id));
    expect((await signIn(username, PASSWORD)).body.name).toBe('PasswordResetRequiredException');

    await call('ForgotPassword', { username });
    const reset = await call('ConfirmForgotPassword', { username, code: await latestCode(username), newPassword: 'after the reset' });
    expect(reset.body).toEqual({ nextStep: 'DONE' });
    const [row] = await t.database.db
      .select({ reset: user.passwordResetRequired, must: user.mustChangePassword })
      .from(user)
      .where(eq(user.id, id));
    expect(row).toEqual({ reset: false, must: false });
    const done = await signIn(username, 'after the reset');
    expect(done.body).toEqual({ nextStep: 'DONE' });
    expect(done.jar[SESSION]).toBeTruthy();
  });

  it('is refused for an account that does not exist, and works by user id', async () => {
    const service = await serviceFor();
    await expect(service.requirePasswordReset({ username: newEmail() })).rejects.toMatchObject({ errorName: 'UserNotFoundException' });
    await expect(service.requirePasswordReset({ userId: '00000000-0000-0000-0000-00000000abcd' })).rejects.toMatchObject({
      errorName: 'UserNotFoundException',
    });
    await expect(service.requirePasswordReset({ username: 'not a username' })).rejects.toMatchObject({
      errorName: 'InvalidParameterException',
    });
    const { username, id } = await signUp();
    await service.requirePasswordReset({ userId: id });
    expect((await signIn(username, PASSWORD)).body.name).toBe('PasswordResetRequiredException');
  });
});

describe('the operator command (account-cli.ts)', () => {
  it('flags an account by username: reset required, MFA required and not', async () => {
    const flags = createAccountFlags(t.database.db, () => new Date(nowMs));
    const { username } = await signUp();
    for (const bad of [[], ['require-mfa'], ['drop-tables', username], ['require-mfa', username, 'extra'], ['require-mfa', ' ']]) {
      await expect(runAccountCommand(bad, flags)).rejects.toBeInstanceOf(UsageError);
    }
    await expect(runAccountCommand(['require-mfa', newEmail()], flags)).rejects.toMatchObject({ errorName: 'UserNotFoundException' });

    expect(await runAccountCommand(['require-mfa', username.toUpperCase()], flags)).toBe(
      `${username.toUpperCase()}: a second factor is required.`,
    );
    expect((await signIn(username, PASSWORD)).body.nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    await runAccountCommand(['allow-no-mfa', username], flags);
    expect((await signIn(username, PASSWORD)).body).toEqual({ nextStep: 'DONE' });
    await runAccountCommand(['require-password-reset', username], flags);
    expect((await signIn(username, PASSWORD)).body.name).toBe('PasswordResetRequiredException');
  });

  // Only the entry point and its usage: opening and migrating a fresh database in a second process takes
  // half a minute on a loaded machine, and the commands themselves are tested above.
  it('runs as a command and explains its usage', () => {
    const usage = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./account-cli.ts', import.meta.url))], {
      env: { ...process.env, NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('Usage: npx tsx apps/server/src/identity/account-cli.ts <command> <email or phone>');
  });
});

describe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP (MFA required, none set up)', () => {
  it('sets up TOTP inside the sign-in within 180 s, then asks for a code on every sign-in', async () => {
    const service = await serviceFor();
    const { username, id } = await signUp();
    await service.setMfaRequired({ userId: id }, true);

    const first = await signIn(username, PASSWORD);
    expect(first.body).toMatchObject({ nextStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', session: expect.any(String) });
    expect(first.body.totpUri).toMatch(/^otpauth:\/\/totp\/Groundwork:/);
    expect(first.jar[SESSION]).toBeUndefined();
    const firstSecret = secretOfUri(first.body.totpUri);
    expect((await call('RespondToAuthChallenge', { session: first.body.session, answer: '000000' })).body.name).toBe(
      'CodeMismatchException',
    );
    advance(180);
    expect((await call('RespondToAuthChallenge', { session: first.body.session, answer: await totpAt(firstSecret) })).body).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });

    // A new sign-in gets a new secret; the abandoned one no longer works.
    const second = await signIn(username, PASSWORD);
    expect(second.body.nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    const secret = secretOfUri(second.body.totpUri);
    expect(secret).not.toBe(firstSecret);
    expect((await call('RespondToAuthChallenge', { session: second.body.session, answer: await totpAt(firstSecret) })).body.name).toBe(
      'CodeMismatchException',
    );
    advance(179);
    const done = await call('RespondToAuthChallenge', { session: second.body.session, answer: await totpAt(secret) });
    expect(done.body).toEqual({ nextStep: 'DONE' });
    expect(done.jar[SESSION]).toBeTruthy();
    expect((await call('GetUser', {}, done.jar)).body.mfa).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });

    advance(30);
    const next = await signIn(username, PASSWORD);
    expect(next.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await call('RespondToAuthChallenge', { session: next.body.session, answer: await totpAt(secret) })).body).toEqual({
      nextStep: 'DONE',
    });
    // The person cannot turn every factor off while the account requires one.
    expect((await call('SetUserMFAPreference', { enabled: [], preferred: null, password: PASSWORD }, done.jar)).body).toEqual({
      name: 'InvalidParameterException',
      message: 'Two-factor authentication is required for this account.',
    });
    await service.setMfaRequired({ userId: id }, false);
    expect((await call('SetUserMFAPreference', { enabled: [], preferred: null, password: PASSWORD }, done.jar)).body).toEqual({ ok: true });
    expect((await signIn(username, PASSWORD)).body).toEqual({ nextStep: 'DONE' });
  });

  it('comes after a temporary password is replaced, and an account with a factor already on is just asked for it', async () => {
    const service = await serviceFor();
    const email = newEmail();
    const id = await service.createInvitedUser({ email, temporaryPassword: 'temporary-pass-42' });
    await service.setMfaRequired({ userId: id }, true);
    const first = await signIn(email, 'temporary-pass-42');
    expect(first.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const setup = await call('RespondToAuthChallenge', { session: first.body.session, answer: 'my very own password' });
    expect(setup.body.nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    expect(setup.jar[SESSION]).toBeUndefined();
    const done = await call('RespondToAuthChallenge', {
      session: setup.body.session,
      answer: await totpAt(secretOfUri(setup.body.totpUri)),
    });
    expect(done.body).toEqual({ nextStep: 'DONE' });

    const other = await signUp();
    await enableTotp(other.username, other.jar);
    await service.setMfaRequired({ username: other.username }, true);
    expect((await signIn(other.username, PASSWORD)).body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });
});

describe('TOTP codes are single-use', () => {
  it('refuses a code a second time within its window, and an earlier step after a later one', async () => {
    const { username, jar } = await signUp();
    await call('AssociateSoftwareToken', { password: PASSWORD }, jar);
    const raw = await totpSecretOf(username);
    const setupCode = await totpAt(raw);
    expect((await call('VerifySoftwareToken', { code: setupCode }, jar)).body).toEqual({ ok: true });

    // The setup code cannot sign in, even seconds later in the same step.
    advance(5);
    const first = await signIn(username, PASSWORD);
    expect((await call('RespondToAuthChallenge', { session: first.body.session, answer: setupCode })).body.name).toBe(
      'CodeMismatchException',
    );
    // The next step's code signs in once…
    advance(30);
    const code = await totpAt(raw);
    expect((await call('RespondToAuthChallenge', { session: first.body.session, answer: code })).body).toEqual({ nextStep: 'DONE' });
    const again = await signIn(username, PASSWORD);
    expect((await call('RespondToAuthChallenge', { session: again.body.session, answer: code })).body.name).toBe('CodeMismatchException');
    // …and the previous step's code, still inside the ±1 step window, is refused after it.
    expect((await call('RespondToAuthChallenge', { session: again.body.session, answer: await totpAt(raw, -1) })).body.name).toBe(
      'CodeMismatchException',
    );
    advance(30);
    expect((await call('RespondToAuthChallenge', { session: again.body.session, answer: await totpAt(raw) })).body).toEqual({
      nextStep: 'DONE',
    });
    // Remembered in the database, per person.
    const [row] = await t.database.db.select({ step: user.totpLastStep }).from(user).where(eq(user.email, username));
    expect(row.step).toBe(Math.floor(nowMs / 30_000));
  });
});

describe('several instances on one database share every limit', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ config: testConfig(), database: t.database, now: () => new Date(nowMs), captchaMaxNumber: 50 });
  });
  afterAll(async () => {
    await other?.close();
  });
  // Alternates between the two instances, as a load balancer would.
  const apps = () => [t.app, other];
  const either = (i: number, action: IdentityAction, body: Record<string, unknown> = {}, jar: Jar = {}) =>
    callVia(apps()[i % 2], action, body, jar);

  it('the per-address limit of /api/identity', async () => {
    for (let i = 0; i < 120; i++) expect((await either(i, 'GetUser')).status, `request ${i + 1}`).toBe(401);
    for (const app of apps()) {
      const res = await callVia(app, 'GetUser');
      expect(res.status).toBe(429);
      expect(res.body.name).toBe('LimitExceededException');
    }
    advance(60);
    expect((await either(1, 'GetUser')).status).toBe(401);
  });

  it('code sends, lockout counters, pending sign-ins and TOTP replay', async () => {
    const { username, jar } = await signUp();
    for (let i = 0; i < 5; i++) expect((await either(i, 'ForgotPassword', { username })).status).toBe(200);
    expect((await either(5, 'ForgotPassword', { username })).body.name).toBe('LimitExceededException');
    expect((await either(6, 'ForgotPassword', { username })).body.name).toBe('LimitExceededException');

    for (let i = 0; i < 6; i++) expect((await either(i, 'InitiateAuth', { username, password: 'wrong password' })).status).toBe(401);
    expect((await either(1, 'InitiateAuth', { username, password: PASSWORD })).body).toMatchObject({
      name: 'TooManyRequestsException',
      retryAfterSeconds: 2,
    });
    advance(2);

    const raw = await enableTotp(username, jar);
    const started = await either(0, 'InitiateAuth', { username, password: PASSWORD });
    expect(started.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const code = await totpAt(raw);
    expect((await either(1, 'RespondToAuthChallenge', { session: started.body.session, answer: code })).body).toEqual({
      nextStep: 'DONE',
    });
    const again = await either(1, 'InitiateAuth', { username, password: PASSWORD });
    expect((await either(0, 'RespondToAuthChallenge', { session: again.body.session, answer: code })).body.name).toBe(
      'CodeMismatchException',
    );
  });

  it('counts concurrent events exactly', async () => {
    const rule = { windowSeconds: 60, max: 5 };
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(t.database.db, 'test:concurrent', rule, new Date(nowMs))));
    expect(results.filter(Boolean)).toHaveLength(5);
    advance(60);
    expect(await hit(t.database.db, 'test:concurrent', rule, new Date(nowMs))).toBe(true);
  });

  it('a solved captcha is accepted once, whichever instance sees it again', async () => {
    const solved = await captcha(other);
    expect((await either(0, 'SignUp', { username: newEmail(), password: PASSWORD, captcha: solved })).status).toBe(200);
    const replay = await either(1, 'SignUp', { username: newEmail(), password: PASSWORD, captcha: solved });
    expect(replay.body.name).toBe('UserLambdaValidationException');
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from auth_captcha_used`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0].n).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('global sign-out refuses every old session at once, on /api/identity and /graphql', async () => {
    const { username, jar } = await signUp();
    const other = await signIn(username, PASSWORD);
    const bearer = other.jar[SESSION];
    expect((await t.gql('{ listTenants { tenant_uuid } }', {}, bearer)).errors).toBeUndefined();
    expect((await call('GlobalSignOut', {}, jar)).body).toEqual({ ok: true });
    expect((await call('GetUser', {}, jar)).status).toBe(401);
    expect((await call('GetUser', {}, other.jar)).body).toEqual({ name: 'NotAuthorizedException', message: 'Please sign back in.' });
    expect((await t.gql('{ listTenants { tenant_uuid } }', {}, bearer)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses tampered, foreign-signed and expired session cookies, and sets them httpOnly, Lax, 30 days', async () => {
    const { username } = await signUp();
    const res = await signIn(username, PASSWORD);
    const header = res.setCookies.find((c) => c.startsWith(`${SESSION}=`)) as string;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Max-Age=2592000/);
    const good = res.jar[SESSION];
    const [token, sig] = [good.slice(0, good.lastIndexOf('.')), good.slice(good.lastIndexOf('.') + 1)];
    expect((await call('GetUser', {}, { [SESSION]: good })).status).toBe(200);
    for (const bad of [`${token}x.${sig}`, `${token}.${sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, token, 'garbage', '']) {
      expect((await call('GetUser', {}, { [SESSION]: bad })).status).toBe(401);
    }
    advance(30 * 24 * 3600 + 1);
    expect((await call('GetUser', {}, { [SESSION]: good })).status).toBe(401);
    expect((await t.gql('{ listTenants { tenant_uuid } }', {}, good)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    // Back again: better-auth's own endpoints (passkeys) keep the real clock, which the later tests share.
    advance(-(30 * 24 * 3600 + 1));
  });

  it('opens the auto sign-in window for 180 s and only to the browser that confirmed', async () => {
    const username = newEmail();
    await call('SignUp', { username, password: PASSWORD, captcha: await captcha() });
    const confirmed = await call('ConfirmSignUp', { username, code: await latestCode(canonicalUsername(username) as string) });
    expect((await call('AutoSignIn', { username }, {})).status).toBe(401);
    advance(180);
    expect((await call('AutoSignIn', { username }, confirmed.jar)).body.name).toBe('NotAuthorizedException');
    const other = newEmail();
    await call('SignUp', { username: other, password: PASSWORD, captcha: await captcha() });
    const ok = await call('ConfirmSignUp', { username: other, code: await latestCode(other) });
    advance(179);
    expect((await call('AutoSignIn', { username: other }, ok.jar)).body).toEqual({ nextStep: 'DONE' });
  });

  it('selects only a company the user is an active member of, and the session carries it to /graphql', async () => {
    const { jar, id } = await signUp();
    const a = await createTenant(t.database.db, 'Alpha Identity Co');
    const b = await createTenant(t.database.db, 'Bravo Identity Co');
    const c = await createTenant(t.database.db, 'Charlie Identity Co');
    await createMember(t.database.db, a, { identity: id, permissions: ['people_basic', 'basic_access'] });
    const archived = await createMember(t.database.db, c, { identity: id, isAdmin: true });
    await withTenant(t.database.db, c, (tx) => tx.execute(sql`update employees set status = 0 where id = ${archived.employeeId}`));

    for (const tenant of [b, c, 'not-a-uuid']) {
      const res = await call('SelectTenant', { tenant_uuid: tenant }, jar);
      expect(res.status, tenant).toBe(403);
      expect(res.body.name).toBe('NotAuthorizedException');
    }
    const chosen = await call('SelectTenant', { tenant_uuid: a }, jar);
    expect(chosen.body).toMatchObject({
      'custom:tenants': [{ tenant_uuid: a, company: 'Alpha Identity Co' }],
      'custom:selected_tenant_uuid': a,
      'cognito:groups': ['basic_access', 'people_basic'],
    });
    const fetch = 'query($t: ID!) { fetchTenant(tenant_uuid: $t) { company } }';
    expect((await t.gql(fetch, { t: a }, jar[SESSION])).data?.fetchTenant).toEqual({ company: 'Alpha Identity Co' });
    expect((await t.gql(fetch, { t: b }, jar[SESSION])).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // The client cannot set the field through better-auth's own endpoint.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-session',
      headers: {
        cookie: `${SESSION}=${encodeURIComponent(jar[SESSION])}`,
        origin: testConfig().appOrigin,
        'content-type': 'application/json',
      },
      payload: { selectedTenantUuid: b },
    });
    expect(forged.statusCode).not.toBe(200);
    expect((await call('GetUser', {}, jar)).body['custom:selected_tenant_uuid']).toBe(a);
    expect((await call('SelectTenant', { tenant_uuid: null }, jar)).body['custom:selected_tenant_uuid']).toBeNull();
  });

  it('changes the password (old one required) and ends the other sessions', async () => {
    const { username, jar } = await signUp();
    const other = await signIn(username, PASSWORD);
    expect((await call('ChangePassword', { oldPassword: 'wrong password', newPassword: 'a changed password' }, jar)).status).toBe(401);
    expect((await call('ChangePassword', { oldPassword: PASSWORD, newPassword: 'a changed password' }, jar)).body).toEqual({ ok: true });
    expect((await call('GetUser', {}, jar)).status).toBe(200);
    expect((await call('GetUser', {}, other.jar)).status).toBe(401);
    expect((await signIn(username, 'a changed password')).body).toEqual({ nextStep: 'DONE' });
  });

  it('updates an attribute only after its code, and renews and ends a session', async () => {
    const { jar } = await signUp();
    const next = newEmail();
    const upd = await call('UpdateUserAttributes', { attributes: { email: next } }, jar);
    expect(upd.body).toMatchObject({ nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDelivery: { deliveryMedium: 'EMAIL' } });
    expect((await call('VerifyUserAttribute', { attribute: 'email', code: '000000' }, jar)).body.name).toBe('CodeMismatchException');
    expect((await call('VerifyUserAttribute', { attribute: 'email', code: await latestCode(next) }, jar)).body).toEqual({ ok: true });
    expect((await call('GetUser', {}, jar)).body.email).toBe(next);
    expect((await call('GetTokensFromRefreshToken', {}, jar)).body).toEqual({ ok: true });
    expect((await call('SignOut', {}, jar)).body).toEqual({ ok: true });
    expect((await call('GetTokensFromRefreshToken', {}, jar)).status).toBe(401);
  });

  it('registers a passkey, signs in with it, refuses a forged one, and never for a user who owes a new password', async () => {
    const { jar, username, id } = await signUp();
    const device = softwareAuthenticator();
    const start = await call('StartWebAuthnRegistration', {}, jar);
    expect(start.body.options).toMatchObject({ rp: { id: 'localhost' }, challenge: expect.any(String) });
    const done = await call(
      'CompleteWebAuthnRegistration',
      { credential: device.register(start.body.options.challenge), friendlyName: 'Test key' },
      start.jar,
    );
    expect(done.body).toEqual({ ok: true });
    const listed = await call('ListWebAuthnCredentials', {}, jar);
    expect(listed.body.credentials).toEqual([
      expect.objectContaining({ credentialId: device.id, friendlyCredentialName: 'Test key', relyingPartyId: 'localhost' }),
    ]);

    const begin = await call('InitiateAuth', { username, preferredChallenge: 'WEB_AUTHN' });
    expect(begin.body.nextStep).toBe('CONTINUE_SIGN_IN_WITH_WEB_AUTHN');
    expect(begin.body.webAuthnOptions.allowCredentials).toEqual([expect.objectContaining({ id: device.id, type: 'public-key' })]);
    const forged = device.assert(begin.body.webAuthnOptions.challenge, true);
    const refused = await call('RespondToAuthChallenge', { session: begin.body.session, credential: forged });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/^Passkey login failed: /);
    expect(refused.jar[SESSION]).toBeUndefined();

    const again = await call('InitiateAuth', { username, preferredChallenge: 'WEB_AUTHN' });
    const ok = await call('RespondToAuthChallenge', {
      session: again.body.session,
      credential: device.assert(again.body.webAuthnOptions.challenge),
    });
    expect(ok.body).toEqual({ nextStep: 'DONE' });
    expect((await call('GetUser', {}, ok.jar)).body['custom:cognito_uuid']).toBe(id);

    await t.database.db.update(user).set({ mustChangePassword: true }).where(eq(user.id, id));
    const owed = await call('InitiateAuth', { username, preferredChallenge: 'WEB_AUTHN' });
    const blocked = await call('RespondToAuthChallenge', {
      session: owed.body.session,
      credential: device.assert(owed.body.webAuthnOptions.challenge),
    });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('This account needs more steps to sign in. Please use password sign-in.');
    expect(blocked.jar[SESSION]).toBeUndefined();
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, id));

    expect((await call('DeleteWebAuthnCredential', { credentialId: 'nope' }, jar)).body.name).toBe('WebAuthnCredentialNotFoundException');
    expect((await call('DeleteWebAuthnCredential', { credentialId: device.id }, jar)).body).toEqual({ ok: true });
    expect((await call('ListWebAuthnCredentials', {}, jar)).body).toEqual({ credentials: [] });
    expect((await call('InitiateAuth', { username, preferredChallenge: 'WEB_AUTHN' })).body.name).toBe(
      'WebAuthnCredentialNotFoundException',
    );
  });
});

describe('passkeys verify the person (user verification)', () => {
  it('asks for it in both ceremonies and refuses an answer without it, also where MFA is required or on', async () => {
    const service = await serviceFor();
    const { jar, username, id } = await signUp();
    const device = softwareAuthenticator();
    // Registration: required in the options; a key that did not verify the person is not saved.
    const first = await call('StartWebAuthnRegistration', {}, jar);
    expect(first.body.options.authenticatorSelection).toMatchObject({ userVerification: 'required' });
    const unverified = await call(
      'CompleteWebAuthnRegistration',
      { credential: device.register(first.body.options.challenge, false) },
      first.jar,
    );
    expect(unverified.body).toMatchObject({
      name: 'WebAuthnChallengeNotFoundException',
      message: expect.stringMatching(/^Passkey login failed: /),
    });
    expect((await call('ListWebAuthnCredentials', {}, jar)).body).toEqual({ credentials: [] });
    const second = await call('StartWebAuthnRegistration', {}, jar);
    expect(
      (await call('CompleteWebAuthnRegistration', { credential: device.register(second.body.options.challenge) }, second.jar)).body,
    ).toEqual({
      ok: true,
    });

    // Sign-in on an account that requires a second factor, then on one with TOTP on: a passkey is both factors only
    // with the person verified.
    await service.setMfaRequired({ userId: id }, true);
    for (const account of ['MFA required', 'TOTP on'] as const) {
      if (account === 'TOTP on') {
        await service.setMfaRequired({ userId: id }, false);
        await enableTotp(username, jar);
      }
      const begin = await call('InitiateAuth', { username, preferredChallenge: 'WEB_AUTHN' });
      expect(begin.body.webAuthnOptions.userVerification, account).toBe('required');
      const refused = await call('RespondToAuthChallenge', {
        session: begin.body.session,
        credential: device.assert(begin.body.webAuthnOptions.challenge, false, false),
      });
      expect(refused.status, account).toBe(401);
      expect(refused.body.message, account).toBe('Passkey login failed: the passkey did not verify you (PIN, fingerprint or face)');
      expect(refused.jar[SESSION], account).toBeUndefined();
      const again = await call('InitiateAuth', { username, preferredChallenge: 'WEB_AUTHN' });
      const ok = await call('RespondToAuthChallenge', {
        session: again.body.session,
        credential: device.assert(again.body.webAuthnOptions.challenge),
      });
      expect(ok.body, account).toEqual({ nextStep: 'DONE' });
      expect((await call('GetUser', {}, ok.jar)).body['custom:cognito_uuid']).toBe(id);
    }
  });
});

describe('sign-in e-mail and phone (UpdateUserAttributes, CONFIRM_ATTRIBUTE_WITH_CODE)', () => {
  const newPhone = () => `+1303${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  async function outboxFor(to: string): Promise<{ subject: string; text: string }[]> {
    return (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` })).json();
  }

  it('changes the sign-in e-mail only after the code from the new address, keeping the memberships and telling the old address', async () => {
    const { username: old, jar, id } = await signUp();
    const tenant = await createTenant(t.database.db, 'Email Change Co');
    await createMember(t.database.db, tenant, { identity: id });
    const next = newEmail().toUpperCase();
    const upd = await call('UpdateUserAttributes', { attributes: { email: next } }, jar);
    expect(upd.body).toEqual({
      nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE',
      codeDelivery: { deliveryMedium: 'EMAIL', destination: expect.stringMatching(/^p\*\*\*@e\*\*\*\.com$/) },
    });
    const lower = next.toLowerCase();
    const code = await latestCode(lower);
    // Until the code is entered the old address is the one: it signs in, the new one does not.
    expect((await call('GetUser', {}, jar)).body).toMatchObject({ email: old, email_verified: true });
    expect((await signIn(old, PASSWORD)).body).toEqual({ nextStep: 'DONE' });
    expect((await signIn(lower, PASSWORD)).body.name).toBe('NotAuthorizedException');

    expect((await call('VerifyUserAttribute', { attribute: 'email', code }, jar)).body).toEqual({ ok: true });
    const me = (await call('GetUser', {}, jar)).body;
    expect(me).toMatchObject({ username: lower, email: lower, email_verified: true, 'custom:cognito_uuid': id });
    expect(me['custom:tenants']).toEqual([{ tenant_uuid: tenant, company: 'Email Change Co' }]);
    expect((await signIn(old, PASSWORD)).body).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const again = await signIn(lower, PASSWORD);
    expect(again.body).toEqual({ nextStep: 'DONE' });
    expect((await call('GetUser', {}, again.jar)).body['custom:tenants']).toEqual([{ tenant_uuid: tenant, company: 'Email Change Co' }]);
    const [notice] = await outboxFor(old);
    expect(notice.subject).toBe('Your Groundwork sign-in e-mail was changed');
    expect(notice.text).not.toContain(lower);
    // The code was single-use.
    expect((await call('VerifyUserAttribute', { attribute: 'email', code }, jar)).body.name).toBe('CodeMismatchException');
  });

  it('refuses an address taken before the code is entered, and what is not an e-mail', async () => {
    const a = await signUp();
    const b = await signUp();
    const wanted = newEmail();
    expect((await call('UpdateUserAttributes', { attributes: { email: wanted } }, a.jar)).body.nextStep).toBe(
      'CONFIRM_ATTRIBUTE_WITH_CODE',
    );
    const codeA = await latestCode(wanted);
    expect((await call('UpdateUserAttributes', { attributes: { email: wanted } }, b.jar)).body.nextStep).toBe(
      'CONFIRM_ATTRIBUTE_WITH_CODE',
    );
    expect((await call('VerifyUserAttribute', { attribute: 'email', code: await latestCode(wanted) }, b.jar)).body).toEqual({ ok: true });
    expect((await call('VerifyUserAttribute', { attribute: 'email', code: codeA }, a.jar)).body.name).toBe('UsernameExistsException');
    expect((await call('GetUser', {}, a.jar)).body.email).toBe(a.username);
    // Neither a phone number, a bad address nor a phone account's stand-in address is an e-mail.
    for (const email of ['+13035550100', 'not an address', '13035550100@phone.groundwork.invalid']) {
      expect((await call('UpdateUserAttributes', { attributes: { email } }, a.jar)).body, email).toEqual({
        name: 'InvalidParameterException',
        message: 'Please enter a valid email or phone number.',
      });
    }
    // The same address again is nothing to confirm.
    expect((await call('UpdateUserAttributes', { attributes: { email: a.username } }, a.jar)).body).toEqual({ nextStep: 'DONE' });
  });

  it('adds a phone by texted code: wrong, expired and resent codes, then signs in by phone', async () => {
    const { jar, id } = await signUp();
    expect((await call('GetUser', {}, jar)).body).toMatchObject({ phone_number: null, phone_number_verified: false });
    for (const phone_number of ['12', 'call me', 'me@example.com']) {
      expect((await call('UpdateUserAttributes', { attributes: { phone_number } }, jar)).body, phone_number).toEqual({
        name: 'InvalidParameterException',
        message: 'Invalid phone number format. Please use +1XXXXXXXXXX format for US numbers.',
      });
    }
    const phone = newPhone();
    const typed = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const upd = await call('UpdateUserAttributes', { attributes: { phone_number: typed } }, jar);
    expect(upd.body).toEqual({
      nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE',
      codeDelivery: { deliveryMedium: 'SMS', destination: `+*******${phone.slice(-4)}` },
    });
    const first = await latestCode(phone);
    expect((await call('GetUser', {}, jar)).body.phone_number).toBeNull();
    const wrong = first === '000000' ? '111111' : '000000';
    expect((await call('VerifyUserAttribute', { attribute: 'phone_number', code: wrong }, jar)).body).toEqual({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    advance(600);
    expect((await call('VerifyUserAttribute', { attribute: 'phone_number', code: first }, jar)).body).toEqual({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    // A resend goes to the number waiting for its code. (A quarter of an hour later: the two failures above
    // count against the account lockout, and 15 idle minutes forget them.)
    advance(900);
    const resent = await call('GetUserAttributeVerificationCode', { attribute: 'phone_number' }, jar);
    expect(resent.body).toEqual({ codeDelivery: { deliveryMedium: 'SMS', destination: `+*******${phone.slice(-4)}` } });
    // Five wrong tries burn the code; the number still waits, and a new code goes to it.
    const burned = await latestCode(phone);
    const miss = burned === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await call('VerifyUserAttribute', { attribute: 'phone_number', code: miss }, jar);
    expect((await call('VerifyUserAttribute', { attribute: 'phone_number', code: burned }, jar)).body.name).toBe('CodeMismatchException');
    expect((await call('GetUserAttributeVerificationCode', { attribute: 'phone_number' }, jar)).body.codeDelivery.deliveryMedium).toBe(
      'SMS',
    );
    // Six failures lock the account for 2 s.
    expect((await call('VerifyUserAttribute', { attribute: 'phone_number', code: await latestCode(phone) }, jar)).body.name).toBe(
      'TooManyRequestsException',
    );
    advance(2);
    expect((await call('VerifyUserAttribute', { attribute: 'phone_number', code: await latestCode(phone) }, jar)).body).toEqual({
      ok: true,
    });
    expect((await call('GetUser', {}, jar)).body).toMatchObject({ phone_number: phone, phone_number_verified: true, email_verified: true });
    const byPhone = await signIn(typed, PASSWORD);
    expect(byPhone.body).toEqual({ nextStep: 'DONE' });
    expect((await call('GetUser', {}, byPhone.jar)).body['custom:cognito_uuid']).toBe(id);
  });

  it('moves a phone-only account to a new number and frees the old one for a new account', async () => {
    const oldPhone = newPhone();
    const { jar, id } = await signUp(oldPhone);
    expect((await call('GetUser', {}, jar)).body).toMatchObject({
      email: null,
      email_verified: false,
      phone_number: oldPhone,
      phone_number_verified: true,
    });
    const nextPhone = newPhone();
    expect((await call('UpdateUserAttributes', { attributes: { phone_number: nextPhone } }, jar)).body.nextStep).toBe(
      'CONFIRM_ATTRIBUTE_WITH_CODE',
    );
    expect((await call('VerifyUserAttribute', { attribute: 'phone_number', code: await latestCode(nextPhone) }, jar)).body).toEqual({
      ok: true,
    });
    expect((await signIn(oldPhone, PASSWORD)).body.name).toBe('NotAuthorizedException');
    const moved = await signIn(nextPhone, PASSWORD);
    expect(moved.body).toEqual({ nextStep: 'DONE' });
    expect((await call('GetUser', {}, moved.jar)).body).toMatchObject({ 'custom:cognito_uuid': id, username: nextPhone, email: null });
    // Someone new can sign up with the old number.
    const fresh = await signUp(oldPhone);
    expect(fresh.id).not.toBe(id);
  });
});

describe('no user enumeration: the same answer whether or not an account has the address', () => {
  const SIGN_UP_NOTICE = 'Someone tried to sign up with your address';
  const ATTRIBUTE_NOTICE = 'Someone tried to use your address on Groundwork';

  it('signs up an address that has an account as if it were new, sends no code and tells the owner instead', async () => {
    const { username, jar } = await signUp();
    // newEmail() addresses all mask to p***@e***.com: the answers can be compared whole.
    const fresh = await call('SignUp', { username: newEmail(), password: 'another password', captcha: await captcha() });
    const taken = await call('SignUp', { username: username.toUpperCase(), password: 'an attacker password', captcha: await captcha() });
    expect(fresh.body).toEqual({ nextStep: 'CONFIRM_SIGN_UP', codeDelivery: { deliveryMedium: 'EMAIL', destination: 'p***@e***.com' } });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(Object.keys(taken.jar)).toEqual(Object.keys(fresh.jar));
    const [notice] = await outboxOf(username);
    expect(notice.subject).toBe(SIGN_UP_NOTICE);
    expect(notice.text).toMatch(/already has one/);
    expect(notice.text).not.toMatch(/\d{6}/);
    // No code went out, so nobody can confirm the attempt; the account is as it was.
    expect((await call('ConfirmSignUp', { username, code: '123456' })).body.name).toBe('CodeMismatchException');
    expect((await signIn(username, 'an attacker password')).body.name).toBe('NotAuthorizedException');
    expect((await signIn(username, PASSWORD)).body).toEqual({ nextStep: 'DONE' });
    expect((await call('GetUser', {}, jar)).status).toBe(200);
    // The owner hears at most 5 times in 15 minutes; the answer never changes.
    for (let i = 0; i < 6; i++) {
      expect((await call('SignUp', { username, password: 'an attacker password', captcha: await captcha() })).body).toEqual(fresh.body);
    }
    expect((await outboxOf(username)).filter((m) => m.subject === SIGN_UP_NOTICE)).toHaveLength(5);
  });

  it('answers a change to an address or phone another account uses as for a free one, and tells that owner instead', async () => {
    const a = await signUp();
    const b = await signUp();
    const free = await call('UpdateUserAttributes', { attributes: { email: newEmail() } }, a.jar);
    const taken = await call('UpdateUserAttributes', { attributes: { email: b.username } }, a.jar);
    expect(free.body).toEqual({
      nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE',
      codeDelivery: { deliveryMedium: 'EMAIL', destination: 'p***@e***.com' },
    });
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual(free.body);
    const [notice] = await outboxOf(b.username);
    expect(notice.subject).toBe(ATTRIBUTE_NOTICE);
    expect(notice.text).not.toMatch(/\d{6}/);
    // A resend goes the same way, and no code moves b's address to a.
    expect((await call('GetUserAttributeVerificationCode', { attribute: 'email' }, a.jar)).body).toEqual({
      codeDelivery: taken.body.codeDelivery,
    });
    expect((await outboxOf(b.username)).filter((m) => m.subject === ATTRIBUTE_NOTICE)).toHaveLength(2);
    expect((await call('VerifyUserAttribute', { attribute: 'email', code: '123456' }, a.jar)).body.name).toBe('CodeMismatchException');
    expect((await call('GetUser', {}, a.jar)).body.email).toBe(a.username);

    // A phone: c signs in by phone; a asks for c's number and for a free one.
    const phone = `+1720555${String(1000 + seq).slice(-4)}`;
    await signUp(phone);
    const freePhone = await call('UpdateUserAttributes', { attributes: { phone_number: `+1720666${phone.slice(-4)}` } }, a.jar);
    const takenPhone = await call('UpdateUserAttributes', { attributes: { phone_number: phone } }, a.jar);
    expect(takenPhone.status).toBe(freePhone.status);
    expect(takenPhone.body).toEqual(freePhone.body);
    expect((await outboxOf(phone))[0].text).toMatch(/^Someone tried to use your address on Groundwork: /);
  });

  it('answers before SMTP does, for a real account as for an unknown one: the worker sends afterwards', async () => {
    const smtp = await fakeSmtp();
    const app = await buildApp({
      config: { ...testConfig(), smtpUrl: smtp.url },
      database: t.database,
      now: () => new Date(nowMs),
      captchaMaxNumber: 50,
    });
    const queued = async (to: string) =>
      (
        (await t.database.db.execute(sql`select count(*)::int as n from outbox where "to" = ${to} and state <> 'kept'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n;
    try {
      const { username } = await signUp();
      smtp.hold();
      const quick = <T>(answer: Promise<T>) =>
        Promise.race([answer, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the answer waited for SMTP')), 3000))]);
      const known = await quick(callVia(app, 'ForgotPassword', { username }));
      const unknown = await quick(callVia(app, 'ForgotPassword', { username: newEmail() }));
      expect(known.body).toEqual({
        nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
        codeDelivery: { deliveryMedium: 'EMAIL', destination: 'p***@e***.com' },
      });
      expect(unknown.body).toEqual(known.body);
      const again = await quick(callVia(app, 'SignUp', { username, password: 'an attacker password', captcha: await captcha(app) }));
      expect(again.body.nextStep).toBe('CONFIRM_SIGN_UP');
      // Both wait in the queue while SMTP holds its answer.
      expect(await queued(username)).toBe(2);

      smtp.release();
      const mails = await smtp.waitFor(username, 2);
      expect(mails.map((m) => m.subject).sort()).toEqual([SIGN_UP_NOTICE, 'Your Groundwork verification code']);
      const code = /\b(\d{6})\b/.exec(mails.find((m) => m.subject === 'Your Groundwork verification code')?.text ?? '')?.[1];
      expect((await callVia(app, 'ConfirmForgotPassword', { username, code, newPassword: 'a delivered password' })).body).toEqual({
        nextStep: 'DONE',
      });
      // A sent message leaves nothing behind: no code stays in the database.
      await expect.poll(() => queued(username)).toBe(0);
    } finally {
      smtp.release();
      await app.close();
      await smtp.close();
    }
  });
  it('texts through the SMS provider from the worker too, never in the request', async () => {
    const texts: { to: string; text: string }[] = [];
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const provider = {
      async send(sms: { to: string; text: string }) {
        await held;
        texts.push(sms);
      },
    };
    const app = await buildApp({
      config: testConfig(),
      database: t.database,
      now: () => new Date(nowMs),
      captchaMaxNumber: 50,
      sms: provider,
    });
    try {
      const phone = `+1720777${String(1000 + seq).slice(-4)}`;
      const up = await callVia(app, 'SignUp', { username: phone, password: PASSWORD, captcha: await captcha(app) });
      expect(up.body).toEqual({
        nextStep: 'CONFIRM_SIGN_UP',
        codeDelivery: { deliveryMedium: 'SMS', destination: `+*******${phone.slice(-4)}` },
      });
      expect(texts).toEqual([]);
      answer();
      await expect.poll(() => texts.length).toBe(1);
      const code = /\b(\d{6})\b/.exec(texts[0].text)?.[1];
      expect(texts[0].to).toBe(phone);
      expect((await callVia(app, 'ConfirmSignUp', { username: phone, code })).body).toEqual({ nextStep: 'COMPLETE_AUTO_SIGN_IN' });
    } finally {
      answer();
      await app.close();
    }
  });
});

describe('better-auth routes', () => {
  it('answer 404 under /api/auth, signed in or not, while the passkey and session flows of /api/identity work', async () => {
    const { username, jar } = await signUp();
    const headers = {
      cookie: `${SESSION}=${encodeURIComponent(jar[SESSION])}`,
      origin: testConfig().appOrigin,
      'content-type': 'application/json',
    };
    const payload = { password: PASSWORD, email: username, providerId: 'credential', accountId: 'x', provider: 'google', callbackURL: '/' };
    for (const [method, path] of [
      ['POST', '/verify-password'],
      ['POST', '/email-otp/request-password-reset'],
      ['GET', '/passkey/generate-register-options'],
      ['POST', '/passkey/verify-registration'],
      ['GET', '/passkey/list-user-passkeys'],
      ['POST', '/passkey/delete-passkey'],
      ['POST', '/passkey/update-passkey'],
      ['GET', '/list-accounts'],
      ['POST', '/unlink-account'],
      ['GET', '/account-info'],
      ['POST', '/sign-in/social'],
      ['GET', '/reset-password/some-token'],
      ['POST', '/request-password-reset'],
      ['POST', '/sign-in/email'],
      ['GET', '/get-session'],
      ['POST', '/sign-out'],
      ['GET', '/ok'],
      ['GET', '/error'],
      ['GET', '/callback/google'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/auth${path}`, headers, ...(method === 'POST' ? { payload } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // The session was not touched, and what the web app does through /api/identity still works.
    expect((await call('GetUser', {}, jar)).body.username).toBe(username);
    const device = softwareAuthenticator();
    const start = await call('StartWebAuthnRegistration', {}, jar);
    const registered = await call('CompleteWebAuthnRegistration', { credential: device.register(start.body.options.challenge) }, start.jar);
    expect(registered.body).toEqual({ ok: true });
    const begin = await call('InitiateAuth', { username, preferredChallenge: 'WEB_AUTHN' });
    const signedIn = await call('RespondToAuthChallenge', {
      session: begin.body.session,
      credential: device.assert(begin.body.webAuthnOptions.challenge),
    });
    expect(signedIn.body).toEqual({ nextStep: 'DONE' });
  });
});

describe('outbox and logs', () => {
  it('lists messages newest first as JSON and HTML', async () => {
    const { username } = await signUp();
    await call('ForgotPassword', { username });
    const list = (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${username}` })).json();
    expect(list.length).toBe(2);
    expect(Object.keys(list[0]).sort()).toEqual(['attachments', 'cc', 'created_at', 'html', 'id', 'subject', 'text', 'to']);
    expect(list[0]).toMatchObject({ cc: null, html: null, attachments: [] });
    expect(list[0].created_at >= list[1].created_at).toBe(true);
    const html = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(username);
  });

  it('does not exist in production', async () => {
    const prod = await buildApp({ config: { ...testConfig(), env: 'production' }, database: t.database });
    try {
      for (const url of ['/dev/outbox', '/dev/outbox.json?to=a@b.co'])
        expect((await prod.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('is served only on a loopback address without SMTP, only to this machine, and the start-up log says which', async () => {
    const urls = ['/dev/outbox', '/dev/outbox.json?to=a@b.co'];
    const cases: [Partial<ReturnType<typeof testConfig>>, RegExp][] = [
      [{ host: '0.0.0.0' }, /no development outbox at \/dev\/outbox: HOST 0\.0\.0\.0 is not a loopback address/],
      [{ host: '192.168.1.20' }, /HOST 192\.168\.1\.20 is not a loopback address/],
      [{ smtpUrl: 'smtp://127.0.0.1:2525' }, /no development outbox at \/dev\/outbox: SMTP_URL is set/],
      [{ trustProxy: true }, /no development outbox at \/dev\/outbox: TRUST_PROXY is set/],
      [{ host: '::1' }, /development outbox at \/dev\/outbox: .*for this machine only \(HOST ::1, no SMTP_URL\)/],
    ];
    for (const [settings, logged] of cases) {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = await buildApp({ config: { ...testConfig(), logLevel: 'info', ...settings }, database: t.database, logStream: stream });
      try {
        const served = settings.host === '::1';
        for (const url of urls)
          expect((await app.inject({ method: 'GET', url })).statusCode, `${JSON.stringify(settings)} ${url}`).toBe(served ? 200 : 404);
        expect(lines.join(''), JSON.stringify(settings)).toMatch(logged);
      } finally {
        await app.close();
      }
    }
    // Served on 127.0.0.1: not through a proxy, nor to a page that had its own name point at this machine.
    for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }, { host: 'attacker.example:3000' }]) {
      expect((await t.app.inject({ method: 'GET', url: urls[1], headers })).statusCode, JSON.stringify(headers)).toBe(404);
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await t.app.inject({ method: 'GET', url: urls[1], headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it('texts nothing in production without an SMS provider, and says why', async () => {
    const prod = await buildApp({ config: { ...testConfig(), env: 'production' }, database: t.database, captchaMaxNumber: 50 });
    try {
      const phone = '+13035550142';
      const res = await callVia(prod, 'SignUp', { username: phone, password: PASSWORD, captcha: await captcha(prod) });
      expect(res.body).toEqual({
        name: 'CodeDeliveryFailureException',
        message: 'No SMS provider is configured: text messages cannot be sent.',
      });
      const rows = (await t.database.db.execute(sql`select count(*)::int as n from outbox where "to" = ${phone}`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await prod.close();
    }
  });

  it('never writes a password, code or token to the log', async () => {
    const { username, jar } = await signUp(undefined, 'a very secret password');
    await signIn(username, 'a very secret password');
    await signIn(username, 'wrong secret password');
    await call('ForgotPassword', { username });
    const code = await latestCode(username);
    await call('ConfirmForgotPassword', { username, code, newPassword: 'another secret password' });
    // The demanded reset (RESET_PASSWORD) and the TOTP setup inside sign-in.
    const service = await serviceFor();
    await service.requirePasswordReset({ username });
    expect((await signIn(username, 'another secret password')).body.name).toBe('PasswordResetRequiredException');
    await call('ForgotPassword', { username });
    const resetCode = await latestCode(username);
    await call('ConfirmForgotPassword', { username, code: resetCode, newPassword: 'third secret password' });
    await service.setMfaRequired({ username }, true);
    const setup = await signIn(username, 'third secret password');
    expect(setup.body.nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    const totpSecret = new URL(setup.body.totpUri).searchParams.get('secret') as string;
    const totpCode = await totpAt(secretOfUri(setup.body.totpUri));
    const done = await call('RespondToAuthChallenge', { session: setup.body.session, answer: totpCode });
    expect(done.body).toEqual({ nextStep: 'DONE' });
    const text = logs.join('');
    expect(text.length).toBeGreaterThan(1000); // debug level: every request was logged
    for (const secret of [
      'a very secret password',
      'wrong secret password',
      'another secret password',
      'third secret password',
      code,
      resetCode,
      totpSecret,
      totpCode,
      setup.body.session,
      jar[SESSION],
      jar[SESSION].split('.')[0],
      done.jar[SESSION].split('.')[0],
    ]) {
      // A 6-digit code is looked for as a number of its own: it may well occur inside a timestamp.
      if (/^\d+$/.test(secret)) expect(text).not.toMatch(new RegExp(`(?<!\\d)${secret}(?!\\d)`));
      else expect(text).not.toContain(secret);
    }
  });
});

async function serviceFor() {
  const { createMailer } = await import('../platform/mail.js');
  const { createSmsSender } = await import('../platform/sms.js');
  const { createCaptcha } = await import('./captcha.js');
  const db = t.database.db;
  const now = () => new Date(nowMs);
  return createIdentityService({
    db,
    auth: createAuth({ config: testConfig(), db }),
    config: testConfig(),
    now,
    mailer: createMailer({ from: 'x', db, now }),
    sms: createSmsSender({ db, now }),
    captcha: createCaptcha({ db, hmacKey: 'k', maxNumber: 10, now }),
  });
}

async function totpSecretOf(username: string): Promise<string> {
  const { symmetricDecrypt } = await import('better-auth/crypto');
  const auth = createAuth({ config: testConfig(), db: t.database.db });
  const ctx = await auth.$context;
  const rows = (await t.database.db.execute(
    sql`select f.secret from two_factor f join "user" u on u.id = f.user_id where u.email = ${username}`,
  )) as unknown as { rows: { secret: string }[] };
  return symmetricDecrypt({ key: ctx.secretConfig, data: rows.rows[0].secret });
}

async function enableTotp(username: string, jar: Jar): Promise<string> {
  await call('AssociateSoftwareToken', { password: PASSWORD }, jar);
  const raw = await totpSecretOf(username);
  expect((await call('VerifySoftwareToken', { code: await totpAt(raw) }, jar)).body).toEqual({ ok: true });
  advance(30); // the setup code's step is used up: the next sign-in needs the next code
  return raw;
}

beforeAll(() => {
  expect(testConfig().appOrigin).toBe('http://localhost:3000');
});

// ---- a software WebAuthn authenticator (ES256, "none" attestation) -----------------------------------
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(v: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

function softwareAuthenticator(origin = testConfig().appOrigin, rpId = 'localhost') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const credId = randomBytes(16);
  const id = credId.toString('base64url');
  const rpHash = createHash('sha256').update(rpId).digest();
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  let counter = 0;
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id,
    /** `verified`: the UV flag (the person was verified by PIN or biometric), set unless a test clears it. */
    register(challenge: string, verified = true) {
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x, 'base64url')],
          [-3, Buffer.from(jwk.y, 'base64url')],
        ]),
      );
      const len = Buffer.alloc(2);
      len.writeUInt16BE(credId.length);
      const authData = Buffer.concat([rpHash, Buffer.from([verified ? 0x45 : 0x41]), u32(0), Buffer.alloc(16), len, credId, cose]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData('webauthn.create', challenge).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal'],
        },
      };
    },
    assert(challenge: string, forge = false, verified = true) {
      counter += 1;
      const authData = Buffer.concat([rpHash, Buffer.from([verified ? 0x05 : 0x01]), u32(counter)]);
      const cd = clientData('webauthn.get', challenge);
      const signed = Buffer.concat([authData, createHash('sha256').update(cd).digest()]);
      const signature = sign('sha256', forge ? Buffer.concat([signed, Buffer.from([1])]) : signed, privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: cd.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
        },
      };
    },
  };
}

// ---- a minimal SMTP server that records what it receives, and can hold its answer to a message ----------------
type Received = { to: string[]; subject: string; text: string };
async function fakeSmtp() {
  const received: Received[] = [];
  let open = Promise.resolve();
  let release = () => {};
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let rcpt: string[] = [];
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          // Quoted-printable soft breaks and escapes, so a code reads as it was written.
          const raw = data.join('\n');
          const [head, ...body] = raw.split('\n\n');
          const text = body
            .join('\n\n')
            .replace(/=\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
          received.push({ to: rcpt, subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '', text });
          data = null;
          void open.then(() => reply('250 OK'));
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 fake');
        else if (command === 'MAIL') {
          rcpt = [];
          reply('250 OK');
        } else if (command === 'RCPT') {
          rcpt.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (command === 'DATA') {
          data = [];
          reply('354 go ahead');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Until `release`, every message is received but not answered: the sender waits. */
    hold() {
      open = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
    async waitFor(to: string, count: number): Promise<Received[]> {
      for (let i = 0; i < 100; i++) {
        const mails = received.filter((m) => m.to.includes(to));
        if (mails.length >= count) return mails;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`fewer than ${count} messages reached SMTP for ${to}`);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('codes in the person’s language (issue 46)', () => {
  const outbox = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` })).json() as {
      subject: string;
      text: string;
    }[];
  const forgot = (username: string, acceptLanguage?: string) =>
    t.app.inject({
      method: 'POST',
      url: IDENTITY_ENDPOINT,
      headers: {
        'content-type': 'application/json',
        [IDENTITY_ACTION_HEADER]: 'ForgotPassword',
        ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      },
      payload: { username },
    });

  it('writes to an account in its saved language, and to one without in the browser’s (Accept-Language)', async () => {
    const { username, id } = await signUp();
    expect((await forgot(username, 'es-MX,es;q=0.9')).statusCode).toBe(200);
    const [spanish] = await outbox(username);
    expect(spanish.subject).toBe('Tu código de verificación de Groundwork');
    expect(spanish.text).toMatch(/^Tu código de verificación de Groundwork es \d{6}\. Vence en 10 minutos\.$/);
    // Saved English wins over the browser's Spanish.
    await t.database.db.update(user).set({ language: 'en' }).where(eq(user.id, id));
    advance(60);
    expect((await forgot(username, 'es')).statusCode).toBe(200);
    const [english] = await outbox(username);
    expect(english.subject).toBe('Your Groundwork verification code');
    // Saved Spanish, with no header at all.
    await t.database.db.update(user).set({ language: 'es' }).where(eq(user.id, id));
    advance(60);
    expect((await forgot(username)).statusCode).toBe(200);
    expect((await outbox(username))[0].subject).toBe('Tu código de verificación de Groundwork');
  });
});
