/**
 * Query keys of /admin/reports, each optional (spec §2): the report shown and its filters, so a report view is
 * linkable. report: labor_budget | hours | timecard_status | spend | schedule | tools; from, to, date: YYYY-MM-DD; job, costcode, person,
 * department, division: ids; group: job | costcode (labor budget). Plain code: the router is in the first download.
 */
export type ReportKey = 'labor_budget' | 'hours' | 'timecard_status' | 'spend' | 'schedule' | 'tools';
export const REPORT_KEYS: readonly ReportKey[] = ['labor_budget', 'hours', 'timecard_status', 'spend', 'schedule', 'tools'];

export interface ReportsSearch {
  report?: ReportKey;
  from?: string;
  to?: string;
  date?: string;
  job?: number;
  costcode?: number;
  person?: number;
  department?: number;
  division?: number;
  group?: 'job' | 'costcode';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function validateReportsSearch(raw: Record<string, unknown>): ReportsSearch {
  const search: ReportsSearch = {};
  if (typeof raw.report === 'string' && (REPORT_KEYS as readonly string[]).includes(raw.report)) search.report = raw.report as ReportKey;
  for (const key of ['from', 'to', 'date'] as const) {
    const value = raw[key];
    if (typeof value === 'string' && DATE.test(value)) search[key] = value;
  }
  for (const key of ['job', 'costcode', 'person', 'department', 'division'] as const) {
    const value = Number(raw[key]);
    if (raw[key] !== undefined && raw[key] !== '' && Number.isInteger(value) && value > 0) search[key] = value;
  }
  if (raw.group === 'job' || raw.group === 'costcode') search.group = raw.group;
  return search;
}
