import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createMember, createTenant, type TestMember } from './testing/factories.js';
import { closeAll, subscribe } from './testing/sse.js';
import { testConfig } from './testing/test-app.js';
import { createTestDatabase } from './testing/test-db.js';

// Several instances (issue 25): two servers on one database and one Redis, on their own ports as behind a proxy.
// A subscription held on one hears a change made through the other, and a sign-in lockout counts attempts
// whichever instance they reach.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const instances: { app: FastifyInstance; base: string }[] = [];
let admin: TestMember;
let reader: TestMember;

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({ config: { ...testConfig(), redisUrl: REDIS_URL }, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    instances.push({ app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  }
  const tenant = await createTenant(database.db);
  admin = await createMember(database.db, tenant, { permissions: ['people_admin'] });
  reader = await createMember(database.db, tenant, { permissions: ['people_basic'] });
}, 60_000);

afterAll(async () => {
  closeAll();
  for (const { app } of instances) await app.close();
  await database?.dispose();
});

describe('two instances on one database and one Redis', () => {
  it('run on different ports', () => {
    expect(new Set(instances.map((i) => i.base)).size).toBe(2);
  });

  it('deliver a change made through one to a subscription held on the other', async () => {
    const [a, b] = instances;
    const sub = await subscribe(
      a.base,
      'subscription($t: ID!) { onCreateDepartments(tenant_uuid: $t) { department } }',
      { t: admin.tenantUuid },
      reader.token,
    );
    expect(sub.status).toBe(200);
    // The subscription is registered with Redis before the change is made.
    await new Promise((r) => setTimeout(r, 300));
    const created = await fetch(`${b.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        query: 'mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }',
        variables: { t: admin.tenantUuid, d: [{ department: 'Made on B' }] },
      }),
    });
    expect((await created.json()).errors).toBeUndefined();
    expect((await sub.next()).data.onCreateDepartments).toEqual({ department: 'Made on B' });
  });

  it('count sign-in failures for one account across both', async () => {
    const username = `someone-${randomUUID().slice(0, 8)}@example.com`;
    const signIn = (i: number) =>
      fetch(`${instances[i % 2].base}${IDENTITY_ENDPOINT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: 'InitiateAuth' },
        body: JSON.stringify({ username, password: 'a wrong password' }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    // Five free failures and the one that locks, alternating between the instances as a proxy would.
    for (let i = 0; i < 6; i++) expect((await signIn(i)).status, `attempt ${i + 1}`).toBe(401);
    for (const i of [0, 1]) expect((await signIn(i)).body.name).toBe('TooManyRequestsException');
  });
});
