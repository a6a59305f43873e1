import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';

const t = useTestApp();
const LIST = '{ listTenants { tenant_uuid company } }';
const FETCH = 'query($t: ID!) { fetchTenant(tenant_uuid: $t) { tenant_uuid company status } }';

let inA: TestMember;
let inB: TestMember;
let stranger: TestMember;
let a: string;
let b: string;

beforeAll(async () => {
  a = await createTenant(t.database.db, 'Alpha Builders');
  b = await createTenant(t.database.db, 'Bravo Concrete');
  const c = await createTenant(t.database.db, 'Charlie Civil');
  // One person, a member of two companies.
  inA = await createMember(t.database.db, a, { permissions: ['basic_access'] });
  inB = await createMember(t.database.db, b, { identity: inA.identity, permissions: ['basic_access'] });
  stranger = await createMember(t.database.db, c, { isAdmin: true });
});

describe('tenants (global)', () => {
  it('lists exactly the companies the signed-in person is an active member of', async () => {
    const res = await t.gql(LIST, {}, inA.token);
    expect(res.data?.listTenants.map((x: { company: string }) => x.company)).toEqual(['Alpha Builders', 'Bravo Concrete']);
    // Before any company is chosen, too.
    const noTenant = await createSession(t.database.db, inA.identity);
    expect((await t.gql(LIST, {}, noTenant)).data?.listTenants).toHaveLength(2);
    expect((await t.gql(LIST, {}, stranger.token)).data?.listTenants.map((x: { company: string }) => x.company)).toEqual(['Charlie Civil']);
  });

  it('drops a company once the person is archived there', async () => {
    await withTenant(t.database.db, b, (tx) => tx.execute(sql`update employees set status = 0 where id = ${inB.employeeId}`));
    const res = await t.gql(LIST, {}, inA.token);
    expect(res.data?.listTenants.map((x: { company: string }) => x.company)).toEqual(['Alpha Builders']);
    expect((await t.gql(FETCH, { t: b }, inB.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    await withTenant(t.database.db, b, (tx) => tx.execute(sql`update employees set status = 1 where id = ${inB.employeeId}`));
  });

  it('fetches the selected company only', async () => {
    expect((await t.gql(FETCH, { t: a }, inA.token)).data?.fetchTenant).toMatchObject({ tenant_uuid: a, company: 'Alpha Builders' });
    // The same person, with a session that selected A, cannot read B through A's session.
    expect((await t.gql(FETCH, { t: b }, inA.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(FETCH, { t: a }, stranger.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(FETCH, { t: a })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(FETCH, { t: 'not-a-uuid' }, inA.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(LIST, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
