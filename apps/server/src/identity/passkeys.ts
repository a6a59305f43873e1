import {
  type IdentityActions,
  MAX_PASSKEYS_PER_USER,
  PASSKEY_MESSAGES,
  type PasskeyEntry,
  UNKNOWN_DEVICE,
} from '@groundwork/core/identity';
import { and, desc, eq, sql } from 'drizzle-orm';
import { passkey } from './auth.table.js';
import { IdentityError } from './errors.js';
import type { ActionRequest, FlowContext, Res } from './flow-context.js';
import { signToken } from './session.js';

/** A signed-in account's passkeys: registering, listing and deleting them (signing in with one is in sign-in.ts). */
export function passkeyActions(flow: FlowContext) {
  const { db, auth, config, requireSession, cookieSpec, passkeyChallengeCookieName } = flow;
  return {
    async StartWebAuthnRegistration(_body: unknown, req: ActionRequest): Promise<{ options: unknown; cookies: string[] }> {
      const s = requireSession(req);
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(passkey).where(eq(passkey.userId, s.userId));
      if (count >= MAX_PASSKEYS_PER_USER) throw new IdentityError('LimitExceededException', 'You can register at most 20 passkeys.', 400);
      const { response, headers } = await auth.api.generatePasskeyRegistrationOptions({
        headers: new Headers({ cookie: `${await cookieSpec()}=${encodeURIComponent(signToken(config.authSecret, s.token))}` }),
        returnHeaders: true,
      });
      return { options: response, cookies: headers.getSetCookie() };
    },

    async CompleteWebAuthnRegistration(
      body: Partial<IdentityActions['CompleteWebAuthnRegistration']['req']>,
      req: ActionRequest,
    ): Promise<Res<'CompleteWebAuthnRegistration'>> {
      const s = requireSession(req);
      const challenge = await passkeyChallengeCookieName();
      const cookie = [`${await cookieSpec()}=${encodeURIComponent(signToken(config.authSecret, s.token))}`];
      if (req.cookies[challenge]) cookie.push(`${challenge}=${encodeURIComponent(req.cookies[challenge] as string)}`);
      try {
        await auth.api.verifyPasskeyRegistration({
          headers: new Headers({ cookie: cookie.join('; '), origin: config.appOrigin }),
          body: { response: body.credential as never, name: (body.friendlyName ?? '').trim() || UNKNOWN_DEVICE },
        });
      } catch (err) {
        const message = (err as { body?: { message?: string } }).body?.message ?? 'registration failed';
        throw new IdentityError('WebAuthnChallengeNotFoundException', PASSKEY_MESSAGES.failed(message), 400);
      }
      return { ok: true };
    },

    async ListWebAuthnCredentials(
      body: Partial<IdentityActions['ListWebAuthnCredentials']['req']>,
      req: ActionRequest,
    ): Promise<Res<'ListWebAuthnCredentials'>> {
      const s = requireSession(req);
      const limit = Math.min(Math.max(Number(body.maxResults) || 20, 1), 20);
      const offset = Math.max(Number.parseInt(body.nextToken ?? '0', 10) || 0, 0);
      const rows = await db
        .select()
        .from(passkey)
        .where(eq(passkey.userId, s.userId))
        .orderBy(desc(passkey.createdAt), passkey.id)
        .limit(limit + 1)
        .offset(offset);
      const rp = new URL(config.appOrigin).hostname;
      const credentials: PasskeyEntry[] = rows.slice(0, limit).map((p) => ({
        credentialId: p.credentialID,
        friendlyCredentialName: p.name || UNKNOWN_DEVICE,
        createdAt: (p.createdAt ?? new Date(0)).toISOString(),
        relyingPartyId: rp,
        authenticatorAttachment: p.deviceType === 'multiDevice' ? 'cross-platform' : p.deviceType === 'singleDevice' ? 'platform' : null,
        authenticatorTransports: p.transports ? p.transports.split(',') : [],
      }));
      return rows.length > limit ? { credentials, nextToken: String(offset + limit) } : { credentials };
    },

    async DeleteWebAuthnCredential(
      body: Partial<IdentityActions['DeleteWebAuthnCredential']['req']>,
      req: ActionRequest,
    ): Promise<Res<'DeleteWebAuthnCredential'>> {
      const s = requireSession(req);
      const deleted = await db
        .delete(passkey)
        .where(and(eq(passkey.userId, s.userId), eq(passkey.credentialID, String(body.credentialId ?? ''))))
        .returning({ id: passkey.id });
      if (!deleted.length) throw new IdentityError('WebAuthnCredentialNotFoundException', PASSKEY_MESSAGES.noneFound, 400);
      return { ok: true };
    },
  };
}
