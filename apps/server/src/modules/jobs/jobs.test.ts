import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { describeModelContract } from '../../testing/model-contract.js';
import { useTestApp } from '../../testing/test-app.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from './jobs.table.js';

const t = useTestApp();

// The generic operations of the four job models, with every access case.
describeModelContract(t, {
  name: 'Jobs',
  fields: 'id job job_abbr status start_date end_date',
  admin: 'projects_admin',
  readOnly: 'projects_basic',
  none: 'people_admin',
  valid: { job: 'North Plant', job_abbr: 'NP', start_date: '2026-03-01', end_date: '2026-09-30' },
  invalid: { start_date: '2026-09-30', end_date: '2026-03-01' },
  change: { job: 'North Plant Phase 2', end_date: '2026-12-31' },
});

const CREATE_JOBS = `mutation($t: ID!, $d: [JobsInput!]!) { createJobs(tenant_uuid: $t, data: $d) { id job job_abbr status } }`;
const LIST_JOBS = `query($t: ID!, $f: JobsFilter) { listJobs(tenant_uuid: $t, filter: $f) { items { id job job_abbr status } } }`;

let admin: TestMember;
let basic: TestMember;
let foreign: TestMember;
let jobIds: Record<string, number>;
let codeIds: number[];
let people: number[];

beforeAll(async () => {
  const a = await createTenant(t.database.db);
  admin = await createMember(t.database.db, a, { permissions: ['projects_admin', 'people_admin'] });
  basic = await createMember(t.database.db, a, { permissions: ['projects_basic'] });
  foreign = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  const res = await t.gql(
    CREATE_JOBS,
    {
      t: a,
      d: [
        { job: 'Zephyr Tower', job_abbr: 'ALPHA' },
        { job: 'Beta Bridge' },
        { job: 'Culvert Works', job_abbr: '' },
        { job: 'Aardvark Annex', job_abbr: 'ZZ' },
      ],
    },
    admin.token,
  );
  expect(res.errors).toBeUndefined();
  jobIds = Object.fromEntries(res.data?.createJobs.map((j: { id: number; job: string }) => [j.job, j.id]));
  const codes = await t.gql(
    `mutation($t: ID!, $d: [CostcodesInput!]!) { createCostcodes(tenant_uuid: $t, data: $d) { id } }`,
    {
      t: a,
      d: [
        { costcode: '03-300', description: 'Concrete' },
        { costcode: '01-100', description: 'General' },
      ],
    },
    admin.token,
  );
  codeIds = codes.data?.createCostcodes.map((c: { id: number }) => c.id);
  const emps = await t.gql(
    `mutation($t: ID!, $d: [EmployeesInput!]!) { createEmployees(tenant_uuid: $t, data: $d) { id } }`,
    {
      t: a,
      d: [
        { firstname: 'Fran', lastname: 'Foreman' },
        { firstname: 'Pat', lastname: 'Manager' },
      ],
    },
    admin.token,
  );
  people = emps.data?.createEmployees.map((e: { id: number }) => e.id);
});

describe('jobs', () => {
  it('sort by abbreviation if present, else by name', async () => {
    const res = await t.gql(LIST_JOBS, { t: admin.tenantUuid }, admin.token);
    expect(res.data?.listJobs.items.map((j: { job: string }) => j.job)).toEqual([
      'Zephyr Tower', // ALPHA
      'Beta Bridge', // no abbreviation: Beta…
      'Culvert Works', // empty abbreviation counts as none
      'Aardvark Annex', // ZZ
    ]);
  });

  it('delete is soft: the job leaves every list and read, its rows stay', async () => {
    const id = jobIds['Culvert Works'];
    const del = await t.gql(
      `mutation($t: ID!, $d: [JobsDeleteInput!]!) { deleteJobs(tenant_uuid: $t, data: $d) { id status } }`,
      { t: admin.tenantUuid, d: [{ id }] },
      admin.token,
    );
    expect(del.data?.deleteJobs).toEqual([{ id, status: 0 }]);
    const list = await t.gql(LIST_JOBS, { t: admin.tenantUuid }, admin.token);
    expect(list.data?.listJobs.items.map((j: { id: number }) => j.id)).not.toContain(id);
    const viaFilter = await t.gql(LIST_JOBS, { t: admin.tenantUuid, f: { eq: { status: 0 } } }, admin.token);
    expect(viaFilter.data?.listJobs.items).toEqual([]);
    expect(
      (
        await t.gql(
          `query($t: ID!, $id: Int!) { getJobById(tenant_uuid: $t, id: $id) { job { id } } }`,
          { t: admin.tenantUuid, id },
          admin.token,
        )
      ).data?.getJobById,
    ).toBeNull();
    const again = await t.gql(
      `mutation($t: ID!, $d: [JobsDeleteInput!]!) { deleteJobs(tenant_uuid: $t, data: $d) { id } }`,
      { t: admin.tenantUuid, d: [{ id }] },
      admin.token,
    );
    expect(again.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const [kept] = await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx.execute(sql`select count(*)::int as n from jobs where id = ${id}`),
    ).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(kept.n).toBe(1);
  });

  it('refuses status 0 through update: deleting is deleteJobs', async () => {
    const res = await t.gql(
      `mutation($t: ID!, $d: [JobsUpdateInput!]!) { updateJobs(tenant_uuid: $t, data: $d) { id } }`,
      { t: admin.tenantUuid, d: [{ id: jobIds['Beta Bridge'], status: 0 }] },
      admin.token,
    );
    expect(res.errors?.[0].extensions?.code).toBe('VALIDATION');
  });
});

describe('budget lines and listProjectBudget', () => {
  const BUDGET = `query($t: ID!, $p: Int!) { listProjectBudget(tenant_uuid: $t, project_id: $p) {
    jobs_id lines { id costcode description hrsbdg matbdg labbdg eqpbdg subbdg othbdg status actual_hours }
    totals { hrsbdg matbdg labbdg eqpbdg subbdg othbdg actual_hours } } }`;
  const ADD = `mutation($t: ID!, $d: [JobsCostcodesInput!]!) { createJobsCostcodes(tenant_uuid: $t, data: $d) { id hrsbdg matbdg labbdg eqpbdg subbdg othbdg status } }`;
  const UPDATE = `mutation($t: ID!, $d: [JobsCostcodesUpdateInput!]!) { updateJobsCostcodes(tenant_uuid: $t, data: $d) { id status } }`;

  it('start at zero for all six amounts and total only the lines that are on', async () => {
    const job = jobIds['Zephyr Tower'];
    const added = await t.gql(
      ADD,
      { t: admin.tenantUuid, d: codeIds.map((costcodes_id) => ({ jobs_id: job, costcodes_id })) },
      admin.token,
    );
    expect(added.data?.createJobsCostcodes[0]).toMatchObject({
      hrsbdg: 0,
      matbdg: 0,
      labbdg: 0,
      eqpbdg: 0,
      subbdg: 0,
      othbdg: 0,
      status: 1,
    });
    const [concrete, general] = added.data!.createJobsCostcodes.map((l: { id: number }) => l.id);
    await t.gql(
      `mutation($t: ID!, $d: [JobsCostcodesUpdateInput!]!) { updateJobsCostcodes(tenant_uuid: $t, data: $d) { id } }`,
      {
        t: admin.tenantUuid,
        d: [
          { id: concrete, hrsbdg: 120, matbdg: 5000.5 },
          { id: general, hrsbdg: 40, othbdg: 250 },
        ],
      },
      admin.token,
    );
    let budget = (await t.gql(BUDGET, { t: admin.tenantUuid, p: job }, basic.token)).data?.listProjectBudget;
    expect(budget.lines.map((l: { costcode: string }) => l.costcode)).toEqual(['01-100', '03-300']);
    expect(budget.totals).toEqual({ hrsbdg: 160, matbdg: 5000.5, labbdg: 0, eqpbdg: 0, subbdg: 0, othbdg: 250, actual_hours: 0 });
    // Switching a line off takes it out of the totals, and on again puts it back.
    await t.gql(UPDATE, { t: admin.tenantUuid, d: [{ id: general, status: 0 }] }, admin.token);
    budget = (await t.gql(BUDGET, { t: admin.tenantUuid, p: job }, admin.token)).data?.listProjectBudget;
    expect(budget.totals.hrsbdg).toBe(120);
    expect(budget.lines).toHaveLength(2);
  });

  it('refuse negative amounts, a duplicate cost code and a job of another tenant', async () => {
    const job = jobIds['Zephyr Tower'];
    expect(
      (await t.gql(ADD, { t: admin.tenantUuid, d: [{ jobs_id: job, costcodes_id: codeIds[0], hrsbdg: -1 }] }, admin.token)).errors?.[0]
        .message,
    ).toBe('Record 1: hrsbdg: Budget amounts cannot be negative.');
    expect(
      (await t.gql(ADD, { t: admin.tenantUuid, d: [{ jobs_id: job, costcodes_id: codeIds[0] }] }, admin.token)).errors?.[0].extensions
        ?.code,
    ).toBe('CONFLICT');
    const foreignJob = (await t.gql(CREATE_JOBS, { t: foreign.tenantUuid, d: [{ job: 'Theirs' }] }, foreign.token)).data?.createJobs[0].id;
    const res = await t.gql(ADD, { t: admin.tenantUuid, d: [{ jobs_id: foreignJob, costcodes_id: codeIds[0] }] }, admin.token);
    expect(res.errors?.[0]).toMatchObject({
      message: 'Record 1: refers to a record that does not exist.',
      extensions: { code: 'VALIDATION' },
    });
  });

  it('listProjectBudget: unauthenticated, forbidden, invalid input and other tenant', async () => {
    const job = jobIds['Zephyr Tower'];
    expect((await t.gql(BUDGET, { t: admin.tenantUuid, p: job })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const outsider = await createMember(t.database.db, admin.tenantUuid, { permissions: ['receipts_basic'] });
    expect((await t.gql(BUDGET, { t: admin.tenantUuid, p: job }, outsider.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(BUDGET, { t: admin.tenantUuid, p: 'x' }, admin.token)).errors?.[0].extensions?.code).toBe('VALIDATION');
    expect((await t.gql(BUDGET, { t: foreign.tenantUuid, p: job }, admin.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(BUDGET, { t: foreign.tenantUuid, p: job }, foreign.token)).data?.listProjectBudget).toBeNull();
  });
});

describe('teams and getJobById', () => {
  const DETAIL = `query($t: ID!, $id: Int!) { getJobById(tenant_uuid: $t, id: $id) { job { id job } foremen { id firstname } pms { id firstname } } }`;

  it('links foremen and PMs to a job and lists a person’s jobs', async () => {
    const job = jobIds['Beta Bridge'];
    const f = await t.gql(
      `mutation($t: ID!, $d: [JobsForemenInput!]!) { createJobsForemen(tenant_uuid: $t, data: $d) { id } }`,
      { t: admin.tenantUuid, d: [{ jobs_id: job, employees_id: people[0] }] },
      admin.token,
    );
    expect(f.errors).toBeUndefined();
    await t.gql(
      `mutation($t: ID!, $d: [JobsPmsInput!]!) { createJobsPms(tenant_uuid: $t, data: $d) { id } }`,
      {
        t: admin.tenantUuid,
        d: [
          { jobs_id: job, employees_id: people[1] },
          { jobs_id: jobIds['Zephyr Tower'], employees_id: people[1] },
        ],
      },
      admin.token,
    );
    const detail = (await t.gql(DETAIL, { t: admin.tenantUuid, id: job }, basic.token)).data?.getJobById;
    expect(detail).toEqual({
      job: { id: job, job: 'Beta Bridge' },
      foremen: [{ id: people[0], firstname: 'Fran' }],
      pms: [{ id: people[1], firstname: 'Pat' }],
    });
    const pmJobs = await t.gql(
      `query($t: ID!, $f: JobsPmsFilter) { listJobsPms(tenant_uuid: $t, filter: $f) { items { jobs_id } } }`,
      { t: admin.tenantUuid, f: { eq: { employees_id: people[1] } } },
      basic.token,
    );
    expect(pmJobs.data?.listJobsPms.items.map((x: { jobs_id: number }) => x.jobs_id).sort()).toEqual([job, jobIds['Zephyr Tower']].sort());
    const dup = await t.gql(
      `mutation($t: ID!, $d: [JobsForemenInput!]!) { createJobsForemen(tenant_uuid: $t, data: $d) { id } }`,
      { t: admin.tenantUuid, d: [{ jobs_id: job, employees_id: people[0] }] },
      admin.token,
    );
    expect(dup.errors?.[0].extensions?.code).toBe('CONFLICT');
  });

  it('getJobById: unauthenticated, forbidden, invalid input and other tenant', async () => {
    const job = jobIds['Beta Bridge'];
    expect((await t.gql(DETAIL, { t: admin.tenantUuid, id: job })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const outsider = await createMember(t.database.db, admin.tenantUuid, { permissions: ['tool20_admin'] });
    expect((await t.gql(DETAIL, { t: admin.tenantUuid, id: job }, outsider.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(DETAIL, { t: admin.tenantUuid, id: null }, admin.token)).errors?.[0].extensions?.code).toBe('VALIDATION');
    expect((await t.gql(DETAIL, { t: foreign.tenantUuid, id: job }, admin.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(DETAIL, { t: foreign.tenantUuid, id: job }, foreign.token)).data?.getJobById).toBeNull();
  });

  it('basic users cannot change teams or budgets', async () => {
    const res = await t.gql(
      `mutation($t: ID!, $d: [JobsForemenInput!]!) { createJobsForemen(tenant_uuid: $t, data: $d) { id } }`,
      { t: basic.tenantUuid, d: [{ jobs_id: jobIds['Beta Bridge'], employees_id: people[1] }] },
      basic.token,
    );
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

/** A job, a cost code and a person in the owner's tenant, for the link models' contracts. */
async function jobFixture(owner: TestMember) {
  return withTenant(t.database.db, owner.tenantUuid, async (tx) => {
    const tenant = owner.tenantUuid;
    const [job] = await tx.insert(jobs).values({ tenant_uuid: tenant, job: 'Fixture job' }).returning({ id: jobs.id });
    const [code] = await tx
      .insert(costcodes)
      .values({ tenant_uuid: tenant, costcode: `F-${job.id}` })
      .returning({ id: costcodes.id });
    const [person] = await tx.insert(employees).values({ tenant_uuid: tenant, firstname: 'Fixture' }).returning({ id: employees.id });
    return { jobs_id: job.id, costcodes_id: code.id, employees_id: person.id };
  });
}

describeModelContract(t, {
  name: 'JobsCostcodes',
  fields: 'id jobs_id costcodes_id hrsbdg status',
  admin: 'projects_admin',
  readOnly: 'projects_basic',
  none: 'tool20_basic',
  valid: {},
  fixture: async (_t, owner) => {
    const { jobs_id, costcodes_id } = await jobFixture(owner);
    return { jobs_id, costcodes_id };
  },
  invalid: { hrsbdg: -5 },
  change: { hrsbdg: 12.5, status: 0 },
});

for (const name of ['JobsForemen', 'JobsPms']) {
  describeModelContract(t, {
    name,
    fields: 'id jobs_id employees_id',
    admin: 'projects_admin',
    readOnly: 'projects_basic',
    none: 'people_basic',
    valid: {},
    fixture: async (_t, owner) => {
      const { jobs_id, employees_id } = await jobFixture(owner);
      return { jobs_id, employees_id };
    },
    invalid: { jobs_id: 'not a number' },
    change: async (_t, owner) => ({ employees_id: (await jobFixture(owner)).employees_id }),
  });
}
