import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createCompanyWithForeman, type TestMember } from '../../testing/factories.js';
import { pdfText } from '../../testing/pdf.js';
import { errorCode as code, type GqlResult, okData, useTestApp } from '../../testing/test-app.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { orders } from '../ordering/ordering.table.js';
import { receiptSplits, receipts } from '../receipts/receipts.table.js';

const t = useTestApp();
const ok = (res: GqlResult) => okData(res).reportSpend;

const SPEND = `query($t: ID!, $f: ReportFilter, $l: Int, $n: String) { reportSpend(tenant_uuid: $t, filter: $f, limit: $l, nextToken: $n) {
  rows { job costcode matbdg receipts orders spent percent_used } totals { matbdg receipts orders spent percent_used } total nextToken } }`;

let tenant: string;
let admin: TestMember;
let foreman: TestMember;
let foreign: TestMember;
const id = { main: 0, elm: 0, concrete: 0, steel: 0, misc: 0 };

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
    const [concrete, steel, misc] = await tx
      .insert(costcodes)
      .values([
        { tenant_uuid: tenant, costcode: '03-300', description: 'Concrete' },
        { tenant_uuid: tenant, costcode: '05-500', description: 'Steel' },
        { tenant_uuid: tenant, costcode: '09-900' },
      ])
      .returning({ id: costcodes.id });
    Object.assign(id, { main: main.id, elm: elm.id, concrete: concrete.id, steel: steel.id, misc: misc.id });
    await tx.insert(jobsCostcodes).values([
      { tenant_uuid: tenant, jobs_id: main.id, costcodes_id: concrete.id, matbdg: 1000 },
      { tenant_uuid: tenant, jobs_id: main.id, costcodes_id: steel.id, matbdg: 500 },
      // Off: its budget does not count, though spend booked to it still shows.
      { tenant_uuid: tenant, jobs_id: main.id, costcodes_id: misc.id, matbdg: 300, status: 0 },
      { tenant_uuid: tenant, jobs_id: elm.id, costcodes_id: concrete.id, matbdg: 200 },
    ]);
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: main.id, employees_id: foreman.employeeId });
    const receipt = (day: string, cents: number, job: number | null, code: number | null, status = 1) => ({
      tenant_uuid: tenant,
      receipt_date: day,
      employees_id: admin.employeeId,
      jobs_id: job,
      costcodes_id: code,
      amount_cents: cents,
      status,
    });
    const [, split] = await tx
      .insert(receipts)
      .values([
        receipt('2026-03-02', 12000, main.id, concrete.id),
        // Split: its own job and cost code give way to the splits.
        receipt('2026-03-05', 10000, main.id, concrete.id),
        receipt('2026-03-06', 9999, main.id, concrete.id, 0),
        receipt('2026-03-07', 5000, null, null),
        receipt('2026-03-10', 2500, main.id, null),
      ])
      .returning({ id: receipts.id });
    await tx.insert(receiptSplits).values([
      { tenant_uuid: tenant, receipts_id: split.id, jobs_id: main.id, costcodes_id: steel.id, amount_cents: 6000 },
      { tenant_uuid: tenant, receipts_id: split.id, jobs_id: elm.id, costcodes_id: concrete.id, amount_cents: 4000 },
    ]);
    const order = (po: number, day: string, job: number, sent: boolean, lines: object[], status = 1) => ({
      tenant_uuid: tenant,
      po_number: po,
      order_date: day,
      jobs_id: job,
      employees_id: admin.employeeId,
      lines: lines as never,
      status,
      sent_on: sent ? `${day}T15:00:00Z` : null,
    });
    await tx.insert(orders).values([
      order(1, '2026-03-03', main.id, true, [
        { description: 'Rebar', quantity: 10, unit_cost_cents: 1250, costcodes_id: concrete.id },
        { description: 'Beams', quantity: 2, unit_cost_cents: 10000, costcodes_id: steel.id },
        { description: 'Delivery', quantity: 1, unit_cost_cents: 7500, costcodes_id: misc.id },
      ]),
      // A draft never sent, and an archived order: neither is spend.
      order(2, '2026-03-04', main.id, false, [{ description: 'Forms', quantity: 1, unit_cost_cents: 100000, costcodes_id: concrete.id }]),
      order(3, '2026-03-04', elm.id, true, [{ description: 'Sand', quantity: 1, unit_cost_cents: 50000, costcodes_id: concrete.id }], 0),
    ]);
  });
});

describe('reportSpend', () => {
  it('receipts and sent orders by job and cost code against matbdg', async () => {
    const r = ok(await t.gql(SPEND, { t: tenant }, admin.token));
    expect(r.rows).toEqual([
      // Elm: the split's $40 of 200.
      { job: 'Elm Yard', costcode: '03-300 Concrete', matbdg: 200, receipts: 40, orders: 0, spent: 40, percent_used: 20 },
      // Concrete: receipt $120 + rebar 10 × $12.50 = $245 of 1000.
      { job: 'MS · Main Street', costcode: '03-300 Concrete', matbdg: 1000, receipts: 120, orders: 125, spent: 245, percent_used: 24.5 },
      // Steel: the split's $60 + beams 2 × $100 = $260 of 500.
      { job: 'MS · Main Street', costcode: '05-500 Steel', matbdg: 500, receipts: 60, orders: 200, spent: 260, percent_used: 52 },
      // The switched-off line: no budget, the delivery's $75 still spent.
      { job: 'MS · Main Street', costcode: '09-900', matbdg: 0, receipts: 0, orders: 75, spent: 75, percent_used: null },
      // A receipt on the job without a cost code.
      { job: 'MS · Main Street', costcode: null, matbdg: 0, receipts: 25, orders: 0, spent: 25, percent_used: null },
    ]);
    // 1700 budgeted; 245 + 400 = 645 spent: 37.9 %.
    expect(r.totals).toEqual({ matbdg: 1700, receipts: 245, orders: 400, spent: 645, percent_used: 37.9 });
    expect(r.total).toBe(5);
  });

  it('dates bound the spend, not the budget; a cost code; pages', async () => {
    const r = ok(await t.gql(SPEND, { t: tenant, f: { from: '2026-03-04', to: '2026-03-09' } }, admin.token));
    expect(r.rows.map((x: { costcode: string; spent: number }) => [x.costcode, x.spent])).toEqual([
      ['03-300 Concrete', 40],
      ['03-300 Concrete', 0],
      ['05-500 Steel', 60],
    ]);
    const steel = ok(await t.gql(SPEND, { t: tenant, f: { costcodes_id: id.steel } }, admin.token));
    expect(steel.rows).toEqual([expect.objectContaining({ job: 'MS · Main Street', spent: 260 })]);
    const first = ok(await t.gql(SPEND, { t: tenant, l: 2 }, admin.token));
    const second = ok(await t.gql(SPEND, { t: tenant, l: 2, n: first.nextToken }, admin.token));
    const third = ok(await t.gql(SPEND, { t: tenant, l: 2, n: second.nextToken }, admin.token));
    expect([...first.rows, ...second.rows, ...third.rows]).toHaveLength(5);
    expect(third).toMatchObject({ nextToken: null, total: 5, totals: { spent: 645 } });
  });

  it('a foreman: their jobs only; another job, another company, bad input', async () => {
    const r = ok(await t.gql(SPEND, { t: tenant }, foreman.token));
    expect(r.rows.every((x: { job: string }) => x.job === 'MS · Main Street')).toBe(true);
    expect(r.totals).toEqual({ matbdg: 1500, receipts: 205, orders: 400, spent: 605, percent_used: 40.3 });
    expect(code(await t.gql(SPEND, { t: tenant, f: { jobs_id: id.elm } }, foreman.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SPEND, { t: tenant }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(SPEND, { t: tenant }, foreign.token))).toBe('NOT_FOUND');
    expect(ok(await t.gql(SPEND, { t: foreign.tenantUuid, f: { jobs_id: id.main } }, foreign.token)).rows).toEqual([]);
    const bad = await t.gql(SPEND, { t: tenant, f: { from: '2026-03-09', to: '2026-03-01' } }, admin.token);
    expect([code(bad), bad.errors?.[0].message]).toEqual(['VALIDATION', 'to cannot be before from.']);
  });

  it('exports its rows as a PDF', async () => {
    const res = await t.gql(`query($t: ID!) { exportReportPdf(tenant_uuid: $t, report: spend) }`, { t: tenant }, admin.token);
    expect(res.errors).toBeUndefined();
    const text = await pdfText(Buffer.from(res.data?.exportReportPdf, 'base64'));
    for (const cell of ['Spend vs material budget', 'Elm Yard', '1,000.00', '245.00', '260.00', '24.5 %']) expect(text).toContain(cell);
  });
});
