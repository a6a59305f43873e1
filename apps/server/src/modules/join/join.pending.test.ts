import { randomUUID } from 'node:crypto';
import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import { JOIN_ENDPOINT } from '@groundwork/core/join';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { JOIN_PENDING_ENDPOINT, type PendingJoin } from './join.pending.js';
import { joinRequests } from './join.table.js';

const t = useTestApp();

const CREATE = 'mutation($t: ID!, $n: String!) { createJoinLink(tenant_uuid: $t, name: $n) { id code } }';
const APPROVE = 'mutation($t: ID!, $id: Int!) { approveJoinRequest(tenant_uuid: $t, id: $id) { id } }';
const DECLINE = 'mutation($t: ID!, $id: Int!) { declineJoinRequest(tenant_uuid: $t, id: $id) }';

let alpha: TestMember;
let beta: TestMember;
let gamma: TestMember;
const codes: Record<string, string> = {};

let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function newcomer() {
  const identity = randomUUID();
  return { identity, token: await createSession(t.database.db, identity) };
}
async function join(token: string, code: string, firstname = 'Ana') {
  const res = await t.app.inject({
    method: 'POST',
    url: JOIN_ENDPOINT,
    remoteAddress: nextIp(),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: { company: code, firstname, lastname: 'Ruiz' },
  });
  expect(res.json()).toMatchObject({ status: 'pending' });
}
async function pending(token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: JOIN_PENDING_ENDPOINT,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, cache: res.headers['cache-control'], body: res.json() as { pending: PendingJoin[] } };
}
const companies = async (token: string) => (await pending(token)).body.pending.map((p) => p.company);
const requestId = async (tenant: string, identity: string) => {
  const [row] = await withTenant(t.database.db, tenant, (tx) =>
    tx
      .select({ id: joinRequests.id })
      .from(joinRequests)
      .where(and(eq(joinRequests.tenant_uuid, tenant), eq(joinRequests.cognito_uuid, identity))),
  );
  return row.id;
};
async function getUser(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: 'GetUser', authorization: `Bearer ${token}` },
    payload: {},
  });
  return res.json() as { 'custom:tenants': { tenant_uuid: string; company: string }[] };
}

beforeAll(async () => {
  const db = t.database.db;
  alpha = await createMember(db, await createTenant(db, 'Alpha Builders'), { isAdmin: true });
  beta = await createMember(db, await createTenant(db, 'Beta Builders'), { isAdmin: true });
  gamma = await createMember(db, await createTenant(db, 'Gamma Concrete'), { isAdmin: true });
  for (const [name, who] of Object.entries({ alpha, beta, gamma })) {
    const res = await t.gql(CREATE, { t: who.tenantUuid, n: 'Trailer door' }, who.token);
    expect(res.errors).toBeUndefined();
    codes[name] = res.data?.createJoinLink.code;
  }
});

describe('GET /api/join/pending: my own requests waiting for approval', () => {
  it('refuses anyone not signed in', async () => {
    const none = await pending();
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: 'UNAUTHENTICATED' });
    expect((await pending('not-a-session')).status).toBe(401);
  });

  it('lists the companies I asked to join, with when, and nothing else; never anyone else’s requests', async () => {
    const me = await newcomer();
    expect(await pending(me.token)).toEqual({ status: 200, cache: 'no-store', body: { pending: [] } });
    await join(me.token, codes.alpha);
    await join(me.token, codes.beta);
    // Someone else waiting for Alpha and for Gamma.
    const other = await newcomer();
    await join(other.token, codes.alpha, 'Otro');
    await join(other.token, codes.gamma, 'Otro');

    const mine = await pending(me.token);
    expect(mine.status).toBe(200);
    expect(mine.body.pending.map((p) => p.company)).toEqual(['Alpha Builders', 'Beta Builders']);
    for (const p of mine.body.pending) {
      expect(Object.keys(p).sort()).toEqual(['company', 'requested_on']);
      expect(Date.now() - Date.parse(p.requested_on)).toBeLessThan(5 * 60_000);
    }
    expect(await companies(other.token)).toEqual(['Alpha Builders', 'Gamma Concrete']);
    // A member of Gamma with a selected company sees no request of theirs (they made none), and not the company's.
    const gammaSession = await createSession(t.database.db, gamma.identity, gamma.tenantUuid);
    expect(await companies(gammaSession)).toEqual([]);
  });

  it('approval takes the company off the list and makes it a normal choice', async () => {
    const me = await newcomer();
    await join(me.token, codes.alpha);
    await join(me.token, codes.gamma);
    expect((await getUser(me.token))['custom:tenants']).toEqual([]);
    const res = await t.gql(APPROVE, { t: alpha.tenantUuid, id: await requestId(alpha.tenantUuid, me.identity) }, alpha.token);
    expect(res.errors).toBeUndefined();
    expect(await companies(me.token)).toEqual(['Gamma Concrete']);
    expect((await getUser(me.token))['custom:tenants']).toEqual([{ tenant_uuid: alpha.tenantUuid, company: 'Alpha Builders' }]);
  });

  it('declining removes it: nothing is shown', async () => {
    const me = await newcomer();
    await join(me.token, codes.beta);
    expect(await companies(me.token)).toEqual(['Beta Builders']);
    const res = await t.gql(DECLINE, { t: beta.tenantUuid, id: await requestId(beta.tenantUuid, me.identity) }, beta.token);
    expect(res.data?.declineJoinRequest).toBe(true);
    expect(await pending(me.token)).toMatchObject({ status: 200, body: { pending: [] } });
    expect((await getUser(me.token))['custom:tenants']).toEqual([]);
  });
});

describe('the read path behind it (migration 0018), straight from the database', () => {
  const tenantTables = async (tx: Tx) =>
    (
      (await tx.execute(sql`
        select c.relname as table from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`)) as unknown as { rows: { table: string }[] }
    ).rows.map((r) => r.table);
  /** What app_user sees of every tenant table with only app.join_identity set. */
  const seenAs = (identity: string) =>
    t.database.db.transaction(async (raw) => {
      const tx = raw as unknown as Tx;
      const tables = await tenantTables(tx);
      await tx.execute(sql`select set_config('app.join_identity', ${identity}, true), set_config('role', 'app_user', true)`);
      const seen: Record<string, { tenant_uuid: string; cognito_uuid?: string; company?: string }[]> = {};
      for (const table of tables) {
        const r = (await tx.execute(sql`select * from ${sql.identifier(table)}`)) as unknown as { rows: never[] };
        if (r.rows.length) seen[table] = r.rows;
      }
      return seen;
    });

  it('shows a waiting person their request rows and those companies’ rows, and no other row of any tenant table', async () => {
    const me = await newcomer();
    await join(me.token, codes.beta);
    await join(me.token, codes.gamma);
    const other = await newcomer();
    await join(other.token, codes.beta, 'Otro');

    const seen = await seenAs(me.identity);
    expect(Object.keys(seen).sort()).toEqual(['join_requests', 'tenants']);
    expect(seen.join_requests.map((r) => r.cognito_uuid)).toEqual([me.identity, me.identity]);
    expect(seen.tenants.map((r) => r.company).sort()).toEqual(['Beta Builders', 'Gamma Concrete']);
    // Not Alpha's row, not the other person's request, no links, no people.
    expect(seen.tenants.some((r) => r.tenant_uuid === alpha.tenantUuid)).toBe(false);
  });

  it('shows nothing with the setting empty, unknown, or set to a member who asked nothing', async () => {
    expect(await seenAs('')).toEqual({});
    expect(await seenAs(randomUUID())).toEqual({});
    expect(await seenAs(alpha.identity)).toEqual({});
  });

  it('is read-only: it cannot change or remove a request, even its own', async () => {
    const me = await newcomer();
    await join(me.token, codes.gamma);
    const changed = await t.database.db.transaction(async (raw) => {
      const tx = raw as unknown as Tx;
      await tx.execute(sql`select set_config('app.join_identity', ${me.identity}, true), set_config('role', 'app_user', true)`);
      const u = (await tx.execute(sql`update join_requests set firstname = 'X' returning id`)) as unknown as { rows: unknown[] };
      const d = (await tx.execute(sql`delete from join_requests returning id`)) as unknown as { rows: unknown[] };
      return u.rows.length + d.rows.length;
    });
    expect(changed).toBe(0);
    expect(await companies(me.token)).toEqual(['Gamma Concrete']);
  });
});
