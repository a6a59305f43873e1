import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a verified session says: who (`sub`, the identity id stored as employees.cognito_uuid) and
 * which company they chose (`tid`). Membership and permissions are not trusted from here: they are
 * read from the database on every request.
 */
export type SessionClaims = { sub: string; tid?: string; iat: number; exp: number };

export const SESSION_COOKIE = 'gw_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

export function signSession(secret: string, claims: Omit<SessionClaims, 'iat' | 'exp'>, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const body = b64(JSON.stringify({ ...claims, iat, exp: iat + SESSION_TTL_SECONDS }));
  return `${body}.${b64(mac(secret, body))}`;
}

/** Returns the claims of a token signed with `secret` and not expired; anything else is null. */
export function verifySession(secret: string, token: string | undefined, now = Date.now()): SessionClaims | null {
  if (!token) return null;
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SessionClaims;
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    if (claims.tid !== undefined && typeof claims.tid !== 'string') return null;
    return claims.exp * 1000 > now ? claims : null;
  } catch {
    return null;
  }
}
