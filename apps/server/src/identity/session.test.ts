import { describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS, signSession, verifySession } from './session.js';

const secret = 'a'.repeat(40);

describe('session tokens', () => {
  it('verify when signed with the secret and not expired', () => {
    const token = signSession(secret, { sub: 'u1', tid: 't1' }, 1_000_000);
    expect(verifySession(secret, token, 1_000_000 + 1000)).toMatchObject({ sub: 'u1', tid: 't1' });
  });

  it('refuse a tampered, foreign-signed or expired token', () => {
    const now = 1_000_000;
    const token = signSession(secret, { sub: 'u1', tid: 't1' }, now);
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'u1', tid: 'other', iat: 1, exp: 9e9 })).toString('base64url');
    expect(verifySession(secret, `${forged}.${sig}`, now)).toBeNull();
    expect(verifySession('b'.repeat(40), token, now)).toBeNull();
    expect(verifySession(secret, `${body}.${sig}x`, now)).toBeNull();
    expect(verifySession(secret, token, now + SESSION_TTL_SECONDS * 1000 + 1)).toBeNull();
    expect(verifySession(secret, 'garbage', now)).toBeNull();
    expect(verifySession(secret, undefined, now)).toBeNull();
  });
});
