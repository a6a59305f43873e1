import { eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isLanguage, type Language } from '../platform/texts.js';
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
    /** The person's saved language, or null while they have none. */
    async languageOf(identity: string): Promise<Language | null> {
      return (await languagesOf(db, [identity])).get(identity) ?? null;
    },
    /** The saved languages of these accounts (those with none are absent). */
    languagesOf: (identities: readonly string[]) => languagesOf(db, identities),
    /** Saves the person's language (theirs in every company); sessions are read again, so it applies at once. */
    async setLanguage(identity: string, language: Language): Promise<void> {
      await db.update(user).set({ language, updatedAt: new Date() }).where(eq(user.id, identity));
      onSessionsChanged();
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

/** The saved languages of these accounts, read as the owner (work outside a request: sweeps, the vendor's page). */
export async function languagesOf(db: Db, identities: readonly string[]): Promise<Map<string, Language>> {
  const ids = [...new Set(identities.filter(Boolean))];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: user.id, language: user.language }).from(user).where(inArray(user.id, ids));
  return new Map(rows.flatMap((r) => (isLanguage(r.language) ? [[r.id, r.language] as const] : [])));
}
