import { atField, msg } from '@groundwork/core/messages';
import { addDays, toDayNumber } from '@groundwork/core/pay-periods';
import { isScheduleDate, SCHEDULE_LIMITS, type ScheduleEntryInput, scheduledLaborRecordSchema } from '@groundwork/core/scheduling';
import { sql } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { type Gated, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import { type RecordEvent, recordTopic } from '../../platform/realtime.js';
import { textRef } from '../../platform/texts.js';
import { addNotifications, deliver } from '../notifications/notifications.service.js';
import { applySchedule } from './scheduling.batch.js';
import {
  type Board,
  type BoardGroup,
  type BoardJob,
  type BoardPerson,
  changesByPerson,
  type EntryView,
  loadBoard,
  loadForemanBoard,
  loadMyDays,
  type MyDay,
  respond,
  type ScheduleResult,
  scheduleNotifier,
} from './scheduling.service.js';
import { scheduledLabor } from './scheduling.table.js';

/**
 * Crew scheduling (spec §2 /admin/scheduling, /modules/scheduling, /modules/scheduled). scheduling_admin
 * (and admin_access) plan: they read the whole board and write everyone's schedule through updateSchedule.
 * basic_access reads only their own days (the record operations give them their own rows), a foreman also
 * the crews of the jobs they are foreman of (getMyCrews); a worker answers (confirms or declines) only their
 * own days (issue 46: the same rule as the chatbot's schedule tool).
 */

const MODEL = 'ScheduledLabor';

// --- Generic record operations (spec §7): listScheduledLabor, getScheduledLabor, createScheduledLabor… ----

defineRecordOperations({
  name: MODEL,
  typeName: 'ScheduledLaborRecord',
  table: scheduledLabor,
  area: 'scheduling',
  ownRecords: true,
  orderBy: () => [sql`${scheduledLabor.date}`, sql`${scheduledLabor.employees_id}`],
  readOnly: ['created_by', 'confirmed_on'],
  validate: scheduledLaborRecordSchema,
});

// --- Types ----------------------------------------------------------------------------------------

// The same fields on two object types (ScheduleEntry, MyScheduledDay): Pothos's field builder is typed per type.
const entryFields = (t: any) => ({
  id: t.exposeInt('id'),
  jobs_id: t.exposeInt('jobs_id', { nullable: true }),
  employees_id: t.exposeInt('employees_id'),
  date: t.exposeString('date'),
  event_type: t.exposeString('event_type', { description: "'Work', or a scheduled event type that takes the day." }),
  confirmation_status: t.exposeString('confirmation_status', { description: 'pending, confirmed or declined.' }),
  confirmed_on: t.exposeString('confirmed_on', { nullable: true, description: 'When the worker answered.' }),
  confirmation_reason: t.exposeString('confirmation_reason', { nullable: true }),
});

const ScheduleEntryRef = builder.objectRef<EntryView>('ScheduleEntry').implement({ fields: (t) => entryFields(t) });

const MyDayRef = builder.objectRef<MyDay>('MyScheduledDay').implement({
  fields: (t) => ({
    ...entryFields(t),
    job_label: t.exposeString('job_label', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    foremen: t.exposeString('foremen', { nullable: true, description: "The job's foremen, as First Last, comma separated." }),
  }),
});

const BoardJobRef = builder.objectRef<BoardJob>('ScheduleJob').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    label: t.exposeString('label'),
    address: t.exposeString('address', { nullable: true }),
    budgeted_hours: t.exposeFloat('budgeted_hours', { description: "The sum of the job's active cost-code hour budgets." }),
    foremen: t.exposeString('foremen', { nullable: true }),
  }),
});

const BoardPersonRef = builder.objectRef<BoardPerson>('SchedulePerson').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    trades: t.exposeStringList('trades'),
    departments: t.field({
      type: ['Int'],
      description: "The person's departments (ids); on the planner's board only.",
      resolve: (p) => p.departments ?? [],
    }),
    divisions: t.field({
      type: ['Int'],
      description: "The person's divisions (ids); on the planner's board only.",
      resolve: (p) => p.divisions ?? [],
    }),
  }),
});

const BoardGroupRef = builder.objectRef<BoardGroup>('ScheduleGroup').implement({
  fields: (t) => ({ id: t.exposeInt('id'), label: t.exposeString('label') }),
});

const BoardRef = builder.objectRef<Board>('ScheduleBoard').implement({
  fields: (t) => ({
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    jobs: t.field({ type: [BoardJobRef], resolve: (b) => b.jobs }),
    people: t.field({ type: [BoardPersonRef], resolve: (b) => b.people }),
    entries: t.field({ type: [ScheduleEntryRef], resolve: (b) => b.entries }),
    departments: t.field({
      type: [BoardGroupRef],
      description: "The company's active departments, to filter the board's people by (planner's board only).",
      resolve: (b) => b.departments,
    }),
    divisions: t.field({
      type: [BoardGroupRef],
      description: "The company's active divisions, to filter the board's people by (planner's board only).",
      resolve: (b) => b.divisions,
    }),
  }),
});

type Failure = ScheduleResult['failed'][number];
const ScheduleFailureRef = builder.objectRef<Failure>('ScheduleFailure').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'add, remove or update: the list the entry came in.' }),
    index: t.exposeInt('index', { description: 'Its position in that list.' }),
    code: t.exposeString('code', {
      description: 'VALIDATION, NOT_FOUND, BLOCKED (the day is taken by time off or another event) or DOUBLE_BOOKED.',
    }),
    message: t.exposeString('message'),
    label: t.exposeString('label', { nullable: true, description: 'Person, job and date, for the warning.' }),
    id: t.int({ nullable: true, resolve: (f) => f.entry.id ?? null }),
    jobs_id: t.int({ nullable: true, resolve: (f) => f.entry.jobs_id ?? null }),
    employees_id: t.int({ nullable: true, resolve: (f) => f.entry.employees_id ?? null }),
    date: t.string({ nullable: true, resolve: (f) => f.entry.date ?? null }),
  }),
});

const ScheduleResultRef = builder.objectRef<ScheduleResult>('ScheduleResult').implement({
  fields: (t) => ({
    added: t.field({ type: [ScheduleEntryRef], resolve: (r) => r.added }),
    removed: t.field({ type: [ScheduleEntryRef], resolve: (r) => r.removed }),
    updated: t.field({ type: [ScheduleEntryRef], resolve: (r) => r.updated }),
    unchanged: t.exposeInt('unchanged', { description: 'Entries that asked for what was already there.' }),
    failed: t.field({ type: [ScheduleFailureRef], resolve: (r) => r.failed }),
  }),
});

const ScheduleEntryInputRef = builder.inputRef<ScheduleEntryInput>('ScheduleEntryInput').implement({
  description: 'Every field is optional here so each missing one gets the spec §5 message for that entry.',
  fields: (t) => ({
    id: t.int({ required: false, description: 'Updates need it; a remove may name the entry by id alone.' }),
    jobs_id: t.int({ required: false }),
    employees_id: t.int({ required: false }),
    date: t.string({ required: false }),
    event_type: t.string({ required: false, description: "Absent: 'Work'. Another scheduled event type takes the whole day." }),
  }),
});

const ConfirmationRef = builder.enumType('ScheduleAnswer', { values: ['confirmed', 'declined'] as const });

// --- Helpers --------------------------------------------------------------------------------------

/** Whether the board's query asks for the company's departments and divisions (more work when it does). */
function boardWithGroups(info: GraphQLResolveInfo): boolean {
  const asked = selectedColumns(info, false);
  return !asked || asked.has('departments') || asked.has('divisions');
}

function range(from: string, to: string | null | undefined, defaultDays: number) {
  if (!isScheduleDate(from)) throw new AppError('VALIDATION', atField('from', msg('schedule.invalidDate')), { field: 'from' });
  const end = to ?? addDays(from, defaultDays - 1);
  if (!isScheduleDate(end)) throw new AppError('VALIDATION', atField('to', msg('schedule.invalidDate')), { field: 'to' });
  const days = toDayNumber(end) - toDayNumber(from) + 1;
  if (days < 1 || days > SCHEDULE_LIMITS.maxBoardDays) {
    throw new AppError('VALIDATION', msg('schedule.boardRange', { max: SCHEDULE_LIMITS.maxBoardDays }), { field: 'to' });
  }
  return end;
}

function publish(g: Gated, event: RecordEvent, rows: EntryView[]) {
  if (rows.length === 0) return;
  const topic = recordTopic(MODEL, event, g.member.tenantUuid);
  g.afterCommit(() => {
    for (const row of rows) g.ctx.realtime.publish(topic, { ...row, tenant_uuid: g.member.tenantUuid });
  });
}

// --- Queries --------------------------------------------------------------------------------------

tenantQuery(
  'getScheduleBoard',
  // Up to six weeks of a company's people and jobs: heavy (the company's lanes, graphql/company-lanes.ts).
  { area: 'scheduling', action: 'read', heavy: true },
  {
    type: BoardRef,
    description:
      "The planner's board: the company's active jobs and people and every entry from..to (at most 42 days; absent to: a week). " +
      'For those who plan (scheduling_admin, admin_access); others read their own days (getMySchedule) and their crews (getMyCrews).',
    args: (t) => ({ from: t.string({ required: true }), to: t.string({ required: false }) }),
    // Planners opening the same weeks at once share one board (graphql/shared-reads.ts).
    share: ({ from, to }, info) => JSON.stringify(['getScheduleBoard', from, to ?? null, boardWithGroups(info)]),
    resolve: async ({ from, to }, g, info) => {
      if (g.access !== 'all') throw forbidden();
      return loadBoard(g.tx, g.member.tenantUuid, from, range(from, to, 7), boardWithGroups(info));
    },
  },
);

tenantQuery(
  'getMyCrews',
  { area: 'scheduling', action: 'read' },
  {
    type: BoardRef,
    description: "A foreman's jobs (those they are a foreman of) with who is scheduled on them from..to (absent to: a week).",
    args: (t) => ({ from: t.string({ required: true }), to: t.string({ required: false }) }),
    resolve: async ({ from, to }, g) => loadForemanBoard(g.tx, g.member.tenantUuid, g.member.employeeId, from, range(from, to, 7)),
  },
);

tenantQuery(
  'getMySchedule',
  { area: 'scheduling', action: 'read' },
  {
    type: [MyDayRef],
    description: "The caller's own days from..to (absent to: two weeks) with the job, its address and its foremen.",
    args: (t) => ({ from: t.string({ required: true }), to: t.string({ required: false }) }),
    resolve: async ({ from, to }, g) => loadMyDays(g.tx, g.member.tenantUuid, g.member.employeeId, from, range(from, to, 14)),
  },
);

// --- Mutations ------------------------------------------------------------------------------------

tenantMutation(
  'updateSchedule',
  { area: 'scheduling', action: 'write' },
  {
    type: ScheduleResultRef,
    description:
      'Adds, removes and changes schedule entries in one call (scheduling_admin). Each entry succeeds or fails on its own; ' +
      'the answer lists both. A person already on another job that day fails as DOUBLE_BOOKED unless allow_double_booking ' +
      'is true (the planner confirmed it); a day taken by time off or another event type fails as BLOCKED.',
    args: (arg) => ({
      add: arg({ type: [ScheduleEntryInputRef], required: false }),
      remove: arg({ type: [ScheduleEntryInputRef], required: false }),
      update: arg({ type: [ScheduleEntryInputRef], required: false }),
      allow_double_booking: arg.boolean({ required: false }),
    }),
    resolve: async (args, g) => {
      const add = args.add ?? [];
      const remove = args.remove ?? [];
      const update = args.update ?? [];
      const count = add.length + remove.length + update.length;
      if (count === 0) throw new AppError('VALIDATION', msg('schedule.atLeastOne'));
      if (count > SCHEDULE_LIMITS.maxEntries) throw new AppError('VALIDATION', msg('schedule.tooMany'));
      const result = await applySchedule(g.tx, g.member.tenantUuid, g.member.employeeId, {
        add,
        remove,
        update,
        allowDoubleBooking: args.allow_double_booking === true,
      });
      publish(g, 'create', result.added);
      publish(g, 'delete', result.removed);
      publish(g, 'update', result.updated);
      const changes = changesByPerson(result);
      if (changes.length) g.afterCommit(() => scheduleNotifier.notify(g.member.tenantUuid, changes));
      // Each person whose days changed gets one inbox notification for the batch (issue 21), never the planner.
      for (const c of changes) {
        if (c.employees_id === g.member.employeeId) continue;
        const days = [...c.added, ...c.removed, ...c.updated].map((e) => e.date).sort();
        const text =
          days.length === 1
            ? textRef('notification.schedule_changed_day', { date: { date: days[0] } })
            : textRef('notification.schedule_changed_days', { from: { date: days[0] }, to: { date: days[days.length - 1] } });
        await deliver(g, await addNotifications(g.tx, g.member.tenantUuid, [c.employees_id], { kind: 'schedule_changed', text }));
      }
      return result;
    },
  },
);

tenantMutation(
  'respondToSchedule',
  { area: 'scheduling', action: 'read' },
  {
    type: ScheduleEntryRef,
    description: "The caller confirms or declines one of their own days, with an optional reason. Anyone else's entry is not found.",
    args: (arg) => ({
      id: arg.int({ required: true }),
      status: arg({ type: ConfirmationRef, required: true }),
      reason: arg.string({ required: false }),
    }),
    resolve: async ({ id, status, reason }, g) => {
      const text = reason?.trim() || null;
      if (text && text.length > SCHEDULE_LIMITS.reason)
        throw new AppError('VALIDATION', msg('schedule.reasonTooLong'), { field: 'reason' });
      const row = await respond(g.tx, g.member.tenantUuid, g.member.employeeId, id, status, text);
      if (!row) throw notFound(msg('schedule.unknownEntry'));
      publish(g, 'update', [row]);
      return row;
    },
  },
);
