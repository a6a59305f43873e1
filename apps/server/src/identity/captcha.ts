import { createChallenge, verifySolution } from 'altcha-lib';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authCaptchaUsed } from './auth.table.js';

/**
 * Self-hosted proof-of-work captcha for SignUp (ALTCHA-compatible): the client brute-forces a number whose
 * SHA-256 with the salt matches the challenge; the server checks our HMAC signature, the answer and the
 * expiry, and accepts each solved challenge once, on any instance (the used ones are in the database).
 */
export function createCaptcha(opts: { db: Db; hmacKey: string; maxNumber: number; now: () => Date; ttlSeconds?: number }): Captcha {
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
        kind: 'altcha' as const,
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

/** What GET /api/identity/captcha answers: a proof-of-work to solve, or the reCAPTCHA widget to show. */
type CaptchaChallenge =
  | { kind: 'altcha'; algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number }
  | { kind: 'recaptcha'; siteKey: string };

export interface Captcha {
  challenge(): Promise<CaptchaChallenge>;
  /** True once for a genuine solution; false for anything else (never throws). */
  verify(payload: unknown): Promise<boolean>;
}

const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * Google reCAPTCHA v2 (checkbox), used instead of the proof of work when both keys are configured. The widget's
 * token is checked with Google's siteverify; Google accepts each token once and for two minutes. An unreachable
 * Google or an unexpected answer refuses the sign-up rather than letting it through.
 */
export function createRecaptcha(opts: {
  siteKey: string;
  secretKey: string;
  fetch?: typeof globalThis.fetch;
  verifyUrl?: string;
}): Captcha {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  return {
    async challenge() {
      return { kind: 'recaptcha', siteKey: opts.siteKey };
    },
    async verify(token: unknown): Promise<boolean> {
      if (typeof token !== 'string' || token.length === 0 || token.length > 4000) return false;
      try {
        const response = await fetchImpl(opts.verifyUrl ?? RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: opts.secretKey, response: token }).toString(),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return false;
        const body = (await response.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}
