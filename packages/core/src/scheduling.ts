import { z } from 'zod';
import { addDays, type IsoDate, toDayNumber } from './pay-periods.js';

/**
 * Crew scheduling (spec §2 /admin/scheduling, /modules/scheduling, /modules/scheduled; §3 Scheduled labor;
 * §5 and §8 scheduling rules and messages): the rules the server's updateSchedule and the board share.
 * Dates are 'YYYY-MM-DD'.
 */

/** The answer a worker gives to a scheduled day (spec §3 confirmation_status). */
export const CONFIRMATION_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/**
 * Static data "scheduled event types": 'Work' is a day on a job; every other type (Vacation, Sick Leave,
 * Holiday, Training, …) takes the person's whole day, so no job can be scheduled over it.
 */
export const WORK_EVENT = 'Work';

/** A planned head's day, for planned hours against a job's budgeted hours. */
export const HOURS_PER_DAY = 8;

export const SCHEDULE_LIMITS = {
  /** Entries in one updateSchedule call (a four-week copy of a 100-person crew fits). */
  maxEntries: 5000,
  /** Days one board query may span. */
  maxBoardDays: 42,
  reason: 500,
} as const;

/** Spec §5 and §8, verbatim where the spec gives the text; the web app translates them (en, es). */
export const SCHEDULE_MESSAGES = {
  atLeastOne: 'At least one entry is required.',
  missingJobs: 'Missing jobs_id in entry',
  missingEmployees: 'Missing employees_id in entry',
  missingDate: 'Missing date in entry',
  missingId: 'Missing id field in update entry',
  invalidDate: 'Enter a valid date.',
  unknownJob: 'No such active job.',
  unknownPerson: 'No such active person.',
  unknownEntry: 'No such schedule entry.',
  unknownEventType: 'No such scheduled event type.',
  doubleBooked: 'Already scheduled on another job that day.',
  blocked: (eventType: string) => `Not available that day: ${eventType}.`,
  tooMany: `Too many entries: at most ${SCHEDULE_LIMITS.maxEntries} in one call.`,
  partial: (errors: string) => `Schedule partially updated with errors: ${errors}`,
  failed: 'Failed to update schedule. Please try again.',
  noChange: 'No changes made to schedule',
  updated: (added: number, removed: number) => `Schedule updated: ${added} added, ${removed} removed.`,
  fetchError: 'There was a problem fetching the schedule.',
  confirmError: 'There was a problem updating the schedule.',
  confirmed: 'Day confirmed.',
  declined: 'Day declined.',
  reasonTooLong: `A reason can be at most ${SCHEDULE_LIMITS.reason} characters.`,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD', between the years 1900 and 2999. */
export function isScheduleDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** One entry of an updateSchedule call, as sent: every field optional so each missing one gets the spec's message. */
export type ScheduleEntryInput = {
  id?: number | null;
  jobs_id?: number | null;
  employees_id?: number | null;
  date?: string | null;
  event_type?: string | null;
};

export type EntryKind = 'add' | 'remove' | 'update';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The spec §5 problem with one entry, or null. Updates need id; a remove by id needs nothing else; every
 * other entry needs jobs_id (unless it is a non-work event such as Vacation), employees_id and date.
 */
export function entryProblem(entry: ScheduleEntryInput, kind: EntryKind): string | null {
  if (kind === 'update') {
    if (blank(entry.id)) return SCHEDULE_MESSAGES.missingId;
    // An update changes only what it names.
    return blank(entry.date) || isScheduleDate(entry.date) ? null : SCHEDULE_MESSAGES.invalidDate;
  }
  if (kind === 'remove' && !blank(entry.id)) return null;
  const work = blank(entry.event_type) || entry.event_type === WORK_EVENT;
  if (work && blank(entry.jobs_id)) return SCHEDULE_MESSAGES.missingJobs;
  if (blank(entry.employees_id)) return SCHEDULE_MESSAGES.missingEmployees;
  if (blank(entry.date)) return SCHEDULE_MESSAGES.missingDate;
  if (!isScheduleDate(entry.date)) return SCHEDULE_MESSAGES.invalidDate;
  return null;
}

export type ScheduleFailure = { kind: EntryKind; index: number; message: string; code: string; label?: string | null };
export type ScheduleOutcome = {
  severity: 'success' | 'info' | 'warning' | 'error';
  message: string;
};

/**
 * What the screen says after updateSchedule (spec §8): nothing changed and nothing failed is 'No changes made
 * to schedule' (info); everything failed is 'Failed to update schedule. Please try again.'; some failed is the
 * partial warning listing each failing entry; otherwise the green 'Schedule updated: N added, N removed.'
 */
export function scheduleOutcome(result: {
  added: number;
  removed: number;
  updated?: number;
  failed: readonly Pick<ScheduleFailure, 'message' | 'label'>[];
}): ScheduleOutcome {
  const changed = result.added + result.removed + (result.updated ?? 0);
  if (result.failed.length === 0) {
    return changed === 0
      ? { severity: 'info', message: SCHEDULE_MESSAGES.noChange }
      : { severity: 'success', message: SCHEDULE_MESSAGES.updated(result.added, result.removed) };
  }
  if (changed === 0) return { severity: 'error', message: SCHEDULE_MESSAGES.failed };
  const errors = result.failed.map((f) => (f.label ? `${f.label}: ${f.message}` : f.message)).join('; ');
  return { severity: 'warning', message: SCHEDULE_MESSAGES.partial(errors) };
}

/** The Monday on or before `date` (the board's weeks run Monday to Sunday). */
export function weekStart(date: IsoDate): IsoDate {
  // 1970-01-01 was a Thursday: day number 0 -> weekday 3 counting Monday as 0.
  const weekday = (((toDayNumber(date) + 3) % 7) + 7) % 7;
  return addDays(date, -weekday);
}

/** The `n` days from `start`. */
export function daysFrom(start: IsoDate, n: number): IsoDate[] {
  return Array.from({ length: n }, (_, i) => addDays(start, i));
}

/** Planned hours (heads x a standard day) against a budget; null budget: no budget lines. */
export function plannedHours(heads: number): number {
  return heads * HOURS_PER_DAY;
}

/** The people of a board that have no entry on `date`. */
export function unscheduledOn<P extends { id: number }>(
  people: readonly P[],
  entries: readonly { employees_id: number; date: string }[],
  date: IsoDate,
): P[] {
  const busy = new Set(entries.filter((e) => e.date === date).map((e) => e.employees_id));
  return people.filter((p) => !busy.has(p.id));
}

/** Trades kept as a JSON string (spec: "trades as a JSON string") or a comma list, as a clean list. */
export function parseTrades(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  } catch {
    // not JSON: a comma list
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const recordId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** The generic ScheduledLabor record operations (spec §7): the columns' own rules; placement rules live in updateSchedule. */
export const scheduledLaborRecordSchema = z
  .object({
    jobs_id: recordId.nullable(),
    employees_id: recordId,
    date: z.string().refine(isScheduleDate, SCHEDULE_MESSAGES.invalidDate),
    event_type: z.string().min(1).max(100),
    confirmation_status: z.enum(CONFIRMATION_STATUSES),
    confirmation_reason: z.string().max(SCHEDULE_LIMITS.reason, SCHEDULE_MESSAGES.reasonTooLong).nullable(),
  })
  .partial()
  .loose();
