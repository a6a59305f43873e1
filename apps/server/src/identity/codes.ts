import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CODE_TTL_SECONDS } from '@groundwork/core/identity';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { verification } from './auth.table.js';
import { codeMismatch, expiredCode, limitExceeded } from './errors.js';
import { hit } from './throttle.js';

const MAX_TRIES = 5;
const SENDS = { windowSeconds: 15 * 60, max: 5 };

/** A code as its verification row holds it: the HMAC of the code, the wrong tries so far, and what the code unlocks. */
type StoredCode = { hash: string; tries: number; extra?: string };

/**
 * E-mailed and texted codes: 6 digits, stored only as an HMAC in better-auth's verification table,
 * single-use, 10 minutes, 5 wrong tries burn the code, at most 5 sends per 15 minutes per purpose and account.
 *
 * Not better-auth's emailOTP plugin: that one keeps the code itself in the table (not a hash), counts tries per
 * instance, and ties codes to its own sign-in, verification and reset endpoints; ours serve the spec's Cognito-shaped
 * steps (sign-up confirmation, attribute verification, reset, MFA by e-mail or text) through one store.
 */
export function createCodes(db: Db, secret: string, now: () => Date) {
  const mac = (identifier: string, code: string) => createHmac('sha256', secret).update(`${identifier}:${code}`).digest('base64url');

  // Counted in the database (identity/throttle.ts), so every instance sees the same sends.
  async function throttle(identifier: string) {
    if (!(await hit(db, `send:${identifier}`, SENDS, now()))) throw limitExceeded();
  }

  return {
    /** Counts a send for rate limiting without storing a code (for addresses with no account). */
    throttle,
    async issue(purpose: string, subject: string, extra?: string): Promise<string> {
      const identifier = `${purpose}:${subject}`;
      await throttle(identifier);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored: StoredCode = { hash: mac(identifier, code), tries: 0, ...(extra !== undefined ? { extra } : {}) };
      await db.delete(verification).where(eq(verification.identifier, identifier));
      const t = now();
      await db.insert(verification).values({
        id: randomUUID(),
        identifier,
        value: JSON.stringify(stored),
        expiresAt: new Date(t.getTime() + CODE_TTL_SECONDS * 1000),
        createdAt: t,
        updatedAt: t,
      });
      return code;
    },
    /**
     * The code's extra value when it matches; it is then gone. Counting the try and claiming the code are one
     * statement each, so concurrent guesses (on any number of instances) get at most 5 comparisons between them,
     * and a right code is accepted once.
     */
    async consume(purpose: string, subject: string, code: unknown): Promise<string | undefined> {
      const identifier = `${purpose}:${subject}`;
      const t = now();
      const tries = sql`coalesce((${verification.value}::jsonb ->> 'tries')::int, 0)`;
      const newest = db
        .select({ id: verification.id })
        .from(verification)
        .where(eq(verification.identifier, identifier))
        .orderBy(desc(verification.createdAt))
        .limit(1);
      // The try is counted only while the code is live and has had fewer than 5; a row that is not counted is not
      // compared. (The CASE keeps the JSON cast to this purpose's rows: better-auth stores other values here.)
      const [row] = await db
        .update(verification)
        .set({ value: sql`jsonb_set(${verification.value}::jsonb, '{tries}', to_jsonb(${tries} + 1))::text`, updatedAt: t })
        .where(
          and(
            eq(verification.id, newest),
            eq(verification.identifier, identifier),
            gt(verification.expiresAt, t),
            sql`case when ${verification.identifier} = ${identifier} then ${tries} < ${MAX_TRIES} else false end`,
          ),
        )
        .returning({ id: verification.id, value: verification.value });
      if (!row) {
        const [stale] = await db
          .select({ id: verification.id, expiresAt: verification.expiresAt })
          .from(verification)
          .where(eq(verification.identifier, identifier))
          .orderBy(desc(verification.createdAt))
          .limit(1);
        if (stale && stale.expiresAt.getTime() <= t.getTime()) {
          await db.delete(verification).where(eq(verification.id, stale.id));
          throw expiredCode();
        }
        throw codeMismatch();
      }
      const stored = JSON.parse(row.value) as StoredCode;
      const given = Buffer.from(mac(identifier, typeof code === 'string' ? code.trim() : ''));
      const expected = Buffer.from(stored.hash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        if (stored.tries >= MAX_TRIES) await db.delete(verification).where(eq(verification.id, row.id));
        throw codeMismatch();
      }
      // Claimed by whoever deletes it: two right answers at once cannot both use it.
      const claimed = await db.delete(verification).where(eq(verification.id, row.id)).returning({ id: verification.id });
      if (!claimed.length) throw codeMismatch();
      return stored.extra;
    },
    /**
     * A value waiting for its code (a new e-mail or phone), kept apart from the code itself so a code that
     * expired or burned after 5 wrong tries can be sent again to the same value.
     */
    async hold(key: string, value: string, seconds: number): Promise<void> {
      const identifier = `held:${key}`;
      await db.delete(verification).where(eq(verification.identifier, identifier));
      const t = now();
      await db.insert(verification).values({
        id: randomUUID(),
        identifier,
        value: JSON.stringify({ extra: value }),
        expiresAt: new Date(t.getTime() + seconds * 1000),
        createdAt: t,
        updatedAt: t,
      });
    },
    async held(key: string): Promise<string | undefined> {
      const [row] = await db
        .select()
        .from(verification)
        .where(eq(verification.identifier, `held:${key}`));
      if (!row || row.expiresAt.getTime() <= now().getTime()) return undefined;
      return (JSON.parse(row.value) as { extra?: string }).extra;
    },
    async release(key: string): Promise<void> {
      await db.delete(verification).where(eq(verification.identifier, `held:${key}`));
    },
  };
}
