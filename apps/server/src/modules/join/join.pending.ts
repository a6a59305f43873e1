import { JOIN_ENDPOINT } from '@groundwork/core/join';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { LiveSession } from '../../identity/session.js';
import { tenants } from '../tenants/tenants.table.js';
import { joinRequests } from './join.table.js';

/** GET: the caller's own requests to join that still wait for approval, for /select-tenant. */
export const JOIN_PENDING_ENDPOINT = `${JOIN_ENDPOINT}/pending`;

/** One company the caller asked to join: its name and when they asked. Nothing else (no ids, no link, no people). */
export type PendingJoin = { company: string; requested_on: string };
type PendingJoins = { pending: PendingJoin[] };

/**
 * The identity's own pending requests, across companies, oldest first. Runs as app_user with no tenant, no identity
 * and no join code set, only app.join_identity (the join_request_own and join_request_company policies of migration
 * 0018): it sees this person's request rows and the names of those companies, nothing else. Approval and declining
 * delete the row, so either way the company drops out of this list.
 */
async function pendingJoinsOf(db: Db, identity: string): Promise<PendingJoin[]> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    await tx.execute(sql`select set_config('app.join_identity', ${identity}, true), set_config('role', 'app_user', true)`);
    const rows = await tx
      .select({
        company: tenants.company,
        // ISO 8601 from the database (written out: drizzle leaves a column inside sql`` unqualified, and tenants has one too).
        requested_on: sql<string>`to_json(join_requests.created_on) #>> '{}'`,
      })
      .from(joinRequests)
      .innerJoin(tenants, eq(tenants.tenant_uuid, joinRequests.tenant_uuid))
      .where(and(eq(joinRequests.cognito_uuid, identity), eq(tenants.status, 1)))
      .orderBy(asc(joinRequests.created_on), asc(tenants.company));
    return rows.map((r) => ({ company: r.company, requested_on: new Date(r.requested_on).toISOString() }));
  });
}

/** The route: signed in (any session, no company needed), the caller's own list; anyone else is refused. */
export function registerPendingJoinsRoute(
  app: FastifyInstance,
  deps: { db: Db; sessionOf: (req: FastifyRequest) => Promise<LiveSession | null> },
) {
  app.get(JOIN_PENDING_ENDPOINT, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await deps.sessionOf(req);
    if (!session) return reply.status(401).send({ statusCode: 401, error: 'UNAUTHENTICATED', message: 'Please sign back in.' });
    return { pending: await pendingJoinsOf(deps.db, session.userId) } satisfies PendingJoins;
  });
}
