/**
 * The report catalogue (/admin/reports, issue 27): which reports exist, the filters each one takes, and the
 * arithmetic they share with the web (percent used, the forecast at the current burn). The server and the
 * filter form both use these.
 */
import { daysBetween, type IsoDate, toDayNumber } from './pay-periods.js';

export const REPORTS = ['labor_budget', 'hours', 'timecard_status', 'spend', 'schedule', 'tools'] as const;
export type ReportKey = (typeof REPORTS)[number];

export type ReportFilterKey =
  | 'from'
  | 'to'
  | 'date'
  | 'jobs_id'
  | 'costcodes_id'
  | 'employees_id'
  | 'departments_id'
  | 'divisions_id'
  | 'group_by';

/** The filters that mean something for each report; the others are ignored by it. */
export const REPORT_FILTERS: Record<ReportKey, readonly ReportFilterKey[]> = {
  labor_budget: ['jobs_id', 'costcodes_id', 'group_by'],
  hours: ['from', 'to', 'jobs_id', 'costcodes_id', 'employees_id', 'departments_id', 'divisions_id'],
  timecard_status: ['date', 'employees_id', 'departments_id', 'divisions_id'],
  spend: ['from', 'to', 'jobs_id', 'costcodes_id'],
  schedule: ['from', 'to', 'jobs_id', 'employees_id', 'departments_id', 'divisions_id'],
  tools: ['from', 'to', 'jobs_id', 'employees_id'],
};

/** Labor budget rows: one per job (the budget tab's totals) or one per budget line (job and cost code). */
export const LABOR_GROUPS = ['job', 'costcode'] as const;
export type LaborGroup = (typeof LABOR_GROUPS)[number];

/** The hours, schedule and tools reports read at most this many days at once. */
export const MAX_REPORT_DAYS = 92;
/** A table page is at most this many rows; the PDF export at most this many. */
export const MAX_REPORT_PAGE = 500;
export const MAX_REPORT_EXPORT_ROWS = 5000;

export type ReportFilter = Partial<{
  from: string;
  to: string;
  date: string;
  jobs_id: number;
  costcodes_id: number;
  employees_id: number;
  departments_id: number;
  divisions_id: number;
  group_by: string;
}>;

const isDate = (value: string) => {
  try {
    toDayNumber(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * The first problem with `filter` for `report`, in words a person can act on, or null. Dates are
 * YYYY-MM-DD calendar dates, ids positive integers; the hours report needs from and to, at most
 * MAX_REPORT_DAYS apart.
 */
export function reportFilterProblem(report: ReportKey, filter: ReportFilter): string | null {
  for (const key of ['from', 'to', 'date'] as const) {
    const value = filter[key];
    if (value != null && !isDate(value)) return `${key}: Invalid format, expected a date as YYYY-MM-DD.`;
  }
  for (const key of ['jobs_id', 'costcodes_id', 'employees_id', 'departments_id', 'divisions_id'] as const) {
    const value = filter[key];
    if (value != null && !(Number.isInteger(value) && value > 0)) return `${key}: Invalid format, expected a positive whole number.`;
  }
  if (filter.group_by != null && !(LABOR_GROUPS as readonly string[]).includes(filter.group_by))
    return `group_by: must be one of ${LABOR_GROUPS.join(', ')}.`;
  if (report === 'spend' && filter.from && filter.to && daysBetween(filter.from, filter.to) < 0) return 'to cannot be before from.';
  if (report === 'hours' || report === 'schedule' || report === 'tools') {
    if (!filter.from || !filter.to) return 'from and to are required (YYYY-MM-DD).';
    const span = daysBetween(filter.from, filter.to);
    if (span < 0) return 'to cannot be before from.';
    if (span + 1 > MAX_REPORT_DAYS) return `A report covers at most ${MAX_REPORT_DAYS} days.`;
  }
  return null;
}

/** Hours (or money) used as a percentage of the budget, to one decimal; null without a budget. */
export function percentUsed(actual: number, budget: number): number | null {
  if (!(budget > 0)) return null;
  return Math.round((actual / budget) * 1000) / 10;
}

/**
 * The hours a line (or job) will have used by the job's end date at the current burn:
 * burn = hours booked ÷ days from the first booked day to today (both counted);
 * forecast = hours booked + burn × days left after today up to the end date (none once it has passed).
 * Null when nothing is booked yet, the job has no end date, or the first hour is booked after today.
 */
export function forecastHours(input: { actual: number; firstDay: IsoDate | null; endDate: IsoDate | null; today: IsoDate }): number | null {
  const { actual, firstDay, endDate, today } = input;
  if (!firstDay || !endDate || !(actual > 0)) return null;
  const elapsed = daysBetween(firstDay, today) + 1;
  if (elapsed <= 0) return null;
  const remaining = Math.max(0, daysBetween(today, endDate));
  return Math.round((actual + (actual / elapsed) * remaining) * 100) / 100;
}

/** Weekdays (Monday to Friday) of [start, end] on which a person booked no time: a time card's missing days. */
export function missingWeekdays(start: IsoDate, end: IsoDate, booked: ReadonlySet<IsoDate>): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = toDayNumber(start); d <= toDayNumber(end); d++) {
    const day = new Date(d * 86_400_000);
    const weekday = day.getUTCDay();
    const iso = day.toISOString().slice(0, 10);
    if (weekday !== 0 && weekday !== 6 && !booked.has(iso)) out.push(iso);
  }
  return out;
}
