import { atField, atRecord, fromText, type Message, msg } from '@groundwork/core/messages';
import {
  fitsIncrement,
  isoDay,
  minuteIncrement,
  type PayPeriodType,
  payPeriodFor,
  type TenantSetting,
  toDayNumber,
} from '@groundwork/core/pay-periods';
import {
  type DayWriteScope,
  dayEntryProblem,
  dayEntrySchema,
  dayTotalProblem,
  dayWriteScope,
  entryWindowRefusal,
  TIMECARD_MESSAGES,
} from '@groundwork/core/timecards';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { storedRows } from '../../graphql/record-columns.js';
import type { Row } from '../../platform/realtime.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { checkDate, foremanJobs, isAdmin, loadSettings, payPeriodConfig } from './timecards.service.js';
import { timecardEntries, usersTimecard } from './timecards.table.js';

// --- The rules every write of time obeys ------------------------------------------------------------

/** What the day rules need from the company: its settings, pay periods, increment and today. */
type DayRules = { settings: TenantSetting[]; type: PayPeriodType; anchor: string; increment: number; today: string };

async function loadDayRules(tx: Tx, tenantUuid: string, now: Date): Promise<DayRules> {
  const settings = await loadSettings(tx, tenantUuid);
  return { settings, ...payPeriodConfig(settings), increment: minuteIncrement(settings), today: isoDay(now) };
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
const recordRefusal = (index: number, code: 'VALIDATION' | 'CONFLICT', message: Message) =>
  new AppError(code, atRecord(index, message), { index });

type Change = { id: number | null; patch: Row | null };

/**
 * createTimecardentry, updateTimecardentry and deleteTimecardentry obey the rules of
 * createOrUpdateTimecardDayEntry: each line on its own person's card and in that card's pay period, the
 * card not signed, the day open (entry windows, but for admins), hours in the company's minute increment,
 * the cost code budgeted on the job, and at most 24 hours in a day once the whole batch is written.
 * Runs in the write's transaction, before the write.
 */
export async function timecardEntryRules(tx: Tx, member: Member, action: 'create' | 'update' | 'delete', changes: Change[], now: Date) {
  const tenant = member.tenantUuid;
  const rules = await loadDayRules(tx, tenant, now);
  const stored = new Map<number, StoredLine>((await storedRows(tx, timecardEntries, tenant, changes)).map((r) => [r.id, r]));
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
      if (cards.get(before.users_timecard_id)?.signed_on) throw recordRefusal(index, 'CONFLICT', msg('timecards.locked'));
      const closed = windowRefusal(member, rules, before.timecard_date);
      if (closed) throw recordRefusal(index, 'VALIDATION', fromText(closed));
    }
    if (!after) continue;
    const card = cards.get(after.users_timecard_id);
    if (!card) throw recordRefusal(index, 'VALIDATION', msg('record.missingReference'));
    if (card.employees_id !== after.employees_id) throw recordRefusal(index, 'VALIDATION', msg('timecards.otherCard'));
    if (card.signed_on) throw recordRefusal(index, 'CONFLICT', msg('timecards.locked'));
    if (!isDate(after.timecard_date)) throw recordRefusal(index, 'VALIDATION', atField('timecard_date', msg('common.invalidFormat')));
    if (after.timecard_date < card.payperiod_start_date || after.timecard_date > card.payperiod_end_date) {
      throw recordRefusal(index, 'VALIDATION', msg('timecards.wrongPeriod'));
    }
    const closed = windowRefusal(member, rules, after.timecard_date);
    if (closed) throw recordRefusal(index, 'VALIDATION', fromText(closed));
    if (!before || 'hours' in patch) {
      if (!fitsIncrement(after.hours, rules.increment))
        throw recordRefusal(index, 'VALIDATION', msg('timecards.increment', { minutes: rules.increment }));
    }
    if (!before || 'jobs_id' in patch || 'costcodes_id' in patch)
      toBudget.push({ index, jobs_id: after.jobs_id, costcodes_id: after.costcodes_id });
    if (!before || after.hours > before.hours || dayKey(after) !== dayKey(before)) grown.push({ index, line: after });
  }
  const bad = await unbudgetedLine(tx, tenant, toBudget);
  if (bad >= 0) throw recordRefusal(toBudget[bad].index, 'VALIDATION', msg('timecards.notBudgeted'));

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
    if (problem) throw recordRefusal(blame.get(key) ?? 0, 'VALIDATION', fromText(problem));
  }
}

/**
 * createTimecards, updateTimecards and deleteTimecards: a card covers one of the company's pay periods; a
 * signed card is neither changed nor deleted until it is reopened; a card with time on it keeps its person
 * and period (its lines name both); deleting a card deletes its lines, so for members who are not admins
 * their days must be open.
 */
export async function timecardCardRules(tx: Tx, member: Member, action: 'create' | 'update' | 'delete', changes: Change[], now: Date) {
  const tenant = member.tenantUuid;
  const rules = await loadDayRules(tx, tenant, now);
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
      if (problem) throw recordRefusal(index, 'VALIDATION', fromText(problem));
      continue;
    }
    const card = stored.get(id);
    if (!card) continue;
    if (card.signed_on) throw recordRefusal(index, 'CONFLICT', msg('timecards.locked'));
    const lines = linesOf.get(id) ?? [];
    if (action === 'delete') {
      for (const day of new Set(lines)) {
        const closed = windowRefusal(member, rules, day);
        if (closed) throw recordRefusal(index, 'VALIDATION', fromText(closed));
      }
      continue;
    }
    const after: Row = { ...card, ...patch };
    const moves = (['employees_id', 'payperiod_start_date', 'payperiod_end_date'] as const).some((k) => after[k] !== card[k]);
    if (!moves) continue;
    if (lines.length) throw recordRefusal(index, 'VALIDATION', msg('timecards.cardHasTime'));
    const problem = periodProblem(after);
    if (problem) throw recordRefusal(index, 'VALIDATION', fromText(problem));
  }
}

// --- createOrUpdateTimecardDayEntry -------------------------------------------------------------------

export type DayEntryArgs = {
  tenant_uuid: string;
  employees_id: number;
  payperiod_start_date: string;
  payperiod_end_date: string;
  timecard_date: string;
  timecard_entries: {
    jobs_id?: number | null;
    costcodes_id?: number | null;
    hours: number;
    equipment?: string[] | null;
    note?: string | null;
  }[];
  crew_employee_ids?: number[] | null;
};

/** Replaces a person's (or each crew member's) entries for one day, under the rules above. */
export async function writeTimecardDay(
  tx: Tx,
  member: Member,
  args: DayEntryArgs,
  now: Date,
): Promise<{ users_timecard: Row[]; users_timecard_entries: Row[] }> {
  const parsed = dayEntrySchema.safeParse({
    ...args,
    timecard_entries: args.timecard_entries.map((e) => ({ ...e, jobs_id: e.jobs_id ?? 0, costcodes_id: e.costcodes_id ?? 0 })),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION', fromText(issue.message), { field: issue.path.join('.') });
  }
  const day = parsed.data;
  checkDate(day.timecard_date, 'timecard_date');
  const tenant = member.tenantUuid;
  const targets = [...new Set(args.crew_employee_ids?.length ? args.crew_employee_ids : [day.employees_id])];
  const rules = await loadDayRules(tx, tenant, now);
  const period = payPeriodFor(day.timecard_date, rules.type, rules.anchor);
  if (period.start !== day.payperiod_start_date || period.end !== day.payperiod_end_date) {
    throw new AppError('VALIDATION', msg('timecards.wrongPeriod'));
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
      throw new AppError('VALIDATION', fromText(allowed.message), { employees_id: target });
    }
    scopes.set(target, allowed.scope);
  }
  const refusal = windowRefusal(member, rules, day.timecard_date);
  if (refusal) throw new AppError('VALIDATION', fromText(refusal));
  const problem = dayEntryProblem(day.timecard_entries, rules.increment);
  if (problem) throw new AppError('VALIDATION', fromText(problem));

  // Every line must book to an active job and a cost code budgeted and switched on for that job.
  const bad = await unbudgetedLine(tx, tenant, day.timecard_entries);
  if (bad >= 0) throw new AppError('VALIDATION', msg('timecards.notBudgeted'), { index: bad });

  const people = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1), inArray(employees.id, targets)));
  if (people.length !== targets.length) throw notFound(msg('common.personNotFound'));

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
    if (card.signed_on) throw new AppError('CONFLICT', msg('timecards.locked'), { employees_id });
    cards.push(card);
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
    if (dayProblem) throw new AppError('VALIDATION', fromText(dayProblem), { employees_id });
    if (day.timecard_entries.length) {
      written.push(
        ...(await tx
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
          .returning()),
      );
    }
  }
  return { users_timecard: cards, users_timecard_entries: written };
}
