import { GET_DASHBOARD } from '@groundwork/core/early-reads';
import { MODULES } from '@groundwork/core/permissions';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { errorCode as code, type GqlResult, okData, useTestApp } from '../../testing/test-app.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { receipts } from '../receipts/receipts.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { taskAssignees, tasks } from '../tasks/tasks.table.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { containers, reservations, tools } from '../tools/tools.table.js';

const t = useTestApp();
const ok = (res: GqlResult) => okData(res).getDashboard;

// The dashboard's read as the web app asks it (the same text the page's first reads carry).
const DASHBOARD = GET_DASHBOARD;

// A Wednesday. No pay-period settings: weekly periods from Monday 2024-01-01, so this week is 03-09..03-15 and
// the last finished one 03-02..03-08. Tomorrow is 03-12.
const TODAY = '2026-03-11';

let tenant: string;
let admin: TestMember;
let foreman: TestMember;
let worker: TestMember;
let other: TestMember;
let office: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db);
  admin = await createMember(db, tenant, { isAdmin: true, firstname: 'Ada' });
  foreman = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Fred' });
  worker = await createMember(db, tenant, { permissions: ['basic_access', 'tool20_basic'], firstname: 'Wes' });
  other = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Xena' });
  office = await createMember(db, tenant, {
    permissions: ['projects_basic', 'receipts_admin', 'tool20_admin', 'scheduling_admin'],
    firstname: 'Olga',
  });
  const gone = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Zed' });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });

  await withTenant(db, tenant, async (tx) => {
    await tx.update(employees).set({ status: 0 }).where(eq(employees.id, gone.employeeId));
    const [j1, j2, j3, j4, j5] = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Main Street' },
        { tenant_uuid: tenant, job: 'Elm Yard' },
        { tenant_uuid: tenant, job: 'Done Deal', status: 2 },
        { tenant_uuid: tenant, job: 'No Budget' },
        { tenant_uuid: tenant, job: 'Off Line' },
      ])
      .returning({ id: jobs.id });
    const [c1, c2] = await tx
      .insert(costcodes)
      .values([
        { tenant_uuid: tenant, costcode: '03-300' },
        { tenant_uuid: tenant, costcode: '09-900' },
      ])
      .returning({ id: costcodes.id });
    await tx.insert(jobsCostcodes).values([
      { tenant_uuid: tenant, jobs_id: j1.id, costcodes_id: c1.id, hrsbdg: 20 },
      { tenant_uuid: tenant, jobs_id: j1.id, costcodes_id: c2.id, hrsbdg: 10, status: 0 },
      { tenant_uuid: tenant, jobs_id: j2.id, costcodes_id: c1.id, hrsbdg: 100 },
      { tenant_uuid: tenant, jobs_id: j3.id, costcodes_id: c1.id, hrsbdg: 1 },
      { tenant_uuid: tenant, jobs_id: j4.id, costcodes_id: c1.id, hrsbdg: 0 },
      { tenant_uuid: tenant, jobs_id: j5.id, costcodes_id: c1.id, hrsbdg: 10 },
      { tenant_uuid: tenant, jobs_id: j5.id, costcodes_id: c2.id, hrsbdg: 0, status: 0 },
    ]);
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: j1.id, employees_id: foreman.employeeId });

    // Time: [person, day, job, code, hours]; each person gets a card per pay period, signed or not.
    const time: [TestMember, string, number, number, number][] = [
      // Wes this week: 48 h in one week = 40 regular + 8 overtime; next week's 2 h are not in this period.
      [worker, '2026-03-09', j1.id, c1.id, 10],
      [worker, '2026-03-10', j1.id, c1.id, 10],
      [worker, '2026-03-11', j1.id, c1.id, 6],
      [worker, '2026-03-11', j1.id, c1.id, 4],
      [worker, '2026-03-12', j1.id, c1.id, 10],
      [worker, '2026-03-13', j1.id, c1.id, 8],
      [worker, '2026-03-16', j1.id, c1.id, 2],
      // Last week: Wes (Main Street) and Fred (Main Street, a line that is off) have not signed; Xena has.
      [worker, '2026-03-03', j1.id, c1.id, 5],
      [foreman, '2026-03-05', j1.id, c2.id, 6],
      [other, '2026-03-04', j2.id, c1.id, 8],
      [office, '2026-03-06', j2.id, c1.id, 4],
      [gone, '2026-03-06', j2.id, c1.id, 2],
      // Over budget, but the job is complete; over nothing, no hours budgeted; over only on the line that is off.
      [other, '2026-03-10', j3.id, c1.id, 5],
      [other, '2026-03-10', j4.id, c1.id, 3],
      [office, '2026-03-10', j5.id, c2.id, 20],
      [office, '2026-03-10', j5.id, c1.id, 5],
    ];
    const cards = new Map<string, number>();
    for (const [who, date, job, cc, hours] of time) {
      const start = date < '2026-03-09' ? '2026-03-02' : date < '2026-03-16' ? '2026-03-09' : '2026-03-16';
      const key = `${who.employeeId}|${start}`;
      if (!cards.has(key)) {
        const signed = who === other && start === '2026-03-02';
        const [card] = await tx
          .insert(usersTimecard)
          .values({
            tenant_uuid: tenant,
            employees_id: who.employeeId,
            payperiod_start_date: start,
            payperiod_end_date: start === '2026-03-02' ? '2026-03-08' : start === '2026-03-09' ? '2026-03-15' : '2026-03-22',
            ...(signed ? { signed_on: '2026-03-09T08:00:00Z', signed_by: who.employeeId } : {}),
          })
          .returning({ id: usersTimecard.id });
        cards.set(key, card.id);
      }
      await tx.insert(timecardEntries).values({
        tenant_uuid: tenant,
        users_timecard_id: cards.get(key) as number,
        employees_id: who.employeeId,
        timecard_date: date,
        jobs_id: job,
        costcodes_id: cc,
        hours,
      });
    }

    // Tomorrow: Wes at work, Xena on vacation; Zed is no longer active; Olga is on the day after.
    await tx.insert(scheduledLabor).values([
      { tenant_uuid: tenant, employees_id: worker.employeeId, jobs_id: j1.id, date: '2026-03-12' },
      { tenant_uuid: tenant, employees_id: other.employeeId, date: '2026-03-12', event_type: 'Vacation' },
      { tenant_uuid: tenant, employees_id: gone.employeeId, jobs_id: j2.id, date: '2026-03-12' },
      { tenant_uuid: tenant, employees_id: office.employeeId, jobs_id: j2.id, date: '2026-03-13' },
    ]);

    // Wes's tasks: due today, overdue (in progress), done, due tomorrow, undated; Xena's overdue one is hers.
    const taskRows = await tx
      .insert(tasks)
      .values([
        { tenant_uuid: tenant, title: 'Today', due_date: '2026-03-11' },
        { tenant_uuid: tenant, title: 'Late', due_date: '2026-03-01', status: 'in_progress' },
        { tenant_uuid: tenant, title: 'Finished', due_date: '2026-03-01', status: 'done' },
        { tenant_uuid: tenant, title: 'Tomorrow', due_date: '2026-03-12' },
        { tenant_uuid: tenant, title: 'Someday' },
        { tenant_uuid: tenant, title: 'Xena late', due_date: '2026-03-05' },
      ])
      .returning({ id: tasks.id });
    await tx.insert(taskAssignees).values(
      taskRows.map((task, i) => ({
        tenant_uuid: tenant,
        tasks_id: task.id,
        employees_id: i === 5 ? other.employeeId : worker.employeeId,
      })),
    );

    // Reservations: Wes's and Xena's are past their end; completed, ending today and archived ones are not overdue.
    const [box] = await tx
      .insert(containers)
      .values({ tenant_uuid: tenant, container_name: 'Yard', hq: true })
      .returning({ id: containers.id });
    const [saw] = await tx
      .insert(tools)
      .values({ tenant_uuid: tenant, tool_number: 'T-1', name: 'Saw', container_id: box.id })
      .returning({ id: tools.id });
    const r = (employees_id: number, start_date: string, end_date: string, extra: { status?: number; is_completed?: boolean } = {}) => ({
      tenant_uuid: tenant,
      tools_id: saw.id,
      employees_id,
      start_date,
      end_date,
      ...extra,
    });
    await tx
      .insert(reservations)
      .values([
        r(worker.employeeId, '2026-03-01', '2026-03-05'),
        r(other.employeeId, '2026-03-06', '2026-03-08'),
        r(worker.employeeId, '2026-02-01', '2026-02-04', { is_completed: true }),
        r(worker.employeeId, '2026-03-10', '2026-03-11'),
        r(worker.employeeId, '2026-01-01', '2026-01-02', { status: 0 }),
      ]);

    // Receipts: three active without a job or cost code, one active and coded, one archived.
    await tx.insert(receipts).values([
      {
        tenant_uuid: tenant,
        employees_id: worker.employeeId,
        receipt_date: '2026-03-05',
        amount_cents: 900,
        jobs_id: j1.id,
        costcodes_id: c1.id,
      },
      { tenant_uuid: tenant, employees_id: worker.employeeId, receipt_date: '2026-03-02', amount_cents: 1200 },
      { tenant_uuid: tenant, employees_id: worker.employeeId, receipt_date: '2026-03-03', amount_cents: 800 },
      { tenant_uuid: tenant, employees_id: other.employeeId, receipt_date: '2026-03-04', amount_cents: 500 },
      { tenant_uuid: tenant, employees_id: other.employeeId, receipt_date: '2026-02-04', amount_cents: 500, status: 0 },
    ]);
  });
});

describe('getDashboard', () => {
  it('gives an admin every card, counted over the whole company', async () => {
    expect(ok(await t.gql(DASHBOARD, { tenant_uuid: tenant, today: TODAY }, admin.token))).toEqual({
      today: TODAY,
      hours: { start: '2026-03-09', end: '2026-03-15', regular: 0, overtime: 0, total: 0 },
      // Wes, Fred and Olga; Xena signed, Zed is no longer active.
      unsigned_timecards: { count: 3, all: true, period_start: '2026-03-02', period_end: '2026-03-08' },
      // Main Street: 10+10+6+4+10+8+2+5 = 55 h on 03-300 against 20 (Fred's 6 h are on the line that is off).
      jobs_over_budget: { count: 1 },
      // Active: Ada, Fred, Wes, Xena, Olga; Wes and Xena have an entry tomorrow.
      crew_tomorrow: { date: '2026-03-12', scheduled: 2, unscheduled: 3 },
      tasks_due: { due: 0, overdue: 0 },
      tools_overdue: { count: 2, all: true },
      receipts_to_review: { count: 3 },
    });
  });

  it('gives a worker their own hours with overtime, their tasks and their own overdue tools, and nothing else', async () => {
    expect(ok(await t.gql(DASHBOARD, { tenant_uuid: tenant, today: TODAY }, worker.token))).toEqual({
      today: TODAY,
      hours: { start: '2026-03-09', end: '2026-03-15', regular: 40, overtime: 8, total: 48 },
      unsigned_timecards: null,
      jobs_over_budget: null,
      crew_tomorrow: null,
      tasks_due: { due: 2, overdue: 1 },
      tools_overdue: { count: 1, all: false },
      receipts_to_review: null,
    });
  });

  it("counts a foreman's unsigned cards over their own jobs' crew only", async () => {
    const d = ok(await t.gql(DASHBOARD, { tenant_uuid: tenant, today: TODAY }, foreman.token));
    // Main Street last week: Wes and Fred himself; Olga's time was on Elm Yard.
    expect(d.unsigned_timecards).toEqual({ count: 2, all: false, period_start: '2026-03-02', period_end: '2026-03-08' });
    expect(d).toMatchObject({ jobs_over_budget: null, crew_tomorrow: null, tools_overdue: null, receipts_to_review: null });
    expect(d.hours).toMatchObject({ total: 0 });
    // A basic worker on no job as foreman has no such card.
    expect(ok(await t.gql(DASHBOARD, { tenant_uuid: tenant, today: TODAY }, other.token)).unsigned_timecards).toBeNull();
  });

  it('gives an office person the cards of their permissions, without time cards they do not hold', async () => {
    expect(ok(await t.gql(DASHBOARD, { tenant_uuid: tenant, today: TODAY }, office.token))).toEqual({
      today: TODAY,
      hours: null,
      unsigned_timecards: null,
      jobs_over_budget: { count: 1 },
      crew_tomorrow: { date: '2026-03-12', scheduled: 2, unscheduled: 3 },
      tasks_due: { due: 0, overdue: 0 },
      tools_overdue: { count: 2, all: true },
      receipts_to_review: { count: 3 },
    });
  });

  it('counts against the day the caller gives', async () => {
    const d = ok(await t.gql(DASHBOARD, { tenant_uuid: tenant, today: '2026-03-16' }, worker.token));
    // A new week: only Monday's 2 h; Tomorrow's task is now overdue too, Today's stays overdue.
    expect(d.hours).toEqual({ start: '2026-03-16', end: '2026-03-22', regular: 2, overtime: 0, total: 2 });
    expect(d.tasks_due).toEqual({ due: 3, overdue: 3 });
    expect(d.tools_overdue).toEqual({ count: 2, all: false });
  });

  it('leaves out the cards of modules the company switched off', async () => {
    const db = t.database.db;
    const company = await createTenant(db);
    await withTenant(db, company, (tx) =>
      tx.insert(tenantsModules).values(
        [MODULES.timecards, MODULES.tasks, MODULES.receipts, MODULES.scheduling].map((m) => ({
          tenant_uuid: company,
          modules_id: m,
          status: 0,
        })),
      ),
    );
    const boss = await createMember(db, company, { isAdmin: true });
    expect(ok(await t.gql(DASHBOARD, { tenant_uuid: company, today: TODAY }, boss.token))).toEqual({
      today: TODAY,
      hours: null,
      unsigned_timecards: null,
      jobs_over_budget: { count: 0 },
      crew_tomorrow: null,
      tasks_due: null,
      tools_overdue: { count: 0, all: true },
      receipts_to_review: null,
    });
  });

  it('refuses a bad date, a caller without a session and another company', async () => {
    for (const d of ['2026-02-30', '11/03/2026', 'sweep', '']) {
      const res = await t.gql(DASHBOARD, { tenant_uuid: tenant, today: d }, worker.token);
      expect(code(res), d).toBe('VALIDATION');
      expect(res.errors?.[0]?.message).toMatch(/today/);
    }
    expect(code(await t.gql(DASHBOARD, { tenant_uuid: tenant, today: TODAY }))).toBe('UNAUTHENTICATED');
    const foreign = await t.gql(DASHBOARD, { tenant_uuid: tenant, today: TODAY }, stranger.token);
    expect(code(foreign)).toBe('NOT_FOUND');
    expect(foreign.data?.getDashboard ?? null).toBeNull();
    // The stranger's own company has none of these numbers.
    const own = ok(await t.gql(DASHBOARD, { tenant_uuid: stranger.tenantUuid, today: TODAY }, stranger.token));
    expect(own).toMatchObject({
      unsigned_timecards: { count: 0 },
      jobs_over_budget: { count: 0 },
      tools_overdue: { count: 0 },
      receipts_to_review: { count: 0 },
      crew_tomorrow: { scheduled: 0, unscheduled: 1 },
    });
  });
});
