import { LOCKOUT_RESET_SECONDS, lockoutSeconds } from '@groundwork/core/identity';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authLockout } from './auth.table.js';
import { tooManyRequests } from './errors.js';

export const userLockKey = (userId: string) => `user:${userId}`;
export const nameLockKey = (username: string) => `name:${username}`;

/**
 * Counts an attempt as a failure before the credential is checked (the row is locked while we decide), so
 * concurrent guesses cannot slip past the counter; a success then clears it. Refuses with
 * TooManyRequestsException while the account is locked: 5 free failures, then 2^(n-5) s up to 900 s, and
 * everything forgotten after 15 minutes without a failure.
 */
export async function reserveAttempt(db: Db, key: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(authLockout)
      .values({ key, failures: 0, lastFailureAt: new Date(0) })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ failures: authLockout.failures, last: authLockout.lastFailureAt })
      .from(authLockout)
      .where(eq(authLockout.key, key))
      .for('update');
    const idle = now.getTime() - row.last.getTime() >= LOCKOUT_RESET_SECONDS * 1000;
    const failures = idle ? 0 : row.failures;
    const lockedUntil = row.last.getTime() + lockoutSeconds(failures) * 1000;
    if (lockoutSeconds(failures) > 0 && now.getTime() < lockedUntil) {
      throw tooManyRequests(Math.ceil((lockedUntil - now.getTime()) / 1000));
    }
    await tx
      .update(authLockout)
      .set({ failures: failures + 1, lastFailureAt: now })
      .where(eq(authLockout.key, key));
  });
}

/** Only checks (for flows that begin an attempt without a credential yet, like a passkey challenge). */
export async function assertNotLocked(db: Db, key: string, now: Date): Promise<void> {
  const [row] = await db.select().from(authLockout).where(eq(authLockout.key, key));
  if (!row || now.getTime() - row.lastFailureAt.getTime() >= LOCKOUT_RESET_SECONDS * 1000) return;
  const wait = lockoutSeconds(row.failures) * 1000;
  const until = row.lastFailureAt.getTime() + wait;
  if (wait > 0 && now.getTime() < until) throw tooManyRequests(Math.ceil((until - now.getTime()) / 1000));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authLockout).where(eq(authLockout.key, key));
}
