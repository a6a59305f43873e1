import { createChallenge, verifySolution } from 'altcha-lib';

/**
 * Self-hosted proof-of-work captcha for SignUp (ALTCHA-compatible): the client brute-forces a number whose
 * SHA-256 with the salt matches the challenge; the server checks our HMAC signature, the answer and the
 * expiry, and accepts each solved challenge once.
 */
export function createCaptcha(opts: { hmacKey: string; maxNumber: number; now: () => Date; ttlSeconds?: number }) {
  const used = new Map<string, number>();
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
      if (used.has(parsed.signature)) return false;
      if (!(await verifySolution(payload, opts.hmacKey, false))) return false;
      for (const [sig, until] of used) if (until < now) used.delete(sig);
      used.set(parsed.signature, expires * 1000);
      return true;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
