import { canonicalUsername, USERNAME_MESSAGE } from '@groundwork/core/identity';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authPending, session as sessionTable, user } from './auth.table.js';
import { IdentityError, invalidParameter } from './errors.js';

/** An account, by better-auth user id (employees.cognito_uuid) or by username (e-mail or phone). */
export type AccountRef = { userId: string } | { username: string };

// Spec §5's rule first; the server also takes any plain address the form's 2-6 letter ending would
// refuse (e.g. the demo's *.example), since an address is not wrong for having a long ending.
const LENIENT_EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/;

/** The username as stored (lowercased e-mail or E.164 phone), or InvalidParameterException. */
export function serverUsername(username: unknown): string {
  if (typeof username !== 'string') throw invalidParameter(USERNAME_MESSAGE);
  const c = canonicalUsername(username) ?? (LENIENT_EMAIL.test(username.trim()) ? username.trim().toLowerCase() : null);
  if (!c) throw invalidParameter(USERNAME_MESSAGE);
  return c;
}

/**
 * Flags an admin or an operator sets on an account. Used by the identity service (for admin features) and
 * by the operator command in account-cli.ts.
 */
export function createAccountFlags(db: Db, now: () => Date) {
  async function userIdOf(ref: AccountRef): Promise<string> {
    let where = eq(user.id, 'userId' in ref ? ref.userId : '');
    if (!('userId' in ref)) {
      const name = serverUsername(ref.username);
      where = name.includes('@') ? eq(user.email, name) : eq(user.phoneNumber, name);
    }
    const [u] = await db.select({ id: user.id }).from(user).where(where);
    if (!u) throw new IdentityError('UserNotFoundException', 'User does not exist.', 400);
    return u.id;
  }

  return {
    userIdOf,
    /**
     * For an admin who forces a reset, or an operator who flags an account: every session and pending
     * sign-in ends, and the next correct password is answered with PasswordResetRequiredException
     * (RESET_PASSWORD) until the person resets it with a code (ConfirmForgotPassword clears the flag).
     */
    async requirePasswordReset(ref: AccountRef): Promise<void> {
      const id = await userIdOf(ref);
      await db.update(user).set({ passwordResetRequired: true, updatedAt: now() }).where(eq(user.id, id));
      await db.delete(sessionTable).where(eq(sessionTable.userId, id));
      await db.delete(authPending).where(eq(authPending.userId, id));
    },
    /**
     * Whether the account must have a second factor. When on and none is set up, sign-in continues with
     * CONTINUE_SIGN_IN_WITH_TOTP_SETUP, and the person cannot turn every factor off.
     */
    async setMfaRequired(ref: AccountRef, required: boolean): Promise<void> {
      const id = await userIdOf(ref);
      await db.update(user).set({ mfaRequired: required, updatedAt: now() }).where(eq(user.id, id));
    },
  };
}
export type AccountFlags = ReturnType<typeof createAccountFlags>;
