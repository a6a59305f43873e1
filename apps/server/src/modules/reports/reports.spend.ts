import { costcodeLabel, jobLabel } from '@groundwork/core/names';
import { percentUsed } from '@groundwork/core/reports';
import { type SQL, sql } from 'drizzle-orm';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { orders } from '../ordering/ordering.table.js';
import { receiptSplits, receipts } from '../receipts/receipts.table.js';
import { type Page, type ReportRun, tokenAfter } from './reports.scope.js';

/**
 * Receipts and orders spend by job and cost code against the material budget (`matbdg`). One row per budget line
 * that is on (as the budget tab's totals count them) and per job and cost code with spend but no such line (cost
 * code null: spend not coded). Receipts: active ones; a split receipt counts its splits on their jobs and cost
 * codes, any other its whole amount on its own job and cost code. Orders: active ones that were sent, each line's
 * quantity × unit cost on the order's job and the line's cost code. from/to bound the receipt and order dates
 * (the budget has no date). Amounts in dollars, like matbdg.
 */
export type SpendRow = {
  jobs_id: number;
  job: string;
  costcodes_id: number | null;
  costcode: string | null;
  matbdg: number;
  receipts: number;
  orders: number;
  spent: number;
  percent_used: number | null;
};
type SpendTotals = { matbdg: number; receipts: number; orders: number; spent: number; percent_used: number | null };
export type SpendReport = Page<SpendRow> & { totals: SpendTotals };

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  );

export async function spendReport(run: ReportRun): Promise<SpendReport> {
  const { tx, tenant, scope, f, page } = run;
  const jobCond = (column: SQL) =>
    sql.join(
      [f.jobs_id != null ? sql`${column} = ${f.jobs_id}` : sql`true`, scope.all ? sql`true` : sql`${column} in (${ids(scope.jobs)})`],
      sql` and `,
    );
  const dated = (column: SQL) =>
    sql.join([f.from ? sql`${column} >= ${f.from}` : sql`true`, f.to ? sql`${column} <= ${f.to}` : sql`true`], sql` and `);
  const codeCond = f.costcodes_id != null ? sql`costcodes_id = ${f.costcodes_id}` : sql`true`;

  const rows = (await tx.execute(sql`
    with lines as (
      select jc.jobs_id, jc.costcodes_id, jc.matbdg from ${jobsCostcodes} jc
      where jc.tenant_uuid = ${tenant} and jc.status = 1 and ${jobCond(sql`jc.jobs_id`)}
        and ${f.costcodes_id != null ? sql`jc.costcodes_id = ${f.costcodes_id}` : sql`true`}
    ),
    spend as (
      select r.jobs_id, r.costcodes_id, r.amount_cents::bigint as receipts, 0::bigint as orders from ${receipts} r
      where r.tenant_uuid = ${tenant} and r.status = 1 and r.jobs_id is not null and ${jobCond(sql`r.jobs_id`)}
        and ${dated(sql`r.receipt_date`)}
        and not exists (select 1 from ${receiptSplits} s where s.tenant_uuid = r.tenant_uuid and s.receipts_id = r.id)
      union all
      select s.jobs_id, s.costcodes_id, s.amount_cents::bigint, 0 from ${receiptSplits} s
      join ${receipts} r on r.tenant_uuid = s.tenant_uuid and r.id = s.receipts_id
      where s.tenant_uuid = ${tenant} and r.status = 1 and ${jobCond(sql`s.jobs_id`)} and ${dated(sql`r.receipt_date`)}
      union all
      select o.jobs_id, nullif(l->>'costcodes_id', '')::int,
        0, round((l->>'quantity')::numeric * coalesce(nullif(l->>'unit_cost_cents', '')::numeric, 0))::bigint
      from ${orders} o cross join lateral jsonb_array_elements(o.lines) l
      where o.tenant_uuid = ${tenant} and o.status = 1 and o.sent_on is not null and o.jobs_id is not null
        and ${jobCond(sql`o.jobs_id`)} and ${dated(sql`o.order_date`)}
    ),
    spent as (
      select jobs_id, coalesce(costcodes_id, 0) as code, sum(receipts) as receipts, sum(orders) as orders
      from spend where ${codeCond} group by jobs_id, coalesce(costcodes_id, 0)
    ),
    result as (
      select coalesce(l.jobs_id, s.jobs_id) as jobs_id, nullif(coalesce(l.costcodes_id, s.code), 0) as costcodes_id,
        coalesce(l.matbdg, 0)::float8 as matbdg, coalesce(s.receipts, 0)::float8 / 100 as receipts,
        coalesce(s.orders, 0)::float8 / 100 as orders
      from lines l full join spent s on s.jobs_id = l.jobs_id and s.code = l.costcodes_id
    )
    select r.*, j.job, j.job_abbr, c.costcode, c.description,
      count(*) over ()::int as total_rows, sum(r.matbdg) over () as total_matbdg,
      sum(r.receipts) over () as total_receipts, sum(r.orders) over () as total_orders
    from result r
    join ${jobs} j on j.tenant_uuid = ${tenant} and j.id = r.jobs_id and j.status <> 0
    left join ${costcodes} c on c.tenant_uuid = ${tenant} and c.id = r.costcodes_id
    order by lower(coalesce(nullif(j.job_abbr, ''), j.job)), j.id, c.costcode nulls last, r.costcodes_id
    limit ${page.limit} offset ${page.offset}`)) as unknown as {
    rows: {
      jobs_id: number;
      costcodes_id: number | null;
      matbdg: number;
      receipts: number;
      orders: number;
      job: string;
      job_abbr: string | null;
      costcode: string | null;
      description: string | null;
      total_rows: number;
      total_matbdg: number;
      total_receipts: number;
      total_orders: number;
    }[];
  };
  const cents = (n: number) => Math.round(Number(n) * 100) / 100;
  const first = rows.rows[0];
  if (!first && page.offset > 0) {
    // Past the last page: no rows, but the count and totals still cover every row.
    const all = await spendReport({ ...run, page: { limit: 1, offset: 0 } });
    return { ...all, rows: [], nextToken: null };
  }
  const matbdg = cents(first?.total_matbdg ?? 0);
  const spentTotal = cents(Number(first?.total_receipts ?? 0) + Number(first?.total_orders ?? 0));
  const totals: SpendTotals = {
    matbdg,
    receipts: cents(first?.total_receipts ?? 0),
    orders: cents(first?.total_orders ?? 0),
    spent: spentTotal,
    percent_used: percentUsed(spentTotal, matbdg),
  };
  const total = first ? Number(first.total_rows) : 0;
  return {
    rows: rows.rows.map((r) => {
      const spent = cents(Number(r.receipts) + Number(r.orders));
      const matbdg = cents(r.matbdg);
      return {
        jobs_id: Number(r.jobs_id),
        job: jobLabel({ job: r.job, job_abbr: r.job_abbr }),
        costcodes_id: r.costcodes_id == null ? null : Number(r.costcodes_id),
        costcode: r.costcode == null ? null : costcodeLabel({ costcode: r.costcode, description: r.description }),
        matbdg,
        receipts: cents(r.receipts),
        orders: cents(r.orders),
        spent,
        percent_used: percentUsed(spent, matbdg),
      };
    }),
    total,
    nextToken: tokenAfter(page.offset, page.limit, total),
    totals,
  };
}
