import type { AddressInfo } from 'node:net';
import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { closeAll, subscribe as openSubscription } from '../testing/sse.js';
import { useTestApp } from '../testing/test-app.js';

const t = useTestApp();
let base: string;
let a: TestMember;
let a2: TestMember;
let b: TestMember;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const ta = await createTenant(t.database.db);
  const tb = await createTenant(t.database.db);
  a = await createMember(t.database.db, ta, { permissions: ['people_admin'] });
  a2 = await createMember(t.database.db, ta, { permissions: ['people_basic'] });
  b = await createMember(t.database.db, tb, { permissions: ['people_admin'] });
});

afterAll(closeAll);

const subscribe = async (query: string, variables: Record<string, unknown>, token: string) => {
  const sub = await openSubscription(base, query, variables, token);
  expect(sub.status).toBe(200);
  return sub;
};

const ON_CREATE = `subscription($t: ID!) { onCreateDepartments(tenant_uuid: $t) { department tenant_uuid } }`;
const CREATE = `mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }`;

describe('subscriptions over SSE', () => {
  it('deliver a tenant’s changes to its own sessions only', async () => {
    const inA = await subscribe(ON_CREATE, { t: a.tenantUuid }, a2.token);
    const inB = await subscribe(ON_CREATE, { t: b.tenantUuid }, b.token);
    // Give both subscriptions time to register before publishing.
    await new Promise((r) => setTimeout(r, 200));
    await t.gql(CREATE, { t: a.tenantUuid, d: [{ department: 'From A' }] }, a.token);
    await t.gql(CREATE, { t: b.tenantUuid, d: [{ department: 'From B' }] }, b.token);
    expect((await inA.next()).data.onCreateDepartments).toEqual({ department: 'From A', tenant_uuid: a.tenantUuid });
    // B's first event is B's own record: A's never reached it.
    expect((await inB.next()).data.onCreateDepartments).toEqual({ department: 'From B', tenant_uuid: b.tenantUuid });
  });

  it('refuse to subscribe to another tenant or without a session', async () => {
    const foreign = await subscribe(ON_CREATE, { t: b.tenantUuid }, a.token);
    expect((await foreign.next()).errors[0].extensions.code).toBe('NOT_FOUND');
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: ON_CREATE, variables: { t: a.tenantUuid } }),
    });
    expect(await res.text()).toContain('UNAUTHENTICATED');
  });

  it('end when the session ends (global sign-out) or the person is removed, without delivering another event', async () => {
    const leaving = await createMember(t.database.db, a.tenantUuid, { permissions: ['people_basic'] });
    const signingOut = await createMember(t.database.db, a.tenantUuid, { permissions: ['people_basic'] });
    const removedStream = await subscribe(ON_CREATE, { t: a.tenantUuid }, leaving.token);
    const signedOutStream = await subscribe(ON_CREATE, { t: a.tenantUuid }, signingOut.token);
    await new Promise((r) => setTimeout(r, 200));
    await t.gql(CREATE, { t: a.tenantUuid, d: [{ department: 'Before' }] }, a.token);
    expect((await removedStream.next()).data.onCreateDepartments.department).toBe('Before');
    expect((await signedOutStream.next()).data.onCreateDepartments.department).toBe('Before');

    const removed = await t.gql(
      'mutation($t: ID!, $id: Int!) { removeUserFromTenant(tenant_uuid: $t, id: $id) { id } }',
      { t: a.tenantUuid, id: leaving.employeeId },
      a.token,
    );
    expect(removed.errors).toBeUndefined();
    const out = await t.app.inject({
      method: 'POST',
      url: IDENTITY_ENDPOINT,
      headers: {
        'content-type': 'application/json',
        [IDENTITY_ACTION_HEADER]: 'GlobalSignOut',
        authorization: `Bearer ${signingOut.token}`,
      },
      payload: {},
    });
    expect(out.statusCode).toBe(200);

    await t.gql(CREATE, { t: a.tenantUuid, d: [{ department: 'After' }] }, a.token);
    expect(await removedStream.nextOrEnd()).toBeNull();
    expect(await signedOutStream.nextOrEnd()).toBeNull();
  });
});
