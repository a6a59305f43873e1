import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createCompanyWithForeman, type TestMember } from '../../testing/factories.js';
import { pdfText } from '../../testing/pdf.js';
import { errorCode as code, type GqlResult, okData, useTestApp } from '../../testing/test-app.js';
import { departmentMembers } from '../announcements/announcements.table.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { departments } from '../departments/departments.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';

const t = useTestApp();
const ok = (res: GqlResult) => okData(res).reportSchedule;

const SCHEDULE = `query($t: ID!, $f: ReportFilter, $l: Int, $n: String) { reportSchedule(tenant_uuid: $t, filter: $f, limit: $l, nextToken: $n) {
  rows { job day planned punched no_show unplanned hours } totals { planned punched no_show unplanned hours }
  days { day planned punched } total nextToken } }`;
const WINDOW = { from: '2026-03-09', to: '2026-03-10' };

let tenant: string;
let admin: TestMember;
let foreman: TestMember;
let foreign: TestMember;
const id = { main: 0, elm: 0, ann: 0, bob: 0, cy: 0, dept: 0 };

beforeAll(async () => {
  ({ tenant, admin, foreman, foreign } = await createCompanyWithForeman(t.database.db));
  await withTenant(t.database.db, tenant, async (tx) => {
    const [main, elm] = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Main Street', job_abbr: 'MS' },
        { tenant_uuid: tenant, job: 'Elm Yard' },
      ])
      .returning({ id: jobs.id });
    const [code1] = await tx.insert(costcodes).values({ tenant_uuid: tenant, costcode: '03-300' }).returning({ id: costcodes.id });
    const [ann, bob, cy] = await tx
      .insert(employees)
      .values(['Ann', 'Bob', 'Cy'].map((firstname) => ({ tenant_uuid: tenant, firstname, lastname: 'Crew' })))
      .returning({ id: employees.id });
    const [dept] = await tx.insert(departments).values({ tenant_uuid: tenant, department: 'Concrete' }).returning({ id: departments.id });
    await tx.insert(departmentMembers).values({ tenant_uuid: tenant, departments_id: dept.id, employees_id: cy.id });
    Object.assign(id, { main: main.id, elm: elm.id, ann: ann.id, bob: bob.id, cy: cy.id, dept: dept.id });
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: main.id, employees_id: foreman.employeeId });
    const plan = (job: number | null, person: number, date: string, extra: object = {}) => ({
      tenant_uuid: tenant,
      jobs_id: job,
      employees_id: person,
      date,
      ...extra,
    });
    await tx.insert(scheduledLabor).values([
      plan(main.id, ann.id, '2026-03-09'),
      plan(main.id, bob.id, '2026-03-09', { confirmation_status: 'confirmed' }),
      // Declined: not planned.
      plan(main.id, cy.id, '2026-03-09', { confirmation_status: 'declined' }),
      plan(main.id, ann.id, '2026-03-10'),
      plan(elm.id, cy.id, '2026-03-09'),
      // Time off, and a day outside the window: neither counts.
      plan(null, bob.id, '2026-03-10', { event_type: 'Time Off' }),
      plan(main.id, ann.id, '2026-03-11'),
    ]);
    const cards = await tx
      .insert(usersTimecard)
      .values(
        [ann, bob, cy].map((p) => ({
          tenant_uuid: tenant,
          employees_id: p.id,
          payperiod_start_date: '2026-03-09',
          payperiod_end_date: '2026-03-15',
        })),
      )
      .returning({ id: usersTimecard.id, employees_id: usersTimecard.employees_id });
    const card = (person: number) => cards.find((c) => c.employees_id === person)?.id as number;
    const time = (job: number, person: number, day: string, hours: number) => ({
      tenant_uuid: tenant,
      users_timecard_id: card(person),
      employees_id: person,
      timecard_date: day,
      jobs_id: job,
      costcodes_id: code1.id,
      hours,
    });
    await tx
      .insert(timecardEntries)
      .values([
        time(main.id, ann.id, '2026-03-09', 8),
        time(main.id, bob.id, '2026-03-09', 2),
        time(main.id, bob.id, '2026-03-09', 2),
        time(main.id, cy.id, '2026-03-09', 3),
        time(main.id, bob.id, '2026-03-10', 6),
        time(elm.id, ann.id, '2026-03-10', 2),
      ]);
  });
});

describe('reportSchedule', () => {
  it('per job and day: heads planned against heads with time', async () => {
    const r = ok(await t.gql(SCHEDULE, { t: tenant, f: WINDOW }, admin.token));
    expect(r.rows).toEqual([
      // Cy planned on Elm Yard, no time there.
      { job: 'Elm Yard', day: '2026-03-09', planned: 1, punched: 0, no_show: 1, unplanned: 0, hours: 0 },
      // Ann and Bob planned (Cy declined); all three with time: Cy unplanned. 8 + 2 + 2 + 3 h.
      { job: 'MS · Main Street', day: '2026-03-09', planned: 2, punched: 3, no_show: 0, unplanned: 1, hours: 15 },
      { job: 'Elm Yard', day: '2026-03-10', planned: 0, punched: 1, no_show: 0, unplanned: 1, hours: 2 },
      // Ann planned without time, Bob with time without a plan.
      { job: 'MS · Main Street', day: '2026-03-10', planned: 1, punched: 1, no_show: 1, unplanned: 1, hours: 6 },
    ]);
    expect(r.totals).toEqual({ planned: 4, punched: 5, no_show: 2, unplanned: 3, hours: 23 });
    expect(r.days).toEqual([
      { day: '2026-03-09', planned: 3, punched: 3 },
      { day: '2026-03-10', planned: 1, punched: 2 },
    ]);
    const second = ok(await t.gql(SCHEDULE, { t: tenant, f: WINDOW, l: 3 }, admin.token));
    const rest = ok(await t.gql(SCHEDULE, { t: tenant, f: WINDOW, l: 3, n: second.nextToken }, admin.token));
    expect(rest).toMatchObject({ total: 4, nextToken: null, rows: [{ job: 'MS · Main Street', day: '2026-03-10' }] });
  });

  it('a person, a department', async () => {
    const ann = ok(await t.gql(SCHEDULE, { t: tenant, f: { ...WINDOW, employees_id: id.ann } }, admin.token));
    expect(ann.totals).toEqual({ planned: 2, punched: 2, no_show: 1, unplanned: 1, hours: 10 });
    const dept = ok(await t.gql(SCHEDULE, { t: tenant, f: { ...WINDOW, departments_id: id.dept } }, admin.token));
    expect(dept.rows).toEqual([
      { job: 'Elm Yard', day: '2026-03-09', planned: 1, punched: 0, no_show: 1, unplanned: 0, hours: 0 },
      { job: 'MS · Main Street', day: '2026-03-09', planned: 0, punched: 1, no_show: 0, unplanned: 1, hours: 3 },
    ]);
  });

  it('a foreman: their jobs only; another job, another company, bad input', async () => {
    const r = ok(await t.gql(SCHEDULE, { t: tenant, f: WINDOW }, foreman.token));
    expect(r.totals).toEqual({ planned: 3, punched: 4, no_show: 1, unplanned: 2, hours: 21 });
    expect(code(await t.gql(SCHEDULE, { t: tenant, f: { ...WINDOW, jobs_id: id.elm } }, foreman.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SCHEDULE, { t: tenant, f: WINDOW }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(SCHEDULE, { t: tenant, f: WINDOW }, foreign.token))).toBe('NOT_FOUND');
    expect(ok(await t.gql(SCHEDULE, { t: foreign.tenantUuid, f: { ...WINDOW, jobs_id: id.main } }, foreign.token)).rows).toEqual([]);
    const bad = await t.gql(SCHEDULE, { t: tenant, f: { to: '2026-03-10' } }, admin.token);
    expect([code(bad), bad.errors?.[0].message]).toEqual(['VALIDATION', 'from and to are required (YYYY-MM-DD).']);
  });

  it('exports its rows as a PDF', async () => {
    const res = await t.gql(
      `query($t: ID!, $f: ReportFilter) { exportReportPdf(tenant_uuid: $t, report: schedule, filter: $f) }`,
      { t: tenant, f: WINDOW },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    const text = await pdfText(Buffer.from(res.data?.exportReportPdf, 'base64'));
    for (const cell of ['Crew schedule vs actual', 'Elm Yard', 'Main Street', 'March 10, 2026', '15']) expect(text).toContain(cell);
  });
});
