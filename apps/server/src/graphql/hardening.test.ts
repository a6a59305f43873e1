import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';

const t = useTestApp();
let a: TestMember;
let b: TestMember;

beforeAll(async () => {
  a = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  b = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  const create = `mutation($t: ID!, $d: [EmployeesInput!]!) { createEmployees(tenant_uuid: $t, data: $d) { id } }`;
  const people = (who: string) => Array.from({ length: 30 }, (_, i) => ({ firstname: `${who}${i}`, lastname: who }));
  expect((await t.gql(create, { t: a.tenantUuid, d: people('A') }, a.token)).errors).toBeUndefined();
  expect((await t.gql(create, { t: b.tenantUuid, d: people('B') }, b.token)).errors).toBeUndefined();
});

const alive = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode).toBe(200);
};

describe('request limits, enforced before any resolver runs', () => {
  it('rejects a query deeper than 6', async () => {
    // Counted before the fields are checked, so an unknown field cannot slip a deep query past it.
    const deep = '{ listTenants { a { b { c { d { e { f } } } } } } }';
    const res = await t.gql(deep, {}, a.token);
    const depth = res.errors?.find((e) => /depth/i.test(e.message));
    expect(depth?.extensions?.code).toBe('VALIDATION');
    expect(res.data ?? null).toBeNull();
    await alive();
  });

  it('rejects 16 aliases', async () => {
    const aliases = (n: number) => Array.from({ length: n }, (_, i) => `x${i}: listTenants { company }`).join(' ');
    const res = await t.gql(`{ ${aliases(16)} }`, {}, a.token);
    expect(res.errors?.[0].message).toMatch(/alias/i);
    expect((await t.gql(`{ ${aliases(15)} }`, {}, a.token)).errors).toBeUndefined();
    expect(res.data ?? null).toBeNull();
    await alive();
  });

  it('rejects a batch of 1,001 records, in variables or written inline, and saves none', async () => {
    const d = Array.from({ length: 1001 }, (_, i) => ({ department: `D${i}` }));
    const viaVars = await t.gql(
      `mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }`,
      { t: a.tenantUuid, d },
      a.token,
    );
    expect(viaVars.errors?.[0]).toMatchObject({
      message: 'Too many records: at most 1000 in one call.',
      extensions: { code: 'VALIDATION' },
    });
    const inline = d.map((r) => `{ department: "${r.department}" }`).join(', ');
    const viaLiteral = await t.gql(
      `mutation($t: ID!) { createDepartments(tenant_uuid: $t, data: [${inline}]) { id } }`,
      { t: a.tenantUuid },
      a.token,
    );
    expect(viaLiteral.errors?.[0].message).toBe('Too many records: at most 1000 in one call.');
    const list = await t.gql(`query($t: ID!) { listDepartments(tenant_uuid: $t) { items { id } } }`, { t: a.tenantUuid }, a.token);
    expect(list.data?.listDepartments.items).toEqual([]);
    await alive();
  });

  it('answers 413 to a 10 MB body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(10 * 1024 * 1024) } }),
    });
    expect(res.statusCode).toBe(413);
    await alive();
  });

  it('answers a 600,000-element list and a 20,000-deep variable with VALIDATION, not a 500', async () => {
    const query = 'mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }';
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
        payload,
      });
    const huge = await post(JSON.stringify({ query, variables: { t: a.tenantUuid, d: Array.from({ length: 600_000 }, () => 1) } }));
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.json().errors[0].extensions.code).toBe('VALIDATION');
    const deep = `${'{"a":'.repeat(20_000)}{}${'}'.repeat(20_000)}`;
    const nested = await post(`{"query":${JSON.stringify(query)},"variables":{"t":"${a.tenantUuid}","d":[{"department":${deep}}]}}`);
    expect(nested.statusCode).toBeLessThan(500);
    expect(nested.json().errors[0].extensions.code).toBe('VALIDATION');
    const nul = await t.gql(query, { t: a.tenantUuid, d: [{ department: 'Yard\u0000' }] }, a.token);
    expect(nul.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION' } });
    await alive();
  });

  it('answers a body that is not JSON with a 400 and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/stack|at \w+ \(|node_modules/);
  });

  it('refuses a GET without the CSRF header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D' });
    expect(res.statusCode).toBe(403);
  });

  it('masks unexpected errors: no stack or internals leave the server', async () => {
    const res = await t.gql(`query { listTenants { company } }`, {}, 'garbage.token');
    expect(JSON.stringify(res)).not.toMatch(/stack|at \w+ \(/);
  });
});

describe('tenant isolation under load', () => {
  it('200 concurrent requests alternating two tenants never return a row of the other', async () => {
    const q = `query($t: ID!) { listEmployees(tenant_uuid: $t, limit: 1000) { items { tenant_uuid lastname } } }`;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const who = i % 2 === 0 ? a : b;
        return t.gql(q, { t: who.tenantUuid }, who.token).then((res) => ({ who, res }));
      }),
    );
    for (const { who, res } of results) {
      expect(res.errors).toBeUndefined();
      const items = res.data?.listEmployees.items as { tenant_uuid: string; lastname: string }[];
      expect(items.length).toBe(31);
      expect(items.every((e) => e.tenant_uuid === who.tenantUuid)).toBe(true);
    }
  });
});
