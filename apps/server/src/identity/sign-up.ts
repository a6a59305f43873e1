import { AUTO_SIGN_IN_SECONDS, type IdentityActions } from '@groundwork/core/identity';
import { eq } from 'drizzle-orm';
import { isLanguage, type Language, languageOr, t as text } from '../platform/texts.js';
import { hashPassword } from './auth.js';
import { authPending, user } from './auth.table.js';
import { IdentityError, invalidPassword, pendingExpired } from './errors.js';
import {
  type ActionRequest,
  AUTO_SIGN_IN_COOKIE,
  addressKind,
  type FlowContext,
  isUniqueViolation,
  type Res,
  type UserRow,
} from './flow-context.js';
import { clearFailures } from './lockout.js';
import type { SignInSteps } from './sign-in.js';

const signUpTaken = (to: string) => (lang: Language) => ({
  subject: text(lang, 'identity.sign_up_taken_subject'),
  text: text(lang, 'identity.sign_up_taken_text', { address: addressKind(to, lang) }),
});

/** Signing up, confirming the address with its code, and the sign-in that follows. */
export function signUpActions(flow: FlowContext, { afterFirstFactor }: Pick<SignInSteps, 'afterFirstFactor'>) {
  const {
    deps,
    db,
    now,
    canonical,
    findUser,
    userById,
    checkNewPassword,
    proveCode,
    verifiedAddress,
    usernameOf,
    delivery,
    assertCanDeliver,
    sendCode,
    fakeDelivery,
    notifyOwner,
    pend,
    takePending,
    dropPending,
    createUser,
  } = flow;
  return {
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
        if (owner) await notifyOwner(owner, username, signUpTaken(username));
        return { nextStep: 'CONFIRM_SIGN_UP', codeDelivery: delivery(username) };
      }
      return { nextStep: 'CONFIRM_SIGN_UP', codeDelivery: await sendCode('signup', u, username) };
    },

    async ConfirmSignUp(body: Partial<IdentityActions['ConfirmSignUp']['req']>, req: ActionRequest): Promise<Res<'ConfirmSignUp'>> {
      const username = canonical(body.username);
      const { u, lockKey } = await proveCode('signup', username, body.code);
      await clearFailures(db, lockKey);
      await db
        .update(user)
        .set({ ...verifiedAddress(username), updatedAt: now() })
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
  };
}

/** Accounts made for someone else: an invited person, a demo or seed account. */
export function accountCreation(flow: FlowContext) {
  const { db, canonical, findUser, setPassword, deliver, createUser } = flow;
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
    /** The language of the invitation when the account has none saved: the inviter's. */
    language?: Language | null;
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
    const lang = isLanguage(u.language) ? u.language : languageOr(input.language);
    await deliver(username, lang, {
      subject: text(lang, 'identity.invited_subject'),
      text: text(lang, 'identity.invited_text', { username, password: input.temporaryPassword }),
    });
    return u.id;
  }

  /** A demo or seed account with a known password (no temporary-password step). */
  async function ensurePasswordUser(username: string, password: string): Promise<string> {
    const c = canonical(username);
    const existing = await findUser(c);
    if (existing) return existing.id;
    return (await createUser(c, password, { confirmed: true, mustChangePassword: false })).id;
  }

  return { createInvitedUser, ensurePasswordUser };
}
