import { eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { session as sessionTable, user } from './auth.table.js';

/**
 * The few global account reads and writes that company operations need (invitations, company creation and
 * deletion), as narrow functions: the GraphQL context holds these, never the owning connection.
 */
export function createAccounts(db: Db, onSessionsChanged: () => void) {
  return {
    /** The account signing in with `email`, and whether it still waits for its first password. */
    async byEmail(email: string): Promise<{ id: string; mustChange: boolean } | null> {
      const [found] = await db.select({ id: user.id, mustChange: user.mustChangePassword }).from(user).where(eq(user.email, email));
      return found ?? null;
    },
    /** The account's sign-in e-mail and phone (a phone-only account has a reserved .invalid placeholder e-mail). */
    async contactOf(identity: string): Promise<{ email: string | null; phone: string | null; name: string } | null> {
      const [u] = await db.select({ email: user.email, phone: user.phoneNumber, name: user.name }).from(user).where(eq(user.id, identity));
      if (!u) return null;
      return { email: u.email.toLowerCase().endsWith('.invalid') ? null : u.email.toLowerCase(), phone: u.phone ?? null, name: u.name };
    },
    /**
     * When each of these accounts last signed in or used a session (the latest session's updatedAt: better-auth
     * refreshes it as the session is used). Nothing else records sign-ins, and signing out deletes the session, so
     * an account with no session left is absent from the answer. The ids come from a walled read of one company's
     * people, so this never reveals anyone outside it.
     */
    async lastSeen(identities: readonly string[]): Promise<Map<string, Date>> {
      if (!identities.length) return new Map();
      const rows = await db
        .select({ id: sessionTable.userId, at: max(sessionTable.updatedAt) })
        .from(sessionTable)
        .where(inArray(sessionTable.userId, [...identities]))
        .groupBy(sessionTable.userId);
      return new Map(rows.filter((r) => r.at).map((r) => [r.id, new Date(r.at as Date)]));
    },
    /** Every session that had `tenant` selected loses the selection (the company is gone). */
    async clearTenantSelection(tenant: string): Promise<void> {
      await db
        .update(sessionTable)
        .set({ selectedTenantUuid: null, updatedAt: new Date() })
        .where(eq(sessionTable.selectedTenantUuid, tenant));
      onSessionsChanged();
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
