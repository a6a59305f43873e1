import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createCompanyWithForeman, type TestMember } from '../../testing/factories.js';
import { pdfText } from '../../testing/pdf.js';
import { errorCode as code, type GqlResult, okData, useTestApp } from '../../testing/test-app.js';
import { testClock } from '../../testing/test-clock.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { containers, reservations, tools } from '../tools/tools.table.js';

const clock = testClock();
const t = useTestApp({ deps: { now: clock.now } });
const ok = (res: GqlResult) => okData(res).reportTools;

const TOOLS = `query($t: ID!, $f: ReportFilter) { reportTools(tenant_uuid: $t, filter: $f) {
  rows { tool_number name container reservations reserved_days utilisation overdue overdue_since }
  totals { tools reserved_days utilisation overdue } window_days today total nextToken } }`;
// Ten days; today is after them.
const WINDOW = { from: '2026-03-01', to: '2026-03-10' };

let tenant: string;
let admin: TestMember;
let foreman: TestMember;
let foreign: TestMember;
const id = { main: 0, elm: 0 };

beforeAll(async () => {
  clock.set('2026-03-18T15:00:00Z');
  ({ tenant, admin, foreman, foreign } = await createCompanyWithForeman(t.database.db));
  await withTenant(t.database.db, tenant, async (tx) => {
    const [main, elm] = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Main Street' },
        { tenant_uuid: tenant, job: 'Elm Yard' },
      ])
      .returning({ id: jobs.id });
    Object.assign(id, { main: main.id, elm: elm.id });
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: main.id, employees_id: foreman.employeeId });
    const [hq] = await tx
      .insert(containers)
      .values({ tenant_uuid: tenant, container_name: 'Main Shop', hq: true })
      .returning({ id: containers.id });
    const [drill, saw] = await tx
      .insert(tools)
      .values([
        { tenant_uuid: tenant, tool_number: 'T-0001', name: 'Drill', container_id: hq.id },
        { tenant_uuid: tenant, tool_number: 'T-0002', name: 'Saw', container_id: hq.id },
        { tenant_uuid: tenant, tool_number: 'T-0003', name: 'Level', container_id: hq.id },
        { tenant_uuid: tenant, tool_number: 'T-0004', name: 'Retired', container_id: hq.id, status: 0 },
      ])
      .returning({ id: tools.id });
    const reserve = (tool: number, start: string, end: string, job: number, extra: object = {}) => ({
      tenant_uuid: tenant,
      tools_id: tool,
      start_date: start,
      end_date: end,
      jobs_id: job,
      employees_id: admin.employeeId,
      ...extra,
    });
    await tx.insert(reservations).values([
      // Drill: 03-01..03-03 of a finished one, then 03-08..03-10 of one still out past its end (03-12).
      reserve(drill.id, '2026-02-26', '2026-03-03', main.id, { is_completed: true }),
      reserve(drill.id, '2026-03-08', '2026-03-12', elm.id),
      // Saw: an archived reservation, and one after the window, still out past its end (03-16).
      reserve(saw.id, '2026-03-05', '2026-03-05', main.id, { status: 0 }),
      reserve(saw.id, '2026-03-15', '2026-03-16', main.id),
    ]);
  });
});

afterAll(() => {
  clock.reset();
});

describe('reportTools', () => {
  it('days reserved in the window, as a share of it, and overdue reservations', async () => {
    const r = ok(await t.gql(TOOLS, { t: tenant, f: WINDOW }, admin.token));
    expect(r.rows).toEqual([
      // 3 + 3 of 10 days.
      {
        tool_number: 'T-0001',
        name: 'Drill',
        container: 'Main Shop',
        reservations: 2,
        reserved_days: 6,
        utilisation: 60,
        overdue: 1,
        overdue_since: '2026-03-12',
      },
      {
        tool_number: 'T-0002',
        name: 'Saw',
        container: 'Main Shop',
        reservations: 0,
        reserved_days: 0,
        utilisation: 0,
        overdue: 1,
        overdue_since: '2026-03-16',
      },
      {
        tool_number: 'T-0003',
        name: 'Level',
        container: 'Main Shop',
        reservations: 0,
        reserved_days: 0,
        utilisation: 0,
        overdue: 0,
        overdue_since: null,
      },
    ]);
    // 6 of 3 tools × 10 days.
    expect(r).toMatchObject({
      totals: { tools: 3, reserved_days: 6, utilisation: 20, overdue: 2 },
      window_days: 10,
      today: '2026-03-18',
      total: 3,
    });
    const elm = ok(await t.gql(TOOLS, { t: tenant, f: { ...WINDOW, jobs_id: id.elm } }, admin.token));
    expect(elm.rows).toEqual([expect.objectContaining({ tool_number: 'T-0001', reservations: 1, reserved_days: 3, overdue: 1 })]);
  });

  it("a foreman: their jobs' reservations only; another job, another company, bad input", async () => {
    const r = ok(await t.gql(TOOLS, { t: tenant, f: WINDOW }, foreman.token));
    expect(
      r.rows.map((x: { tool_number: string; reserved_days: number; overdue: number }) => [x.tool_number, x.reserved_days, x.overdue]),
    ).toEqual([
      ['T-0001', 3, 0],
      ['T-0002', 0, 1],
    ]);
    expect(r.totals).toEqual({ tools: 2, reserved_days: 3, utilisation: 15, overdue: 1 });
    expect(code(await t.gql(TOOLS, { t: tenant, f: { ...WINDOW, jobs_id: id.elm } }, foreman.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(TOOLS, { t: tenant, f: WINDOW }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(TOOLS, { t: tenant, f: WINDOW }, foreign.token))).toBe('NOT_FOUND');
    expect(ok(await t.gql(TOOLS, { t: foreign.tenantUuid, f: WINDOW }, foreign.token)).rows).toEqual([]);
    const bad = await t.gql(TOOLS, { t: tenant, f: { from: '2026-03-01' } }, admin.token);
    expect([code(bad), bad.errors?.[0].message]).toEqual(['VALIDATION', 'from and to are required (YYYY-MM-DD).']);
  });

  it('exports its rows as a PDF', async () => {
    const res = await t.gql(
      `query($t: ID!, $f: ReportFilter) { exportReportPdf(tenant_uuid: $t, report: tools, filter: $f) }`,
      { t: tenant, f: WINDOW },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    const text = await pdfText(Buffer.from(res.data?.exportReportPdf, 'base64'));
    for (const cell of ['Tool utilisation and overdue', 'T-0001 Drill', '60 %', 'March 16, 2026']) expect(text).toContain(cell);
  });
});
