import { MODULES } from '@groundwork/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { pdfText } from '../../testing/pdf.js';
import { errorCode as code, type GqlResult, okData, useTestApp } from '../../testing/test-app.js';
import { testClock } from '../../testing/test-clock.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';

const clock = testClock();
const t = useTestApp({ deps: { now: clock.now } });
const ok = (res: GqlResult, field: string) => okData(res)[field];

const LABOR = `query($t: ID!, $f: ReportFilter, $l: Int, $n: String) { reportLaborBudget(tenant_uuid: $t, filter: $f, limit: $l, nextToken: $n) {
  rows { jobs_id job costcode hrsbdg actual_hours percent_used forecast_hours first_day end_date }
  totals { hrsbdg actual_hours percent_used } total group_by today nextToken } }`;
const HOURS = `query($t: ID!, $f: ReportFilter, $l: Int, $n: String) { reportHours(tenant_uuid: $t, filter: $f, limit: $l, nextToken: $n) {
  rows { person job costcode week_start hours regular_hours overtime_hours }
  totals { hours regular_hours overtime_hours people } weeks { week_start regular_hours overtime_hours } total nextToken } }`;
const STATUS = `query($t: ID!, $f: ReportFilter, $l: Int, $n: String) { reportTimecardStatus(tenant_uuid: $t, filter: $f, limit: $l, nextToken: $n) {
  rows { employees_id person status hours days_booked missing_days missing_dates }
  totals { people signed unsigned none } period_start period_end total nextToken } }`;
const PDF = `query($t: ID!, $r: ReportName!, $f: ReportFilter) { exportReportPdf(tenant_uuid: $t, report: $r, filter: $f) }`;
const BUDGET = `query($t: ID!, $p: Int!) { listProjectBudget(tenant_uuid: $t, project_id: $p) { totals { hrsbdg actual_hours } } }`;

// A Wednesday. No pay-period settings: weekly periods from Monday 2024-01-01, so this period is 03-16..03-22
// and the one before 03-09..03-15.
const TODAY = '2026-03-18';

let tenant: string;
let admin: TestMember;
let foreman: TestMember;
let outsider: TestMember;
let foreign: TestMember;
const id = { main: 0, elm: 0, oak: 0, concrete: 0, steel: 0, misc: 0, ann: 0, bob: 0 };

beforeAll(async () => {
  clock.set(`${TODAY}T15:00:00Z`);
  tenant = await createTenant(t.database.db);
  admin = await createMember(t.database.db, tenant, { isAdmin: true, firstname: 'Ada' });
  foreman = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Fran' });
  outsider = await createMember(t.database.db, tenant, { permissions: ['basic_access', 'projects_admin'], firstname: 'Otto' });
  foreign = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  await withTenant(t.database.db, tenant, async (tx) => {
    const [main, elm, oak] = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Main Street', job_abbr: 'MS', end_date: '2026-03-31' },
        { tenant_uuid: tenant, job: 'Elm Yard' },
        { tenant_uuid: tenant, job: 'Oak Lane' },
      ])
      .returning({ id: jobs.id });
    const [concrete, steel, misc] = await tx
      .insert(costcodes)
      .values([
        { tenant_uuid: tenant, costcode: '03-300', description: 'Concrete' },
        { tenant_uuid: tenant, costcode: '05-500', description: 'Steel' },
        { tenant_uuid: tenant, costcode: '09-900' },
      ])
      .returning({ id: costcodes.id });
    Object.assign(id, { main: main.id, elm: elm.id, oak: oak.id, concrete: concrete.id, steel: steel.id, misc: misc.id });
    await tx.insert(jobsCostcodes).values([
      { tenant_uuid: tenant, jobs_id: main.id, costcodes_id: concrete.id, hrsbdg: 100 },
      { tenant_uuid: tenant, jobs_id: main.id, costcodes_id: steel.id, hrsbdg: 50 },
      // Off: neither its budget nor its hours count, as on the budget tab.
      { tenant_uuid: tenant, jobs_id: main.id, costcodes_id: misc.id, hrsbdg: 30, status: 0 },
      { tenant_uuid: tenant, jobs_id: elm.id, costcodes_id: concrete.id, hrsbdg: 20 },
      { tenant_uuid: tenant, jobs_id: oak.id, costcodes_id: concrete.id, hrsbdg: 10 },
    ]);
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: main.id, employees_id: foreman.employeeId });
    const [ann, bob] = await tx
      .insert(employees)
      .values([
        { tenant_uuid: tenant, firstname: 'Ann', lastname: 'Able' },
        { tenant_uuid: tenant, firstname: 'Bob', lastname: 'Baker' },
      ])
      .returning({ id: employees.id });
    Object.assign(id, { ann: ann.id, bob: bob.id });
    const [annLast, annNow, bobLast] = await tx
      .insert(usersTimecard)
      .values([
        {
          tenant_uuid: tenant,
          employees_id: ann.id,
          payperiod_start_date: '2026-03-09',
          payperiod_end_date: '2026-03-15',
          signed_on: '2026-03-15T20:00:00Z',
        },
        { tenant_uuid: tenant, employees_id: ann.id, payperiod_start_date: '2026-03-16', payperiod_end_date: '2026-03-22' },
        { tenant_uuid: tenant, employees_id: bob.id, payperiod_start_date: '2026-03-09', payperiod_end_date: '2026-03-15' },
      ])
      .returning({ id: usersTimecard.id });
    const entry = (card: number, person: number, day: string, job: number, code: number, hours: number) => ({
      tenant_uuid: tenant,
      users_timecard_id: card,
      employees_id: person,
      timecard_date: day,
      jobs_id: job,
      costcodes_id: code,
      hours,
    });
    await tx.insert(timecardEntries).values([
      // Ann, week of 03-09: 40 h of concrete, then 8 h of steel on Friday, all of it past the 40th hour.
      ...['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'].map((d) => entry(annLast.id, ann.id, d, main.id, concrete.id, 10)),
      entry(annLast.id, ann.id, '2026-03-13', main.id, steel.id, 8),
      // Ann, this week: Monday on Main Street, Tuesday on Elm Yard; nothing on Wednesday (today).
      entry(annNow.id, ann.id, '2026-03-16', main.id, concrete.id, 8),
      entry(annNow.id, ann.id, '2026-03-17', elm.id, concrete.id, 4),
      // Bob, week of 03-09: Elm Yard, and 5 h on Main Street's switched-off line.
      entry(bobLast.id, bob.id, '2026-03-10', elm.id, concrete.id, 6),
      entry(bobLast.id, bob.id, '2026-03-11', main.id, misc.id, 5),
    ]);
  });
});

afterAll(() => {
  clock.reset();
});

describe('reportLaborBudget', () => {
  it('by job: the budget tab totals, % used and the forecast at the current burn', async () => {
    const r = ok(await t.gql(LABOR, { t: tenant }, admin.token), 'reportLaborBudget');
    // Main Street: on lines 100 + 50 h budgeted; 4×10 + 8 booked on concrete, 8 on steel = 56 (the off line's 5 h left out).
    // 56 / 150 = 37.3 %. Burn: 56 h over 03-09..03-18 (10 days) = 5.6 h a day; 13 days left to 03-31: 56 + 72.8 = 128.8.
    // Elm Yard: 20 h budgeted, 6 + 4 = 10 booked, 50 %, no end date so no forecast. Oak Lane: nothing booked.
    expect(r.rows).toEqual([
      {
        jobs_id: id.elm,
        job: 'Elm Yard',
        costcode: null,
        hrsbdg: 20,
        actual_hours: 10,
        percent_used: 50,
        forecast_hours: null,
        first_day: '2026-03-10',
        end_date: null,
      },
      {
        jobs_id: id.main,
        job: 'MS · Main Street',
        costcode: null,
        hrsbdg: 150,
        actual_hours: 56,
        percent_used: 37.3,
        forecast_hours: 128.8,
        first_day: '2026-03-09',
        end_date: '2026-03-31',
      },
      {
        jobs_id: id.oak,
        job: 'Oak Lane',
        costcode: null,
        hrsbdg: 10,
        actual_hours: 0,
        percent_used: 0,
        forecast_hours: null,
        first_day: null,
        end_date: null,
      },
    ]);
    // 180 h budgeted, 66 booked: 36.7 %.
    expect(r.totals).toEqual({ hrsbdg: 180, actual_hours: 66, percent_used: 36.7 });
    expect(r).toMatchObject({ total: 3, group_by: 'job', today: TODAY, nextToken: null });
    // The same numbers as the job's budget tab.
    const budget = ok(await t.gql(BUDGET, { t: tenant, p: id.main }, admin.token), 'listProjectBudget');
    expect(budget.totals).toEqual({ hrsbdg: 150, actual_hours: 56 });
  });

  it('by cost code: one row per line that is on, paged', async () => {
    const f = { jobs_id: id.main, group_by: 'costcode' };
    const first = ok(await t.gql(LABOR, { t: tenant, f, l: 1 }, admin.token), 'reportLaborBudget');
    // Concrete: 48 of 100 h; burn 48 / 10 days; 48 + 4.8 × 13 = 110.4.
    expect(first.rows).toEqual([
      expect.objectContaining({ costcode: '03-300', hrsbdg: 100, actual_hours: 48, percent_used: 48, forecast_hours: 110.4 }),
    ]);
    expect(first.total).toBe(2);
    const second = ok(await t.gql(LABOR, { t: tenant, f, l: 1, n: first.nextToken }, admin.token), 'reportLaborBudget');
    // Steel: 8 of 50 h (16 %), first booked 03-13: 8 / 6 days × 13 + 8 = 25.33.
    expect(second.rows).toEqual([
      expect.objectContaining({ costcode: '05-500', hrsbdg: 50, actual_hours: 8, percent_used: 16, forecast_hours: 25.33 }),
    ]);
    expect(second.nextToken).toBeNull();
  });

  it('a foreman sees their jobs only and cannot widen the report to another job', async () => {
    const r = ok(await t.gql(LABOR, { t: tenant }, foreman.token), 'reportLaborBudget');
    expect(r.rows.map((x: { jobs_id: number }) => x.jobs_id)).toEqual([id.main]);
    expect(r.totals).toEqual({ hrsbdg: 150, actual_hours: 56, percent_used: 37.3 });
    expect(code(await t.gql(LABOR, { t: tenant, f: { jobs_id: id.elm } }, foreman.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(HOURS, { t: tenant, f: { from: '2026-03-09', to: '2026-03-18', jobs_id: id.elm } }, foreman.token))).toBe(
      'FORBIDDEN',
    );
    expect(code(await t.gql(STATUS, { t: tenant, f: { jobs_id: id.oak } }, foreman.token))).toBe('FORBIDDEN');
    // Someone who runs no job is refused, whatever else they may do.
    expect(code(await t.gql(LABOR, { t: tenant }, outsider.token))).toBe('FORBIDDEN');
  });
});

describe('reportHours', () => {
  it('by person, job, cost code and week, with overtime past 40 h a week', async () => {
    const r = ok(await t.gql(HOURS, { t: tenant, f: { from: '2026-03-09', to: '2026-03-18' } }, admin.token), 'reportHours');
    expect(r.rows).toEqual([
      {
        person: 'Ann Able',
        job: 'MS · Main Street',
        costcode: '03-300 Concrete',
        week_start: '2026-03-09',
        hours: 40,
        regular_hours: 40,
        overtime_hours: 0,
      },
      {
        person: 'Ann Able',
        job: 'MS · Main Street',
        costcode: '05-500 Steel',
        week_start: '2026-03-09',
        hours: 8,
        regular_hours: 0,
        overtime_hours: 8,
      },
      {
        person: 'Ann Able',
        job: 'Elm Yard',
        costcode: '03-300 Concrete',
        week_start: '2026-03-16',
        hours: 4,
        regular_hours: 4,
        overtime_hours: 0,
      },
      {
        person: 'Ann Able',
        job: 'MS · Main Street',
        costcode: '03-300 Concrete',
        week_start: '2026-03-16',
        hours: 8,
        regular_hours: 8,
        overtime_hours: 0,
      },
      {
        person: 'Bob Baker',
        job: 'Elm Yard',
        costcode: '03-300 Concrete',
        week_start: '2026-03-09',
        hours: 6,
        regular_hours: 6,
        overtime_hours: 0,
      },
      {
        person: 'Bob Baker',
        job: 'MS · Main Street',
        costcode: '09-900',
        week_start: '2026-03-09',
        hours: 5,
        regular_hours: 5,
        overtime_hours: 0,
      },
    ]);
    // 40 + 8 + 4 + 8 + 6 + 5 = 71 h, 8 of them overtime.
    expect(r.totals).toEqual({ hours: 71, regular_hours: 63, overtime_hours: 8, people: 2 });
    expect(r.weeks).toEqual([
      { week_start: '2026-03-09', regular_hours: 51, overtime_hours: 8 },
      { week_start: '2026-03-16', regular_hours: 12, overtime_hours: 0 },
    ]);
    const paged = ok(await t.gql(HOURS, { t: tenant, f: { from: '2026-03-09', to: '2026-03-18' }, l: 4 }, admin.token), 'reportHours');
    expect(paged.rows).toHaveLength(4);
    const rest = ok(
      await t.gql(HOURS, { t: tenant, f: { from: '2026-03-09', to: '2026-03-18' }, l: 4, n: paged.nextToken }, admin.token),
      'reportHours',
    );
    expect(rest.rows.map((x: { person: string }) => x.person)).toEqual(['Bob Baker', 'Bob Baker']);
    expect(rest.nextToken).toBeNull();
  });

  it('a filter keeps the overtime that fell on the rows it shows; a window inside the week still counts the whole week', async () => {
    const steel = ok(
      await t.gql(HOURS, { t: tenant, f: { from: '2026-03-13', to: '2026-03-13', costcodes_id: id.steel } }, admin.token),
      'reportHours',
    );
    expect(steel.rows).toEqual([expect.objectContaining({ person: 'Ann Able', hours: 8, regular_hours: 0, overtime_hours: 8 })]);
    const byPerson = ok(
      await t.gql(HOURS, { t: tenant, f: { from: '2026-03-16', to: '2026-03-18', employees_id: id.ann } }, admin.token),
      'reportHours',
    );
    expect(byPerson.totals).toEqual({ hours: 12, regular_hours: 12, overtime_hours: 0, people: 1 });
  });

  it("a foreman's hours are their jobs' hours", async () => {
    const r = ok(await t.gql(HOURS, { t: tenant, f: { from: '2026-03-09', to: '2026-03-18' } }, foreman.token), 'reportHours');
    expect(r.rows.every((x: { job: string }) => x.job === 'MS · Main Street')).toBe(true);
    // Ann 40 + 8 (overtime) + 8, Bob 5.
    expect(r.totals).toEqual({ hours: 61, regular_hours: 53, overtime_hours: 8, people: 2 });
  });
});

describe('reportTimecardStatus', () => {
  it('this pay period: signed, unsigned, and the weekdays up to today without time', async () => {
    const r = ok(await t.gql(STATUS, { t: tenant, f: { date: TODAY } }, admin.token), 'reportTimecardStatus');
    expect(r).toMatchObject({ period_start: '2026-03-16', period_end: '2026-03-22', total: 5 });
    // Ann: a card, not signed, Monday and Tuesday booked, Wednesday missing. Everyone else: nothing, 3 days missing.
    const ann = r.rows.find((x: { employees_id: number }) => x.employees_id === id.ann);
    expect(ann).toEqual({
      employees_id: id.ann,
      person: 'Ann Able',
      status: 'unsigned',
      hours: 12,
      days_booked: 2,
      missing_days: 1,
      missing_dates: ['2026-03-18'],
    });
    expect(r.rows.find((x: { employees_id: number }) => x.employees_id === id.bob)).toMatchObject({ status: 'none', missing_days: 3 });
    expect(r.totals).toEqual({ people: 5, signed: 0, unsigned: 1, none: 4 });
  });

  it('the last pay period, one person, and a foreman’s crew', async () => {
    const r = ok(await t.gql(STATUS, { t: tenant, f: { date: '2026-03-10' } }, admin.token), 'reportTimecardStatus');
    expect(r.period_start).toBe('2026-03-09');
    expect(r.rows.find((x: { employees_id: number }) => x.employees_id === id.ann)).toMatchObject({
      status: 'signed',
      hours: 48,
      days_booked: 5,
      missing_days: 0,
    });
    // Bob: time without a card is unsigned; booked Tue and Wed, so Mon, Thu, Fri are missing.
    expect(r.rows.find((x: { employees_id: number }) => x.employees_id === id.bob)).toMatchObject({
      status: 'unsigned',
      missing_dates: ['2026-03-09', '2026-03-12', '2026-03-13'],
    });
    const one = ok(
      await t.gql(STATUS, { t: tenant, f: { date: '2026-03-10', employees_id: id.ann } }, admin.token),
      'reportTimecardStatus',
    );
    expect(one.rows.map((x: { person: string }) => x.person)).toEqual(['Ann Able']);
    expect(one.totals).toEqual({ people: 1, signed: 1, unsigned: 0, none: 0 });
    // The foreman runs Main Street: last period both had time on it, this period only Ann.
    const crewLast = ok(await t.gql(STATUS, { t: tenant, f: { date: '2026-03-10' } }, foreman.token), 'reportTimecardStatus');
    expect(crewLast.rows.map((x: { person: string }) => x.person)).toEqual(['Ann Able', 'Bob Baker']);
    const crewNow = ok(await t.gql(STATUS, { t: tenant }, foreman.token), 'reportTimecardStatus');
    expect(crewNow.rows.map((x: { person: string }) => x.person)).toEqual(['Ann Able']);
  });
});

describe('exportReportPdf', () => {
  it('holds the rows of the table, every page', async () => {
    const b64 = ok(await t.gql(PDF, { t: tenant, r: 'labor_budget' }, admin.token), 'exportReportPdf') as string;
    const pdf = Buffer.from(b64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Labor budget vs actual');
    for (const cell of ['Elm Yard', 'Main Street', 'Oak Lane', '150', '56', '37.3 %', '128.8']) expect(text).toContain(cell);
    const hoursPdf = await t.gql(PDF, { t: tenant, r: 'hours', f: { from: '2026-03-09', to: '2026-03-18' } }, admin.token);
    const hoursText = await pdfText(Buffer.from(ok(hoursPdf, 'exportReportPdf'), 'base64'));
    for (const cell of ['Ann Able', 'Bob Baker', '05-500 Steel']) expect(hoursText).toContain(cell);
    expect(code(await t.gql(PDF, { t: tenant, r: 'labor_budget', f: { jobs_id: id.elm } }, foreman.token))).toBe('FORBIDDEN');
  });
});

describe('access and input', () => {
  it('unauthenticated, other tenant, invalid input', async () => {
    expect(code(await t.gql(LABOR, { t: tenant }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(STATUS, { t: tenant }, foreign.token))).toBe('NOT_FOUND');
    // Another company's admin, in their own company, sees none of this one's rows.
    expect(ok(await t.gql(LABOR, { t: foreign.tenantUuid, f: { jobs_id: id.main } }, foreign.token), 'reportLaborBudget').rows).toEqual([]);
    expect(
      ok(await t.gql(HOURS, { t: foreign.tenantUuid, f: { from: '2026-03-09', to: '2026-03-18' } }, foreign.token), 'reportHours').total,
    ).toBe(0);
    const invalid = async (query: string, f: Record<string, unknown>, message: RegExp) => {
      const res = await t.gql(query, { t: tenant, f }, admin.token);
      expect(code(res)).toBe('VALIDATION');
      expect(res.errors?.[0].message).toMatch(message);
    };
    await invalid(HOURS, { from: '18/03/2026', to: '2026-03-18' }, /from: Invalid format/);
    await invalid(HOURS, { to: '2026-03-18' }, /from and to are required/);
    await invalid(HOURS, { from: '2026-03-18', to: '2026-03-01' }, /to cannot be before from/);
    await invalid(HOURS, { from: '2026-01-01', to: '2026-12-31' }, /at most 92 days/);
    await invalid(LABOR, { jobs_id: -4 }, /jobs_id: Invalid format/);
    await invalid(LABOR, { group_by: 'week' }, /group_by/);
    await invalid(STATUS, { date: '2026-02-30' }, /date: Invalid format/);
    expect(code(await t.gql(LABOR, { t: tenant, l: 0 }, admin.token))).toBe('VALIDATION');
    expect(code(await t.gql(LABOR, { t: tenant, n: 'nope' }, admin.token))).toBe('VALIDATION');
  });

  it('module off: refused', async () => {
    const off = await createTenant(t.database.db);
    const boss = await createMember(t.database.db, off, { isAdmin: true });
    await withTenant(t.database.db, off, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: off, modules_id: MODULES.reports, status: 0 }),
    );
    expect(code(await t.gql(LABOR, { t: off }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(PDF, { t: off, r: 'timecard_status' }, boss.token))).toBe('FORBIDDEN');
  });
});
