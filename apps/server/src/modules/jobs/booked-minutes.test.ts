import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { testClock } from '../../testing/test-clock.js';
import { tenantSettings } from '../settings/settings.table.js';
import { seedTimecardSite } from '../timecards/timecards.fixtures.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { jobsForemen } from './jobs.table.js';

// Budget lines keep the minutes booked to their job and cost code (migration 0029's triggers), jobs their lines'
// totals (0033) and cards their count of entries (0034), and the budget tab, the labor report and the dashboard
// read those. Whatever changes the time cards, the kept total must equal
// the entries summed afresh.
const clock = testClock();
const t = useTestApp({ deps: { now: clock.now } });

const DAY = `mutation($t: ID!, $e: Int!, $d: String!, $x: [TimecardDayEntryInput!]!, $crew: [Int!]) {
  createOrUpdateTimecardDayEntry(tenant_uuid: $t, employees_id: $e, payperiod_start_date: "2026-03-16",
    payperiod_end_date: "2026-03-29", timecard_date: $d, timecard_entries: $x, crew_employee_ids: $crew) { users_timecard { id } } }`;
const BUDGET = `query($t: ID!, $p: Int!) { listProjectBudget(tenant_uuid: $t, project_id: $p) {
  lines { id costcodes_id actual_hours } totals { actual_hours } } }`;
const OVER = `query($t: ID!) { getDashboard(tenant_uuid: $t, today: "2026-03-18") { jobs_over_budget { count } } }`;

let worker: TestMember;
let mate: TestMember;
let foreman: TestMember;
let admin: TestMember;
let other: TestMember;
let site: Awaited<ReturnType<typeof seedTimecardSite>>;
let otherSite: Awaited<ReturnType<typeof seedTimecardSite>>;

const enter = (who: TestMember, date: string, hours: number[], employee = who.employeeId, crew?: number[]) =>
  t.gql(
    DAY,
    {
      t: who.tenantUuid,
      e: employee,
      d: date,
      x: hours.map((h) => ({ jobs_id: site.job, costcodes_id: site.code, hours: h })),
      crew,
    },
    who.token,
  );
const budget = async (member = admin, job = site.job) =>
  (await t.gql(BUDGET, { t: member.tenantUuid, p: job }, member.token)).data?.listProjectBudget;
const actual = async () => (await budget()).totals.actual_hours as number;

/** Every line's kept minutes next to the entries summed afresh, in both companies. */
async function drift(tenant: string) {
  const rows = await withTenant(t.database.db, tenant, (tx) =>
    tx.execute(sql`select jc.id, jc.booked_minutes as kept,
        coalesce((select sum(round(te.hours * 60))::int from timecard_entries te where te.tenant_uuid = jc.tenant_uuid
          and te.jobs_id = jc.jobs_id and te.costcodes_id = jc.costcodes_id), 0) as summed
      from jobs_costcodes jc`),
  ).then((r) => (r as unknown as { rows: { id: number; kept: number; summed: number }[] }).rows);
  expect(rows.length).toBeGreaterThan(0);
  // And each job's totals over its active lines (migration 0033) next to the lines summed afresh.
  const jobs = await withTenant(t.database.db, tenant, (tx) =>
    tx.execute(sql`select j.id, j.budget_hours as kept_hours, j.booked_minutes as kept,
        coalesce((select sum(jc.hrsbdg) from jobs_costcodes jc where jc.tenant_uuid = j.tenant_uuid and jc.jobs_id = j.id
          and jc.status = 1), 0) as hours,
        coalesce((select sum(jc.booked_minutes) from jobs_costcodes jc where jc.tenant_uuid = j.tenant_uuid and jc.jobs_id = j.id
          and jc.status = 1), 0) as summed
      from jobs j`),
  ).then((r) => (r as unknown as { rows: { id: number; kept_hours: number; hours: number; kept: number; summed: number }[] }).rows);
  expect(jobs.length).toBeGreaterThan(0);
  // And each card's count of entries (migration 0034).
  const cards = await withTenant(t.database.db, tenant, (tx) =>
    tx.execute(sql`select c.id, c.entries as kept, (select count(*)::int from timecard_entries te
        where te.tenant_uuid = c.tenant_uuid and te.users_timecard_id = c.id) as summed from users_timecard c`),
  ).then((r) => (r as unknown as { rows: { id: number; kept: number; summed: number }[] }).rows);
  return [
    ...cards.filter((c) => Number(c.kept) !== Number(c.summed)),
    ...rows.filter((r) => Number(r.kept) !== Number(r.summed)),
    ...jobs.filter((j) => Number(j.kept) !== Number(j.summed) || Number(j.kept_hours) !== Number(j.hours)),
  ];
}

beforeAll(async () => {
  clock.set('2026-03-18T15:00:00Z');
  const tenant = await createTenant(t.database.db);
  worker = await createMember(t.database.db, tenant, { permissions: ['basic_access'] });
  mate = await createMember(t.database.db, tenant, { permissions: ['basic_access'] });
  foreman = await createMember(t.database.db, tenant, { permissions: ['basic_access', 'projects_basic'] });
  admin = await createMember(t.database.db, tenant, { isAdmin: true });
  other = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  await withTenant(t.database.db, tenant, async (tx) => {
    site = await seedTimecardSite(tx, tenant, 10);
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: site.job, employees_id: foreman.employeeId });
    await tx.insert(tenantSettings).values([
      { tenant_uuid: tenant, codx_tenant_options_values_id: 1, custom_value: 'true', pass_through_value: '2' },
      { tenant_uuid: tenant, codx_tenant_options_values_id: 15, custom_value: '2026-01-05', pass_through_value: null },
      { tenant_uuid: tenant, codx_tenant_options_values_id: 6, custom_value: 'true', pass_through_value: null },
    ]);
  });
  // The other company has the same site: the same job and cost code names.
  await withTenant(t.database.db, other.tenantUuid, async (tx) => {
    otherSite = await seedTimecardSite(tx, other.tenantUuid, 10);
  });
});
afterAll(() => {
  clock.reset();
});

describe('booked minutes on budget lines', () => {
  it('follow a day entered, entered again and cleared', async () => {
    expect(await actual()).toBe(0);
    expect((await enter(worker, '2026-03-16', [6, 2.25])).errors).toBeUndefined();
    expect(await actual()).toBe(8.25);
    expect((await enter(worker, '2026-03-16', [7.5])).errors).toBeUndefined();
    expect(await actual()).toBe(7.5);
    expect((await enter(worker, '2026-03-17', [1.75])).errors).toBeUndefined();
    expect(await actual()).toBe(9.25);
    expect((await enter(worker, '2026-03-17', [])).errors).toBeUndefined();
    expect(await actual()).toBe(7.5);
    expect(await drift(admin.tenantUuid)).toEqual([]);
  });

  it('count a crew day once per member, and the dashboard sees the job go over budget', async () => {
    expect((await t.gql(OVER, { t: admin.tenantUuid }, admin.token)).data?.getDashboard.jobs_over_budget).toEqual({ count: 0 });
    const res = await enter(foreman, '2026-03-18', [4], foreman.employeeId, [worker.employeeId, mate.employeeId]);
    expect(res.errors).toBeUndefined();
    expect(await actual()).toBe(15.5);
    expect((await t.gql(OVER, { t: admin.tenantUuid }, admin.token)).data?.getDashboard.jobs_over_budget).toEqual({ count: 1 });
    expect(await drift(admin.tenantUuid)).toEqual([]);
  });

  it('start a new line from what is already booked, and follow a line moved to another cost code', async () => {
    // Time booked to the unbudgeted code (as an import or a budget switched off would leave it).
    await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx.execute(sql`insert into timecard_entries (tenant_uuid, users_timecard_id, employees_id, timecard_date, jobs_id, costcodes_id, hours)
        select tenant_uuid, users_timecard_id, employees_id, '2026-03-19', jobs_id, ${site.unbudgeted}, case when employees_id = ${worker.employeeId} then 3 else 0.5 end
        from timecard_entries where timecard_date = '2026-03-18' and employees_id in (${worker.employeeId}, ${mate.employeeId})`),
    );
    const created = await t.gql(
      `mutation($t: ID!, $d: [JobsCostcodesInput!]!) { createJobsCostcodes(tenant_uuid: $t, data: $d) { id booked_minutes } }`,
      { t: admin.tenantUuid, d: [{ jobs_id: site.job, costcodes_id: site.unbudgeted, hrsbdg: 2 }] },
      admin.token,
    );
    expect(created.errors).toBeUndefined();
    const [line] = created.data?.createJobsCostcodes ?? [];
    expect(line.booked_minutes).toBe(210);
    expect(await actual()).toBe(19);

    const moved = await t.gql(
      `mutation($t: ID!, $d: [JobsCostcodesUpdateInput!]!) { updateJobsCostcodes(tenant_uuid: $t, data: $d) { id booked_minutes } }`,
      { t: admin.tenantUuid, d: [{ id: line.id, jobs_id: site.otherJob }] },
      admin.token,
    );
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.updateJobsCostcodes[0].booked_minutes).toBe(0);
    expect(await actual()).toBe(15.5);
    expect(await drift(admin.tenantUuid)).toEqual([]);
  });

  it('follow entries moved between jobs in bulk and deleted', async () => {
    await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx.execute(sql`update timecard_entries set jobs_id = ${site.otherJob} where jobs_id = ${site.job} and timecard_date = '2026-03-18'`),
    );
    const otherLine = async () =>
      (await budget(admin, site.otherJob)).lines.find((l: { costcodes_id: number }) => l.costcodes_id === site.code).actual_hours;
    expect(await actual()).toBe(15.5 - 8);
    expect(await otherLine()).toBe(8);
    await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx.execute(sql`delete from timecard_entries where timecard_date = '2026-03-18'`),
    );
    expect(await otherLine()).toBe(0);
    expect(await actual()).toBe(7.5);
    expect(await drift(admin.tenantUuid)).toEqual([]);
  });

  it('cannot be written by a client', async () => {
    const [{ id }] = (await budget()).lines;
    const res = await t.gql(
      `mutation($t: ID!, $d: [JobsCostcodesUpdateInput!]!) { updateJobsCostcodes(tenant_uuid: $t, data: $d) { id } }`,
      { t: admin.tenantUuid, d: [{ id, booked_minutes: 99999 }] },
      admin.token,
    );
    expect(res.errors?.[0].message).toMatch(/booked_minutes/);
    expect(await actual()).toBe(7.5);
  });

  it("keep each job's totals as its lines are budgeted, switched off, deleted and added", async () => {
    const JOB = `query($t: ID!, $id: Int!) { getJobs(tenant_uuid: $t, id: $id) { budget_hours booked_minutes } }`;
    const job = async () => (await t.gql(JOB, { t: admin.tenantUuid, id: site.job }, admin.token)).data?.getJobs;
    const over = async () => (await t.gql(OVER, { t: admin.tenantUuid }, admin.token)).data?.getDashboard.jobs_over_budget.count;
    const lines = (await budget()).lines as { id: number; costcodes_id: number }[];
    const line = lines.find((l) => l.costcodes_id === site.code) as { id: number };
    const update = (d: Record<string, unknown>[]) =>
      t.gql(
        `mutation($t: ID!, $d: [JobsCostcodesUpdateInput!]!) { updateJobsCostcodes(tenant_uuid: $t, data: $d) { id } }`,
        { t: admin.tenantUuid, d },
        admin.token,
      );
    const before = await job();
    expect(before.booked_minutes).toBe(450);
    expect((await update([{ id: line.id, hrsbdg: 7 }])).errors).toBeUndefined();
    expect((await job()).budget_hours).toBe(before.budget_hours - 10 + 7);
    expect(await drift(admin.tenantUuid)).toEqual([]);
    // Switched off: its hours and minutes leave the job's totals; on again, they come back.
    expect((await update([{ id: line.id, status: 0 }])).errors).toBeUndefined();
    expect((await job()).booked_minutes).toBe(0);
    expect(await over()).toBe(0);
    expect((await update([{ id: line.id, status: 1 }])).errors).toBeUndefined();
    expect((await job()).booked_minutes).toBe(450);
    expect(await over()).toBe(1);
    expect(await drift(admin.tenantUuid)).toEqual([]);
    // The job's own totals cannot be written by a client.
    const res = await t.gql(
      `mutation($t: ID!, $d: [JobsUpdateInput!]!) { updateJobs(tenant_uuid: $t, data: $d) { id } }`,
      { t: admin.tenantUuid, d: [{ id: site.job, booked_minutes: 0 }] },
      admin.token,
    );
    expect(res.errors?.[0].message).toMatch(/booked_minutes/);
    expect((await update([{ id: line.id, hrsbdg: 10 }])).errors).toBeUndefined();
    // A line added then deleted.
    const created = await t.gql(
      `mutation($t: ID!, $d: [JobsCostcodesInput!]!) { createJobsCostcodes(tenant_uuid: $t, data: $d) { id } }`,
      { t: admin.tenantUuid, d: [{ jobs_id: site.job, costcodes_id: site.unbudgeted, hrsbdg: 3 }] },
      admin.token,
    );
    expect(created.errors).toBeUndefined();
    expect((await job()).budget_hours).toBe(before.budget_hours + 3);
    const removed = await t.gql(
      `mutation($t: ID!, $d: [JobsCostcodesDeleteInput!]!) { deleteJobsCostcodes(tenant_uuid: $t, data: $d) { id } }`,
      { t: admin.tenantUuid, d: [{ id: created.data?.createJobsCostcodes[0].id }] },
      admin.token,
    );
    expect(removed.errors).toBeUndefined();
    expect(await job()).toEqual(before);
    expect(await drift(admin.tenantUuid)).toEqual([]);
  });

  it('never count another company’s time', async () => {
    await withTenant(t.database.db, other.tenantUuid, async (tx) => {
      const [card] = await tx
        .insert(usersTimecard)
        .values({
          tenant_uuid: other.tenantUuid,
          employees_id: other.employeeId,
          payperiod_start_date: '2026-03-16',
          payperiod_end_date: '2026-03-29',
        })
        .returning({ id: usersTimecard.id });
      await tx.insert(timecardEntries).values({
        tenant_uuid: other.tenantUuid,
        users_timecard_id: card.id,
        employees_id: other.employeeId,
        timecard_date: '2026-03-16',
        jobs_id: otherSite.job,
        costcodes_id: otherSite.code,
        hours: 40,
      });
    });
    expect(await actual()).toBe(7.5);
    expect((await budget(other, otherSite.job)).totals.actual_hours).toBe(40);
    expect(await drift(admin.tenantUuid)).toEqual([]);
    expect(await drift(other.tenantUuid)).toEqual([]);
  });
});
