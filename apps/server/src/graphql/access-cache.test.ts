import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { testConfig, useTestApp } from '../testing/test-app.js';

// Two instances on one database and one Redis, each caching sessions and members for a minute: a change
// made through one must reach the other through Redis, not through the cache running out.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const t = useTestApp({ config: { redisUrl: REDIS_URL }, deps: {} });
let second: FastifyInstance;
let admin: TestMember;
let worker: TestMember;

const LIST = 'query($t: ID!) { listDepartments(tenant_uuid: $t) { items { id } } }';
const ask = async (app: FastifyInstance, m: TestMember) =>
  (
    await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
      payload: { query: LIST, variables: { t: m.tenantUuid } },
    })
  ).json() as { errors?: { extensions?: { code?: string } }[] };

/** Asks again until the answer is refused, for at most `ms`: the broadcast takes a Redis round trip. */
async function refusedWithin(app: FastifyInstance, m: TestMember, ms: number): Promise<string | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const code = (await ask(app, m)).errors?.[0]?.extensions?.code;
    if (code || Date.now() > until) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  second = await buildApp({ config: { ...testConfig(), redisUrl: REDIS_URL }, database: t.database, accessCacheTtlMs: 60_000 });
  const tenant = await createTenant(t.database.db);
  admin = await createMember(t.database.db, tenant, { isAdmin: true });
  worker = await createMember(t.database.db, tenant, { permissions: ['basic_access'] });
});
afterAll(async () => {
  await second?.close();
});

describe('access cache across instances', () => {
  it('refuses a person removed through one instance on the other at once, long before its cache would expire', async () => {
    expect((await ask(second, worker)).errors).toBeUndefined();
    const removed = await t.gql(
      'mutation($t: ID!, $id: Int!) { removeUserFromTenant(tenant_uuid: $t, id: $id) { id } }',
      { t: admin.tenantUuid, id: worker.employeeId },
      admin.token,
    );
    expect(removed.errors).toBeUndefined();
    expect(await refusedWithin(second, worker, 3_000)).toBe('NOT_FOUND');
  });
});
