import { type IdentityActions, type MfaType, PASSKEY_MESSAGES, SESSION_DAYS, type SignInStep } from '@groundwork/core/identity';
import { eq } from 'drizzle-orm';
import { verifyPassword } from './auth.js';
import { passkey, session as sessionTable, user } from './auth.table.js';
import { codeMismatch, IdentityError, invalidParameter, notAuthorized, passwordResetRequired, pendingExpired } from './errors.js';
import type { ActionRequest, FlowContext, Res, SignInRes, UserRow } from './flow-context.js';
import { confirmInvitedRows } from './invited-rows.js';
import { assertNotLocked, clearFailures, nameLockKey, reserveAttempt, userLockKey } from './lockout.js';
import { signToken } from './session.js';
import type { TotpSecrets } from './totp.js';

const NO_USER = '00000000-0000-0000-0000-000000000000';

/** What follows a proven first factor (password, sign-up code): the next step of the sign-in, or a session. */
export function signInSteps(flow: FlowContext, { newTotpSecret }: TotpSecrets) {
  const { sendCode, startSession, pend, mfaEnabled } = flow;
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

  return { afterFirstFactor, challengeMfa };
}

export type SignInSteps = ReturnType<typeof signInSteps>;

/** Signing in (password or passkey, then the steps after it), keeping the session fresh, and signing out. */
export function signInActions(
  flow: FlowContext,
  { totpSecret, useTotp, turnOnTotp }: TotpSecrets,
  { afterFirstFactor, challengeMfa }: SignInSteps,
) {
  const {
    db,
    auth,
    config,
    now,
    codes,
    dummyHash,
    canonical,
    findUser,
    userById,
    passwordHash,
    setPassword,
    checkNewPassword,
    requireSession,
    usernameOf,
    sendCode,
    cookieSpec,
    startSession,
    pend,
    takePending,
    dropPending,
    passkeyChallengeCookieName,
  } = flow;
  return {
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
  };
}
