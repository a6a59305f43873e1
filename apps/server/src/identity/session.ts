import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_DAYS } from '@groundwork/core/identity';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isLanguage, type Language } from '../platform/texts.js';
import { session as sessionTable, user } from './auth.table.js';

/**
 * What a verified session says: who (`sub`, the better-auth user id, stored as employees.cognito_uuid)
 * and which company they chose (`tid`, the session's selectedTenantUuid). Membership and permissions are
 * not trusted from here: they are read from the database on every request.
 */
export type SessionClaims = { sub: string; tid?: string; iat: number; exp: number };

/** A live better-auth session row, as the request presented it. */
export type LiveSession = {
  claims: SessionClaims;
  id: string;
  token: string;
  userId: string;
  expiresAt: Date;
  /** The person's saved language (platform/texts.ts), read with the session; null until they pick one. */
  language: Language | null;
};

export const SESSION_TTL_SECONDS = SESSION_DAYS * 24 * 60 * 60;

/**
 * better-auth's (better-call's) signed cookie value: `token.base64(HMAC-SHA256(secret, token))`. Written here, not
 * imported: better-call exports only `serializeSignedCookie` (async, a whole Set-Cookie header) and keeps its signer
 * and verifier internal; these two are the same format, synchronous, checked on every request with node:crypto. The
 * passkey endpoints hand a cookie signed here to better-auth, which verifies it with its own code (passkeys.ts, and
 * the passkey tests in identity.test.ts), so a difference in format would fail there.
 */
export function signToken(secret: string, token: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

/** The token inside a signed value, or null when the signature is not ours. */
function unsignToken(secret: string, signed: string | undefined): string | null {
  if (!signed) return null;
  let value = signed;
  try {
    value = decodeURIComponent(signed);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

export const newSessionToken = () => randomBytes(24).toString('base64url');

/** The session read, built once per database and run by name (parsed and planned once per connection). */
const sessionReads = new WeakMap<Db, ReturnType<typeof sessionRead>>();
const sessionRead = (db: Db) =>
  db
    .select({
      id: sessionTable.id,
      userId: sessionTable.userId,
      tid: sessionTable.selectedTenantUuid,
      createdAt: sessionTable.createdAt,
      expiresAt: sessionTable.expiresAt,
      language: user.language,
    })
    .from(sessionTable)
    .innerJoin(user, eq(user.id, sessionTable.userId))
    .where(and(eq(sessionTable.token, sql.placeholder('token')), gt(sessionTable.expiresAt, sql.placeholder('now'))))
    .prepare('gw_session');

/** The session a request presents (`Authorization: Bearer <signed>` or the session cookie), if it is live. */
export async function readSession(db: Db, secret: string, signed: string | undefined, now: Date): Promise<LiveSession | null> {
  const token = unsignToken(secret, signed);
  if (!token) return null;
  let read = sessionReads.get(db);
  if (!read) {
    read = sessionRead(db);
    sessionReads.set(db, read);
  }
  const [row] = await read.execute({ token, now: now.toISOString() });
  if (!row) return null;
  return {
    id: row.id,
    token,
    userId: row.userId,
    expiresAt: row.expiresAt,
    language: isLanguage(row.language) ? row.language : null,
    claims: {
      sub: row.userId,
      ...(row.tid ? { tid: row.tid } : {}),
      iat: Math.floor(row.createdAt.getTime() / 1000),
      exp: Math.floor(row.expiresAt.getTime() / 1000),
    },
  };
}
