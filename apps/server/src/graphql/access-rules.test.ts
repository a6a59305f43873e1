import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';

// Security round: module switches refuse the area's operations, readers get the directory projection of
// people, and a people admin cannot plant links on an admin's dashboard.
const t = useTestApp();
let tenant: string;
let admin: TestMember;
let peopleAdmin: TestMember;
let peopleBasic: TestMember;
let projectsBasic: TestMember;
let worker: TestMember;
let jobId: number;

const code = async (query: string, variables: Record<string, unknown>, m: TestMember) =>
  (await t.gql(query, variables, m.token)).errors?.[0]?.extensions?.code;

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db);
  admin = await createMember(db, tenant, { isAdmin: true });
  peopleAdmin = await createMember(db, tenant, { permissions: ['people_admin'] });
  peopleBasic = await createMember(db, tenant, { permissions: ['people_basic'] });
  projectsBasic = await createMember(db, tenant, { permissions: ['projects_basic', 'basic_access'] });
  worker = await createMember(db, tenant, { permissions: ['basic_access'] });
  await withTenant(db, tenant, (tx) =>
    tx.execute(sql`update employees set birthdate = '1980-02-03', private_email = 'home@example.test', street = '1 Main St',
      acc_id = 'QB-7', pto_balances = '{"vacation": 40}' where tenant_uuid = ${tenant}`),
  );
  const job = await t.gql(
    'mutation($t: ID!) { createJobs(tenant_uuid: $t, data: [{ job: "North Yard" }]) { id } }',
    { t: tenant },
    admin.token,
  );
  jobId = job.data?.createJobs[0].id;
  const team = await t.gql(
    'mutation($t: ID!, $d: [JobsForemenInput!]!) { createJobsForemen(tenant_uuid: $t, data: $d) { id } }',
    { t: tenant, d: [{ jobs_id: jobId, employees_id: admin.employeeId }] },
    admin.token,
  );
  expect(team.errors).toBeUndefined();
});

const PRIVATE = ['birthdate', 'private_email', 'street', 'acc_id', 'pto_balances', 'cognito_uuid'] as const;
const PEOPLE = `query($t: ID!) { listEmployees(tenant_uuid: $t) { items { id uuid firstname email status logged_in is_admin created_on ${PRIVATE.join(' ')} } } }`;

describe('module switches', () => {
  const LIST_JOBS = 'query($t: ID!) { listJobs(tenant_uuid: $t) { items { id } } }';
  const SWITCH = 'mutation($t: ID!, $d: [TenantsModulesInput!]!) { createTenantsModules(tenant_uuid: $t, data: $d) { id } }';
  const UPDATE = 'mutation($t: ID!, $d: [TenantsModulesUpdateInput!]!) { updateTenantsModules(tenant_uuid: $t, data: $d) { id } }';

  it('refuses every operation of a module switched off, to admins too, and answers again once it is on', async () => {
    expect(await code(LIST_JOBS, { t: tenant }, admin)).toBeUndefined();
    const off = await t.gql(SWITCH, { t: tenant, d: [{ modules_id: 2, status: 0 }] }, admin.token);
    expect(off.errors).toBeUndefined();
    expect(await code(LIST_JOBS, { t: tenant }, admin)).toBe('FORBIDDEN');
    expect(await code(LIST_JOBS, { t: tenant }, projectsBasic)).toBe('FORBIDDEN');
    expect(
      await code('query($t: ID!, $id: Int!) { getJobById(tenant_uuid: $t, id: $id) { job { id } } }', { t: tenant, id: jobId }, admin),
    ).toBe('FORBIDDEN');
    expect(await code('mutation($t: ID!) { createJobs(tenant_uuid: $t, data: [{ job: "Off" }]) { id } }', { t: tenant }, admin)).toBe(
      'FORBIDDEN',
    );
    // Other areas are untouched.
    expect(await code(PEOPLE, { t: tenant }, admin)).toBeUndefined();
    await t.gql(UPDATE, { t: tenant, d: [{ id: off.data?.createTenantsModules[0].id, status: 1 }] }, admin.token);
    expect(await code(LIST_JOBS, { t: tenant }, admin)).toBeUndefined();
  });

  it('refuses the time-card operations with Time Cards off', async () => {
    const off = await t.gql(SWITCH, { t: tenant, d: [{ modules_id: 1, status: 0 }] }, admin.token);
    expect(off.errors).toBeUndefined();
    expect(await code('query($t: ID!) { listTimecardJobs(tenant_uuid: $t) { id } }', { t: tenant }, worker)).toBe('FORBIDDEN');
    await t.gql(UPDATE, { t: tenant, d: [{ id: off.data?.createTenantsModules[0].id, status: 1 }] }, admin.token);
    expect(await code('query($t: ID!) { listTimecardJobs(tenant_uuid: $t) { id } }', { t: tenant }, worker)).toBeUndefined();
  });
});

describe('the directory projection', () => {
  it('gives people readers names, work contact and status, and private fields only to people admins', async () => {
    const basic = await t.gql(PEOPLE, { t: tenant }, peopleBasic.token);
    // Every non-null field still answers (the directory screen asks for them).
    expect(basic.errors).toBeUndefined();
    const basicRows = basic.data?.listEmployees.items as Record<string, unknown>[];
    expect(basicRows.every((r) => typeof r.logged_in === 'boolean' && typeof r.uuid === 'string')).toBe(true);
    expect(basicRows.length).toBeGreaterThan(3);
    expect(basicRows.every((r) => r.firstname === 'Test')).toBe(true);
    for (const field of PRIVATE) expect(basicRows.map((r) => r[field]).filter((v) => v != null)).toEqual([]);
    const adminRows = (await t.gql(PEOPLE, { t: tenant }, peopleAdmin.token)).data?.listEmployees.items as Record<string, unknown>[];
    expect(adminRows.find((r) => r.id === worker.employeeId)).toMatchObject({ birthdate: '1980-02-03', acc_id: 'QB-7' });
    const one = await t.gql(
      `query($t: ID!, $id: Int!) { getEmployees(tenant_uuid: $t, id: $id) { id ${PRIVATE.join(' ')} } }`,
      { t: tenant, id: worker.employeeId },
      peopleBasic.token,
    );
    expect(one.data?.getEmployees).toMatchObject({ id: worker.employeeId, birthdate: null, private_email: null, street: null });
  });

  it("shows a job's team to job readers without their private fields", async () => {
    const res = await t.gql(
      'query($t: ID!, $id: Int!) { getJobById(tenant_uuid: $t, id: $id) { foremen { id firstname birthdate private_email cognito_uuid } pms { id logged_in status uuid } } }',
      { t: tenant, id: jobId },
      projectsBasic.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.getJobById.foremen).toEqual([
      { id: admin.employeeId, firstname: 'Test', birthdate: null, private_email: null, cognito_uuid: null },
    ]);
  });
});

describe("admins' links", () => {
  const CREATE = 'mutation($t: ID!, $d: [CustomLinksInput!]!) { createCustomLinks(tenant_uuid: $t, data: $d) { id } }';
  const UPDATE = 'mutation($t: ID!, $d: [CustomLinksUpdateInput!]!) { updateCustomLinks(tenant_uuid: $t, data: $d) { id } }';
  const link = (employees_id: number) => ({ title: 'Payroll', url: 'https://example.test/pay', employees_id });

  it("lets a people admin give a worker a link but not plant or change one on an admin's dashboard", async () => {
    expect(await code(CREATE, { t: tenant, d: [link(worker.employeeId)] }, peopleAdmin)).toBeUndefined();
    expect(await code(CREATE, { t: tenant, d: [link(admin.employeeId)] }, peopleAdmin)).toBe('FORBIDDEN');
    expect(await code(CREATE, { t: tenant, d: [link(worker.employeeId), link(admin.employeeId)] }, peopleAdmin)).toBe('FORBIDDEN');
    const own = await t.gql(CREATE, { t: tenant, d: [link(admin.employeeId)] }, admin.token);
    expect(own.errors).toBeUndefined();
    const id = own.data?.createCustomLinks[0].id;
    expect(await code(UPDATE, { t: tenant, d: [{ id, url: 'https://evil.example' }] }, peopleAdmin)).toBe('FORBIDDEN');
    expect(await code(UPDATE, { t: tenant, d: [{ id, url: 'https://example.test/new' }] }, admin)).toBeUndefined();
  });
});
