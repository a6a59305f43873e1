/**
 * Pay periods and time-entry rules (spec §5, §9). Dates are ISO calendar dates ('YYYY-MM-DD') and all
 * arithmetic is on whole UTC days, so daylight-saving changes and the time zone never move a boundary.
 */

export type IsoDate = string;
export type PayPeriod = { start: IsoDate; end: IsoDate };

/** Setting 1: the pay period type. */
export const PAY_PERIOD_TYPES = { weekly: 1, biweekly: 2, monthly: 3 } as const;
export type PayPeriodType = (typeof PAY_PERIOD_TYPES)[keyof typeof PAY_PERIOD_TYPES];

/** Tenant setting ids used by time cards (spec §5, §9). */
export const TIMECARD_SETTINGS = {
  payPeriodType: 1,
  sameDayEntry: 6,
  sameDayUntilEndOfDay: 7,
  payPeriodEndEntry: 8,
  payPeriodEndUntilEndOfDay: 9,
  payPeriodStart: 15,
  snackbar: 17,
  minuteIncrements: [43, 44, 45, 46, 47, 48],
} as const;

export const DEFAULT_MINUTE_INCREMENT = 15;
export const MAX_HOURS_PER_DAY = 24;
export const OVERTIME_WEEKLY_HOURS = 40;

/** The time-entry rules' messages, in the spec's words (server refusals and the web's checks before saving). */
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
  emptyForOther: 'Enter at least one line to save time for someone else.',
  otherCard: 'That time card belongs to someone else.',
  cardHasTime: 'A time card with time on it cannot move to another person or pay period.',
  notBudgeted: 'That cost code is not budgeted on this job.',
  drawSignature: 'Draw your signature to sign.',
  missingJob: 'Missing jobs_id in entry',
  chooseCostcode: 'Choose a cost code.',
  hoursPositive: 'Hours must be more than zero.',
} as const;

export const DEFAULT_WINDOW_DAYS = 7;

const DAY = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for an ISO date; throws on anything that is not a real calendar date. */
export function toDayNumber(date: IsoDate): number {
  const m = ISO.exec(date);
  if (!m) throw new RangeError(`Not an ISO date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return t / DAY;
}

export const fromDayNumber = (n: number): IsoDate => new Date(n * DAY).toISOString().slice(0, 10);
export const addDays = (date: IsoDate, days: number): IsoDate => fromDayNumber(toDayNumber(date) + days);
export const daysBetween = (from: IsoDate, to: IsoDate): number => toDayNumber(to) - toDayNumber(from);

/** Spec §5: dates are sent as the first 10 characters of ISO strings. */
export const isoDay = (d: Date | string): IsoDate => (typeof d === 'string' ? d : d.toISOString()).slice(0, 10);

const floorDiv = (a: number, b: number) => Math.floor(a / b);

function monthStart(y: number, m: number, day: number): number {
  // A period anchored on the 31st starts on the last day of shorter months.
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(day, last)) / DAY;
}

/** The pay period containing `date`, for a period type and the anchor start date of setting 15. */
export function payPeriodFor(date: IsoDate, type: PayPeriodType, anchor: IsoDate): PayPeriod {
  const d = toDayNumber(date);
  const a = toDayNumber(anchor);
  if (type === PAY_PERIOD_TYPES.weekly || type === PAY_PERIOD_TYPES.biweekly) {
    const length = type === PAY_PERIOD_TYPES.weekly ? 7 : 14;
    const start = a + floorDiv(d - a, length) * length;
    return { start: fromDayNumber(start), end: fromDayNumber(start + length - 1) };
  }
  if (type !== PAY_PERIOD_TYPES.monthly) throw new RangeError(`Unknown pay period type: ${type}`);
  const anchorDay = new Date(a * DAY).getUTCDate();
  const day = new Date(d * DAY);
  let y = day.getUTCFullYear();
  let m = day.getUTCMonth();
  if (d < monthStart(y, m, anchorDay)) {
    m -= 1;
    if (m < 0) {
      m = 11;
      y -= 1;
    }
  }
  const start = monthStart(y, m, anchorDay);
  const next = m === 11 ? monthStart(y + 1, 0, anchorDay) : monthStart(y, m + 1, anchorDay);
  return { start: fromDayNumber(start), end: fromDayNumber(next - 1) };
}

/** The pay periods overlapping [from, to], in order. */
export function payPeriodsBetween(from: IsoDate, to: IsoDate, type: PayPeriodType, anchor: IsoDate): PayPeriod[] {
  const out: PayPeriod[] = [];
  let p = payPeriodFor(from, type, anchor);
  while (toDayNumber(p.start) <= toDayNumber(to)) {
    out.push(p);
    p = payPeriodFor(addDays(p.end, 1), type, anchor);
  }
  return out;
}

/** Spec §9: the default time card window is 7 days before and after today. */
export const defaultWindow = (today: IsoDate): PayPeriod => ({
  start: addDays(today, -DEFAULT_WINDOW_DAYS),
  end: addDays(today, DEFAULT_WINDOW_DAYS),
});

/** Every date of a period, for grids and totals. */
export function datesOf(period: PayPeriod): IsoDate[] {
  const n = daysBetween(period.start, period.end);
  return Array.from({ length: n + 1 }, (_, i) => addDays(period.start, i));
}

export type TenantSetting = { id: number; custom_value: string | null; pass_through_value: string | null };
const isOn = (s: TenantSetting | undefined) => s?.custom_value === 'true';

/**
 * The minute increment time is entered in: whichever of settings 43-48 is on, from its pass-through
 * value; 15 by default.
 */
export function minuteIncrement(settings: readonly TenantSetting[]): number {
  for (const id of TIMECARD_SETTINGS.minuteIncrements) {
    const s = settings.find((x) => x.id === id);
    const minutes = Number(s?.pass_through_value);
    if (isOn(s) && Number.isInteger(minutes) && minutes > 0 && minutes <= 60) return minutes;
  }
  return DEFAULT_MINUTE_INCREMENT;
}

/** Hours are whole multiples of the increment: 7.25 h is fine at 15 minutes, 7.1 h is not. */
export const fitsIncrement = (hours: number, increment: number) =>
  Math.abs(Math.round(hours * 60) - hours * 60) < 1e-6 && Math.round(hours * 60) % increment === 0;
