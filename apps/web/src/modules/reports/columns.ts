import type { TFunction as TFunctionOf } from 'i18next';
import { numberFormat } from '../../lib/intl';
import type strings from '../../locales/reports.en.json';
import type { HoursResult, LaborResult, ScheduleResult, SpendResult, StatusResult, ToolsResult } from './api';
import type { ReportKey } from './search';

type TFunction = TFunctionOf<'reports'>;

/** A column's key: its heading is `columns.<key>` in the reports' strings, so a column without one fails the type-check. */
type ColumnKey = keyof (typeof strings)['columns'];
/** The time-card states the status report returns, each with its words. */
type StatusKey = keyof (typeof strings)['status'];

type LaborRow = LaborResult['rows'][number];
type HoursRow = HoursResult['rows'][number];
type StatusRow = StatusResult['rows'][number];
type SpendRow = SpendResult['rows'][number];
type ScheduleRow = ScheduleResult['rows'][number];
type ToolRow = ToolsResult['rows'][number];

/** One column of a report's table; the exports use the same columns, so files hold what the table shows. */
export interface Column<R = never> {
  key: ColumnKey;
  numeric?: boolean;
  /** The cell's value in a file (numbers stay numbers for Excel). */
  value: (row: R) => string | number | null;
  /** The cell as the table shows it. */
  text?: (row: R, t: TFunction, language: string) => string;
}

/** Hours as the job's budget tab shows them (up to two decimals), so a row reads the same in both places. */
export const formatHours = (language: string, value: number | null | undefined) =>
  value == null ? '—' : numberFormat(language, { maximumFractionDigits: 2 }).format(value);
/** Money as the budget tab shows material budgets (two decimals). */
export const formatMoney = (language: string, value: number) =>
  numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
export const percent = (language: string, value: number | null | undefined) =>
  value == null ? '—' : `${numberFormat(language, { maximumFractionDigits: 1 }).format(value)} %`;

const costcodeText = (r: LaborRow) => (r.costcode ? [r.costcode, r.description].filter(Boolean).join(' ') : '');

export function columnsOf(report: ReportKey, group: string): Column<never>[] {
  if (report === 'labor_budget') {
    const cols: Column<LaborRow>[] = [
      { key: 'job', value: (r) => r.job },
      ...(group === 'costcode' ? [{ key: 'costcode', value: costcodeText } satisfies Column<LaborRow>] : []),
      { key: 'hrsbdg', numeric: true, value: (r) => r.hrsbdg, text: (r, _t, l) => formatHours(l, r.hrsbdg) },
      { key: 'actual_hours', numeric: true, value: (r) => r.actual_hours, text: (r, _t, l) => formatHours(l, r.actual_hours) },
      { key: 'percent_used', numeric: true, value: (r) => r.percent_used ?? null, text: (r, _t, l) => percent(l, r.percent_used) },
      {
        key: 'forecast_hours',
        numeric: true,
        value: (r) => r.forecast_hours ?? null,
        text: (r, _t, l) => formatHours(l, r.forecast_hours),
      },
    ];
    return cols as Column<never>[];
  }
  if (report === 'hours') {
    const cols: Column<HoursRow>[] = [
      { key: 'person', value: (r) => r.person },
      { key: 'week_start', value: (r) => r.week_start },
      { key: 'job', value: (r) => r.job },
      { key: 'costcode', value: (r) => r.costcode },
      { key: 'hours', numeric: true, value: (r) => r.hours, text: (r, _t, l) => formatHours(l, r.hours) },
      { key: 'regular_hours', numeric: true, value: (r) => r.regular_hours, text: (r, _t, l) => formatHours(l, r.regular_hours) },
      { key: 'overtime_hours', numeric: true, value: (r) => r.overtime_hours, text: (r, _t, l) => formatHours(l, r.overtime_hours) },
    ];
    return cols as Column<never>[];
  }
  if (report === 'tools') {
    const cols: Column<ToolRow>[] = [
      { key: 'tool', value: (r) => `${r.tool_number} ${r.name}` },
      { key: 'container', value: (r) => r.container ?? '' },
      { key: 'reservations', numeric: true, value: (r) => r.reservations },
      { key: 'reserved_days', numeric: true, value: (r) => r.reserved_days },
      { key: 'utilisation', numeric: true, value: (r) => r.utilisation ?? null, text: (r, _t, l) => percent(l, r.utilisation) },
      { key: 'overdue', numeric: true, value: (r) => r.overdue },
      { key: 'overdue_since', value: (r) => r.overdue_since ?? '' },
    ];
    return cols as Column<never>[];
  }
  if (report === 'schedule') {
    const cols: Column<ScheduleRow>[] = [
      { key: 'day', value: (r) => r.day },
      { key: 'job', value: (r) => r.job },
      { key: 'planned', numeric: true, value: (r) => r.planned },
      { key: 'punched', numeric: true, value: (r) => r.punched },
      { key: 'no_show', numeric: true, value: (r) => r.no_show },
      { key: 'unplanned', numeric: true, value: (r) => r.unplanned },
      { key: 'hours', numeric: true, value: (r) => r.hours, text: (r, _t, l) => formatHours(l, r.hours) },
    ];
    return cols as Column<never>[];
  }
  if (report === 'spend') {
    const money = (pick: (r: SpendRow) => number) => (r: SpendRow, _t: TFunction, l: string) => formatMoney(l, pick(r));
    const cols: Column<SpendRow>[] = [
      { key: 'job', value: (r) => r.job },
      { key: 'costcode', value: (r) => r.costcode ?? '', text: (r, t) => r.costcode ?? t('noCostcode') },
      { key: 'matbdg', numeric: true, value: (r) => r.matbdg, text: money((r) => r.matbdg) },
      { key: 'receipts', numeric: true, value: (r) => r.receipts, text: money((r) => r.receipts) },
      { key: 'orders', numeric: true, value: (r) => r.orders, text: money((r) => r.orders) },
      { key: 'spent', numeric: true, value: (r) => r.spent, text: money((r) => r.spent) },
      { key: 'percent_used', numeric: true, value: (r) => r.percent_used ?? null, text: (r, _t, l) => percent(l, r.percent_used) },
    ];
    return cols as Column<never>[];
  }
  const cols: Column<StatusRow>[] = [
    { key: 'person', value: (r) => r.person },
    { key: 'status', value: (r) => r.status, text: (r, t) => t(`status.${r.status as StatusKey}`) },
    { key: 'hours', numeric: true, value: (r) => r.hours, text: (r, _t, l) => formatHours(l, r.hours) },
    { key: 'days_booked', numeric: true, value: (r) => r.days_booked },
    { key: 'missing_days', numeric: true, value: (r) => r.missing_days },
    { key: 'missing_dates', value: (r) => r.missing_dates.join(' ') },
  ];
  return cols as Column<never>[];
}

export const cellText = (column: Column<never>, row: unknown, t: TFunction, language: string): string => {
  const c = column as unknown as Column<unknown>;
  if (c.text) return c.text(row, t, language);
  const v = c.value(row);
  return v == null ? '' : String(v);
};

/** A report's rows as a table for CSV and Excel: headers in the person's language, then one line per row. */
export function exportTable(columns: Column<never>[], rows: readonly unknown[], t: TFunction, language: string): (string | number)[][] {
  const cs = columns as unknown as Column<unknown>[];
  return [
    cs.map((c) => t(`columns.${c.key}`)),
    ...rows.map((r) => cs.map((c) => (c.key === 'status' && c.text ? c.text(r, t, language) : (c.value(r) ?? '')))),
  ];
}
