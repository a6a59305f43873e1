import { jobLabel } from '@groundwork/core/names';
import type { ReportFilter } from '@groundwork/core/reports';
import { WORK_EVENT } from '@groundwork/core/scheduling';
import { type SQL, sql } from 'drizzle-orm';
import { departmentMembers, divisionMembers } from '../announcements/announcements.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { type Page, type ReportRun, tokenAfter } from './reports.scope.js';

/**
 * Crew schedule vs actual hours: one row per job and day of the window. Planned: the people scheduled to work on
 * the job that day (event 'Work', not declined, as time entry reads the schedule). Punched: the people with time
 * on the job that day. no_show: planned without time; unplanned: time without being planned. Hours: the time on
 * the job that day. Person, department and division filters narrow both sides.
 */
export type ScheduleRow = {
  jobs_id: number;
  job: string;
  day: string;
  planned: number;
  punched: number;
  no_show: number;
  unplanned: number;
  hours: number;
};
type ScheduleTotals = { planned: number; punched: number; no_show: number; unplanned: number; hours: number };
type ScheduleDay = { day: string; planned: number; punched: number };
export type ScheduleReport = Page<ScheduleRow> & { totals: ScheduleTotals; days: ScheduleDay[] };

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  );

function people(f: ReportFilter, alias: string): SQL {
  const who = sql.raw(`${alias}.employees_id`);
  const parts: SQL[] = [];
  if (f.employees_id != null) parts.push(sql`${who} = ${f.employees_id}`);
  if (f.departments_id != null)
    parts.push(sql`exists (select 1 from ${departmentMembers} m where m.tenant_uuid = ${sql.raw(alias)}.tenant_uuid
      and m.employees_id = ${who} and m.departments_id = ${f.departments_id})`);
  if (f.divisions_id != null)
    parts.push(sql`exists (select 1 from ${divisionMembers} m where m.tenant_uuid = ${sql.raw(alias)}.tenant_uuid
      and m.employees_id = ${who} and m.divisions_id = ${f.divisions_id})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export async function scheduleReport(run: ReportRun): Promise<ScheduleReport> {
  const { tx, tenant, scope, f, page } = run;
  const jobCond = (column: string) =>
    sql.join(
      [
        f.jobs_id != null ? sql`${sql.raw(column)} = ${f.jobs_id}` : sql`true`,
        scope.all ? sql`true` : sql`${sql.raw(column)} in (${ids(scope.jobs)})`,
      ],
      sql` and `,
    );
  // Each side read on its (tenant, job or day, …) index; one line per job, day and person.
  const joined = sql`
    with planned as (
      select distinct s.jobs_id, s.date as day, s.employees_id from ${scheduledLabor} s
      where s.tenant_uuid = ${tenant} and s.date between ${f.from} and ${f.to} and s.jobs_id is not null
        and s.event_type = ${WORK_EVENT} and s.confirmation_status <> 'declined' and ${jobCond('s.jobs_id')} and ${people(f, 's')}
    ),
    punched as (
      select te.jobs_id, te.timecard_date as day, te.employees_id, sum(te.hours) as hours from ${timecardEntries} te
      where te.tenant_uuid = ${tenant} and te.timecard_date between ${f.from} and ${f.to} and ${jobCond('te.jobs_id')}
        and ${people(f, 'te')}
      group by te.jobs_id, te.timecard_date, te.employees_id
    ),
    crew as (
      select coalesce(p.jobs_id, q.jobs_id) as jobs_id, coalesce(p.day, q.day) as day,
        p.employees_id is not null as planned, q.employees_id is not null as punched, coalesce(q.hours, 0) as hours
      from planned p full join punched q on q.jobs_id = p.jobs_id and q.day = p.day and q.employees_id = p.employees_id
    ),
    days as (
      select c.jobs_id, c.day::text as day, count(*) filter (where c.planned)::int as planned,
        count(*) filter (where c.punched)::int as punched,
        count(*) filter (where c.planned and not c.punched)::int as no_show,
        count(*) filter (where c.punched and not c.planned)::int as unplanned, sum(c.hours)::float8 as hours
      from crew c join ${jobs} j on j.tenant_uuid = ${tenant} and j.id = c.jobs_id and j.status <> 0
      group by c.jobs_id, c.day
    )`;
  const result = (await tx.execute(sql`${joined}
    select d.*, j.job, j.job_abbr, count(*) over ()::int as total_rows,
      sum(d.planned) over ()::int as t_planned, sum(d.punched) over ()::int as t_punched,
      sum(d.no_show) over ()::int as t_no_show, sum(d.unplanned) over ()::int as t_unplanned, sum(d.hours) over ()::float8 as t_hours
    from days d join ${jobs} j on j.tenant_uuid = ${tenant} and j.id = d.jobs_id
    order by d.day, lower(coalesce(nullif(j.job_abbr, ''), j.job)), j.id
    limit ${page.limit} offset ${page.offset}`)) as unknown as {
    rows: (Omit<ScheduleRow, 'job'> & {
      job: string;
      job_abbr: string | null;
      total_rows: number;
      t_planned: number;
      t_punched: number;
      t_no_show: number;
      t_unplanned: number;
      t_hours: number;
    })[];
  };
  const first = result.rows[0];
  if (!first && page.offset > 0) {
    // Past the last page: no rows, but the count and totals still cover every row.
    const all = await scheduleReport({ ...run, page: { limit: 1, offset: 0 } });
    return { ...all, rows: [], nextToken: null };
  }
  const byDay = (await tx.execute(sql`${joined}
    select day, sum(planned)::int as planned, sum(punched)::int as punched from days group by day order by day`)) as unknown as {
    rows: ScheduleDay[];
  };
  const total = first ? Number(first.total_rows) : 0;
  const round = (n: number) => Math.round(Number(n) * 100) / 100;
  return {
    rows: result.rows.map((r) => ({
      jobs_id: Number(r.jobs_id),
      job: jobLabel({ job: r.job, job_abbr: r.job_abbr }),
      day: r.day,
      planned: Number(r.planned),
      punched: Number(r.punched),
      no_show: Number(r.no_show),
      unplanned: Number(r.unplanned),
      hours: round(r.hours),
    })),
    total,
    nextToken: tokenAfter(page.offset, page.limit, total),
    totals: {
      planned: Number(first?.t_planned ?? 0),
      punched: Number(first?.t_punched ?? 0),
      no_show: Number(first?.t_no_show ?? 0),
      unplanned: Number(first?.t_unplanned ?? 0),
      hours: round(first?.t_hours ?? 0),
    },
    days: byDay.rows.map((d) => ({ day: d.day, planned: Number(d.planned), punched: Number(d.punched) })),
  };
}
