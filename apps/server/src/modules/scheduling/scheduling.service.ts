import {
  type ConfirmationStatus,
  type EntryKind,
  entryProblem,
  parseTrades,
  SCHEDULE_MESSAGES,
  type ScheduleEntryInput,
  type ScheduleFailure,
  WORK_EVENT,
} from '@groundwork/core/scheduling';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { departmentMembers, divisionMembers } from '../announcements/announcements.table.js';
import { departments } from '../departments/departments.table.js';
import { divisions } from '../divisions/divisions.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsCostcodes, jobsForemen } from '../jobs/jobs.table.js';
import { staticListItems } from '../staticdata/staticdata.table.js';
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

const personName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), ''), ${employees.username}, '#' || ${employees.id})`;
// The jobs list's label: "ABBR · Job" when the job has an abbreviation, else its name.
const jobLabel = sql<string>`case when nullif(trim(${jobs.job_abbr}), '') is null then ${jobs.job} else ${jobs.job_abbr} || ' · ' || ${jobs.job} end`;
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

/** Active jobs with their address, budgeted hours (the sum of their active cost-code lines) and foremen. */
export async function boardJobs(tx: Tx, tenant: string, only?: readonly number[]): Promise<BoardJob[]> {
  if (only && only.length === 0) return [];
  return tx
    .select({
      id: jobs.id,
      label: jobLabel,
      address: jobAddress,
      budgeted_hours: sql<number>`coalesce((select sum(c.hrsbdg) from ${jobsCostcodes} c
        where c.tenant_uuid = jobs.tenant_uuid and c.jobs_id = jobs.id and c.status = 1), 0)::float8`,
      foremen: sql<
        string | null
      >`(select string_agg(nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''), ', ' order by e.firstname, e.lastname)
        from ${jobsForemen} f join ${employees} e on e.tenant_uuid = f.tenant_uuid and e.id = f.employees_id
        where f.tenant_uuid = jobs.tenant_uuid and f.jobs_id = jobs.id)`,
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
      name: personName,
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
  const [deps, divs] = await Promise.all([
    tx
      .select({ id: departments.id, label: departments.department })
      .from(departments)
      .where(and(eq(departments.tenant_uuid, tenant), eq(departments.status, 1)))
      .orderBy(sql`lower(${departments.department})`, departments.id),
    tx
      .select({ id: divisions.id, label: divisions.division })
      .from(divisions)
      .where(and(eq(divisions.tenant_uuid, tenant), eq(divisions.status, 1)))
      .orderBy(sql`lower(${divisions.division})`, divisions.id),
  ]);
  return { departments: deps, divisions: divs };
}

export async function entriesBetween(
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
  const [jobRows, people, entries, choices] = await Promise.all([
    boardJobs(tx, tenant),
    boardPeople(tx, tenant, groups),
    entriesBetween(tx, tenant, from, to),
    groups ? boardGroups(tx, tenant) : { departments: [], divisions: [] },
  ]);
  return { from, to, jobs: jobRows, people, entries, ...choices };
}

/** A foreman's jobs (where they are one of the job's foremen) with their crews for from..to. */
export async function loadForemanBoard(tx: Tx, tenant: string, foreman: number, from: string, to: string): Promise<Board> {
  const mine = await tx
    .select({ id: jobsForemen.jobs_id })
    .from(jobsForemen)
    .where(and(eq(jobsForemen.tenant_uuid, tenant), eq(jobsForemen.employees_id, foreman)));
  const ids = mine.map((m) => m.id);
  const [jobRows, entries] = await Promise.all([
    boardJobs(tx, tenant, ids),
    ids.length ? entriesBetween(tx, tenant, from, to, { jobs: ids }) : [],
  ]);
  const personIds = [...new Set(entries.map((e) => e.employees_id))];
  const people = personIds.length
    ? (
        await tx
          .select({ id: employees.id, name: personName, trades: employees.trades })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, personIds)))
          .orderBy(personName)
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
      label: jobLabel,
      address: jobAddress,
      foremen: sql<
        string | null
      >`(select string_agg(nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''), ', ' order by e.firstname, e.lastname)
        from ${jobsForemen} f join ${employees} e on e.tenant_uuid = f.tenant_uuid and e.id = f.employees_id
        where f.tenant_uuid = jobs.tenant_uuid and f.jobs_id = jobs.id)`,
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

const key = (person: number, date: string) => `${person}|${date}`;

/**
 * Applies a planner's batch: removes first (so a move frees the day), then updates, then adds. Each entry
 * succeeds or fails on its own; a failure never undoes the others. Adding a person already on another job
 * that day fails with DOUBLE_BOOKED unless the planner confirmed it (allowDoubleBooking); a day taken by a
 * non-work event (Vacation, Sick Leave, Holiday…) refuses any other entry (BLOCKED).
 */
export async function applySchedule(tx: Tx, tenant: string, actor: number, req: ScheduleRequest): Promise<ScheduleResult> {
  const result: ScheduleResult = { added: [], removed: [], updated: [], unchanged: 0, failed: [] };
  const fail = (kind: EntryKind, index: number, entry: ScheduleEntryInput, code: string, message: string) =>
    result.failed.push({ kind, index, entry, code, message, label: null });

  // Shape first: each missing field in the spec's words.
  const valid = (kind: EntryKind, list: ScheduleEntryInput[]) =>
    list.flatMap((entry, index) => {
      const problem = entryProblem(entry, kind);
      if (problem) {
        fail(kind, index, entry, 'VALIDATION', problem);
        return [];
      }
      return [{ entry, index }];
    });
  const removes = valid('remove', req.remove);
  const updates = valid('update', req.update);
  const adds = valid('add', req.add);

  // What the batch refers to, in one query each.
  const all = [...removes, ...updates, ...adds].map((x) => x.entry);
  const ids = [...new Set(all.flatMap((e) => (e.id ? [e.id] : [])))];
  const byId = new Map<number, EntryRow>();
  if (ids.length) {
    const rows = await tx
      .select()
      .from(scheduledLabor)
      .where(and(eq(scheduledLabor.tenant_uuid, tenant), inArray(scheduledLabor.id, ids)))
      .for('update');
    for (const r of rows) byId.set(r.id, r);
  }
  const personIds = [
    ...new Set([...all.flatMap((e) => (e.employees_id ? [e.employees_id] : [])), ...[...byId.values()].map((r) => r.employees_id)]),
  ];
  const jobIds = [...new Set(all.flatMap((e) => (e.jobs_id ? [e.jobs_id] : [])))];
  const dates = [...new Set([...all.flatMap((e) => (e.date ? [e.date] : [])), ...[...byId.values()].map((r) => r.date)])];
  const [people, jobRows, eventTypes, existing] = await Promise.all([
    personIds.length
      ? tx
          .select({ id: employees.id, name: personName, status: employees.status })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, personIds)))
      : [],
    jobIds.length
      ? tx
          .select({ id: jobs.id, label: jobLabel, status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, jobIds)))
      : [],
    tx.select({ value: staticListItems.value }).from(staticListItems).where(eq(staticListItems.list, 'scheduled_event_types')),
    personIds.length && dates.length
      ? tx
          .select()
          .from(scheduledLabor)
          .where(
            and(
              eq(scheduledLabor.tenant_uuid, tenant),
              inArray(scheduledLabor.employees_id, personIds),
              inArray(scheduledLabor.date, dates),
            ),
          )
      : [],
  ]);
  const personById = new Map(people.map((p) => [p.id, p]));
  const jobById = new Map(jobRows.map((j) => [j.id, j]));
  const types = new Set(eventTypes.map((t) => t.value));
  // Each person's entries by day, kept current as the batch goes.
  const day = new Map<string, EntryRow[]>();
  for (const r of existing) day.set(key(r.employees_id, r.date), [...(day.get(key(r.employees_id, r.date)) ?? []), r]);
  const dropFromDay = (r: EntryRow) => {
    const k = key(r.employees_id, r.date);
    day.set(
      k,
      (day.get(k) ?? []).filter((x) => x.id !== r.id),
    );
  };
  const label = (
    person: number | null | undefined,
    job: number | null | undefined,
    date: string | null | undefined,
    eventType?: string | null,
  ) =>
    [
      person ? (personById.get(person)?.name ?? `#${person}`) : null,
      job ? (jobById.get(job)?.label ?? `#${job}`) : eventType && eventType !== WORK_EVENT ? eventType : null,
      date,
    ]
      .filter(Boolean)
      .join(', ');
  const view = (r: EntryRow): EntryView => ({
    id: r.id,
    jobs_id: r.jobs_id,
    employees_id: r.employees_id,
    date: r.date,
    event_type: r.event_type,
    confirmation_status: r.confirmation_status,
    confirmed_on: r.confirmed_on,
    confirmation_reason: r.confirmation_reason,
  });

  /** Why `entry` cannot take its day, or null; `ignore` is the row an update replaces. */
  const placeProblem = (entry: Required<Pick<ScheduleEntryInput, 'employees_id' | 'date'>> & ScheduleEntryInput, ignore?: number) => {
    const eventType = entry.event_type || WORK_EVENT;
    if (!types.has(eventType)) return { code: 'VALIDATION', message: SCHEDULE_MESSAGES.unknownEventType };
    const person = personById.get(entry.employees_id as number);
    if (person?.status !== 1) return { code: 'NOT_FOUND', message: SCHEDULE_MESSAGES.unknownPerson };
    if (eventType === WORK_EVENT) {
      const job = jobById.get(entry.jobs_id as number);
      if (job?.status !== 1) return { code: 'NOT_FOUND', message: SCHEDULE_MESSAGES.unknownJob };
    }
    const others = (day.get(key(entry.employees_id as number, entry.date as string)) ?? []).filter((r) => r.id !== ignore);
    const blocking = others.find((r) => r.event_type !== WORK_EVENT);
    if (blocking) return { code: 'BLOCKED', message: SCHEDULE_MESSAGES.blocked(blocking.event_type) };
    if (eventType === WORK_EVENT && others.some((r) => r.jobs_id === entry.jobs_id)) return { code: 'UNCHANGED', message: '' };
    if (others.length > 0 && !req.allowDoubleBooking) return { code: 'DOUBLE_BOOKED', message: SCHEDULE_MESSAGES.doubleBooked };
    return null;
  };

  for (const { entry, index } of removes) {
    const row = entry.id
      ? byId.get(entry.id)
      : (day.get(key(entry.employees_id as number, entry.date as string)) ?? []).find((r) =>
          entry.jobs_id ? r.jobs_id === entry.jobs_id : r.event_type === (entry.event_type || WORK_EVENT),
        );
    if (!row) {
      fail('remove', index, entry, 'NOT_FOUND', SCHEDULE_MESSAGES.unknownEntry);
      continue;
    }
    await tx.delete(scheduledLabor).where(and(eq(scheduledLabor.tenant_uuid, tenant), eq(scheduledLabor.id, row.id)));
    dropFromDay(row);
    byId.delete(row.id);
    result.removed.push(view(row));
  }

  for (const { entry, index } of updates) {
    const row = byId.get(entry.id as number);
    if (!row) {
      fail('update', index, entry, 'NOT_FOUND', SCHEDULE_MESSAGES.unknownEntry);
      continue;
    }
    const next = {
      employees_id: entry.employees_id ?? row.employees_id,
      date: entry.date ?? row.date,
      jobs_id: entry.jobs_id ?? row.jobs_id,
      event_type: entry.event_type || row.event_type,
    };
    const problem = placeProblem(next, row.id);
    if (
      problem?.code === 'UNCHANGED' ||
      (problem === null &&
        next.employees_id === row.employees_id &&
        next.date === row.date &&
        next.jobs_id === row.jobs_id &&
        next.event_type === row.event_type)
    ) {
      result.unchanged++;
      continue;
    }
    if (problem) {
      fail('update', index, entry, problem.code, problem.message);
      continue;
    }
    const moved = next.employees_id !== row.employees_id || next.date !== row.date || next.jobs_id !== row.jobs_id;
    const [changed] = await tx
      .update(scheduledLabor)
      .set({
        ...next,
        // A new day or job is a new question to the worker.
        ...(moved ? { confirmation_status: 'pending', confirmed_on: null, confirmation_reason: null } : {}),
        updated_on: sql`now()`,
      })
      .where(and(eq(scheduledLabor.tenant_uuid, tenant), eq(scheduledLabor.id, row.id)))
      .returning();
    dropFromDay(row);
    day.set(key(changed.employees_id, changed.date), [...(day.get(key(changed.employees_id, changed.date)) ?? []), changed]);
    result.updated.push(view(changed));
  }

  const toInsert: { index: number; entry: ScheduleEntryInput }[] = [];
  for (const { entry, index } of adds) {
    const problem = placeProblem(entry as Required<Pick<ScheduleEntryInput, 'employees_id' | 'date'>>);
    if (problem?.code === 'UNCHANGED') {
      result.unchanged++;
      continue;
    }
    if (problem) {
      fail('add', index, entry, problem.code, problem.message);
      continue;
    }
    // Held in the day map with a placeholder id so the rest of the batch sees it.
    const placeholder = {
      id: -1 - toInsert.length,
      employees_id: entry.employees_id as number,
      date: entry.date as string,
      jobs_id: entry.jobs_id ?? null,
      event_type: entry.event_type || WORK_EVENT,
    } as EntryRow;
    day.set(key(placeholder.employees_id, placeholder.date), [
      ...(day.get(key(placeholder.employees_id, placeholder.date)) ?? []),
      placeholder,
    ]);
    toInsert.push({ index, entry });
  }
  if (toInsert.length) {
    const rows = await tx
      .insert(scheduledLabor)
      .values(
        toInsert.map(({ entry }) => {
          const eventType = entry.event_type || WORK_EVENT;
          return {
            tenant_uuid: tenant,
            employees_id: entry.employees_id as number,
            date: entry.date as string,
            jobs_id: eventType === WORK_EVENT ? (entry.jobs_id as number) : (entry.jobs_id ?? null),
            event_type: eventType,
            created_by: actor,
          };
        }),
      )
      .returning();
    result.added.push(...rows.map(view));
  }

  for (const f of result.failed) {
    const stored = f.entry.id ? byId.get(f.entry.id) : undefined;
    f.label =
      label(
        f.entry.employees_id ?? stored?.employees_id,
        f.entry.jobs_id ?? stored?.jobs_id,
        f.entry.date ?? stored?.date,
        f.entry.event_type,
      ) || null;
  }
  result.failed.sort((a, b) => (a.kind === b.kind ? a.index - b.index : a.kind.localeCompare(b.kind)));
  return result;
}

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
