import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { addDays } from '@groundwork/core/pay-periods';
import { loadConfig } from '@groundwork/server/src/config.js';
import { openDatabase } from '@groundwork/server/src/db/client.js';
import { migrate } from '@groundwork/server/src/db/migrate.js';
import { TEST_SECRET } from '@groundwork/server/src/testing/factories.js';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { runMix } from './many.js';
import { SORT_FUNCTIONS_SQL, startPostGraphile, TENANT_HEADER } from './postgraphile.js';
import { PUNCH_OP, preparePunch, punchTargets, registerPunchRoutes, verifyPunch } from './punch.js';
import { inTurn, meanRate, ROUNDS, roundRatios } from './rounds.js';
import { type LargeTenant, SCHEDULE_WEEKS, SIZES, seedLargeTenant, TIME } from './seed.js';

const HOST = '127.0.0.1';
const PAGE = 100;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = envInt('BENCH_DURATION', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 64);
/** The second pass, after the throughput pass: a moderate load, so p50/p99 show per-request latency more than queueing. */
const LATENCY_CONNECTIONS = envInt('BENCH_LATENCY_CONNECTIONS', 16);
const WARMUP = 2;
// The raw route gets the same pool size openDatabase gives the app, so only the stack differs.
const POOL_SIZE = Number(process.env.PG_POOL_SIZE ?? 10);

type Ctx = LargeTenant;

/** A GraphQL request for the same page: its document, its variables and where the rows are in `data`. */
type GraphQLRequest = { query: string; variables: (c: Ctx) => Record<string, unknown>; rows: (data: any) => Row[] };

/**
 * Each operation against a raw route serving the same rows in the same order straight from pg:
 * the ratio is what the GraphQL stack and the tenant walls cost on top of the query itself. The lists also
 * run on PostGraphile (postgraphile.ts) over the same database, role and tenant setting, as a yardstick for
 * what a GraphQL server over RLS can cost: its query pages the same way (first 100, plus hasNextPage and a
 * cursor, as our limit + nextToken) and filters on tenant_uuid as our resolvers do, with RLS on top.
 */
type Scenario = GraphQLRequest & {
  op: string;
  as: 'admin' | 'foreman';
  /** The raw route's statement; an operation with no raw equivalent (askChatbot) has none and no ratio. */
  sql?: string;
  params?: (c: Ctx) => unknown[];
  postgraphile?: GraphQLRequest;
  /**
   * Several requests the load cycles through (autocannon `requests`), their variables read from the seeded rows
   * (names, codes) once before the load; the first is also what `variables` sends.
   */
  variants?: (c: Ctx, pool: pg.Pool) => Promise<Record<string, unknown>[]>;
  /** Applied to the bench database before the load (e.g. what an operation's pace limit needs to be measured). */
  prepareSql?: string;
  /** Also a pass with one connection: how long one person waits for an answer, with no queue behind others. */
  alone?: boolean;
};
const ALL_SCENARIOS: Scenario[] = [
  {
    op: 'listEmployees',
    as: 'admin',
    query:
      'query($t: ID!, $n: Int) { listEmployees(tenant_uuid: $t, limit: $n) { items { id firstname lastname email status } nextToken } }',
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.listEmployees.items,
    sql: `select id, firstname, lastname, email, status from employees where tenant_uuid = $1
  order by lower(coalesce(firstname, '')), lower(coalesce(lastname, '')), id limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
    postgraphile: {
      query: `query($t: UUID!, $n: Int) { allEmployees(condition: { tenantUuid: $t }, first: $n, orderBy: [FIRST_SORT_ASC, LAST_SORT_ASC, ROW_ID_ASC]) {
      nodes { id: rowId firstname lastname email status } pageInfo { hasNextPage endCursor } } }`,
      variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
      rows: (d) => d.allEmployees.nodes,
    },
  },
  {
    op: 'listJobs',
    as: 'admin',
    query: 'query($t: ID!, $n: Int) { listJobs(tenant_uuid: $t, limit: $n) { items { id job job_abbr status } nextToken } }',
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.listJobs.items,
    sql: `select id, job, job_abbr, status from jobs where tenant_uuid = $1 and status <> 0
  order by lower(coalesce(nullif(job_abbr, ''), job)), id limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
    postgraphile: {
      query: `query($t: UUID!, $n: Int) { allJobs(condition: { tenantUuid: $t, active: true }, first: $n, orderBy: [SORT_KEY_ASC, ROW_ID_ASC]) {
      nodes { id: rowId job job_abbr: jobAbbr status } pageInfo { hasNextPage endCursor } } }`,
      variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
      rows: (d) => d.allJobs.nodes,
    },
  },
  {
    op: 'getTimecardInfo (one pay period)',
    as: 'admin',
    query: `query($t: ID!, $e: Int, $s: String, $end: String) { getTimecardInfo(tenant_uuid: $t, employee_id: $e, start_date: $s, end_date: $end) {
      users_timecard_entries { id employees_id timecard_date jobs_id costcodes_id hours } } }`,
    variables: (c) => ({ t: c.tenantUuid, e: c.personId, s: TIME.measured.start, end: TIME.measured.end }),
    rows: (d) => d.getTimecardInfo.users_timecard_entries,
    sql: `select id, employees_id, timecard_date::text, jobs_id, costcodes_id, hours from timecard_entries
  where tenant_uuid = $1 and employees_id = $2 and timecard_date between $3 and $4 order by timecard_date, id`,
    params: (c) => [c.tenantUuid, c.personId, TIME.measured.start, TIME.measured.end],
  },
  {
    op: 'getTimecardInfo (crew of 20)',
    as: 'foreman',
    query: `query($t: ID!, $s: String, $end: String) { getTimecardInfo(tenant_uuid: $t, start_date: $s, end_date: $end, fetch_crew_timecards: true) {
      timecard_entries_collection { id employees_id timecard_date jobs_id costcodes_id hours } } }`,
    variables: (c) => ({ t: c.tenantUuid, s: TIME.measured.start, end: TIME.measured.end }),
    rows: (d) => d.getTimecardInfo.timecard_entries_collection,
    sql: `select id, employees_id, timecard_date::text, jobs_id, costcodes_id, hours from timecard_entries
  where tenant_uuid = $1 and timecard_date between $2 and $3 and employees_id in (
    select distinct te.employees_id from timecard_entries te join jobs_foremen f on f.tenant_uuid = te.tenant_uuid and f.jobs_id = te.jobs_id
    where te.tenant_uuid = $1 and te.timecard_date between $2 and $3)
  order by employees_id, timecard_date, id`,
    params: (c) => [c.tenantUuid, TIME.measured.start, TIME.measured.end],
  },
  {
    op: 'searchReceipts',
    as: 'admin',
    query: `query($t: ID!, $n: Int) { searchReceipts(tenant_uuid: $t, limit: $n) {
      items { id receipt_date employees_id employee_name jobs_id job_label vendor amount_cents status } nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.searchReceipts.items,
    sql: `select r.id, r.receipt_date::text, r.employees_id, nullif(trim(concat_ws(' ', e.firstname, e.lastname)), '') as employee_name,
  r.jobs_id, case when nullif(trim(j.job_abbr), '') is null then j.job else j.job_abbr || ' · ' || j.job end as job_label,
  r.vendor, r.amount_cents, r.status
  from receipts r
  left join employees e on e.tenant_uuid = r.tenant_uuid and e.id = r.employees_id
  left join jobs j on j.tenant_uuid = r.tenant_uuid and j.id = r.jobs_id
  where r.tenant_uuid = $1 and r.status = 1 order by r.receipt_date desc, r.id desc limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    // Tools (issue 16): the first page of 5,000 tools by name with their container, as the tool list shows it.
    op: 'tools: searchTools',
    as: 'admin',
    query: `query($t: ID!, $n: Int) { searchTools(tenant_uuid: $t, limit: $n) { items { id tool_number name container_id container_name } nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.searchTools.items,
    sql: `select t.id, t.tool_number, t.name, t.container_id, c.container_name from tools t
  left join containers c on c.tenant_uuid = t.tenant_uuid and c.id = t.container_id
  where t.tenant_uuid = $1 and t.status = 1 order by t.name, t.id limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    // Buying (issue 17): the first page of the 10,000-item catalogue by name, as the item list shows it.
    op: 'ordering: searchItems',
    as: 'admin',
    query: `query($t: ID!, $n: Int) { searchItems(tenant_uuid: $t, limit: $n) { items { id item unit unit_cost_cents vendor_name } nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.searchItems.items,
    sql: `select i.id, i.item, i.unit, i.unit_cost_cents, v.name as vendor_name from items i
  left join vendors v on v.tenant_uuid = i.tenant_uuid and v.id = i.vendor_id
  where i.tenant_uuid = $1 and i.status = 1 and i.active = 'true' order by i.item, i.id limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    // Buying (issue 17): a typed search in the 10,000-item catalogue (the order form's item picker).
    op: 'ordering: searchItems text',
    as: 'admin',
    query: `query($t: ID!, $n: Int) { searchItems(tenant_uuid: $t, search: "bolt 1/2", limit: $n) { items { id item unit unit_cost_cents vendor_name } nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.searchItems.items,
    sql: `select i.id, i.item, i.unit, i.unit_cost_cents, v.name as vendor_name from items i
  left join vendors v on v.tenant_uuid = i.tenant_uuid and v.id = i.vendor_id
  where i.tenant_uuid = $1 and i.status = 1 and i.active = 'true'
    and (i.item ilike '%bolt 1/2%' or i.acc_id ilike '%bolt 1/2%' or i.description ilike '%bolt 1/2%')
  order by i.item, i.id limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    // Buying (issue 17): the newest page of 10,000 purchase orders with job, vendor and author names.
    op: 'ordering: searchOrders',
    as: 'admin',
    query: `query($t: ID!, $n: Int) { searchOrders(tenant_uuid: $t, limit: $n) {
      items { id po_number order_date job_label vendor_name employee_name total_cents sent_on acknowledged_on status } nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.searchOrders.items,
    sql: `select o.id, o.po_number, o.order_date::text, concat_ws(' · ', j.job_abbr, j.job) as job_label, v.name as vendor_name,
  concat_ws(' ', e.firstname, e.lastname) as employee_name, o.total_cents, o.sent_on, o.acknowledged_on, o.status
  from orders o
  left join jobs j on j.tenant_uuid = o.tenant_uuid and j.id = o.jobs_id
  left join vendors v on v.tenant_uuid = o.tenant_uuid and v.id = o.vendor_id
  left join employees e on e.tenant_uuid = o.tenant_uuid and e.id = o.employees_id
  where o.tenant_uuid = $1 and o.status = 1 order by o.order_date desc, o.id desc limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    // Daily reports (issue 18): the newest page of 20,000 reports with job and author, as the list shows them.
    op: 'project-notes: searchDailyReports',
    as: 'admin',
    query: `query($t: ID!, $n: Int) { searchDailyReports(tenant_uuid: $t, limit: $n) {
      items { id for_date job_label employee_name manpower work_performed sent_on revised status photos { uuid } } nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.searchDailyReports.items,
    sql: `select n.id, n.for_date::text, concat_ws(' · ', nullif(j.job_abbr, ''), j.job) as job_label,
  concat_ws(' ', e.firstname, e.lastname) as employee_name, n.manpower, n.work_performed, n.sent_on, n.revised, n.status, n.photos
  from jobs_notes n
  left join jobs j on j.tenant_uuid = n.tenant_uuid and j.id = n.jobs_id
  left join employees e on e.tenant_uuid = n.tenant_uuid and e.id = n.employees_id
  where n.tenant_uuid = $1 and n.status = 1 order by n.for_date desc, n.id desc limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    // Tools (issue 16): the newest page of the company's 200k-row move log, with where to and who.
    op: 'tools: toolLog',
    as: 'admin',
    query: `query($t: ID!, $n: Int) { toolLog(tenant_uuid: $t, limit: $n) { items { id tools_id to_container_id to_name employee_name note } nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.toolLog.items,
    sql: `select l.id, l.tools_id, l.to_container_id,
  (select c.container_name from containers c where c.tenant_uuid = l.tenant_uuid and c.id = l.to_container_id) as to_name,
  nullif(trim(concat_ws(' ', e.firstname, e.lastname)), '') as employee_name, l.note
  from tool_logs l left join employees e on e.tenant_uuid = l.tenant_uuid and e.id = l.employees_id
  where l.tenant_uuid = $1 order by l.id desc limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    // "My tasks" (issue 20): the foreman's first page of 50k tasks, overdue first then newest, with the job label and
    // assignees; the raw route answers the same rows and assignees in one statement.
    op: 'listTasks (my tasks)',
    as: 'foreman',
    query: `query($t: ID!, $n: Int, $d: String) { listTasks(tenant_uuid: $t, filter: { scope: "mine", status: ["open", "in_progress"], today: $d }, limit: $n) {
      items { id title status due_date jobs_id job_label overdue assignees { employees_id name } } nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: PAGE, d: TIME.measured.start }),
    rows: (d) => d.listTasks.items,
    sql: `select t.id, t.title, t.status, t.due_date::text, t.jobs_id,
  (select case when nullif(trim(j.job_abbr), '') is null then j.job else j.job_abbr || ' · ' || j.job end from jobs j
    where j.tenant_uuid = t.tenant_uuid and j.id = t.jobs_id) as job_label,
  (t.status <> 'done' and t.due_date < $3::date) as overdue,
  (select json_agg(json_build_object('employees_id', a.employees_id, 'name', nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''))
    order by a.employees_id) from task_assignees a join employees e on e.tenant_uuid = a.tenant_uuid and e.id = a.employees_id
    where a.tenant_uuid = t.tenant_uuid and a.tasks_id = t.id) as assignees
  from tasks t
  where t.tenant_uuid = $1 and t.parent_task is null and t.status in ('open', 'in_progress')
    and exists (select 1 from task_assignees m where m.tenant_uuid = t.tenant_uuid and m.tasks_id = t.id
      and m.employees_id = (select employees_id from jobs_foremen where tenant_uuid = $1 order by id desc limit 1))
  order by (case when t.status <> 'done' and t.due_date < $3::date then 0 else 1 end), t.id desc limit $2`,
    params: (c) => [c.tenantUuid, PAGE, TIME.measured.start],
  },
  // The planner's board: every active job (budgeted hours, foremen), every active person and each entry of the
  // days, one request; the raw route builds the same document in one SQL statement. Four weeks (~10k entries) is
  // the issue's case; one week is what the board's page loads.
  boardScenario('four weeks', SCHEDULE_WEEKS.to),
  boardScenario('one week', addDays(SCHEDULE_WEEKS.from, 6)),
  {
    // The dashboard's cards (issue 27) for an admin, in one request: the company's settings, then one statement.
    // "Today" is in the pay period after the measured one, so the unsigned card counts the measured period.
    // The raw route runs the same statement and both answers are compared on the counts.
    op: 'getDashboard',
    as: 'admin',
    query: `query($t: ID!, $d: String!) { getDashboard(tenant_uuid: $t, today: $d) {
        hours { start end regular overtime total } unsigned_timecards { count all period_start period_end }
        jobs_over_budget { count } crew_tomorrow { date scheduled unscheduled } tasks_due { due overdue }
        tools_overdue { count all } receipts_to_review { count } } }`,
    variables: (c) => ({ t: c.tenantUuid, d: DASHBOARD_DAY }),
    rows: (d) => {
      const x = d.getDashboard;
      return [
        {
          minutes: Math.round(x.hours.total * 60),
          unsigned: x.unsigned_timecards.count,
          over_budget: x.jobs_over_budget.count,
          crew_total: x.crew_tomorrow.scheduled + x.crew_tomorrow.unscheduled,
          crew_scheduled: x.crew_tomorrow.scheduled,
          tasks_due: x.tasks_due.due,
          tasks_overdue: x.tasks_due.overdue,
          tools: x.tools_overdue.count,
          receipts: x.receipts_to_review.count,
        },
      ];
    },
    sql: `select
    (select coalesce(sum(x.m), 0)::int from (
      select te.timecard_date, sum(round(te.hours * 60))::int as m from timecard_entries te
      where te.tenant_uuid = $1 and te.employees_id = $2 and te.timecard_date between $3::date and $3::date + 13
      group by te.timecard_date) x) as minutes,
    (select count(*)::int from users_timecard c
      join employees e on e.tenant_uuid = c.tenant_uuid and e.id = c.employees_id and e.status = 1
      where c.tenant_uuid = $1 and c.payperiod_start_date = $4::date and c.signed_on is null and c.entries > 0) as unsigned,
    (select count(*)::int from jobs j where j.tenant_uuid = $1 and j.status = 1
      and j.budget_hours > 0 and j.booked_minutes / 60.0 > j.budget_hours) as over_budget,
    c.crew_total, c.crew_scheduled, k.tasks_due, k.tasks_overdue,
    (select count(*)::int from reservations r where r.tenant_uuid = $1 and r.status = 1 and r.is_completed = false
      and r.end_date < $5::date) as tools,
    (select count(*)::int from receipts r where r.tenant_uuid = $1 and r.status = 1
      and (r.jobs_id is null or r.costcodes_id is null)) as receipts
  from (select (select count(*)::int from employees e where e.tenant_uuid = $1 and e.status = 1) as crew_total,
      (select count(distinct s.employees_id)::int from scheduled_labor s
        join employees e on e.tenant_uuid = s.tenant_uuid and e.id = s.employees_id and e.status = 1
        where s.tenant_uuid = $1 and s.date = $5::date + 1) as crew_scheduled) c,
    (select count(*)::int as tasks_due, (count(*) filter (where t.due_date < $5::date))::int as tasks_overdue
      from task_assignees a join tasks t on t.tenant_uuid = a.tenant_uuid and t.id = a.tasks_id
      where a.tenant_uuid = $1 and a.employees_id = $2 and t.status <> 'done' and t.due_date <= $5::date) k`,
    params: (c) => [c.tenantUuid, c.adminId, addDays(TIME.measured.end, 1), TIME.measured.start, DASHBOARD_DAY],
  },
  {
    // Labor budget vs actual (issue 27), one row per job: the first page of the company's 300 jobs (6,000 budget
    // lines) with budgeted hours and the minutes booked per line (kept by triggers over 100k time entries), as the budget tab reads them.
    // The raw route runs the same totals and page; both are compared on the rows' jobs and hours.
    op: 'reportLaborBudget',
    as: 'admin',
    query: `query($t: ID!, $n: Int) { reportLaborBudget(tenant_uuid: $t, limit: $n) {
        rows { jobs_id hrsbdg actual_hours percent_used forecast_hours } totals { hrsbdg actual_hours percent_used } total nextToken } }`,
    variables: (c) => ({ t: c.tenantUuid, n: 50 }),
    rows: (d) =>
      (d.reportLaborBudget?.rows ?? d).map((r: Row) => ({
        jobs_id: r.jobs_id,
        hrsbdg: Number(r.hrsbdg),
        actual_hours: Number(r.actual_hours),
      })),
    sql: `with lines as (
      select jc.jobs_id, jc.hrsbdg, (jc.booked_minutes / 60.0)::float8 as actual,
        (select min(te.timecard_date) from timecard_entries te where te.tenant_uuid = jc.tenant_uuid
          and te.jobs_id = jc.jobs_id and te.costcodes_id = jc.costcodes_id) as first_day
      from jobs_costcodes jc join jobs j on j.tenant_uuid = jc.tenant_uuid and j.id = jc.jobs_id and j.status <> 0
      where jc.tenant_uuid = $1 and jc.status = 1),
    totals as (select count(distinct jobs_id), sum(hrsbdg), sum(actual) from lines)
    select j.id as jobs_id, round(sum(l.hrsbdg)::numeric, 2)::float8 as hrsbdg, round(sum(l.actual)::numeric, 2)::float8 as actual_hours
    from lines l join jobs j on j.tenant_uuid = $1 and j.id = l.jobs_id, totals
    group by j.id, j.job, j.job_abbr, j.end_date
    order by lower(coalesce(nullif(j.job_abbr, ''), j.job)), j.id limit $2`,
    params: (c) => [c.tenantUuid, 50],
  },
];

/**
 * askChatbot without a model (issue 48): the built-in engine on a mix of questions over the large company (jobs,
 * people, hours, time cards, tools, receipts, orders, reports, tasks, a follow-up, an ask-back), as its admin. Each
 * answer is stored, as in use. The pace limit (20 questions in 5 minutes a person) would refuse the load: the bench
 * database dates the questions it stores an hour back, so the limit's count never reaches them.
 */
const CHAT_DAY = '2026-03-10';
const askChatbotScenario: Scenario = {
  op: 'askChatbot (built-in engine)',
  as: 'admin',
  query: `mutation($t: ID!, $q: String!, $d: String) { askChatbot(tenant_uuid: $t, question: $q, language: "en", today: $d) {
    answer { engine body choices { question } sources { tool rows { label link } } } } }`,
  variables: (c) => ({ t: c.tenantUuid, q: 'Which jobs do we have?', d: CHAT_DAY }),
  alone: true,
  rows: (d) => [d.askChatbot.answer].filter((a: { engine: string; body: string }) => a.engine === 'builtin' && a.body),
  prepareSql: `create or replace function bench_chat_unpaced() returns trigger language plpgsql as $$
    begin if new.role = 'user' then new.created_on := now() - interval '1 hour'; end if; return new; end $$;
    create trigger bench_chat_unpaced before insert on chat_messages for each row execute function bench_chat_unpaced();`,
  variants: async (c, pool) => {
    const jobs = (
      await pool.query<{ job: string; abbr: string | null }>(
        'select job, job_abbr as abbr from jobs where tenant_uuid = $1 and status = 1 order by id limit 3',
        [c.tenantUuid],
      )
    ).rows;
    const [person] = (
      await pool.query<{ name: string }>(
        `select concat_ws(' ', firstname, lastname) as name from employees where tenant_uuid = $1 and status = 1 order by id offset 10 limit 1`,
        [c.tenantUuid],
      )
    ).rows;
    const job = jobs[0]?.abbr ?? jobs[0]?.job ?? 'the first job';
    const other = jobs[1]?.job ?? job;
    const questions = [
      'Which jobs do we have?',
      `who runs ${job.toLowerCase()}`,
      `how many hours on ${other} last week`,
      `who is on ${job} tomorrow`,
      `${job} budget`,
      "what's in truck 12",
      'where is T-00042',
      "who hasn't signed their time card",
      'recent receipts',
      'recent purchase orders',
      `where is ${person?.name ?? 'Bench'} working tomorrow`,
      `${person?.name ?? 'Bench'} phone`,
      `cuantas horas lleva ${job} esta semana`,
      'donde esta el taladro',
      `open tasks on ${job}`,
      `daily reports for ${job} last week`,
      'any announcements?',
      'my notifications',
      'how many hours did i work last week',
      job,
    ];
    return questions.map((q) => ({ t: c.tenantUuid, q, d: CHAT_DAY }));
  },
};

/** The dashboard's "today": in the pay period after the measured one (biweekly from TIME.anchor). */
const DASHBOARD_DAY = addDays(TIME.measured.end, 3);

function boardScenario(label: string, to: string): Scenario {
  return {
    op: `getScheduleBoard (${label})`,
    as: 'admin',
    query: `query($t: ID!, $f: String!, $to: String) { getScheduleBoard(tenant_uuid: $t, from: $f, to: $to) {
        jobs { id label address budgeted_hours foremen } people { id name }
        entries { id jobs_id employees_id date event_type confirmation_status } } }`,
    variables: (c) => ({ t: c.tenantUuid, f: SCHEDULE_WEEKS.from, to }),
    rows: (d) => [d.getScheduleBoard],
    sql: `select
    (select coalesce(json_agg(json_build_object('id', j.id,
        'label', case when nullif(trim(j.job_abbr), '') is null then j.job else j.job_abbr || ' · ' || j.job end,
        'address', nullif(concat_ws(', ', nullif(j.street, ''), nullif(j.city, ''), nullif(trim(concat_ws(' ', j.state, j.zip)), '')), ''),
        'budgeted_hours', coalesce((select sum(c.hrsbdg) from jobs_costcodes c where c.tenant_uuid = j.tenant_uuid and c.jobs_id = j.id and c.status = 1), 0)::float8,
        'foremen', (select string_agg(nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''), ', ' order by e.firstname, e.lastname)
          from jobs_foremen f join employees e on e.tenant_uuid = f.tenant_uuid and e.id = f.employees_id
          where f.tenant_uuid = j.tenant_uuid and f.jobs_id = j.id))
      order by lower(coalesce(nullif(j.job_abbr, ''), j.job)), j.id), '[]')
      from jobs j where j.tenant_uuid = $1 and j.status = 1) as jobs,
    (select coalesce(json_agg(json_build_object('id', e.id,
        'name', coalesce(nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''), e.username, '#' || e.id))
      order by lower(coalesce(e.firstname, '')), lower(coalesce(e.lastname, '')), e.id), '[]')
      from employees e where e.tenant_uuid = $1 and e.status = 1) as people,
    (select coalesce(json_agg(json_build_object('id', s.id, 'jobs_id', s.jobs_id, 'employees_id', s.employees_id, 'date', s.date,
        'event_type', s.event_type, 'confirmation_status', s.confirmation_status) order by s.date, s.employees_id, s.id), '[]')
      from scheduled_labor s where s.tenant_uuid = $1 and s.date between $2 and $3) as entries`,
    params: (c) => [c.tenantUuid, SCHEDULE_WEEKS.from, to],
  };
}

/** BENCH_ONLY=<text>[,<text>…]: only the operations whose name contains one of them (e.g. searchReceipts), when working on one case. */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/** The punch line (issue 47, bench/punch.ts), a write: BENCH_ONLY=punch runs it alone. */
const PUNCH = ONLY.length === 0 || ONLY.some((o) => PUNCH_OP.includes(o));
const WITH_CHAT = [...ALL_SCENARIOS, askChatbotScenario];
const SCENARIOS = ONLY.length ? WITH_CHAT.filter((s) => ONLY.some((o) => s.op.includes(o))) : WITH_CHAT;

type Row = Record<string, unknown>;
type Target = { name: string; opts: autocannon.Options; rows: (body: any) => Row[] };
type Pass = { name: 'throughput' | 'latency' | 'alone'; connections: number };
const PASSES: Pass[] = [
  { name: 'throughput', connections: CONNECTIONS },
  { name: 'latency', connections: LATENCY_CONNECTIONS },
  { name: 'alone', connections: 1 },
];
/** Per operation, per target, per pass. */
type Results = Map<string, Map<string, Partial<Record<Pass['name'], autocannon.Result>>>>;

async function main(signal: AbortSignal): Promise<void> {
  const dbName = `gw_bench_${randomBytes(6).toString('hex')}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  // Undone in reverse order: servers close before the pools they use end.
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    await admin.query(`create database ${dbName}`);
    const database = await openDatabase({ url: dbUrl.toString() });
    cleanup.push(() => database.close());
    await migrate(database);
    await withClient(dbUrl.toString(), (client) => client.query(SORT_FUNCTIONS_SQL));
    const seedStart = performance.now();
    const tenant = await seedLargeTenant(database.db);
    console.log(
      `seeded ${dbName}: ${SIZES.people} people, ${SIZES.costcodes} cost codes, ${SIZES.jobs} jobs, ${SIZES.timeEntries} time entries, ${SIZES.receipts} receipts, ${SIZES.tasks} tasks, ${SIZES.tools} tools, ${SIZES.toolLogs} tool log rows in ${Math.round(performance.now() - seedStart)} ms`,
    );
    signal.throwIfAborted();

    const config = loadConfig({
      NODE_ENV: process.env.NODE_ENV,
      DATABASE_URL: dbUrl.toString(),
      AUTH_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      WEB_DIST: process.env.WEB_DIST,
      // Production requires an https origin (Secure cookies, HSTS); the load uses Bearer tokens, so any will do.
      APP_ORIGIN: process.env.APP_ORIGIN ?? 'https://bench.groundwork.test',
    });
    // Imported only now: graphql-js picks its production code paths from NODE_ENV when it loads.
    const { buildApp } = await import('@groundwork/server/src/app.js');
    const app = await buildApp({ config, database });
    cleanup.push(() => app.close());
    const appUrl = await app.listen({ host: HOST, port: 0 });

    const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: POOL_SIZE });
    pool.on('error', (err) => console.error('raw pool:', err.message));
    cleanup.push(() => pool.end());
    const raw = Fastify({ logger: false });
    // The punch line's raw routes, beside the reads' (bench/punch.ts).
    const punchSetup = PUNCH ? await preparePunch(pool, tenant.tenantUuid) : null;
    if (punchSetup) registerPunchRoutes(raw, pool, punchSetup);
    for (const [i, scenario] of SCENARIOS.entries()) {
      const { sql: statement, params } = scenario;
      if (statement && params) raw.get(`/${i}`, async () => ({ items: (await pool.query<Row>(statement, params(tenant))).rows }));
      if (scenario.prepareSql) await pool.query(scenario.prepareSql);
    }
    const variants = await Promise.all(SCENARIOS.map((s) => s.variants?.(tenant, pool)));
    cleanup.push(() => raw.close());
    const rawUrl = await raw.listen({ host: HOST, port: 0 });

    const postgraphileStart = performance.now();
    const postgraphile = await startPostGraphile({ connectionString: dbUrl.toString(), poolSize: POOL_SIZE });
    cleanup.push(() => postgraphile.close());
    console.log(`postgraphile: schema built and listening in ${Math.round(performance.now() - postgraphileStart)} ms`);
    signal.throwIfAborted();

    const targetsOf = (scenario: (typeof SCENARIOS)[number], i: number): Target[] => {
      const graphqlTarget = (name: string, url: string, request: GraphQLRequest, headers: Record<string, string>): Target => ({
        name,
        opts: {
          url,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ query: request.query, variables: request.variables(tenant) }),
          ...(variants[i] && request === scenario
            ? {
                requests: variants[i].map((v) => ({
                  method: 'POST' as const,
                  body: JSON.stringify({ query: request.query, variables: v }),
                })),
              }
            : {}),
        },
        rows: (body: { data?: unknown; errors?: unknown }) => {
          if (!body.data) throw new Error(`${name} returned no data: ${JSON.stringify(body.errors)}`);
          return request.rows(body.data);
        },
      });
      return [
        graphqlTarget('graphql', `${appUrl}/graphql`, scenario, {
          authorization: `Bearer ${scenario.as === 'admin' ? tenant.token : tenant.foremanToken}`,
        }),
        ...(scenario.postgraphile
          ? [graphqlTarget('postgraphile', postgraphile.url, scenario.postgraphile, { [TENANT_HEADER]: tenant.tenantUuid })]
          : []),
        ...(scenario.sql
          ? [{ name: 'raw', opts: { url: `${rawUrl}/${i}`, method: 'GET' as const }, rows: (body: { items: Row[] }) => body.items }]
          : []),
      ];
    };
    const targets = SCENARIOS.map(targetsOf);
    const punch = punchSetup ? punchTargets(punchSetup, appUrl, rawUrl, tenant.token, tenant.adminId) : [];
    if (punch.length) await verifyPunch(punch);
    for (const [i, scenario] of SCENARIOS.entries()) {
      if (!scenario.sql) {
        await verifyAnswers(scenario.op, targets[i][0], variants[i] ?? []);
        continue;
      }
      await verifySamePage(scenario.op, targets[i]);
      const peer = targets[i].find((t) => t.name === 'postgraphile');
      if (peer) await verifyWallHolds(scenario.op, peer);
    }

    const results: Results = new Map(SCENARIOS.map((s) => [s.op, new Map()]));
    const rounds = new Map<string, string>();
    if (punch.length) results.set(PUNCH_OP, new Map());
    for (const pass of PASSES) {
      for (const [i, scenario] of SCENARIOS.entries()) {
        if (pass.name === 'alone' && !scenario.alone) continue;
        const byTarget = results.get(scenario.op)!;
        // The throughput pass runs ROUNDS times, the targets in turn (rounds.ts); the others once.
        const times = pass.name === 'throughput' && targets[i].some((t) => t.name === 'raw') ? ROUNDS : 1;
        const runs = new Map<string, autocannon.Result[]>(targets[i].map((t) => [t.name, []]));
        for (let round = 0; round < times; round++) {
          for (const { name, opts } of inTurn(targets[i], round)) {
            console.log(
              `${scenario.op} ${name}: ${pass.connections} connections, ${DURATION} s after a ${WARMUP} s warm-up${times > 1 ? ` (round ${round + 1} of ${times})` : ''}…`,
            );
            const result = await load(
              { ...opts, connections: pass.connections, duration: DURATION, warmup: { connections: pass.connections, duration: WARMUP } },
              signal,
            );
            runs.get(name)!.push(result);
          }
        }
        for (const [name, each] of runs) byTarget.set(name, { ...byTarget.get(name), [pass.name]: meanRate(each) });
        if (times > 1) rounds.set(scenario.op, roundRatios(runs, 'graphql'));
        printTable(
          scenario.op,
          pass,
          targets[i].map(({ name }) => [name, byTarget.get(name)![pass.name]!]),
        );
      }
      if (punch.length && pass.name !== 'alone') {
        const byTarget = results.get(PUNCH_OP)!;
        for (const { name, opts, env } of punch) {
          console.log(`${PUNCH_OP} ${name}: ${pass.connections} connections, ${DURATION} s after a ${WARMUP} s warm-up…`);
          // autocannon's worker thread starts with this environment: the people and the two requests (punch-client.cjs).
          process.env.BENCH_PUNCH = env;
          const result = await load(
            { ...opts, connections: pass.connections, duration: DURATION, warmup: { connections: pass.connections, duration: WARMUP } },
            signal,
          );
          byTarget.set(name, { ...byTarget.get(name), [pass.name]: result });
        }
        printTable(
          PUNCH_OP,
          pass,
          punch.map(({ name }) => [name, byTarget.get(name)![pass.name]!]),
        );
      }
    }
    console.log(`\nsummary: ratio = req/s / raw req/s at ${CONNECTIONS} connections; p50, p99 at ${LATENCY_CONNECTIONS} connections`);
    for (const scenario of SCENARIOS) console.log(summaryLine(scenario.op, results.get(scenario.op)!));
    if (punch.length) console.log(summaryLine(PUNCH_OP, results.get(PUNCH_OP)!));
    if (rounds.size) {
      console.log(
        `each round's ratio at ${CONNECTIONS} connections (GraphQL/raw req/s, in turn, ${ROUNDS} rounds; the lines above are of the mean rates)`,
      );
      for (const [op, each] of rounds) console.log(`  ${op}: ${each}`);
    }
    const bundle = bundleReport(config.webDist);
    if (bundle) console.log(bundle);
  } finally {
    for (const undo of cleanup.reverse()) await undo().catch((err) => console.error('cleanup:', err));
    await disconnected(admin, dbName);
    // BENCH_KEEP=1 keeps the seeded database for a look at its plans (psql, EXPLAIN); its name is printed above.
    if (process.env.BENCH_KEEP) console.log(`kept the database ${dbName}`);
    // with (force): a connection left behind by a failure must not keep the database alive.
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/**
 * pool.end() resolves before the server has seen every connection close. A forced drop would terminate
 * those stragglers, and pg raises that on the idle client as an unhandled 'error' that kills the process.
 */
async function disconnected(admin: pg.Client, dbName: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName]);
    if (rows[0].n === 0) return;
    await sleep(100);
  }
}

async function fetchJson({ opts }: Target, headers = opts.headers): Promise<any> {
  const res = await fetch(opts.url, { method: opts.method, headers, body: opts.body });
  if (!res.ok) throw new Error(`${opts.url}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/** Every target must serve the raw route's rows (same columns, same order), or the ratio compares different work. */
async function verifySamePage(op: string, targets: Target[]): Promise<void> {
  const raw = targets.find((t) => t.name === 'raw')!;
  const expected = raw.rows(await fetchJson(raw));
  for (const target of targets) {
    if (target === raw) continue;
    const a = target.rows(await fetchJson(target));
    if (a.length === 0 || JSON.stringify(a) !== JSON.stringify(expected)) {
      const at = a.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(expected[i]));
      throw new Error(
        `${op}: ${target.name} and raw first pages differ (${a.length} vs ${expected.length} rows; first difference at ${at}): ${JSON.stringify([a[at], expected[at]])}`,
      );
    }
  }
  console.log(`${op}: ${targets.map((t) => t.name).join(', ')} return the same ${expected.length} rows`);
}

/** An operation without a raw route: every variant answers without errors, with rows (a sample printed). */
async function verifyAnswers(op: string, target: Target, variants: Record<string, unknown>[]): Promise<void> {
  const query = JSON.parse(String(target.opts.body)).query;
  for (const [k, variables] of variants.entries()) {
    const body = await fetchJson({ ...target, opts: { ...target.opts, body: JSON.stringify({ query, variables }) } });
    if (body.errors || target.rows(body).length === 0)
      throw new Error(`${op}: ${JSON.stringify(variables)} failed: ${JSON.stringify(body)}`);
    if (k < 3) console.log(`${op}: "${variables.q}" -> ${JSON.stringify(body.data).slice(0, 160)}`);
  }
  console.log(`${op}: ${variants.length} requests answer`);
}

/**
 * PostGraphile's pool logs in as the bench's superuser, which RLS never applies to; only the role and tenant
 * set per request (pgSettings) wall it in. Without a tenant the same query must see no rows at all.
 */
async function verifyWallHolds(op: string, target: Target): Promise<void> {
  const headers = Object.fromEntries(Object.entries(target.opts.headers ?? {}).filter(([k]) => k !== TENANT_HEADER));
  const rows = target.rows(await fetchJson(target, headers));
  if (rows.length !== 0) throw new Error(`${op}: ${target.name} without a tenant returned ${rows.length} rows; RLS is not applied`);
  console.log(`${op}: ${target.name} without a tenant sees no rows (app_user and RLS apply)`);
}

function load(opts: autocannon.Options, signal: AbortSignal): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // One worker thread generates the load, so it does not share the servers' event loop.
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      instance.stop();
      reject(signal.reason);
    };
    const instance = autocannon({ workers: 1, ...opts }, (err, result) => {
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(result);
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');

function printTable(op: string, pass: Pass, results: [string, autocannon.Result][]): void {
  const width = Math.max(24, op.length + 2);
  const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(width) : c.padStart(10))).join(''));
  console.log(`${op}, ${pass.connections} connections (${pass.name} pass):`);
  row([op, 'req/s', 'p50 ms', 'p99 ms', 'errors']);
  for (const [name, r] of results) {
    row([name, r.requests.average.toFixed(0), String(r.latency.p50), String(r.latency.p99), String(r.errors + r.non2xx)]);
  }
  const raw = results.find(([name]) => name === 'raw')?.[1];
  if (!raw) return;
  for (const [name, r] of results) {
    if (name === 'raw') continue;
    const x = (a: number, b: number) => `${ratio(a, b)}x`;
    row([
      `ratio ${name}/raw`,
      x(r.requests.average, raw.requests.average),
      x(r.latency.p50, raw.latency.p50),
      x(r.latency.p99, raw.latency.p99),
      '',
    ]);
  }
}

/**
 * One greppable line per operation, starting with its name: our req/s over raw's in the throughput pass,
 * then p50/p99 from the latency pass; the same for PostGraphile where it runs the operation.
 */
function summaryLine(op: string, byTarget: Map<string, Partial<Record<Pass['name'], autocannon.Result>>>): string {
  const raw = byTarget.get('raw');
  const ms = (r: autocannon.Result | undefined) => `p50 ${r?.latency.p50 ?? '-'} ms p99 ${r?.latency.p99 ?? '-'} ms`;
  const of = (name: string) => {
    const t = byTarget.get(name)!;
    if (!raw) return `${(t.throughput?.requests.average ?? 0).toFixed(0)} req/s ${ms(t.latency)}`;
    return `ratio ${ratio(t.throughput?.requests.average ?? 0, raw.throughput?.requests.average ?? 0)} ${ms(t.latency)}`;
  };
  const alone = byTarget.get('graphql')?.alone;
  const parts = [
    op,
    of('graphql'),
    ...(alone ? [`(one person asking: p50 ${alone.latency.p50} ms p99 ${alone.latency.p99} ms)`] : []),
    ...(raw ? [`(raw ${ms(raw.latency)})`] : ['(no raw route)']),
  ];
  if (byTarget.has('postgraphile')) parts.push(`postgraphile ${of('postgraphile')}`);
  const errors = [...byTarget].flatMap(([name, passes]) => {
    const n = Object.values(passes).reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    return n > 0 ? [`${name} ${n}`] : [];
  });
  if (errors.length > 0) parts.push(`errors ${errors.join(' ')}`);
  return parts.join(' ');
}

/** The entry script and the chunks index.html preloads with it: what the 250 KB initial-JS budget counts. */
function bundleReport(webDist: string): string | null {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return null;
  const html = readFileSync(index, 'utf8');
  const entry = html.match(/<script\b[^>]*type="module"[^>]*src="([^"]+)"/)?.[1];
  if (!entry) return null;
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const kb = (src: string) => gzipSync(readFileSync(path.join(webDist, src))).length / 1024;
  const initial = [entry, ...preloads].reduce((sum, src) => sum + kb(src), 0);
  return `web ${entry}: ${kb(entry).toFixed(1)} KB gzip; initial JS with ${preloads.length} preloads: ${initial.toFixed(1)} KB gzip (budget 250 KB)`;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return n;
}

// The shipped configuration is what the budget is about; set NODE_ENV to compare another.
process.env.NODE_ENV ??= 'production';
const abort = new AbortController();
// Ctrl-C stops the load and still runs the clean-up, so no gw_bench_ database is left behind. Under
// `npm run bench` one press arrives several times (the terminal's, then npm's and tsx's relays), and a
// second signal with no handler would kill the process mid clean-up: the relays are absorbed, and only a
// press a second later exits at once.
let interruptedAt = 0;
process.on('SIGINT', () => {
  if (!abort.signal.aborted) {
    interruptedAt = Date.now();
    abort.abort(new Error('interrupted'));
  } else if (Date.now() - interruptedAt > 1000) {
    console.error('interrupted again: exiting before the clean-up finished');
    process.exit(130);
  }
});
// --- Many companies (issue 49, bench/many.ts): the mix runs after the one-company operations unless BENCH_MIX=0;
// BENCH_ONLY=mix runs it alone, BENCH_ONLY=mix,listJobs only its listJobs (and the one-company listJobs before it,
// unless BENCH_MIX=only), BENCH_ONLY=mix,noisy only the noisy-neighbour line.
const MIX = process.env.BENCH_MIX !== '0' && (ONLY.length === 0 || ONLY.includes('mix'));
const MIX_ONLY = process.env.BENCH_MIX === 'only' || (ONLY.length > 0 && ONLY.every((o) => o === 'mix' || o === 'noisy'));
try {
  if (!MIX_ONLY) await main(abort.signal);
  // Many companies (issue 49, bench/many.ts).
  if (MIX) {
    await runMix(abort.signal, {
      adminUrl: ADMIN_URL,
      duration: DURATION,
      warmup: WARMUP,
      connections: CONNECTIONS,
      latencyConnections: LATENCY_CONNECTIONS,
      poolSize: POOL_SIZE,
      host: HOST,
      scenarios: WITH_CHAT,
      load,
      printTable,
      summaryLine,
      disconnected,
    });
  }
} catch (err) {
  console.error(abort.signal.aborted ? 'bench interrupted; bench database dropped' : err);
  process.exitCode = abort.signal.aborted ? 130 : 1;
}
