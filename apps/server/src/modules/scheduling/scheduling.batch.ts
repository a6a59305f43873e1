import { type EntryKind, entryProblem, SCHEDULE_MESSAGES, type ScheduleEntryInput, WORK_EVENT } from '@groundwork/core/scheduling';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { readsTogether } from '../../graphql/reads-together.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs } from '../jobs/jobs.table.js';
import { staticListItems } from '../staticdata/staticdata.table.js';
import { type EntryRow, type EntryView, key, type ScheduleRequest, type ScheduleResult } from './scheduling.service.js';
import { scheduledLabor } from './scheduling.table.js';

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
  const [people, jobRows, eventTypes, existing] = await readsTogether(
    tx,
    () =>
      personIds.length
        ? tx
            .select({ id: employees.id, name: employeeName, status: employees.status })
            .from(employees)
            .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, personIds)))
        : [],
    () =>
      jobIds.length
        ? tx
            .select({ id: jobs.id, label: jobLabelSql, status: jobs.status })
            .from(jobs)
            .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, jobIds)))
        : [],
    () => tx.select({ value: staticListItems.value }).from(staticListItems).where(eq(staticListItems.list, 'scheduled_event_types')),
    () =>
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
  );
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
