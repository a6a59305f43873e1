import type { IdentityActions } from '@groundwork/core/identity';
import { and, eq, ne } from 'drizzle-orm';
import { session as sessionTable, user } from './auth.table.js';
import type { ActionRequest, FlowContext, Res } from './flow-context.js';
import { confirmInvitedRows } from './invited-rows.js';
import { clearFailures } from './lockout.js';

/** A forgotten password reset by code, and a signed-in change of password. */
export function passwordActions(flow: FlowContext) {
  const {
    db,
    now,
    canonical,
    findUser,
    setPassword,
    checkNewPassword,
    proveCode,
    verifiedAddress,
    requireSession,
    confirmPassword,
    sendCode,
    fakeDelivery,
  } = flow;
  return {
    async ForgotPassword(body: Partial<IdentityActions['ForgotPassword']['req']>): Promise<Res<'ForgotPassword'>> {
      const username = canonical(body.username);
      const u = await findUser(username);
      const codeDelivery = u ? await sendCode('reset', u, username) : await fakeDelivery(username);
      return { nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDelivery };
    },

    async ConfirmForgotPassword(body: Partial<IdentityActions['ConfirmForgotPassword']['req']>): Promise<Res<'ConfirmForgotPassword'>> {
      const username = canonical(body.username);
      const password = checkNewPassword(body.newPassword);
      const { u, lockKey } = await proveCode('reset', username, body.code);
      await setPassword(u.id, password);
      if (u.mustChangePassword) await confirmInvitedRows(db, u.id);
      // The code proved the address; the new password replaces any temporary one; every session ends.
      await db
        .update(user)
        .set({
          mustChangePassword: false,
          passwordResetRequired: false,
          updatedAt: now(),
          ...verifiedAddress(username),
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
  };
}
