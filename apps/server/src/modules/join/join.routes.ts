import { createHash } from 'node:crypto';
import { JOIN_CODE, JOIN_ENDPOINT, JOIN_MESSAGES, JOIN_POSTER_ENDPOINT, type JoinAnswer, joinFields, joinUrl } from '@groundwork/core/join';
import { fromText } from '@groundwork/core/messages';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { AppError } from '../../graphql/errors.js';
import { gateOnly, type Rule, type TenantGate } from '../../graphql/gate.js';
import { user } from '../../identity/auth.table.js';
import type { LiveSession } from '../../identity/session.js';
import { hit } from '../../identity/throttle.js';
import { isLanguage } from '../../platform/texts.js';
import { tenants } from '../tenants/tenants.table.js';
import { registerPendingJoinsRoute } from './join.pending.js';
import { renderJoinPoster } from './join.poster.js';
import { admit, findLink, memberRow, requestToJoin } from './join.service.js';
import { joinLinks } from './join.table.js';

/**
 * The join endpoint's limits, counted in the database like the identity limits (auth_throttle), so every
 * instance shares them. Per client address: looking codes up and asking to join. Per link: asking to join (a
 * code posted on a trailer door can be photographed; it must not become a way to flood a company's pending list).
 * Per account: a person does not need more than a few tries.
 */
export const JOIN_LIMITS = {
  lookupPerAddress: { windowSeconds: 15 * 60, max: 120 },
  joinPerAddress: { windowSeconds: 15 * 60, max: 20 },
  joinPerLink: { windowSeconds: 15 * 60, max: 60 },
  joinPerAccount: { windowSeconds: 15 * 60, max: 10 },
} as const;

/** Only people admins print posters (they hold the link). */
const POSTER_RULE: Rule = { area: 'people', action: 'write' };

type Refusal = { status: number; error: string; message: string };
const keyed = (message: string) => {
  const { key, values } = fromText(message);
  return { message_key: key, message_values: values };
};
const send = (reply: FastifyReply, r: Refusal) =>
  reply
    .status(r.status)
    .header('cache-control', 'no-store')
    // Its message key and values as GraphQL's refusals carry them (issue 46).
    .send({ statusCode: r.status, error: r.error, message: r.message, ...keyed(r.message) });
/** Unknown, rotated and turned-off codes, and malformed ones, all get exactly this. */
const INVALID: Refusal = { status: 404, error: 'NOT_FOUND', message: JOIN_MESSAGES.invalidLink };
const TOO_MANY: Refusal = { status: 429, error: 'RATE_LIMITED', message: JOIN_MESSAGES.tooMany };
const SIGN_IN: Refusal = { status: 401, error: 'UNAUTHENTICATED', message: JOIN_MESSAGES.signIn };
const NOT_FOUND: Refusal = { status: 404, error: 'NOT_FOUND', message: 'Not found.' };

// Keys hold a digest of the code, never the code: the throttle table is not where codes should be readable.
const digest = (code: string) => createHash('sha256').update(code).digest('base64url').slice(0, 22);

export function registerJoinRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; gate: TenantGate; sessionOf: (req: FastifyRequest) => Promise<LiveSession | null>; now: () => Date },
) {
  const { config, db, gate, sessionOf, now } = deps;
  const within = (key: string, rule: { windowSeconds: number; max: number }) => hit(db, `join:${key}`, rule, now());

  // The caller's own requests still waiting for approval, for /select-tenant (join.pending.ts).
  registerPendingJoinsRoute(app, { db, sessionOf });

  // The company's face for the join page: its name (and logo), nothing about its people.
  app.get(JOIN_ENDPOINT, async (req, reply) => {
    if (!(await within(`look:${req.ip}`, JOIN_LIMITS.lookupPerAddress))) return send(reply, TOO_MANY);
    const code = (req.query as { company?: unknown }).company;
    const link = typeof code === 'string' && JOIN_CODE.test(code) ? await findLink(db, code) : null;
    if (!link) return send(reply, INVALID);
    reply.header('cache-control', 'no-store');
    return { company: link.company, logo: null };
  });

  app.post(JOIN_ENDPOINT, async (req, reply) => {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
      return send(reply, { ...INVALID, status: 415, error: 'VALIDATION', message: 'Send JSON.' });
    const session = await sessionOf(req);
    if (!session) return send(reply, SIGN_IN);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const code = typeof body.company === 'string' ? body.company : '';
    // Counted before the code is looked at, so a wrong code costs the same as a right one.
    if (!(await within(`ip:${req.ip}`, JOIN_LIMITS.joinPerAddress))) return send(reply, TOO_MANY);
    if (!(await within(`account:${session.userId}`, JOIN_LIMITS.joinPerAccount))) return send(reply, TOO_MANY);
    if (!(await within(`link:${digest(code)}`, JOIN_LIMITS.joinPerLink))) return send(reply, TOO_MANY);
    const link = JOIN_CODE.test(code) ? await findLink(db, code) : null;
    if (!link) return send(reply, INVALID);
    const fields = joinFields.safeParse(body);
    if (!fields.success) {
      const issue = fields.error.issues[0];
      return send(reply, {
        status: 400,
        error: 'VALIDATION',
        message: `${String(issue?.path[0] ?? 'name')}: ${issue?.message ?? 'invalid'}`,
      });
    }
    const [account] = await db.select({ email: user.email, phone: user.phoneNumber }).from(user).where(eq(user.id, session.userId));
    if (!account) return send(reply, SIGN_IN);
    const username = account.email.toLowerCase().endsWith('.invalid') ? (account.phone ?? '') : account.email.toLowerCase();
    const joiner = { cognito_uuid: session.userId, username, ...fields.data };

    // The person is not a member (that is the point), so there is no member for the tenant gate to check: this is
    // the company's walled transaction with the company the code named, and it only ever adds this one person.
    const status = await withTenant(db, link.tenant_uuid, async (tx) => {
      if (await memberRow(tx, link.tenant_uuid, session.userId)) return 'member' as const;
      if (link.auto_approve) {
        await admit(tx, link.tenant_uuid, joiner, link.usergroup_ids);
        return 'approved' as const;
      }
      await requestToJoin(tx, link.tenant_uuid, link.id, joiner);
      return 'pending' as const;
    });
    if (status === 'approved') gate.cache.invalidateTenant(link.tenant_uuid);
    reply.header('cache-control', 'no-store');
    return { status, company: link.company } satisfies JoinAnswer;
  });

  // The poster of one link, for the people admins of the session's company.
  app.get(JOIN_POSTER_ENDPOINT, async (req, reply) => {
    const session = await sessionOf(req);
    if (!session) return send(reply, { status: 401, error: 'UNAUTHENTICATED', message: 'Please sign back in.' });
    const query = req.query as { id?: string; lang?: string };
    const id = Number(query.id);
    // The language asked for (a poster for the crew's), else the requester's saved one.
    const lang = isLanguage(query.lang) ? query.lang : (session.language ?? 'en');
    const tenant = session.claims.tid;
    if (!tenant || !Number.isSafeInteger(id) || id < 1 || id > 2147483647) return send(reply, NOT_FOUND);
    let found: { code: string; company: string } | undefined;
    try {
      found = await gateOnly({ session: session.claims, gate }, tenant, POSTER_RULE, async (tx) => {
        const [row] = await tx
          .select({ code: joinLinks.code, company: tenants.company })
          .from(joinLinks)
          .innerJoin(tenants, eq(tenants.tenant_uuid, joinLinks.tenant_uuid))
          .where(and(eq(joinLinks.tenant_uuid, tenant), eq(joinLinks.id, id)));
        return row;
      });
    } catch (err) {
      if (err instanceof AppError) {
        const code = err.extensions.code;
        return send(reply, code === 'FORBIDDEN' ? { status: 403, error: 'FORBIDDEN', message: err.message } : NOT_FOUND);
      }
      throw err;
    }
    if (!found) return send(reply, NOT_FOUND);
    const pdf = await renderJoinPoster({ company: found.company }, joinUrl(config.appOrigin, found.code), lang);
    return (
      reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        // A download: it prints the same everywhere, and no browser's PDF viewer meets the app's CSP.
        .header('content-disposition', `attachment; filename="join-poster-${lang}.pdf"`)
        .send(pdf)
    );
  });
}
