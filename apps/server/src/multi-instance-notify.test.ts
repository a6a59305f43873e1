import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createMember, createTenant, type TestMember } from './testing/factories.js';
import { closeAll, subscribe } from './testing/sse.js';
import { testConfig } from './testing/test-app.js';
import { createTestDatabase, testDbKind } from './testing/test-db.js';

// Two instances on one PostgreSQL and no Redis (issue 50), each caching sessions and members for a minute: a
// change to someone's access made through one reaches the other through PostgreSQL's NOTIFY, not through its
// cache running out; and a subscription held on one hears a change made through the other. (On PGlite there is
// only ever one process: nothing to carry.)
const LIST = 'query($t: ID!) { listDepartments(tenant_uuid: $t) { items { id } } }';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: TestMember;

const gql = async (app: FastifyInstance, token: string, query: string, variables: Record<string, unknown>) =>
  (
    await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: { query, variables },
    })
  ).json() as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
const codeOf = async (app: FastifyInstance, m: TestMember) =>
  (await gql(app, m.token, LIST, { t: m.tenantUuid })).errors?.[0]?.extensions?.code;

/**
 * B's answers right after A's change: how many came before the refusal, and how long it took. Asks at once, then
 * every 5 ms for at most 1 s (B caches for a minute). A's answer left only once A heard its own NOTIFY back, which
 * PostgreSQL hands to every listener at once: B's very next request is refused, unless B's copy is still on its way
 * (a few ms on a loaded machine) — the wait is for that delivery only, never for the cache to run out.
 */
async function refusalOnB(m: TestMember) {
  const started = performance.now();
  let served = 0;
  for (;;) {
    const code = await codeOf(b, m);
    if (code) return { code, served, ms: Math.round(performance.now() - started) };
    served++;
    if (performance.now() - started > 1_000) return { code, served, ms: Math.round(performance.now() - started) };
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.skipIf(testDbKind() !== 'postgres')('access changes across instances without Redis', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { ...testConfig(), redisUrl: undefined };
    a = await buildApp({ config, database, accessCacheTtlMs: 60_000 });
    b = await buildApp({ config, database, accessCacheTtlMs: 60_000 });
    admin = await createMember(database.db, await createTenant(database.db), { isAdmin: true });
  }, 60_000);
  afterAll(async () => {
    closeAll();
    await a?.close();
    await b?.close();
    await database?.dispose();
  });

  it('delivers a change made through B to a subscription held on A', async () => {
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const base = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const reader = await createMember(database.db, admin.tenantUuid, { permissions: ['people_basic'] });
    const sub = await subscribe(
      base(a),
      'subscription($t: ID!) { onCreateDepartments(tenant_uuid: $t) { department } }',
      { t: admin.tenantUuid },
      reader.token,
    );
    expect(sub.status).toBe(200);
    // LISTEN has been in place since A started: nothing to wait for but the subscription's own registration.
    await new Promise((r) => setTimeout(r, 100));
    const created = await gql(
      b,
      admin.token,
      'mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }',
      {
        t: admin.tenantUuid,
        d: [{ department: 'Made on B' }],
      },
    );
    expect(created.errors).toBeUndefined();
    expect((await sub.next()).data.onCreateDepartments).toEqual({ department: 'Made on B' });
  });

  it('refuses a person removed from the company through A on B at its next request', async () => {
    const worker = await createMember(database.db, admin.tenantUuid, { permissions: ['basic_access'] });
    expect(await codeOf(b, worker)).toBeUndefined(); // now cached on B for a minute
    const removed = await gql(a, admin.token, 'mutation($t: ID!, $id: Int!) { removeUserFromTenant(tenant_uuid: $t, id: $id) { id } }', {
      t: admin.tenantUuid,
      id: worker.employeeId,
    });
    expect(removed.errors).toBeUndefined();
    const seen = await refusalOnB(worker);
    console.log(`removal: refused on B after ${seen.served} answer(s) still served, ${seen.ms} ms`);
    expect(seen.code).toBe('NOT_FOUND');
  });

  it('refuses a person taken out of their permission group through A on B at its next request', async () => {
    const worker = await createMember(database.db, admin.tenantUuid, { permissions: ['basic_access'] });
    expect(await codeOf(b, worker)).toBeUndefined();
    const changed = await gql(
      a,
      admin.token,
      'mutation($t: ID!, $e: Int!) { updateUserGroupsForUser(tenant_uuid: $t, employees_id: $e, usergroup_ids: []) { id } }',
      { t: admin.tenantUuid, e: worker.employeeId },
    );
    expect(changed.errors).toBeUndefined();
    const seen = await refusalOnB(worker);
    console.log(`group change: refused on B after ${seen.served} answer(s) still served, ${seen.ms} ms`);
    expect(seen.code).toBeDefined();
  });
});
