import {
  defaultWindow,
  fitsIncrement,
  isoDay,
  minuteIncrement,
  PAY_PERIOD_TYPES,
  type PayPeriodType,
  payPeriodFor,
  type TenantSetting,
  TIMECARD_SETTINGS,
  toDayNumber,
} from '@groundwork/core/pay-periods';
import { ADMIN_ACCESS, MODULES } from '@groundwork/core/permissions';
import { WORK_EVENT } from '@groundwork/core/scheduling';
import {
  type DayWriteScope,
  dayEntryProblem,
  dayEntrySchema,
  dayTotalProblem,
  dayWriteScope,
  entryWindowRefusal,
  TIMECARD_MESSAGES,
  timecardEntryRecordSchema,
  timecardRecordSchema,
} from '@groundwork/core/timecards';
import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { enterTenant, type Member, type Rule } from '../../graphql/gate.js';
import { selectPrepared } from '../../graphql/prepared.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import { clock } from '../../platform/clock.js';
import type { Row } from '../../platform/realtime.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsCostcodes, jobsForemen } from '../jobs/jobs.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { tenantSettings } from '../settings/settings.table.js';
import { timecardEntries, usersTimecard } from './timecards.table.js';

/** No request may read a company's whole history: a window is at most this many days. */
const MAX_WINDOW_DAYS = 62;
/** A bound on the jobs offered on a time card: companies run hundreds of open jobs, not thousands. */
const MAX_TIMECARD_JOBS = 2000;
/** A Monday, used when a company has not set setting 15. */
const DEFAULT_ANCHOR = '2024-01-01';

const isAdmin = (m: Member) => m.permissions.has(ADMIN_ACCESS);

/**
 * Every time-card operation: a member with time-card access (their own card at least; admins everyone's),
 * the module on. Whose card a call may touch is decided per operation below.
 */
const TIMECARDS: Rule = { area: 'timecards', action: 'read' };

export async function loadSettings(tx: Tx, tenantUuid: string): Promise<TenantSetting[]> {
  const rows = await tx.select().from(tenantSettings).where(eq(tenantSettings.tenant_uuid, tenantUuid));
  return rows.map((r) => ({ id: r.codx_tenant_options_values_id, custom_value: r.custom_value, pass_through_value: r.pass_through_value }));
}

export function payPeriodConfig(settings: TenantSetting[]): { type: PayPeriodType; anchor: string } {
  const typeSetting = settings.find((s) => s.id === TIMECARD_SETTINGS.payPeriodType);
  const type = Number(typeSetting?.pass_through_value ?? typeSetting?.custom_value);
  const anchor = settings.find((s) => s.id === TIMECARD_SETTINGS.payPeriodStart)?.custom_value;
  return {
    type: ([1, 2, 3].includes(type) ? type : PAY_PERIOD_TYPES.weekly) as PayPeriodType,
    anchor: anchor && /^\d{4}-\d{2}-\d{2}$/.test(anchor) ? anchor : DEFAULT_ANCHOR,
  };
}

/** Jobs on which the member is a foreman: the jobs whose crew time they may enter and see. */
async function foremanJobs(tx: Tx, member: Member): Promise<number[]> {
  const rows = await tx
    .select({ id: jobsForemen.jobs_id })
    .from(jobsForemen)
    .where(and(eq(jobsForemen.tenant_uuid, member.tenantUuid), eq(jobsForemen.employees_id, member.employeeId)));
  return rows.map((r) => r.id);
}

function checkDate(value: string, field: string) {
  try {
    toDayNumber(value);
  } catch {
    throw new AppError('VALIDATION', `${field}: Invalid format`, { field });
  }
}

/** Names for the people, jobs and cost codes a result mentions, so a card reads without other permissions. */
async function referencedRows(tx: Tx, tenant: string, personIds: number[], entries: Row[]) {
  const people = [...new Set(personIds)];
  const jobIds = [...new Set(entries.map((e) => e.jobs_id as number))];
  const codeIds = [...new Set(entries.map((e) => e.costcodes_id as number))];
  return {
    people: (await tx
      .select({ id: employees.id, firstname: employees.firstname, lastname: employees.lastname, username: employees.username })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, people)))
      .orderBy(asc(employees.lastname), asc(employees.firstname), asc(employees.id))) as Person[],
    jobs: jobIds.length
      ? await tx
          .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr, status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, jobIds)))
      : [],
    costcodes: codeIds.length
      ? await tx
          .select({ id: costcodes.id, costcode: costcodes.costcode, description: costcodes.description })
          .from(costcodes)
          .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)))
      : [],
  };
}

// --- The rules every write of time obeys ------------------------------------------------------------

/** What the day rules need from the company: its settings, pay periods, increment and today. */
type DayRules = { settings: TenantSetting[]; type: PayPeriodType; anchor: string; increment: number; today: string };

async function loadDayRules(tx: Tx, tenantUuid: string): Promise<DayRules> {
  const settings = await loadSettings(tx, tenantUuid);
  return { settings, ...payPeriodConfig(settings), increment: minuteIncrement(settings), today: isoDay(clock.now()) };
}

/** Spec §5 entry windows, for everyone but admins (who correct time in any window): the refusal, or null. */
function windowRefusal(member: Member, rules: DayRules, day: string): string | null {
  if (isAdmin(member)) return null;
  const { settings, type, anchor, today } = rules;
  return entryWindowRefusal(settings, day, today, payPeriodFor(day, type, anchor), payPeriodFor(today, type, anchor));
}

/** The first line that books to a deleted job or to a cost code not budgeted and switched on for its job: its index, or -1. */
async function unbudgetedLine(tx: Tx, tenant: string, lines: readonly { jobs_id: number; costcodes_id: number }[]): Promise<number> {
  const jobIds = [...new Set(lines.map((e) => e.jobs_id))];
  if (jobIds.length === 0) return -1;
  const budgeted = await tx
    .select({ jobs_id: jobsCostcodes.jobs_id, costcodes_id: jobsCostcodes.costcodes_id })
    .from(jobsCostcodes)
    .innerJoin(jobs, and(eq(jobs.tenant_uuid, jobsCostcodes.tenant_uuid), eq(jobs.id, jobsCostcodes.jobs_id), ne(jobs.status, 0)))
    .where(and(eq(jobsCostcodes.tenant_uuid, tenant), inArray(jobsCostcodes.jobs_id, jobIds), eq(jobsCostcodes.status, 1)));
  const ok = new Set(budgeted.map((b) => `${b.jobs_id}:${b.costcodes_id}`));
  return lines.findIndex((e) => !ok.has(`${e.jobs_id}:${e.costcodes_id}`));
}
const NOT_BUDGETED = 'That cost code is not budgeted on this job.';

type StoredLine = typeof timecardEntries.$inferSelect;
type StoredCard = typeof usersTimecard.$inferSelect;
const dayKey = (e: { employees_id: number; timecard_date: string }) => `${e.employees_id}|${e.timecard_date}`;

/** The stored lines of the given people's days. */
async function storedDays(tx: Tx, tenant: string, days: readonly { employees_id: number; timecard_date: string }[]): Promise<StoredLine[]> {
  if (days.length === 0) return [];
  const wanted = new Set(days.map(dayKey));
  const rows = await tx
    .select()
    .from(timecardEntries)
    .where(
      and(
        eq(timecardEntries.tenant_uuid, tenant),
        inArray(timecardEntries.employees_id, [...new Set(days.map((d) => d.employees_id))]),
        inArray(timecardEntries.timecard_date, [...new Set(days.map((d) => d.timecard_date))]),
      ),
    );
  return rows.filter((r) => wanted.has(dayKey(r)));
}

async function cardsById(tx: Tx, tenant: string, ids: readonly number[]): Promise<Map<number, StoredCard>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(usersTimecard)
    .where(and(eq(usersTimecard.tenant_uuid, tenant), inArray(usersTimecard.id, [...new Set(ids)])));
  return new Map(rows.map((c) => [c.id, c]));
}

const isDate = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    toDayNumber(value);
    return true;
  } catch {
    return false;
  }
};

/** A refusal naming record `index` of a batch, as the generic operations name theirs. */
const recordRefusal = (index: number, code: 'VALIDATION' | 'CONFLICT', message: string) =>
  new AppError(code, `Record ${index + 1}: ${message}`, { index });

type Change = { id: number | null; patch: Row | null };

/**
 * createTimecardentry, updateTimecardentry and deleteTimecardentry obey the rules of
 * createOrUpdateTimecardDayEntry: each line on its own person's card and in that card's pay period, the
 * card not signed, the day open (entry windows, but for admins), hours in the company's minute increment,
 * the cost code budgeted on the job, and at most 24 hours in a day once the whole batch is written.
 * Runs in the write's transaction, before the write.
 */
export async function timecardEntryRules(tx: Tx, member: Member, action: 'create' | 'update' | 'delete', changes: Change[]) {
  const tenant = member.tenantUuid;
  const rules = await loadDayRules(tx, tenant);
  const ids = changes.flatMap((c) => (c.id === null ? [] : [c.id]));
  const stored = new Map<number, StoredLine>();
  if (ids.length) {
    const rows = await tx
      .select()
      .from(timecardEntries)
      .where(and(eq(timecardEntries.tenant_uuid, tenant), inArray(timecardEntries.id, ids)));
    for (const r of rows) stored.set(r.id, r);
  }
  // Each change as the line was (stored) and as it will be (created, or the patch over what is stored).
  const items = changes.flatMap(({ id, patch }, index) => {
    const before = id === null ? undefined : stored.get(id);
    // A line that is not there: the write itself answers NOT_FOUND.
    if (id !== null && !before) return [];
    const after = action === 'delete' ? undefined : ({ ...before, ...patch } as StoredLine);
    return [{ index, before, after, patch: patch ?? {} }];
  });
  const cards = await cardsById(
    tx,
    tenant,
    items.flatMap((i) => [i.before?.users_timecard_id, i.after?.users_timecard_id]).filter((c): c is number => typeof c === 'number'),
  );

  const toBudget: { index: number; jobs_id: number; costcodes_id: number }[] = [];
  const grown: { index: number; line: StoredLine }[] = [];
  for (const { index, before, after, patch } of items) {
    if (before) {
      if (cards.get(before.users_timecard_id)?.signed_on) throw recordRefusal(index, 'CONFLICT', TIMECARD_MESSAGES.locked);
      const closed = windowRefusal(member, rules, before.timecard_date);
      if (closed) throw recordRefusal(index, 'VALIDATION', closed);
    }
    if (!after) continue;
    const card = cards.get(after.users_timecard_id);
    if (!card) throw recordRefusal(index, 'VALIDATION', 'refers to a record that does not exist.');
    if (card.employees_id !== after.employees_id) throw recordRefusal(index, 'VALIDATION', TIMECARD_MESSAGES.otherCard);
    if (card.signed_on) throw recordRefusal(index, 'CONFLICT', TIMECARD_MESSAGES.locked);
    if (!isDate(after.timecard_date)) throw recordRefusal(index, 'VALIDATION', 'timecard_date: Invalid format');
    if (after.timecard_date < card.payperiod_start_date || after.timecard_date > card.payperiod_end_date) {
      throw recordRefusal(index, 'VALIDATION', TIMECARD_MESSAGES.wrongPeriod);
    }
    const closed = windowRefusal(member, rules, after.timecard_date);
    if (closed) throw recordRefusal(index, 'VALIDATION', closed);
    if (!before || 'hours' in patch) {
      if (!fitsIncrement(after.hours, rules.increment))
        throw recordRefusal(index, 'VALIDATION', TIMECARD_MESSAGES.increment(rules.increment));
    }
    if (!before || 'jobs_id' in patch || 'costcodes_id' in patch)
      toBudget.push({ index, jobs_id: after.jobs_id, costcodes_id: after.costcodes_id });
    if (!before || after.hours > before.hours || dayKey(after) !== dayKey(before)) grown.push({ index, line: after });
  }
  const bad = await unbudgetedLine(tx, tenant, toBudget);
  if (bad >= 0) throw recordRefusal(toBudget[bad].index, 'VALIDATION', NOT_BUDGETED);

  // The days that may grow, as they will be: the stored lines this batch leaves alone, plus its new and
  // changed ones. Each is blamed on the first record that grows it.
  const blame = new Map<string, number>();
  for (const { index, line } of grown) if (!blame.has(dayKey(line))) blame.set(dayKey(line), index);
  const touched = new Set(items.flatMap((i) => (i.before ? [i.before.id] : [])));
  const days = new Map<string, { hours: number }[]>();
  const add = (line: StoredLine) => {
    const key = dayKey(line);
    if (blame.has(key)) days.set(key, [...(days.get(key) ?? []), line]);
  };
  for (const line of await storedDays(
    tx,
    tenant,
    grown.map((g) => g.line),
  )) {
    if (!touched.has(line.id)) add(line);
  }
  for (const { after } of items) if (after) add(after);
  for (const [key, lines] of days) {
    const problem = dayTotalProblem(lines);
    if (problem) throw recordRefusal(blame.get(key) ?? 0, 'VALIDATION', problem);
  }
}

/**
 * createTimecards, updateTimecards and deleteTimecards: a card covers one of the company's pay periods; a
 * signed card is neither changed nor deleted until it is reopened; a card with time on it keeps its person
 * and period (its lines name both); deleting a card deletes its lines, so for members who are not admins
 * their days must be open.
 */
export async function timecardCardRules(tx: Tx, member: Member, action: 'create' | 'update' | 'delete', changes: Change[]) {
  const tenant = member.tenantUuid;
  const rules = await loadDayRules(tx, tenant);
  const periodProblem = (card: Row): string | null => {
    const start = card.payperiod_start_date;
    const end = card.payperiod_end_date;
    if (!isDate(start)) return 'payperiod_start_date: Invalid format';
    if (!isDate(end)) return 'payperiod_end_date: Invalid format';
    const period = payPeriodFor(start, rules.type, rules.anchor);
    return period.start === start && period.end === end ? null : TIMECARD_MESSAGES.wrongPeriod;
  };
  const stored = await cardsById(
    tx,
    tenant,
    changes.flatMap((c) => (c.id === null ? [] : [c.id])),
  );
  // The days each stored card has time on.
  const linesOf = new Map<number, string[]>();
  if (stored.size) {
    const rows = await tx
      .select({ card: timecardEntries.users_timecard_id, timecard_date: timecardEntries.timecard_date })
      .from(timecardEntries)
      .where(and(eq(timecardEntries.tenant_uuid, tenant), inArray(timecardEntries.users_timecard_id, [...stored.keys()])));
    for (const r of rows) linesOf.set(r.card, [...(linesOf.get(r.card) ?? []), r.timecard_date]);
  }
  for (const [index, { id, patch }] of changes.entries()) {
    if (id === null) {
      const problem = periodProblem(patch ?? {});
      if (problem) throw recordRefusal(index, 'VALIDATION', problem);
      continue;
    }
    const card = stored.get(id);
    if (!card) continue;
    if (card.signed_on) throw recordRefusal(index, 'CONFLICT', TIMECARD_MESSAGES.locked);
    const lines = linesOf.get(id) ?? [];
    if (action === 'delete') {
      for (const day of new Set(lines)) {
        const closed = windowRefusal(member, rules, day);
        if (closed) throw recordRefusal(index, 'VALIDATION', closed);
      }
      continue;
    }
    const after: Row = { ...card, ...patch };
    const moves = (['employees_id', 'payperiod_start_date', 'payperiod_end_date'] as const).some((k) => after[k] !== card[k]);
    if (!moves) continue;
    if (lines.length) throw recordRefusal(index, 'VALIDATION', TIMECARD_MESSAGES.cardHasTime);
    const problem = periodProblem(after);
    if (problem) throw recordRefusal(index, 'VALIDATION', problem);
  }
}

// Generic operations (spec §7 lists Timecards and Timecardentry): admins see and correct everything;
// anyone else reads only their own cards. Entering time goes through createOrUpdateTimecardDayEntry, and
// these obey its rules (above).
const cardOps = defineRecordOperations({
  name: 'Timecards',
  typeName: 'UsersTimecard',
  table: usersTimecard,
  area: 'timecards',
  ownRecords: true,
  orderBy: () => [sql`${usersTimecard.payperiod_start_date}`],
  readOnly: ['signed_on', 'signed_by'],
  validate: timecardRecordSchema,
  beforeWrite: timecardCardRules,
});
const entryOps = defineRecordOperations({
  name: 'Timecardentry',
  typeName: 'TimecardEntry',
  table: timecardEntries,
  area: 'timecards',
  ownRecords: true,
  orderBy: () => [sql`${timecardEntries.timecard_date}`],
  validate: timecardEntryRecordSchema,
  beforeWrite: timecardEntryRules,
});

// --- Types -----------------------------------------------------------------------------------------

const SettingsRef = builder
  .objectRef<{ pay_period_type: number; pay_period_anchor: string; minute_increment: number; today: string }>('TimecardSettings')
  .implement({
    fields: (t) => ({
      pay_period_type: t.exposeInt('pay_period_type'),
      pay_period_anchor: t.exposeString('pay_period_anchor'),
      minute_increment: t.exposeInt('minute_increment'),
      today: t.exposeString('today'),
    }),
  });

type Person = { id: number; firstname: string | null; lastname: string | null; username: string | null };
type JobRef = { id: number; job: string; job_abbr: string | null; status: number };
type CodeRef = { id: number; costcode: string; description: string | null };

const PersonRef = builder.objectRef<Person>('TimecardPerson').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    firstname: t.exposeString('firstname', { nullable: true }),
    lastname: t.exposeString('lastname', { nullable: true }),
    username: t.exposeString('username', { nullable: true }),
  }),
});
const JobRefType = builder.objectRef<JobRef>('TimecardJob').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    job: t.exposeString('job'),
    job_abbr: t.exposeString('job_abbr', { nullable: true }),
    status: t.exposeInt('status'),
  }),
});
const CodeRefType = builder.objectRef<CodeRef>('TimecardCostcode').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    costcode: t.exposeString('costcode'),
    description: t.exposeString('description', { nullable: true }),
  }),
});

type Info = {
  employee_id: number;
  foreman_jobs_id: number[];
  people: Person[];
  jobs: JobRef[];
  costcodes: CodeRef[];
  users_timecard: Row[];
  users_timecard_entries: Row[];
  timecard_collection: Row[];
  timecard_entries_collection: Row[];
  settings: { pay_period_type: number; pay_period_anchor: string; minute_increment: number; today: string };
  scheduled_jobs: ScheduledJob[];
};

type ScheduledJob = { date: string; jobs_id: number };
const ScheduledJobRef = builder.objectRef<ScheduledJob>('TimecardScheduledJob').implement({
  fields: (t) => ({ date: t.exposeString('date'), jobs_id: t.exposeInt('jobs_id') }),
});

/** The jobs `employee` is scheduled to work from..to (not declined), for time entry to offer first; none with scheduling off. */
async function scheduledJobs(tx: Tx, member: Member, employee: number, from: string, to: string): Promise<ScheduledJob[]> {
  if (member.off.has(MODULES.scheduling)) return [];
  const rows = await tx
    .selectDistinct({ date: scheduledLabor.date, jobs_id: scheduledLabor.jobs_id })
    .from(scheduledLabor)
    .where(
      and(
        eq(scheduledLabor.tenant_uuid, member.tenantUuid),
        eq(scheduledLabor.employees_id, employee),
        gte(scheduledLabor.date, from),
        lte(scheduledLabor.date, to),
        eq(scheduledLabor.event_type, WORK_EVENT),
        ne(scheduledLabor.confirmation_status, 'declined'),
      ),
    )
    .orderBy(asc(scheduledLabor.date), asc(scheduledLabor.jobs_id));
  return rows.filter((r): r is ScheduledJob => r.jobs_id !== null);
}

const InfoRef = builder.objectRef<Info>('TimecardInfo').implement({
  fields: (t) => ({
    employee_id: t.exposeInt('employee_id', { description: 'Whose card users_timecard is (the caller when employee_id was not given).' }),
    foreman_jobs_id: t.exposeIntList('foreman_jobs_id', {
      description: "The jobs the caller is a foreman on: where they may enter their crew's time.",
    }),
    people: t.field({
      type: [PersonRef],
      description: 'Names of the people the result mentions: the card holder and everyone in the collections.',
      resolve: (i) => i.people,
    }),
    jobs: t.field({ type: [JobRefType], description: 'The jobs the returned entries book to.', resolve: (i) => i.jobs }),
    costcodes: t.field({ type: [CodeRefType], description: 'The cost codes the returned entries book to.', resolve: (i) => i.costcodes }),
    users_timecard: t.field({ type: [cardOps.objectRef], resolve: (i) => i.users_timecard }),
    users_timecard_entries: t.field({ type: [entryOps.objectRef], resolve: (i) => i.users_timecard_entries }),
    timecard_collection: t.field({ type: [cardOps.objectRef], resolve: (i) => i.timecard_collection }),
    timecard_entries_collection: t.field({ type: [entryOps.objectRef], resolve: (i) => i.timecard_entries_collection }),
    settings: t.field({ type: SettingsRef, resolve: (i) => i.settings }),
    scheduled_jobs: t.field({
      type: [ScheduledJobRef],
      description:
        'The jobs the card holder is scheduled to work in the window (crew scheduling, not declined): time entry offers them first.',
      resolve: (i) => i.scheduled_jobs,
    }),
  }),
});

// --- getTimecardInfo ---------------------------------------------------------------------------------

builder.queryField('getTimecardInfo', (t) =>
  t.field({
    type: InfoRef,
    description:
      "A person's cards and entries in a window (default: 7 days either side of today); with fetch_all_timecards (admins) every person's, with fetch_crew_timecards the crews of the caller's jobs.",
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      employee_id: t.arg.int({ required: false }),
      start_date: t.arg.string({ required: false }),
      end_date: t.arg.string({ required: false }),
      fetch_all_timecards: t.arg.boolean({ required: false }),
      fetch_crew_timecards: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, ctx, info) =>
      enterTenant(
        ctx,
        args.tenant_uuid,
        TIMECARDS,
        async ({ tx, member }) => {
          // Only what the query asks for is read: a week's entries are one statement, not twelve.
          const asked = selectedColumns(info, false);
          const wants = (field: string) => !asked || asked.has(field);
          const wantsRefs = wants('people') || wants('jobs') || wants('costcodes');
          const wantsCollection = wants('timecard_entries_collection') || wants('timecard_collection') || wantsRefs;
          const today = isoDay(clock.now());
          const window = defaultWindow(today);
          const start = args.start_date ?? window.start;
          const end = args.end_date ?? window.end;
          checkDate(start, 'start_date');
          checkDate(end, 'end_date');
          const span = toDayNumber(end) - toDayNumber(start);
          if (span < 0) throw new AppError('VALIDATION', 'end_date cannot be before start_date.');
          if (span > MAX_WINDOW_DAYS) throw new AppError('VALIDATION', `A window is at most ${MAX_WINDOW_DAYS} days.`);
          const tenant = member.tenantUuid;
          const employee = args.employee_id ?? member.employeeId;
          const lookingAtSomeoneElse = employee !== member.employeeId && !isAdmin(member);
          if (args.fetch_all_timecards && !isAdmin(member)) throw forbidden();
          const myJobs =
            lookingAtSomeoneElse || wants('foreman_jobs_id') || (args.fetch_crew_timecards && wantsCollection)
              ? await foremanJobs(tx, member)
              : [];

          const entriesWhere = (...extra: ReturnType<typeof eq>[]) =>
            and(
              eq(timecardEntries.tenant_uuid, tenant),
              gte(timecardEntries.timecard_date, start),
              lte(timecardEntries.timecard_date, end),
              ...extra,
            );
          const cardsOf = (ids: number[]) =>
            ids.length === 0
              ? Promise.resolve([] as Row[])
              : tx
                  .select()
                  .from(usersTimecard)
                  .where(
                    and(
                      eq(usersTimecard.tenant_uuid, tenant),
                      inArray(usersTimecard.employees_id, ids),
                      lte(usersTimecard.payperiod_start_date, end),
                      gte(usersTimecard.payperiod_end_date, start),
                    ),
                  )
                  .orderBy(asc(usersTimecard.employees_id), asc(usersTimecard.payperiod_start_date));

          if (lookingAtSomeoneElse) {
            // A foreman may look at a person who has time on one of their jobs in the window.
            const onMyJobs = myJobs.length
              ? await tx
                  .select({ id: timecardEntries.id })
                  .from(timecardEntries)
                  .where(entriesWhere(eq(timecardEntries.employees_id, employee), inArray(timecardEntries.jobs_id, myJobs)))
                  .limit(1)
              : [];
            if (onMyJobs.length === 0) throw forbidden();
          }

          const p = sql.placeholder;
          // The common read (a person's entries in a window) is one prepared statement.
          const mine =
            wants('users_timecard_entries') || wantsRefs
              ? await selectPrepared<Row>(
                  tx,
                  'getTimecardInfo|mine',
                  () =>
                    tx
                      .select()
                      .from(timecardEntries)
                      .where(
                        and(
                          eq(timecardEntries.tenant_uuid, p('tenant')),
                          eq(timecardEntries.employees_id, p('employee')),
                          gte(timecardEntries.timecard_date, p('start')),
                          lte(timecardEntries.timecard_date, p('end')),
                        ),
                      )
                      .orderBy(asc(timecardEntries.timecard_date), asc(timecardEntries.id)) as never,
                  { tenant, employee, start, end },
                )
              : [];

          let collection: Row[] = [];
          if (!wantsCollection) {
            // not asked for
          } else if (args.fetch_all_timecards) {
            collection = (await tx
              .select()
              .from(timecardEntries)
              .where(entriesWhere())
              .orderBy(asc(timecardEntries.employees_id), asc(timecardEntries.timecard_date), asc(timecardEntries.id))) as Row[];
          } else if (args.fetch_crew_timecards && myJobs.length) {
            const crew = await tx
              .selectDistinct({ id: timecardEntries.employees_id })
              .from(timecardEntries)
              .where(entriesWhere(inArray(timecardEntries.jobs_id, myJobs)));
            const ids = crew.map((c) => c.id);
            collection = ids.length
              ? ((await tx
                  .select()
                  .from(timecardEntries)
                  .where(entriesWhere(inArray(timecardEntries.employees_id, ids)))
                  .orderBy(asc(timecardEntries.employees_id), asc(timecardEntries.timecard_date), asc(timecardEntries.id))) as Row[])
              : [];
          }
          const settings = wants('settings') ? await loadSettings(tx, tenant) : null;
          const period = settings ? payPeriodConfig(settings) : null;
          const refs = wantsRefs
            ? await referencedRows(tx, tenant, [employee, ...collection.map((e) => e.employees_id as number)], [...mine, ...collection])
            : { people: [], jobs: [], costcodes: [] };
          return {
            employee_id: employee,
            foreman_jobs_id: myJobs,
            ...refs,
            users_timecard: wants('users_timecard') ? await cardsOf([employee]) : [],
            users_timecard_entries: mine,
            timecard_collection: wants('timecard_collection')
              ? await cardsOf([...new Set(collection.map((e) => e.employees_id as number))])
              : [],
            timecard_entries_collection: collection,
            scheduled_jobs: wants('scheduled_jobs') ? await scheduledJobs(tx, member, employee, start, end) : [],
            // Read only when asked for; the field is never resolved otherwise.
            settings: (settings && period
              ? { pay_period_type: period.type, pay_period_anchor: period.anchor, minute_increment: minuteIncrement(settings), today }
              : null) as never,
          };
        },
        { readOnly: true },
      ),
  }),
);

// --- createOrUpdateTimecardDayEntry -------------------------------------------------------------------

const EntryInput = builder.inputType('TimecardDayEntryInput', {
  fields: (t) => ({
    jobs_id: t.int({ required: false }),
    costcodes_id: t.int({ required: false }),
    hours: t.float({ required: true }),
    equipment: t.stringList({ required: false }),
    note: t.string({ required: false }),
  }),
});

const DayResultRef = builder.objectRef<{ users_timecard: Row[]; users_timecard_entries: Row[] }>('TimecardDayResult').implement({
  fields: (t) => ({
    users_timecard: t.field({ type: [cardOps.objectRef], resolve: (r) => r.users_timecard }),
    users_timecard_entries: t.field({ type: [entryOps.objectRef], resolve: (r) => r.users_timecard_entries }),
  }),
});

builder.mutationField('createOrUpdateTimecardDayEntry', (t) =>
  t.field({
    type: DayResultRef,
    description:
      "Replaces a person's entries for one day: one's own whole day; an admin's anyone's; a foreman's only a crew member's lines on the foreman's jobs (lines elsewhere are kept, an empty list for someone else is refused). With crew_employee_ids the same lines go to each member of the crew, all in one transaction.",
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      employees_id: t.arg.int({ required: true }),
      payperiod_start_date: t.arg.string({ required: true }),
      payperiod_end_date: t.arg.string({ required: true }),
      timecard_date: t.arg.string({ required: true }),
      timecard_entries: t.arg({ type: [EntryInput], required: true }),
      crew_employee_ids: t.arg.intList({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, TIMECARDS, async ({ tx, member }) => {
        const parsed = dayEntrySchema.safeParse({
          ...args,
          timecard_entries: args.timecard_entries.map((e) => ({ ...e, jobs_id: e.jobs_id ?? 0, costcodes_id: e.costcodes_id ?? 0 })),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new AppError('VALIDATION', issue.message, { field: issue.path.join('.') });
        }
        const day = parsed.data;
        checkDate(day.timecard_date, 'timecard_date');
        const tenant = member.tenantUuid;
        const targets = [...new Set(args.crew_employee_ids?.length ? args.crew_employee_ids : [day.employees_id])];
        const rules = await loadDayRules(tx, tenant);
        const period = payPeriodFor(day.timecard_date, rules.type, rules.anchor);
        if (period.start !== day.payperiod_start_date || period.end !== day.payperiod_end_date) {
          throw new AppError('VALIDATION', TIMECARD_MESSAGES.wrongPeriod);
        }

        // Who may write whose time, and which lines of their day go: anyone their own whole day; admins
        // anyone's; a foreman a crew member's lines on the foreman's jobs, with lines on those jobs only.
        const admin = isAdmin(member);
        const lineJobs = [...new Set(day.timecard_entries.map((e) => e.jobs_id))];
        const myJobs = !admin && targets.some((id) => id !== member.employeeId) ? await foremanJobs(tx, member) : [];
        const scopes = new Map<number, DayWriteScope>();
        for (const target of targets) {
          const allowed = dayWriteScope({ caller: member.employeeId, target, admin, foremanJobs: myJobs, lineJobs });
          if ('refusal' in allowed) {
            if (allowed.refusal === 'forbidden') throw forbidden();
            throw new AppError('VALIDATION', allowed.message, { employees_id: target });
          }
          scopes.set(target, allowed.scope);
        }
        const refusal = windowRefusal(member, rules, day.timecard_date);
        if (refusal) throw new AppError('VALIDATION', refusal);
        const problem = dayEntryProblem(day.timecard_entries, rules.increment);
        if (problem) throw new AppError('VALIDATION', problem);

        // Every line must book to an active job and a cost code budgeted and switched on for that job.
        const bad = await unbudgetedLine(tx, tenant, day.timecard_entries);
        if (bad >= 0) throw new AppError('VALIDATION', NOT_BUDGETED, { index: bad });

        const people = await tx
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1), inArray(employees.id, targets)));
        if (people.length !== targets.length) throw notFound('Person not found.');

        const cards: Row[] = [];
        const written: Row[] = [];
        for (const employees_id of targets) {
          await tx
            .insert(usersTimecard)
            .values({ tenant_uuid: tenant, employees_id, payperiod_start_date: period.start, payperiod_end_date: period.end })
            .onConflictDoNothing();
          const [card] = await tx
            .select()
            .from(usersTimecard)
            .where(
              and(
                eq(usersTimecard.tenant_uuid, tenant),
                eq(usersTimecard.employees_id, employees_id),
                eq(usersTimecard.payperiod_start_date, period.start),
              ),
            );
          if (card.signed_on) throw new AppError('CONFLICT', TIMECARD_MESSAGES.locked, { employees_id });
          cards.push(card as Row);
          // The lines this write replaces go; the others (a foreman's write: other jobs' lines) stay and
          // count toward the person's 24-hour day.
          const scope = scopes.get(employees_id) ?? 'day';
          const theirDay = and(
            eq(timecardEntries.tenant_uuid, tenant),
            eq(timecardEntries.employees_id, employees_id),
            eq(timecardEntries.timecard_date, day.timecard_date),
          );
          await tx.delete(timecardEntries).where(scope === 'day' ? theirDay : and(theirDay, inArray(timecardEntries.jobs_id, [...scope])));
          const kept = scope === 'day' ? [] : await tx.select({ hours: timecardEntries.hours }).from(timecardEntries).where(theirDay);
          const dayProblem = dayEntryProblem(day.timecard_entries, rules.increment, kept);
          if (dayProblem) throw new AppError('VALIDATION', dayProblem, { employees_id });
          if (day.timecard_entries.length) {
            written.push(
              ...((await tx
                .insert(timecardEntries)
                .values(
                  day.timecard_entries.map((e) => ({
                    tenant_uuid: tenant,
                    users_timecard_id: card.id,
                    employees_id,
                    timecard_date: day.timecard_date,
                    jobs_id: e.jobs_id,
                    costcodes_id: e.costcodes_id,
                    hours: e.hours,
                    equipment: e.equipment ?? null,
                    note: e.note ?? null,
                    created_by: member.employeeId,
                  })),
                )
                .returning()) as Row[]),
            );
          }
        }
        return { users_timecard: cards, users_timecard_entries: written };
      }),
  }),
);

// --- Signing ------------------------------------------------------------------------------------------

const SIGNATURE = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/;

builder.mutationField('signTimecard', (t) =>
  t.field({
    type: cardOps.objectRef,
    description: 'Signs the caller’s own card for a pay period; a signed card is locked until an admin reopens it.',
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      users_timecard_id: t.arg.int({ required: true }),
      signature_image: t.arg.string({ required: true }),
      usernote: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, TIMECARDS, async ({ tx, member }) => {
        if (!SIGNATURE.test(args.signature_image) || args.signature_image.length > 300_000) {
          throw new AppError('VALIDATION', 'Draw your signature to sign.');
        }
        if ((args.usernote?.length ?? 0) > 1000) throw new AppError('VALIDATION', 'You must enter a maximum of 1000 characters');
        const [card] = await tx
          .update(usersTimecard)
          .set({
            signed_on: clock.now().toISOString(),
            signed_by: member.employeeId,
            signature_image: args.signature_image,
            usernote: args.usernote ?? null,
            updated_on: sql`now()`,
          })
          .where(
            and(
              eq(usersTimecard.tenant_uuid, member.tenantUuid),
              eq(usersTimecard.id, args.users_timecard_id),
              eq(usersTimecard.employees_id, member.employeeId),
              isNull(usersTimecard.signed_on),
            ),
          )
          .returning();
        if (!card) {
          const [exists] = await tx
            .select({ signed: usersTimecard.signed_on })
            .from(usersTimecard)
            .where(
              and(
                eq(usersTimecard.tenant_uuid, member.tenantUuid),
                eq(usersTimecard.id, args.users_timecard_id),
                eq(usersTimecard.employees_id, member.employeeId),
              ),
            );
          if (exists?.signed) throw new AppError('CONFLICT', TIMECARD_MESSAGES.locked);
          throw notFound();
        }
        return card as Row;
      }),
  }),
);

builder.mutationField('reopenTimecard', (t) =>
  t.field({
    type: cardOps.objectRef,
    description: 'Admins only: clears the signature so the card can be edited again.',
    args: { tenant_uuid: t.arg.id({ required: true }), users_timecard_id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, TIMECARDS, async ({ tx, member }) => {
        if (!isAdmin(member)) throw forbidden();
        const [card] = await tx
          .update(usersTimecard)
          .set({ signed_on: null, signed_by: null, signature_image: null, updated_on: sql`now()` })
          .where(and(eq(usersTimecard.tenant_uuid, member.tenantUuid), eq(usersTimecard.id, args.users_timecard_id)))
          .returning();
        if (!card) throw notFound();
        return card as Row;
      }),
  }),
);

// --- listTimecardJobs ---------------------------------------------------------------------------------

builder.queryField('listTimecardJobs', (t) =>
  t.field({
    type: [JobRefType],
    description:
      'The jobs any member may book time to: not deleted, with at least one cost code switched on; sorted by abbreviation, else name (spec §9).',
    args: { tenant_uuid: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, TIMECARDS, async ({ tx, member }) => {
        const tenant = member.tenantUuid;
        return tx
          .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr, status: jobs.status })
          .from(jobs)
          .where(
            and(
              eq(jobs.tenant_uuid, tenant),
              ne(jobs.status, 0),
              sql`exists (select 1 from ${jobsCostcodes} where ${jobsCostcodes.tenant_uuid} = ${tenant} and ${jobsCostcodes.jobs_id} = ${jobs.id} and ${jobsCostcodes.status} = 1)`,
            ),
          )
          .orderBy(sql`lower(coalesce(nullif(${jobs.job_abbr}, ''), ${jobs.job}))`, asc(jobs.id))
          .limit(MAX_TIMECARD_JOBS);
      }),
  }),
);

// --- listFilteredCostcodes ---------------------------------------------------------------------------

type BudgetCode = { jobs_id: number; costcodes_id: number; costcode: string; description: string | null };
const BudgetCodeRef = builder.objectRef<BudgetCode>('BudgetCostcode').implement({
  fields: (t) => ({
    jobs_id: t.exposeInt('jobs_id'),
    costcodes_id: t.exposeInt('costcodes_id'),
    costcode: t.exposeString('costcode'),
    description: t.exposeString('description', { nullable: true }),
  }),
});
const FilteredRef = builder.objectRef<{ budget_costcodes: BudgetCode[] }>('FilteredCostcodes').implement({
  fields: (t) => ({ budget_costcodes: t.field({ type: [BudgetCodeRef], resolve: (r) => r.budget_costcodes }) }),
});

builder.queryField('listFilteredCostcodes', (t) =>
  t.field({
    type: FilteredRef,
    description: "The cost codes budgeted and switched on for the given jobs: what a time card may book to ('ontimecard').",
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      usage: t.arg.string({ required: false, defaultValue: 'ontimecard' }),
      jobs_id: t.arg.intList({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, TIMECARDS, async ({ tx, member }) => {
        if (args.usage !== 'ontimecard') throw new AppError('VALIDATION', `Unknown usage: ${args.usage}`);
        if (args.jobs_id.length > 1000) throw new AppError('VALIDATION', 'Too many jobs.');
        if (args.jobs_id.length === 0) return { budget_costcodes: [] };
        const rows = await tx
          .select({
            jobs_id: jobsCostcodes.jobs_id,
            costcodes_id: jobsCostcodes.costcodes_id,
            costcode: costcodes.costcode,
            description: costcodes.description,
          })
          .from(jobsCostcodes)
          .innerJoin(costcodes, and(eq(costcodes.tenant_uuid, jobsCostcodes.tenant_uuid), eq(costcodes.id, jobsCostcodes.costcodes_id)))
          .innerJoin(jobs, and(eq(jobs.tenant_uuid, jobsCostcodes.tenant_uuid), eq(jobs.id, jobsCostcodes.jobs_id)))
          .where(
            and(
              eq(jobsCostcodes.tenant_uuid, member.tenantUuid),
              inArray(jobsCostcodes.jobs_id, args.jobs_id),
              eq(jobsCostcodes.status, 1),
              eq(costcodes.status, 1),
              ne(jobs.status, 0),
            ),
          )
          .orderBy(asc(jobsCostcodes.jobs_id), asc(costcodes.costcode));
        return { budget_costcodes: rows };
      }),
  }),
);
