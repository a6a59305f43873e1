import { z } from 'zod';
import { addDays, fitsIncrement, type IsoDate, type PayPeriod, type TenantSetting, TIMECARD_SETTINGS } from './pay-periods.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid format');

export const MAX_HOURS_PER_DAY = 24;
export const OVERTIME_WEEKLY_HOURS = 40;

/** One line of a day entry: hours on a job and cost code, with the equipment used. */
export const timecardEntrySchema = z.object({
  jobs_id: z.number().int().positive('Missing jobs_id in entry'),
  costcodes_id: z.number().int().positive('Choose a cost code.'),
  hours: z.number().positive('Hours must be more than zero.').max(MAX_HOURS_PER_DAY, 'A day has at most 24 hours.'),
  equipment: z.array(z.string().trim().min(1).max(100)).max(20).nullish(),
  note: z.string().max(1000).nullish(),
});

export const dayEntrySchema = z.object({
  employees_id: z.number().int().positive(),
  payperiod_start_date: isoDate,
  payperiod_end_date: isoDate,
  timecard_date: isoDate,
  timecard_entries: z.array(timecardEntrySchema).max(50),
});

export const TIMECARD_MESSAGES = {
  locked: 'This time card is signed and locked. Ask an admin to reopen it.',
  wrongPeriod: 'That date is not in this pay period.',
  increment: (minutes: number) => `Hours must be in steps of ${minutes} minutes.`,
  dayTotal: 'A day has at most 24 hours.',
  closed: 'Time entry is closed for this company. Ask an admin to open it.',
  future: 'You cannot enter time for a day that has not happened yet.',
  pastDay: 'Time for a day can only be entered until the end of that day.',
  afterPeriod: 'That day is after the end of the current pay period.',
  periodClosed: 'This pay period has ended, so its time can no longer be changed.',
} as const;

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

/** Checks a day's lines against the minute increment and the 24-hour day; returns the first problem. */
export function dayEntryProblem(entries: { hours: number }[], increment: number): string | null {
  if (entries.some((e) => !fitsIncrement(e.hours, increment))) return TIMECARD_MESSAGES.increment(increment);
  const total = entries.reduce((sum, e) => sum + e.hours, 0);
  return total > MAX_HOURS_PER_DAY + 1e-9 ? TIMECARD_MESSAGES.dayTotal : null;
}

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
