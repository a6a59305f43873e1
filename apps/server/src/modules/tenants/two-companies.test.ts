import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT, type IdentityAction } from '@groundwork/core/identity';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';

// Issue 4, "Done when": a person in two companies sees exactly the right data and menu in each after switching
// (SelectTenant on one live session), and never a row of the other.

const t = useTestApp();

const Q = {
  people: 'query($t: ID!) { listEmployees(tenant_uuid: $t, limit: 1000) { items { tenant_uuid id firstname } } }',
  departments: 'query($t: ID!) { listDepartments(tenant_uuid: $t, limit: 1000) { items { tenant_uuid department } } }',
  links: 'query($t: ID!) { listCustomLinksPerUser(tenant_uuid: $t) { title } }',
  settings: 'query($t: ID!) { listGlobalSettings(tenant_uuid: $t) { codx_tenant_options_values_id custom_value } }',
  menu: 'query($t: ID!) { listUsersNavigation(tenant_uuid: $t) { path } }',
  groups: 'query($t: ID!) { listPGUserGroups(tenant_uuid: $t) { usergroup } }',
  switches: 'query($t: ID!) { listTenantsModules(tenant_uuid: $t) { tenant_uuid modules_id status } }',
  tenant: 'query($t: ID!) { fetchTenant(tenant_uuid: $t) { company } }',
};
const CREATE_PEOPLE = 'mutation($t: ID!, $d: [EmployeesInput!]!) { createEmployees(tenant_uuid: $t, data: $d) { id } }';
const CREATE_DEPARTMENTS = 'mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }';
const CREATE_LINKS = 'mutation($t: ID!, $d: [CustomLinksInput!]!) { createCustomLinks(tenant_uuid: $t, data: $d) { id } }';
const CREATE_SWITCHES = 'mutation($t: ID!, $d: [TenantsModulesInput!]!) { createTenantsModules(tenant_uuid: $t, data: $d) { id } }';
const UPDATE_SETTINGS = `mutation($t: ID!, $s: [TenantSettingInput!]!) {
  updateTenantSettings(tenant_uuid: $t, global_settings: $s) { codx_tenant_options_values_id } }`;
const SHOW_MESSAGES = 17;
const RECEIPTS_MODULE = 5;

let a: string;
let b: string;
let adminA: TestMember;
let adminB: TestMember;
let inA: TestMember;
let inB: TestMember;

const ok = async (query: string, vars: Record<string, unknown>, token: string) => {
  const res = await t.gql(query, vars, token);
  expect(res.errors, query).toBeUndefined();
  return res.data as Record<string, any>;
};
async function identity(action: IdentityAction, token: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: action, authorization: `Bearer ${token}` },
    payload: body,
  });
  expect(res.statusCode, action).toBe(200);
  return res.json();
}

beforeAll(async () => {
  const db = t.database.db;
  a = await createTenant(db, 'Alpha Two');
  b = await createTenant(db, 'Bravo Two');
  adminA = await createMember(db, a, { isAdmin: true, firstname: 'Ada' });
  adminB = await createMember(db, b, { isAdmin: true, firstname: 'Ben' });
  // One person: a directory reader in A; a directory reader with receipts in B.
  inA = await createMember(db, a, { permissions: ['people_basic'], firstname: 'Pia' });
  inB = await createMember(db, b, { identity: inA.identity, permissions: ['people_basic', 'receipts_basic'], firstname: 'Pia' });

  await ok(CREATE_PEOPLE, { t: a, d: [{ firstname: 'Alma', lastname: 'Only-in-A' }] }, adminA.token);
  await ok(CREATE_PEOPLE, { t: b, d: [{ firstname: 'Bruno', lastname: 'Only-in-B' }] }, adminB.token);
  await ok(CREATE_DEPARTMENTS, { t: a, d: [{ department: 'Alpha yard' }] }, adminA.token);
  await ok(CREATE_DEPARTMENTS, { t: b, d: [{ department: 'Bravo yard' }] }, adminB.token);
  await ok(CREATE_LINKS, { t: a, d: [{ employees_id: inA.employeeId, title: 'Alpha payroll', url: 'https://a.example' }] }, adminA.token);
  await ok(CREATE_LINKS, { t: b, d: [{ employees_id: inB.employeeId, title: 'Bravo payroll', url: 'https://b.example' }] }, adminB.token);
  await ok(UPDATE_SETTINGS, { t: a, s: [{ codx_tenant_options_values_id: SHOW_MESSAGES, custom_value: 'false' }] }, adminA.token);
  await ok(CREATE_SWITCHES, { t: b, d: [{ modules_id: RECEIPTS_MODULE, status: 1 }] }, adminB.token);
  await ok(CREATE_SWITCHES, { t: a, d: [{ modules_id: RECEIPTS_MODULE, status: 0 }] }, adminA.token);
});

/** Everything the person reads in `tenant` with `token`, each list checked to hold that company's rows only. */
async function seen(token: string, tenant: string) {
  const people = (await ok(Q.people, { t: tenant }, token)).listEmployees.items as { tenant_uuid: string; firstname: string }[];
  const departments = (await ok(Q.departments, { t: tenant }, token)).listDepartments.items as {
    tenant_uuid: string;
    department: string;
  }[];
  const switches = (await ok(Q.switches, { t: tenant }, token)).listTenantsModules as { tenant_uuid: string }[];
  for (const row of [...people, ...departments, ...switches]) expect(row.tenant_uuid).toBe(tenant);
  const settings = (await ok(Q.settings, { t: tenant }, token)).listGlobalSettings as {
    codx_tenant_options_values_id: number;
    custom_value: string;
  }[];
  return {
    company: (await ok(Q.tenant, { t: tenant }, token)).fetchTenant.company,
    people: people.map((p) => p.firstname).sort(),
    departments: departments.map((d) => d.department),
    links: ((await ok(Q.links, { t: tenant }, token)).listCustomLinksPerUser as { title: string }[]).map((l) => l.title),
    showMessages: settings.find((s) => s.codx_tenant_options_values_id === SHOW_MESSAGES)?.custom_value,
    menu: ((await ok(Q.menu, { t: tenant }, token)).listUsersNavigation as { path: string }[]).map((i) => i.path),
    groups: ((await ok(Q.groups, { t: tenant }, token)).listPGUserGroups as { usergroup: string }[]).length,
  };
}

const refusedEverywhere = async (token: string, tenant: string) => {
  for (const [name, query] of Object.entries(Q)) {
    const res = await t.gql(query, { t: tenant }, token);
    expect(res.errors?.[0]?.extensions?.code, name).toBe('NOT_FOUND');
    expect(res.data?.[Object.keys(res.data ?? {})[0]] ?? null, name).toBeNull();
  }
};

describe('a person in two companies', () => {
  it("sees only the chosen company's rows and menu, on one session switched from one to the other", async () => {
    const token = await createSession(t.database.db, inA.identity, a);
    const claimsA = await identity('GetUser', token);
    expect(claimsA['custom:tenants'].map((c: { company: string }) => c.company)).toEqual(['Alpha Two', 'Bravo Two']);
    expect(claimsA['custom:selected_tenant_uuid']).toBe(a);
    expect(claimsA['cognito:groups']).toEqual(['people_basic']);

    const inAlpha = await seen(token, a);
    expect(inAlpha).toMatchObject({
      company: 'Alpha Two',
      people: ['Ada', 'Alma', 'Pia'],
      departments: ['Alpha yard'],
      links: ['Alpha payroll'],
      showMessages: 'false',
    });
    expect(inAlpha.menu).toContain('/modules/people');
    expect(inAlpha.menu).not.toContain('/modules/receipts');
    await refusedEverywhere(token, b);

    // Switching: the choice is cleared first, and then no company answers at all.
    expect((await identity('SelectTenant', token, { tenant_uuid: null }))['custom:selected_tenant_uuid']).toBeNull();
    await refusedEverywhere(token, a);
    await refusedEverywhere(token, b);

    const claimsB = await identity('SelectTenant', token, { tenant_uuid: b });
    expect(claimsB['custom:selected_tenant_uuid']).toBe(b);
    expect(claimsB['cognito:groups']).toEqual(['people_basic', 'receipts_basic']);
    const inBravo = await seen(token, b);
    expect(inBravo).toMatchObject({
      company: 'Bravo Two',
      people: ['Ben', 'Bruno', 'Pia'],
      departments: ['Bravo yard'],
      links: ['Bravo payroll'],
      showMessages: 'true',
    });
    expect(inBravo.menu).toContain('/modules/receipts');
    await refusedEverywhere(token, a);

    // And back: A's view is as it was.
    await identity('SelectTenant', token, { tenant_uuid: a });
    expect(await seen(token, a)).toEqual(inAlpha);
    await refusedEverywhere(token, b);
  });

  it('cannot select a company after being removed from it, and keeps the other', async () => {
    const db = t.database.db;
    const leaver = await createMember(db, a, { permissions: ['people_basic'] });
    await createMember(db, b, { identity: leaver.identity, permissions: ['people_basic'] });
    const remove = await t.gql(
      'mutation($t: ID!, $id: Int!) { removeUserFromTenant(tenant_uuid: $t, id: $id) { cognito_status } }',
      { t: a, id: leaver.employeeId },
      adminA.token,
    );
    expect(remove.errors).toBeUndefined();
    const token = await createSession(db, leaver.identity);
    const res = await t.app.inject({
      method: 'POST',
      url: IDENTITY_ENDPOINT,
      headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: 'SelectTenant', authorization: `Bearer ${token}` },
      payload: { tenant_uuid: a },
    });
    expect(res.statusCode).toBe(403);
    const claims = await identity('SelectTenant', token, { tenant_uuid: b });
    expect(claims['custom:tenants'].map((c: { company: string }) => c.company)).toEqual(['Bravo Two']);
    expect((await seen(token, b)).people).toContain('Bruno');
    await refusedEverywhere(token, a);
  });
});
