import { jobLabel } from '@groundwork/core/names';
import { forecastHours, type LaborGroup, percentUsed, type ReportFilter } from '@groundwork/core/reports';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { costcodes } from '../costcodes/costcodes.table.js';
import { actualHours } from '../jobs/jobs.graphql.js';
import { jobs } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { type Page, type ReportRun, type ReportScope, tokenAfter } from './reports.scope.js';

/**
 * Labor budget vs actual. Each row is a job (group_by 'job', the default) or one of its budget lines (group_by
 * 'costcode'). Hours budgeted are the lines' `hrsbdg`, hours booked the same sum listProjectBudget shows as
 * `actual_hours` (every time entry on the job and the line's cost code), and like the budget tab's totals only
 * lines that are on (status 1) of jobs that are not deleted count. So a job row equals the job's budget tab
 * totals, a cost-code row the tab's line.
 */
export type LaborRow = {
  jobs_id: number;
  job: string;
  costcodes_id: number | null;
  costcode: string | null;
  description: string | null;
  hrsbdg: number;
  actual_hours: number;
  percent_used: number | null;
  forecast_hours: number | null;
  first_day: string | null;
  end_date: string | null;
};
type LaborTotals = { hrsbdg: number; actual_hours: number; percent_used: number | null };
export type LaborReport = Page<LaborRow> & { totals: LaborTotals; group_by: LaborGroup; today: string };

const round2 = (n: number) => Math.round(n * 100) / 100;
const jobSort = sql`lower(coalesce(nullif(${jobs.job_abbr}, ''), ${jobs.job}))`;
// The first day hours were booked to the line: where the burn rate starts. Same index as actualHours.
const firstDay = sql<string | null>`(select min(te.timecard_date) from ${timecardEntries} te
  where te.tenant_uuid = ${jobsCostcodes.tenant_uuid} and te.jobs_id = ${jobsCostcodes.jobs_id}
    and te.costcodes_id = ${jobsCostcodes.costcodes_id})::text`;

function linesWhere(tenant: string, scope: ReportScope, filter: ReportFilter): SQL | undefined {
  return and(
    eq(jobsCostcodes.tenant_uuid, tenant),
    eq(jobsCostcodes.status, 1),
    filter.jobs_id != null ? eq(jobsCostcodes.jobs_id, filter.jobs_id) : undefined,
    scope.all ? undefined : inArray(jobsCostcodes.jobs_id, scope.jobs),
    filter.costcodes_id != null ? eq(jobsCostcodes.costcodes_id, filter.costcodes_id) : undefined,
  );
}

const jobJoin = and(eq(jobs.tenant_uuid, jobsCostcodes.tenant_uuid), eq(jobs.id, jobsCostcodes.jobs_id), ne(jobs.status, 0));
const codeJoin = and(eq(costcodes.tenant_uuid, jobsCostcodes.tenant_uuid), eq(costcodes.id, jobsCostcodes.costcodes_id));

type RawRow = Omit<LaborRow, 'job' | 'percent_used' | 'forecast_hours'> & { job: string; job_abbr: string | null };

export async function laborReport({ tx, tenant, scope, f: filter, page, today }: ReportRun): Promise<LaborReport> {
  const group: LaborGroup = filter.group_by === 'costcode' ? 'costcode' : 'job';
  const where = linesWhere(tenant, scope, filter);
  const [sum] = await tx
    .select({
      rows: group === 'job' ? sql<number>`count(distinct ${jobsCostcodes.jobs_id})::int` : sql<number>`count(*)::int`,
      hrsbdg: sql<number>`coalesce(sum(${jobsCostcodes.hrsbdg}), 0)::float8`,
      actual_hours: sql<number>`coalesce(sum(${actualHours}), 0)::float8`,
    })
    .from(jobsCostcodes)
    .innerJoin(jobs, jobJoin)
    .where(where);
  const raw = (
    group === 'job'
      ? await tx
          .select({
            jobs_id: jobs.id,
            job: jobs.job,
            job_abbr: jobs.job_abbr,
            costcodes_id: sql<null>`null`,
            costcode: sql<null>`null`,
            description: sql<null>`null`,
            hrsbdg: sql<number>`sum(${jobsCostcodes.hrsbdg})::float8`,
            actual_hours: sql<number>`sum(${actualHours})::float8`,
            first_day: sql<string | null>`min(${firstDay})`,
            end_date: jobs.end_date,
          })
          .from(jobsCostcodes)
          .innerJoin(jobs, jobJoin)
          .where(where)
          .groupBy(jobs.id, jobs.job, jobs.job_abbr, jobs.end_date)
          .orderBy(jobSort, asc(jobs.id))
          .limit(page.limit)
          .offset(page.offset)
      : await tx
          .select({
            jobs_id: jobs.id,
            job: jobs.job,
            job_abbr: jobs.job_abbr,
            costcodes_id: jobsCostcodes.costcodes_id,
            costcode: costcodes.costcode,
            description: costcodes.description,
            hrsbdg: jobsCostcodes.hrsbdg,
            actual_hours: actualHours,
            first_day: firstDay,
            end_date: jobs.end_date,
          })
          .from(jobsCostcodes)
          .innerJoin(jobs, jobJoin)
          .innerJoin(costcodes, codeJoin)
          .where(where)
          .orderBy(jobSort, asc(jobs.id), asc(costcodes.costcode), asc(jobsCostcodes.id))
          .limit(page.limit)
          .offset(page.offset)
  ) as RawRow[];
  const rows = raw.map(({ job_abbr, ...r }): LaborRow => {
    const hrsbdg = round2(Number(r.hrsbdg));
    const actual = round2(Number(r.actual_hours));
    return {
      ...r,
      job: jobLabel({ job: r.job, job_abbr }),
      hrsbdg,
      actual_hours: actual,
      percent_used: percentUsed(actual, hrsbdg),
      forecast_hours: forecastHours({ actual, firstDay: r.first_day, endDate: r.end_date, today }),
    };
  });
  const total = Number(sum?.rows ?? 0);
  const hrsbdg = round2(Number(sum?.hrsbdg ?? 0));
  const actual = round2(Number(sum?.actual_hours ?? 0));
  return {
    rows,
    total,
    nextToken: tokenAfter(page.offset, page.limit, total),
    totals: { hrsbdg, actual_hours: actual, percent_used: percentUsed(actual, hrsbdg) },
    group_by: group,
    today,
  };
}
