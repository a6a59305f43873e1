import { z } from 'zod';
import {
  addDays,
  fitsIncrement,
  type IsoDate,
  MAX_HOURS_PER_DAY,
  OVERTIME_WEEKLY_HOURS,
  type PayPeriod,
  type TenantSetting,
  TIMECARD_MESSAGES,
  TIMECARD_SETTINGS,
} from './pay-periods.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid format');

// The plain limits and messages live in pay-periods.ts, which has no zod: the time card's first screen uses them
// without downloading the schemas (issue 28).
export { MAX_HOURS_PER_DAY, OVERTIME_WEEKLY_HOURS, TIMECARD_MESSAGES } from './pay-periods.js';

/** The hours of one line: a finite number (zod refuses NaN and infinities) above zero, at most a day. */
export const hoursSchema = z.number().positive(TIMECARD_MESSAGES.hoursPositive).max(MAX_HOURS_PER_DAY, TIMECARD_MESSAGES.dayTotal);

const equipmentSchema = z.array(z.string().trim().min(1).max(100)).max(20).nullish();
const noteSchema = z.string().max(1000).nullish();

/** One line of a day entry: hours on a job and cost code, with the equipment used. */
export const timecardEntrySchema = z.object({
  jobs_id: z.number().int().positive(TIMECARD_MESSAGES.missingJob),
  costcodes_id: z.number().int().positive(TIMECARD_MESSAGES.chooseCostcode),
  hours: hoursSchema,
  equipment: equipmentSchema,
  note: noteSchema,
});

/**
 * The columns of a stored line (createTimecardentry, updateTimecardentry), each optional so it checks a
 * patch as well as a new record; the rules that need the stored rows are the server's.
 */
export const timecardEntryRecordSchema = z
  .object({
    users_timecard_id: z.number().int().positive(),
    employees_id: z.number().int().positive(),
    timecard_date: isoDate,
    jobs_id: z.number().int().positive(TIMECARD_MESSAGES.missingJob),
    costcodes_id: z.number().int().positive(TIMECARD_MESSAGES.chooseCostcode),
    hours: hoursSchema,
    equipment: equipmentSchema,
    note: noteSchema,
  })
  .partial();

/** The columns of a stored card (createTimecards, updateTimecards), each optional as above. */
export const timecardRecordSchema = z
  .object({
    employees_id: z.number().int().positive(),
    payperiod_start_date: isoDate,
    payperiod_end_date: isoDate,
    usernote: z.string().max(1000, 'You must enter a maximum of 1000 characters').nullish(),
  })
  .partial();

export const dayEntrySchema = z.object({
  employees_id: z.number().int().positive(),
  payperiod_start_date: isoDate,
  payperiod_end_date: isoDate,
  timecard_date: isoDate,
  timecard_entries: z.array(timecardEntrySchema).max(50),
});

const on = (settings: readonly TenantSetting[], id: number) => settings.find((s) => s.id === id)?.custom_value === 'true';

/**
 * Spec §5: time entry is allowed only under enabled settings. Each enabled setting opens a window and a
 * day is open when any of them includes it:
 * 6 — any day up to and including today; 7 — a day only until that day ends (today);
 * 8 — any day up to the end of the current pay period; 9 — a period's days until its last day ends.
 * Returns null when the day is open, else the reason in plain words.
 */
export function entryWindowRefusal(
  settings: readonly TenantSetting[],
  day: IsoDate,
  today: IsoDate,
  periodOfDay: PayPeriod,
  currentPeriod: PayPeriod,
): string | null {
  const s = TIMECARD_SETTINGS;
  const rules: [boolean, boolean, string][] = [
    [on(settings, s.sameDayEntry), day <= today, TIMECARD_MESSAGES.future],
    [on(settings, s.sameDayUntilEndOfDay), day === today, day > today ? TIMECARD_MESSAGES.future : TIMECARD_MESSAGES.pastDay],
    [on(settings, s.payPeriodEndEntry), day <= currentPeriod.end, TIMECARD_MESSAGES.afterPeriod],
    [
      on(settings, s.payPeriodEndUntilEndOfDay),
      periodOfDay.end >= today && day <= currentPeriod.end,
      day > currentPeriod.end ? TIMECARD_MESSAGES.afterPeriod : TIMECARD_MESSAGES.periodClosed,
    ],
  ];
  const enabled = rules.filter(([isOn]) => isOn);
  if (enabled.length === 0) return TIMECARD_MESSAGES.closed;
  if (enabled.some(([, allows]) => allows)) return null;
  return enabled[0][2];
}

/** A day's total against the 24-hour day: the problem, or null. Anything not finite is over. */
export function dayTotalProblem(lines: readonly { hours: number }[]): string | null {
  const total = lines.reduce((sum, e) => sum + e.hours, 0);
  return Number.isFinite(total) && total <= MAX_HOURS_PER_DAY + 1e-9 ? null : TIMECARD_MESSAGES.dayTotal;
}

/**
 * Checks the lines being written against the minute increment, and the day they make, with the lines
 * that stay (`kept`: a foreman's write leaves other jobs' lines in place), against the 24-hour day;
 * returns the first problem.
 */
export function dayEntryProblem(
  entries: readonly { hours: number }[],
  increment: number,
  kept: readonly { hours: number }[] = [],
): string | null {
  if (entries.some((e) => !fitsIncrement(e.hours, increment))) return TIMECARD_MESSAGES.increment(increment);
  return dayTotalProblem([...kept, ...entries]);
}

/**
 * Which lines of a person's day a write replaces: 'day' every line; a list of job ids, only the lines on
 * those jobs (the rest stay).
 */
export type DayWriteScope = 'day' | readonly number[];

/**
 * Whose day a caller may write (spec §5, §6): a person their own (the whole day; an empty list clears it);
 * admins anyone's (the whole day); a foreman a crew member's, only with lines on jobs they are foreman on
 * (`foremanJobs`), and only those jobs' lines are replaced. An empty list for someone else is refused: it
 * would say nothing but "delete". Anyone else: forbidden.
 */
export function dayWriteScope(input: {
  caller: number;
  target: number;
  admin: boolean;
  foremanJobs: readonly number[];
  lineJobs: readonly number[];
}): { scope: DayWriteScope } | { refusal: 'forbidden' } | { refusal: 'validation'; message: string } {
  if (input.target === input.caller || input.admin) return { scope: 'day' };
  if (input.foremanJobs.length === 0) return { refusal: 'forbidden' };
  if (input.lineJobs.length === 0) return { refusal: 'validation', message: TIMECARD_MESSAGES.emptyForOther };
  if (input.lineJobs.some((j) => !input.foremanJobs.includes(j))) return { refusal: 'forbidden' };
  return { scope: input.foremanJobs };
}

/** Whether a stored line is replaced by a write of `scope`. */
export const replacedBy = (scope: DayWriteScope, line: { jobs_id: number }): boolean => scope === 'day' || scope.includes(line.jobs_id);

/** Regular and overtime hours per week (over 40 h), weeks starting on the period's first day. */
export function splitOvertime(entries: { timecard_date: IsoDate; hours: number }[], periodStart: IsoDate) {
  const weeks = new Map<IsoDate, number>();
  for (const e of entries) {
    const offset = Math.floor((Date.parse(e.timecard_date) - Date.parse(periodStart)) / (7 * 86_400_000));
    const week = addDays(periodStart, offset * 7);
    weeks.set(week, (weeks.get(week) ?? 0) + e.hours);
  }
  let regular = 0;
  let overtime = 0;
  for (const hours of weeks.values()) {
    regular += Math.min(hours, OVERTIME_WEEKLY_HOURS);
    overtime += Math.max(0, hours - OVERTIME_WEEKLY_HOURS);
  }
  return { regular, overtime };
}
