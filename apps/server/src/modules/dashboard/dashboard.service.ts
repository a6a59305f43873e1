import { JOB_STATUS } from '@groundwork/core/jobs';
import { addDays, type PayPeriod, payPeriodFor } from '@groundwork/core/pay-periods';
import { accessTo } from '@groundwork/core/permissions';
import { RECEIPT_STATUS } from '@groundwork/core/receipts';
import { summarizeCard } from '@groundwork/core/timecards-summary';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Member } from '../../graphql/gate.js';
import { executePrepared } from '../../graphql/prepared.js';
import { loadSettings, payPeriodConfig } from '../timecards/timecards.graphql.js';

/**
 * The dashboard's cards (issue 27): live numbers the caller may see, each null when they may not (permission,
 * module switched off). Everything but the company's pay-period settings is read in one statement of scalar
 * subqueries, each an aggregate over an indexed `(tenant_uuid, …)` range.
 */

export type HoursCard = { start: string; end: string; regular: number; overtime: number; total: number };
/** `all`: the whole company's; otherwise only the caller's own (tools) or their jobs' crews (time cards). */
export type UnsignedCard = { count: number; all: boolean; period_start: string; period_end: string };
export type CountCard = { count: number };
export type ScopedCountCard = { count: number; all: boolean };
export type CrewCard = { date: string; scheduled: number; unscheduled: number };
export type TasksCard = { due: number; overdue: number };

export type Dashboard = {
  today: string;
  hours: HoursCard | null;
  unsigned_timecards: UnsignedCard | null;
  jobs_over_budget: CountCard | null;
  crew_tomorrow: CrewCard | null;
  tasks_due: TasksCard | null;
  tools_overdue: ScopedCountCard | null;
  receipts_to_review: CountCard | null;
};

type Row = {
  hours: { d: string; m: number }[] | null;
  foreman: boolean | null;
  unsigned: number | null;
  over_budget: number | null;
  crew: { scheduled: number; total: number } | null;
  tasks: { due: number; overdue: number } | null;
  tools: number | null;
  receipts: number | null;
};

/** Which cards the member may see, from the one permission matrix (module switches included). */
function visibleCards(member: Member) {
  const { permissions: held, off } = member;
  const timecards = accessTo(held, 'timecards', 'read', off);
  const tools = accessTo(held, 'tools', 'read', off);
  return {
    hours: timecards !== null,
    // Everyone's cards for time-card admins; a foreman's crews otherwise (decided in SQL: on a job as foreman).
    unsigned: timecards === null ? null : timecards === 'all' ? 'all' : 'crew',
    budgets: accessTo(held, 'projects', 'read', off) !== null,
    crew: accessTo(held, 'scheduling', 'write', off) === 'all',
    tasks: accessTo(held, 'tasks', 'read', off) !== null,
    tools: tools === null ? null : accessTo(held, 'tools', 'write', off) === 'all' ? 'all' : 'own',
    receipts: accessTo(held, 'receipts', 'write', off) === 'all',
  } as const;
}

const day = (value: string) => sql`${value}::date`;
const NULL = sql`null`;

export async function loadDashboard(tx: Tx, member: Member, today: string): Promise<Dashboard> {
  const see = visibleCards(member);
  const tenant = member.tenantUuid;
  const me = member.employeeId;
  const tomorrow = addDays(today, 1);

  // The pay periods (company settings): the current one for the caller's hours, the last finished one to sign.
  let current: PayPeriod | null = null;
  let finished: PayPeriod | null = null;
  if (see.hours || see.unsigned) {
    const { type, anchor } = payPeriodConfig(await loadSettings(tx, tenant));
    current = payPeriodFor(today, type, anchor);
    finished = payPeriodFor(addDays(current.start, -1), type, anchor);
  }

  // The caller's minutes per day of the current period (person-day index); the overtime split is core's.
  const hours: SQL =
    see.hours && current
      ? sql`(select coalesce(json_agg(json_build_object('d', x.d, 'm', x.m)), '[]'::json) from (
          select te.timecard_date::text as d, sum(round(te.hours * 60))::int as m from timecard_entries te
          where te.tenant_uuid = ${tenant} and te.employees_id = ${me}
            and te.timecard_date between ${day(current.start)} and ${day(current.end)}
          group by te.timecard_date) x)`
      : NULL;

  // The notices sweep's rule: active people with time in the period and no signed card for it. Everyone's: the
  // period's cards that hold entries (counted by triggers, migration 0034) and are not signed, one index range.
  // A foreman's crews: driven by the people (a probe of each one's days on their jobs and of their card).
  const crewOnly = see.unsigned === 'crew';
  const unsigned: SQL =
    see.unsigned && finished
      ? crewOnly
        ? sql`(select count(*)::int from employees e
          where e.tenant_uuid = ${tenant} and e.status = 1
            and exists (select 1 from timecard_entries t where t.tenant_uuid = e.tenant_uuid and t.employees_id = e.id
              and t.timecard_date between ${day(finished.start)} and ${day(finished.end)}
              and t.jobs_id in (select f.jobs_id from jobs_foremen f where f.tenant_uuid = ${tenant} and f.employees_id = ${me}))
            and not exists (select 1 from users_timecard c where c.tenant_uuid = e.tenant_uuid
              and c.employees_id = e.id and c.payperiod_start_date = ${day(finished.start)} and c.signed_on is not null))`
        : sql`(select count(*)::int from users_timecard c
          join employees e on e.tenant_uuid = c.tenant_uuid and e.id = c.employees_id and e.status = 1
          where c.tenant_uuid = ${tenant} and c.payperiod_start_date = ${day(finished.start)}
            and c.signed_on is null and c.entries > 0)`
      : NULL;
  const foreman: SQL = crewOnly
    ? sql`exists (select 1 from jobs_foremen f where f.tenant_uuid = ${tenant} and f.employees_id = ${me})`
    : NULL;

  // listProjectBudget's totals: over the lines that are on, the minutes booked against the hours budgeted, which
  // triggers keep on the job row (migrations 0029 and 0033). A job with no hours budgeted is not over budget.
  const overBudget: SQL = see.budgets
    ? sql`(select count(*)::int from jobs j where j.tenant_uuid = ${tenant} and j.status = ${sql.raw(String(JOB_STATUS.active))}
        and j.budget_hours > 0 and j.booked_minutes / 60.0 > j.budget_hours)`
    : NULL;

  // The board's rule: an active person with any entry on the day is scheduled (work or time off).
  const crew: SQL = see.crew
    ? // From the day's entries (index on tenant and date), not a probe per person: 0.3 ms instead of 2.9 on 500 people.
      sql`json_build_object('total', (select count(*) from employees e where e.tenant_uuid = ${tenant} and e.status = 1),
        'scheduled', (select count(distinct s.employees_id) from scheduled_labor s
          join employees e on e.tenant_uuid = s.tenant_uuid and e.id = s.employees_id and e.status = 1
          where s.tenant_uuid = ${tenant} and s.date = ${day(tomorrow)}))`
    : NULL;

  // Open tasks assigned to the caller, due today or before (core's isOverdue: before today).
  const tasks: SQL = see.tasks
    ? sql`(select json_build_object('due', count(*), 'overdue', count(*) filter (where t.due_date < ${day(today)}))
        from task_assignees a join tasks t on t.tenant_uuid = a.tenant_uuid and t.id = a.tasks_id
        where a.tenant_uuid = ${tenant} and a.employees_id = ${me} and t.status <> 'done' and t.due_date <= ${day(today)})`
    : NULL;

  // tools.service overdueWhere: active, not completed, ended before today.
  const tools: SQL = see.tools
    ? sql`(select count(*)::int from reservations r where r.tenant_uuid = ${tenant} and r.status = 1 and r.is_completed = false
        and r.end_date < ${day(today)} ${see.tools === 'own' ? sql`and r.employees_id = ${me}` : sql``})`
    : NULL;

  // Receipts have no review state of their own: the office's review is coding them, so an active receipt without a
  // job or a cost code is one still to review (it cannot be costed or sent to accounting as it is).
  const receipts: SQL = see.receipts
    ? // Written as receipts_uncoded_idx's predicate (a literal status, not a parameter) so the planner uses it.
      sql`(select count(*)::int from receipts r where r.tenant_uuid = ${tenant} and r.status = ${sql.raw(String(RECEIPT_STATUS.active))}
        and (r.jobs_id is null or r.costcodes_id is null))`
    : NULL;

  const [row] = await executePrepared<Row>(
    tx,
    'getDashboard',
    sql`select ${hours} as hours, ${foreman} as foreman, ${unsigned} as unsigned,
    ${overBudget} as over_budget, ${crew} as crew, ${tasks} as tasks, ${tools} as tools, ${receipts} as receipts`,
  );

  let hoursCard: HoursCard | null = null;
  if (current && row.hours) {
    const entries = row.hours.map((h) => ({ timecard_date: h.d, hours: Number(h.m) / 60, jobs_id: 0, costcodes_id: 0 }));
    const summary = summarizeCard(entries, current);
    hoursCard = { start: current.start, end: current.end, regular: summary.regular, overtime: summary.overtime, total: summary.total };
  }
  const crewCounts = row.crew ? { scheduled: Number(row.crew.scheduled), total: Number(row.crew.total) } : null;
  return {
    today,
    hours: hoursCard,
    unsigned_timecards:
      finished && row.unsigned !== null && (!crewOnly || row.foreman)
        ? { count: Number(row.unsigned), all: !crewOnly, period_start: finished.start, period_end: finished.end }
        : null,
    jobs_over_budget: row.over_budget === null ? null : { count: Number(row.over_budget) },
    crew_tomorrow: crewCounts
      ? { date: tomorrow, scheduled: crewCounts.scheduled, unscheduled: crewCounts.total - crewCounts.scheduled }
      : null,
    tasks_due: row.tasks ? { due: Number(row.tasks.due), overdue: Number(row.tasks.overdue) } : null,
    tools_overdue: row.tools === null ? null : { count: Number(row.tools), all: see.tools === 'all' },
    receipts_to_review: row.receipts === null ? null : { count: Number(row.receipts) },
  };
}
