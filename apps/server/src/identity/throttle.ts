import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authThrottle } from './auth.table.js';

// Rows older than the longest window we use (15 minutes) mean nothing; an hour is a safe margin.
const PRUNE_AFTER_MS = 60 * 60 * 1000;
const PRUNE_EVERY = 200;
let calls = 0;

/**
 * Counts one event for `key` in a fixed window and says whether it is within `max`. One statement, so
 * concurrent requests on any number of instances cannot both slip under the limit; the count lives in
 * the database, never in a process. `now` is the identity clock (tests move it).
 */
export async function hit(db: Db, key: string, rule: { windowSeconds: number; max: number }, now: Date): Promise<boolean> {
  const start = now.toISOString();
  const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  const stale = sql`"auth_throttle"."window_start" <= ${cutoff}::timestamptz`;
  const [row] = await db
    .insert(authThrottle)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`case when ${stale} then 1 else "auth_throttle"."count" + 1 end`,
        windowStart: sql`case when ${stale} then ${start}::timestamptz else "auth_throttle"."window_start" end`,
      },
    })
    .returning({ count: authThrottle.count });
  if (++calls % PRUNE_EVERY === 0) await pruneThrottle(db, now);
  return row.count <= rule.max;
}

async function pruneThrottle(db: Db, now: Date): Promise<void> {
  await db.delete(authThrottle).where(lt(authThrottle.windowStart, new Date(now.getTime() - PRUNE_AFTER_MS)));
}
