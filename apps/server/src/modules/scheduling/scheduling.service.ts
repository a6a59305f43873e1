import { type ConfirmationStatus, parseTrades, type ScheduleEntryInput, type ScheduleFailure } from '@groundwork/core/scheduling';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { readsTogether } from '../../graphql/reads-together.js';
import { departmentMembers, divisionMembers } from '../announcements/announcements.table.js';
import { departments } from '../departments/departments.table.js';
import { divisions } from '../divisions/divisions.table.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs, jobsForemen } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { scheduledLabor } from './scheduling.table.js';

export type EntryRow = typeof scheduledLabor.$inferSelect;

/** An entry as the board and My Schedule show it. */
export type EntryView = {
  id: number;
  jobs_id: number | null;
  employees_id: number;
  date: string;
  event_type: string;
  confirmation_status: string;
  confirmed_on: string | null;
  confirmation_reason: string | null;
};

export type BoardJob = {
  id: number;
  label: string;
  address: string | null;
  budgeted_hours: number;
  foremen: string | null;
};
/** A person on the board; `departments` and `divisions` (ids) are read only when the board's filters ask for them. */
export type BoardPerson = { id: number; name: string; trades: string[]; departments?: number[]; divisions?: number[] };
export type BoardGroup = { id: number; label: string };
export type Board = {
  from: string;
  to: string;
  jobs: BoardJob[];
  people: BoardPerson[];
  entries: EntryView[];
  /** The company's active departments and divisions, for the board's filters (empty unless asked for). */
  departments: BoardGroup[];
  divisions: BoardGroup[];
};

const jobAddress = sql<
  string | null
>`nullif(concat_ws(', ', nullif(${jobs.street}, ''), nullif(${jobs.city}, ''), nullif(trim(concat_ws(' ', ${jobs.state}, ${jobs.zip})), '')), '')`;

const entryColumns = {
  id: scheduledLabor.id,
  jobs_id: scheduledLabor.jobs_id,
  employees_id: scheduledLabor.employees_id,
  date: scheduledLabor.date,
  event_type: scheduledLabor.event_type,
  confirmation_status: scheduledLabor.confirmation_status,
  confirmed_on: scheduledLabor.confirmed_on,
  confirmation_reason: scheduledLabor.confirmation_reason,
};

/** A job's foremen by name, for the board and My Schedule. */
const jobForemen = sql<
  string | null
>`(select string_agg(nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''), ', ' order by e.firstname, e.lastname)
  from ${jobsForemen} f join ${employees} e on e.tenant_uuid = f.tenant_uuid and e.id = f.employees_id
  where f.tenant_uuid = jobs.tenant_uuid and f.jobs_id = jobs.id)`;

/** Active jobs with their address, budgeted hours (the sum of their active cost-code lines) and foremen. */
async function boardJobs(tx: Tx, tenant: string, only?: readonly number[]): Promise<BoardJob[]> {
  if (only && only.length === 0) return [];
  return tx
    .select({
      id: jobs.id,
      label: jobLabelSql,
      address: jobAddress,
      budgeted_hours: sql<number>`coalesce((select sum(c.hrsbdg) from ${jobsCostcodes} c
        where c.tenant_uuid = jobs.tenant_uuid and c.jobs_id = jobs.id and c.status = 1), 0)::float8`,
      foremen: jobForemen,
    })
    .from(jobs)
    .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.status, 1), only ? inArray(jobs.id, [...only]) : undefined))
    .orderBy(sql`lower(coalesce(nullif(${jobs.job_abbr}, ''), ${jobs.job}))`, jobs.id);
}

const memberOf = (table: typeof departmentMembers | typeof divisionMembers, column: 'departments_id' | 'divisions_id') =>
  sql<string>`(select coalesce(string_agg(m.${sql.identifier(column)}::text, ','), '') from ${table} m
    where m.tenant_uuid = ${employees.tenant_uuid} and m.employees_id = ${employees.id})`;
const ids = (list: string) => (list ? list.split(',').map(Number) : []);

/** Everyone the board can schedule: the company's active people, by name (with their departments and divisions). */
async function boardPeople(tx: Tx, tenant: string, groups: boolean): Promise<BoardPerson[]> {
  const rows = await tx
    .select({
      id: employees.id,
      name: employeeName,
      trades: employees.trades,
      departments: groups ? memberOf(departmentMembers, 'departments_id') : sql<string>`''`,
      divisions: groups ? memberOf(divisionMembers, 'divisions_id') : sql<string>`''`,
    })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1)))
    .orderBy(sql`lower(coalesce(${employees.firstname}, ''))`, sql`lower(coalesce(${employees.lastname}, ''))`, employees.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    trades: parseTrades(r.trades),
    ...(groups ? { departments: ids(r.departments), divisions: ids(r.divisions) } : {}),
  }));
}

/** The company's active departments and divisions by name: the board's filter choices. */
async function boardGroups(tx: Tx, tenant: string): Promise<{ departments: BoardGroup[]; divisions: BoardGroup[] }> {
  const [deps, divs] = await readsTogether(
    tx,
    () =>
      tx
        .select({ id: departments.id, label: departments.department })
        .from(departments)
        .where(and(eq(departments.tenant_uuid, tenant), eq(departments.status, 1)))
        .orderBy(sql`lower(${departments.department})`, departments.id),
    () =>
      tx
        .select({ id: divisions.id, label: divisions.division })
        .from(divisions)
        .where(and(eq(divisions.tenant_uuid, tenant), eq(divisions.status, 1)))
        .orderBy(sql`lower(${divisions.division})`, divisions.id),
  );
  return { departments: deps, divisions: divs };
}

async function entriesBetween(
  tx: Tx,
  tenant: string,
  from: string,
  to: string,
  filter: { jobs?: readonly number[]; person?: number } = {},
): Promise<EntryView[]> {
  // A four-week board is ~10k entries: PostgreSQL writes them as one JSON document, which the driver parses
  // natively, instead of 10k rows decoded and mapped value by value (most of the board's time in Node before).
  const s = scheduledLabor;
  const [row] = await tx
    .select({
      entries: sql<EntryView[]>`coalesce(json_agg(json_build_object('id', ${s.id}, 'jobs_id', ${s.jobs_id},
        'employees_id', ${s.employees_id}, 'date', ${s.date}, 'event_type', ${s.event_type},
        'confirmation_status', ${s.confirmation_status}, 'confirmed_on', ${s.confirmed_on}::text,
        'confirmation_reason', ${s.confirmation_reason}) order by ${s.date}, ${s.employees_id}, ${s.id}), '[]'::json)`,
    })
    .from(s)
    .where(
      and(
        eq(s.tenant_uuid, tenant),
        gte(s.date, from),
        lte(s.date, to),
        filter.jobs ? inArray(s.jobs_id, [...filter.jobs]) : undefined,
        filter.person !== undefined ? eq(s.employees_id, filter.person) : undefined,
      ),
    );
  // PGlite and node-postgres both parse json; a driver that hands back text still works.
  return typeof row.entries === 'string' ? (JSON.parse(row.entries) as EntryView[]) : row.entries;
}

/**
 * The planner's board: every active job and person and the entries of the days from..to; with `groups`, the
 * departments and divisions to filter people by (one statement more, only when the board shows those filters).
 */
export async function loadBoard(tx: Tx, tenant: string, from: string, to: string, groups = true): Promise<Board> {
  const [jobRows, people, entries, choices] = await readsTogether(
    tx,
    () => boardJobs(tx, tenant),
    () => boardPeople(tx, tenant, groups),
    () => entriesBetween(tx, tenant, from, to),
    () => (groups ? boardGroups(tx, tenant) : { departments: [], divisions: [] }),
  );
  return { from, to, jobs: jobRows, people, entries, ...choices };
}

/** A foreman's jobs (where they are one of the job's foremen) with their crews for from..to. */
export async function loadForemanBoard(tx: Tx, tenant: string, foreman: number, from: string, to: string): Promise<Board> {
  const mine = await tx
    .select({ id: jobsForemen.jobs_id })
    .from(jobsForemen)
    .where(and(eq(jobsForemen.tenant_uuid, tenant), eq(jobsForemen.employees_id, foreman)));
  const ids = mine.map((m) => m.id);
  const [jobRows, entries] = await readsTogether(
    tx,
    () => boardJobs(tx, tenant, ids),
    () => (ids.length ? entriesBetween(tx, tenant, from, to, { jobs: ids }) : []),
  );
  const personIds = [...new Set(entries.map((e) => e.employees_id))];
  const people = personIds.length
    ? (
        await tx
          .select({ id: employees.id, name: employeeName, trades: employees.trades })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, personIds)))
          .orderBy(employeeName)
      ).map((r) => ({ id: r.id, name: r.name, trades: parseTrades(r.trades) }))
    : [];
  return { from, to, jobs: jobRows, people, entries, departments: [], divisions: [] };
}

export type MyDay = EntryView & { job_label: string | null; address: string | null; foremen: string | null };

/** A worker's own days from..to, with the job, its address and its foremen (My Schedule). */
export async function loadMyDays(tx: Tx, tenant: string, person: number, from: string, to: string): Promise<MyDay[]> {
  const entries = await entriesBetween(tx, tenant, from, to, { person });
  const jobIds = [...new Set(entries.flatMap((e) => (e.jobs_id === null ? [] : [e.jobs_id])))];
  const jobRows = jobIds.length ? await boardJobsAnyStatus(tx, tenant, jobIds) : [];
  const byId = new Map(jobRows.map((j) => [j.id, j]));
  return entries.map((e) => {
    const job = e.jobs_id === null ? undefined : byId.get(e.jobs_id);
    return { ...e, job_label: job?.label ?? null, address: job?.address ?? null, foremen: job?.foremen ?? null };
  });
}

async function boardJobsAnyStatus(tx: Tx, tenant: string, ids: number[]) {
  return tx
    .select({
      id: jobs.id,
      label: jobLabelSql,
      address: jobAddress,
      foremen: jobForemen,
    })
    .from(jobs)
    .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, ids)));
}

// --- The batch --------------------------------------------------------------------------------------

export type ScheduleRequest = {
  add: ScheduleEntryInput[];
  remove: ScheduleEntryInput[];
  update: ScheduleEntryInput[];
  allowDoubleBooking: boolean;
};

export type ScheduleResult = {
  added: EntryView[];
  removed: EntryView[];
  updated: EntryView[];
  unchanged: number;
  failed: (ScheduleFailure & { entry: ScheduleEntryInput })[];
};

/** What changed for one person in one call: the seam for notifications (one message per person per call). */
export type PersonChanges = { employees_id: number; added: EntryView[]; removed: EntryView[]; updated: EntryView[] };

export const key = (person: number, date: string) => `${person}|${date}`;

/** Groups a result by the person it touches: one notice per person, however many of their days moved. */
export function changesByPerson(result: ScheduleResult): PersonChanges[] {
  const map = new Map<number, PersonChanges>();
  const of = (id: number) => {
    let c = map.get(id);
    if (!c) {
      c = { employees_id: id, added: [], removed: [], updated: [] };
      map.set(id, c);
    }
    return c;
  };
  for (const e of result.added) of(e.employees_id).added.push(e);
  for (const e of result.removed) of(e.employees_id).removed.push(e);
  for (const e of result.updated) of(e.employees_id).updated.push(e);
  return [...map.values()];
}

/**
 * The notifications seam: called once per updateSchedule, after it commits, with the changes grouped per
 * person. Notifications do not exist yet (issue 19: "once notifications exist"); when they do, this sends
 * one message per person. Tests replace it to check the batching.
 */
export const scheduleNotifier: { notify: (tenant: string, changes: PersonChanges[]) => void | Promise<void> } = {
  notify: () => {},
};

/** A worker's answer to one of their own days; null when the entry is not theirs (or not there). */
export async function respond(
  tx: Tx,
  tenant: string,
  person: number,
  id: number,
  status: Exclude<ConfirmationStatus, 'pending'>,
  reason: string | null,
): Promise<EntryView | null> {
  const [row] = await tx
    .update(scheduledLabor)
    .set({ confirmation_status: status, confirmed_on: sql`now()`, confirmation_reason: reason, updated_on: sql`now()` })
    .where(and(eq(scheduledLabor.tenant_uuid, tenant), eq(scheduledLabor.id, id), eq(scheduledLabor.employees_id, person)))
    .returning(entryColumns);
  return row ?? null;
}
