/**
 * Time-card arithmetic shared by the screen and the payroll export: totals per day, job, cost code and
 * week, and the split of hours into regular time and overtime (over 40 h in a week).
 */
import { addDays, daysBetween, type IsoDate, OVERTIME_WEEKLY_HOURS, type PayPeriod } from './pay-periods.js';

export type SummaryEntry = {
  id?: number;
  employees_id?: number;
  timecard_date: IsoDate;
  jobs_id: number;
  costcodes_id: number;
  hours: number;
};

/**
 * Time is entered in whole minutes (a 10-minute increment is 1/6 h, which no float holds exactly), so sums
 * are made in minutes and turned back into hours once.
 */
export const toMinutes = (hours: number) => Math.round(hours * 60);
export const toHours = (minutes: number) => minutes / 60;

/** Overtime weeks start on the pay period's first day (a monthly period's last week may be short). */
export function weekStartOf(date: IsoDate, periodStart: IsoDate): IsoDate {
  return addDays(periodStart, Math.floor(daysBetween(periodStart, date) / 7) * 7);
}

export type WeekTotal = { start: IsoDate; end: IsoDate; hours: number; regular: number; overtime: number };

export type CardSummary = {
  total: number;
  regular: number;
  overtime: number;
  byDay: Map<IsoDate, number>;
  byJob: Map<number, number>;
  byCostcode: Map<number, number>;
  /** Keyed by rowKey(jobs_id, costcodes_id): the grid's rows. */
  byRow: Map<string, number>;
  weeks: WeekTotal[];
};

export const rowKey = (jobs_id: number, costcodes_id: number) => `${jobs_id}:${costcodes_id}`;

const add = <K>(map: Map<K, number>, key: K, minutes: number) => map.set(key, (map.get(key) ?? 0) + minutes);
const inHours = <K>(map: Map<K, number>) => new Map([...map].map(([k, minutes]) => [k, toHours(minutes)]));
const OVERTIME_MINUTES = OVERTIME_WEEKLY_HOURS * 60;

/** One person's totals over a pay period; entries outside the period are ignored. */
export function summarizeCard(entries: readonly SummaryEntry[], period: PayPeriod): CardSummary {
  const byDay = new Map<IsoDate, number>();
  const byJob = new Map<number, number>();
  const byCostcode = new Map<number, number>();
  const byRow = new Map<string, number>();
  const weekMinutes = new Map<IsoDate, number>();
  let total = 0;
  let regular = 0;
  for (const e of entries) {
    if (e.timecard_date < period.start || e.timecard_date > period.end) continue;
    const minutes = toMinutes(e.hours);
    total += minutes;
    add(byDay, e.timecard_date, minutes);
    add(byJob, e.jobs_id, minutes);
    add(byCostcode, e.costcodes_id, minutes);
    add(byRow, rowKey(e.jobs_id, e.costcodes_id), minutes);
    add(weekMinutes, weekStartOf(e.timecard_date, period.start), minutes);
  }
  const weeks: WeekTotal[] = [];
  for (let start = period.start; start <= period.end; start = addDays(start, 7)) {
    const minutes = weekMinutes.get(start) ?? 0;
    const end = addDays(start, 6) < period.end ? addDays(start, 6) : period.end;
    const weekRegular = Math.min(minutes, OVERTIME_MINUTES);
    regular += weekRegular;
    weeks.push({ start, end, hours: toHours(minutes), regular: toHours(weekRegular), overtime: toHours(minutes - weekRegular) });
  }
  return {
    total: toHours(total),
    regular: toHours(regular),
    overtime: toHours(total - regular),
    byDay: inHours(byDay),
    byJob: inHours(byJob),
    byCostcode: inHours(byCostcode),
    byRow: inHours(byRow),
    weeks,
  };
}

/**
 * Splits each entry into regular and overtime hours: within a person's week, hours count in date order
 * (then entry id), and whatever lies beyond the 40th hour is overtime. The per-entry split adds up to the
 * weekly totals of summarizeCard.
 */
export function splitEntriesOvertime<E extends SummaryEntry>(
  entries: readonly E[],
  periodStart: IsoDate,
): (E & { regular_hours: number; overtime_hours: number })[] {
  const sorted = [...entries].sort(
    (a, b) => (a.employees_id ?? 0) - (b.employees_id ?? 0) || a.timecard_date.localeCompare(b.timecard_date) || (a.id ?? 0) - (b.id ?? 0),
  );
  const worked = new Map<string, number>();
  return sorted.map((e) => {
    const week = `${e.employees_id ?? 0}|${weekStartOf(e.timecard_date, periodStart)}`;
    const minutes = toMinutes(e.hours);
    const before = worked.get(week) ?? 0;
    worked.set(week, before + minutes);
    const regular = Math.max(0, Math.min(before + minutes, OVERTIME_MINUTES) - before);
    return { ...e, regular_hours: toHours(regular), overtime_hours: toHours(minutes - regular) };
  });
}
