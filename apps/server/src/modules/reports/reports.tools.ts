import { daysBetween } from '@groundwork/core/pay-periods';
import { percentUsed } from '@groundwork/core/reports';
import { type SQL, sql } from 'drizzle-orm';
import { containers, reservations, tools } from '../tools/tools.table.js';
import { type Page, type ReportRun, tokenAfter, windowOf } from './reports.scope.js';

/**
 * Tool utilisation and overdue reservations over a window. Per active tool: the days of the window it was
 * reserved (reservations not archived, status 1, completed or not, clipped to the window; the tools module refuses
 * overlapping ones), that as a share of the window's days, and its overdue reservations (active, end before today,
 * core isOverdue) with the earliest end. A job, a person or a foreman's scope keeps the reservations on those jobs
 * or of that person, and the tools that have one; otherwise every active tool is listed, idle ones at 0 %.
 */
export type ToolRow = {
  tools_id: number;
  tool_number: string;
  name: string;
  container: string | null;
  reservations: number;
  reserved_days: number;
  utilisation: number | null;
  overdue: number;
  overdue_since: string | null;
};
type ToolTotals = { tools: number; reserved_days: number; utilisation: number | null; overdue: number };
export type ToolReport = Page<ToolRow> & { totals: ToolTotals; window_days: number; today: string };

export async function toolsReport(run: ReportRun): Promise<ToolReport> {
  const { tx, tenant, scope, f, page, today } = run;
  const { from, to } = windowOf(f);
  const windowDays = daysBetween(from, to) + 1;
  const narrowed = f.jobs_id != null || f.employees_id != null || !scope.all;
  const which: SQL = sql.join(
    [
      f.jobs_id != null ? sql`r.jobs_id = ${f.jobs_id}` : sql`true`,
      f.employees_id != null ? sql`r.employees_id = ${f.employees_id}` : sql`true`,
      scope.all
        ? sql`true`
        : sql`r.jobs_id in (${sql.join(
            scope.jobs.map((j) => sql`${j}::int`),
            sql`, `,
          )})`,
    ],
    sql` and `,
  );
  const result = (await tx.execute(sql`
    with used as (
      select r.tools_id, count(*)::int as reservations,
        sum(least(r.end_date, ${to}::date) - greatest(r.start_date, ${from}::date) + 1)::int as days
      from ${reservations} r
      where r.tenant_uuid = ${tenant} and r.status = 1 and r.start_date <= ${to} and r.end_date >= ${from} and ${which}
      group by r.tools_id
    ),
    late as (
      select r.tools_id, count(*)::int as n, min(r.end_date)::text as since from ${reservations} r
      where r.tenant_uuid = ${tenant} and r.status = 1 and not r.is_completed and r.end_date < ${today} and ${which}
      group by r.tools_id
    ),
    result as (
      select t.id as tools_id, t.tool_number, t.name, c.container_name as container,
        coalesce(u.reservations, 0) as reservations, coalesce(u.days, 0) as reserved_days,
        coalesce(l.n, 0) as overdue, l.since as overdue_since
      from ${tools} t
      left join ${containers} c on c.tenant_uuid = t.tenant_uuid and c.id = t.container_id
      left join used u on u.tools_id = t.id
      left join late l on l.tools_id = t.id
      where t.tenant_uuid = ${tenant} and t.status = 1 ${narrowed ? sql`and (u.tools_id is not null or l.tools_id is not null)` : sql``}
    )
    select r.*, count(*) over ()::int as total_rows, sum(r.reserved_days) over ()::int as t_days, sum(r.overdue) over ()::int as t_overdue
    from result r order by r.tool_number, r.tools_id
    limit ${page.limit} offset ${page.offset}`)) as unknown as {
    rows: (ToolRow & { total_rows: number; t_days: number; t_overdue: number })[];
  };
  const first = result.rows[0];
  if (!first && page.offset > 0) {
    // Past the last page: no rows, but the count and totals still cover every row.
    const all = await toolsReport({ ...run, page: { limit: 1, offset: 0 } });
    return { ...all, rows: [], nextToken: null };
  }
  const total = first ? Number(first.total_rows) : 0;
  const days = Number(first?.t_days ?? 0);
  return {
    rows: result.rows.map((r) => ({
      tools_id: Number(r.tools_id),
      tool_number: r.tool_number,
      name: r.name,
      container: r.container,
      reservations: Number(r.reservations),
      reserved_days: Number(r.reserved_days),
      utilisation: percentUsed(Number(r.reserved_days), windowDays),
      overdue: Number(r.overdue),
      overdue_since: r.overdue_since,
    })),
    total,
    nextToken: tokenAfter(page.offset, page.limit, total),
    totals: {
      tools: total,
      reserved_days: days,
      utilisation: total ? percentUsed(days, total * windowDays) : null,
      overdue: Number(first?.t_overdue ?? 0),
    },
    window_days: windowDays,
    today,
  };
}
