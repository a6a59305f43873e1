import { createChallenge, verifySolution } from 'altcha-lib';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authCaptchaUsed } from './auth.table.js';

/**
 * Self-hosted proof-of-work captcha for SignUp (ALTCHA-compatible): the client brute-forces a number whose
 * SHA-256 with the salt matches the challenge; the server checks our HMAC signature, the answer and the
 * expiry, and accepts each solved challenge once, on any instance (the used ones are in the database).
 */
export function createCaptcha(opts: { db: Db; hmacKey: string; maxNumber: number; now: () => Date; ttlSeconds?: number }) {
  const { db } = opts;
  const ttl = (opts.ttlSeconds ?? 600) * 1000;
  return {
    async challenge() {
      const c = await createChallenge({
        hmacKey: opts.hmacKey,
        maxNumber: opts.maxNumber,
        algorithm: 'SHA-256',
        expires: new Date(opts.now().getTime() + ttl),
      });
      return {
        algorithm: c.algorithm,
        challenge: c.challenge,
        salt: c.salt,
        signature: c.signature,
        maxnumber: c.maxnumber ?? opts.maxNumber,
      };
    },
    /** `payload`: base64 JSON {algorithm, challenge, number, salt, signature}, as the ALTCHA widget sends it. */
    async verify(payload: unknown): Promise<boolean> {
      if (typeof payload !== 'string' || payload.length > 2000) return false;
      let parsed: { signature?: unknown; salt?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      if (typeof parsed.signature !== 'string' || typeof parsed.salt !== 'string') return false;
      const expires = Number(new URLSearchParams(parsed.salt.split('?')[1] ?? '').get('expires'));
      const now = opts.now().getTime();
      if (!expires || expires * 1000 < now) return false;
      if (!(await verifySolution(payload, opts.hmacKey, false))) return false;
      // First use wins: the insert is the check, so two instances cannot both accept one solution.
      const fresh = await db
        .insert(authCaptchaUsed)
        .values({ signature: parsed.signature, expiresAt: new Date(expires * 1000) })
        .onConflictDoNothing()
        .returning({ signature: authCaptchaUsed.signature });
      await db.delete(authCaptchaUsed).where(lt(authCaptchaUsed.expiresAt, new Date(now)));
      return fresh.length === 1;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
