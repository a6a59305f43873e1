import type { ReportKey } from '@groundwork/core/reports';
import type { Content } from 'pdfmake/interfaces';
import { type PdfLanguage, renderPdf } from '../../platform/pdf.js';
import { formatDate, formatMoney, formatNumber, type Language, type PlainKey, plain, t as text } from '../../platform/texts.js';
import type { HoursRow } from './reports.hours.js';
import type { LaborRow } from './reports.labor.js';
import type { ScheduleRow } from './reports.schedule.js';
import type { SpendRow } from './reports.spend.js';
import type { StatusRow } from './reports.status.js';
import type { ToolRow } from './reports.tools.js';

type Column<R> = { label: PlainKey; value: (r: R) => string; right?: boolean };

const num = (n: number | null, lang: PdfLanguage) => (n == null ? '—' : formatNumber(lang, n));
const pct = (n: number | null, lang: PdfLanguage) => (n == null ? '—' : text(lang, 'reports.percent', { value: n }));
const money = (n: number, lang: PdfLanguage) => formatMoney(lang, Math.round(n * 100));
const day = (d: string | null | undefined, lang: Language) => (d ? formatDate(lang, d) : '—');

/** The table columns of each report, as the web's table shows them (same order, same numbers). */
const COLUMNS = (lang: PdfLanguage) => ({
  labor_budget: [
    { label: 'reports.job', value: (r) => r.job },
    { label: 'reports.costcode', value: (r) => (r.costcode ? [r.costcode, r.description].filter(Boolean).join(' ') : '—') },
    { label: 'reports.budgeted_hours', value: (r) => num(r.hrsbdg, lang), right: true },
    { label: 'reports.actual_hours', value: (r) => num(r.actual_hours, lang), right: true },
    { label: 'reports.percent_used', value: (r) => pct(r.percent_used, lang), right: true },
    { label: 'reports.forecast', value: (r) => num(r.forecast_hours, lang), right: true },
  ] satisfies Column<LaborRow>[],
  hours: [
    { label: 'reports.person', value: (r) => r.person },
    { label: 'reports.week_of', value: (r) => day(r.week_start, lang) },
    { label: 'reports.job', value: (r) => r.job },
    { label: 'reports.costcode', value: (r) => r.costcode },
    { label: 'reports.hours', value: (r) => num(r.hours, lang), right: true },
    { label: 'reports.regular', value: (r) => num(r.regular_hours, lang), right: true },
    { label: 'reports.overtime', value: (r) => num(r.overtime_hours, lang), right: true },
  ] satisfies Column<HoursRow>[],
  timecard_status: [
    { label: 'reports.person', value: (r) => r.person },
    { label: 'reports.status', value: (r) => plain(lang, STATUS[r.status]) },
    { label: 'reports.hours', value: (r) => num(r.hours, lang), right: true },
    { label: 'reports.days_booked', value: (r) => String(r.days_booked), right: true },
    { label: 'reports.missing_days', value: (r) => String(r.missing_days), right: true },
  ] satisfies Column<StatusRow>[],
  spend: [
    { label: 'reports.job', value: (r) => r.job },
    { label: 'reports.costcode', value: (r) => r.costcode ?? '—' },
    { label: 'reports.material_budget', value: (r) => money(r.matbdg, lang), right: true },
    { label: 'reports.receipts', value: (r) => money(r.receipts, lang), right: true },
    { label: 'reports.orders', value: (r) => money(r.orders, lang), right: true },
    { label: 'reports.spent', value: (r) => money(r.spent, lang), right: true },
    { label: 'reports.percent_used', value: (r) => pct(r.percent_used, lang), right: true },
  ] satisfies Column<SpendRow>[],
  schedule: [
    { label: 'reports.day', value: (r) => day(r.day, lang) },
    { label: 'reports.job', value: (r) => r.job },
    { label: 'reports.planned', value: (r) => String(r.planned), right: true },
    { label: 'reports.punched', value: (r) => String(r.punched), right: true },
    { label: 'reports.no_show', value: (r) => String(r.no_show), right: true },
    { label: 'reports.unplanned', value: (r) => String(r.unplanned), right: true },
    { label: 'reports.hours', value: (r) => num(r.hours, lang), right: true },
  ] satisfies Column<ScheduleRow>[],
  tools: [
    { label: 'reports.tool', value: (r) => `${r.tool_number} ${r.name}` },
    { label: 'reports.container', value: (r) => r.container ?? '—' },
    { label: 'reports.reservations', value: (r) => String(r.reservations), right: true },
    { label: 'reports.reserved_days', value: (r) => String(r.reserved_days), right: true },
    { label: 'reports.utilisation', value: (r) => pct(r.utilisation, lang), right: true },
    { label: 'reports.overdue', value: (r) => String(r.overdue), right: true },
    { label: 'reports.overdue_since', value: (r) => day(r.overdue_since, lang) },
  ] satisfies Column<ToolRow>[],
});

const STATUS = { signed: 'reports.status_signed', unsigned: 'reports.status_unsigned', none: 'reports.status_none' } as const;

/** The report's rows as a PDF table, under the company's header; `subtitle` says what the rows cover. */
export function renderReportPdf(input: {
  company: string;
  report: ReportKey;
  rows: unknown[];
  lang: PdfLanguage;
  subtitle: string;
  truncated: boolean;
}): Promise<Buffer> {
  const { lang } = input;
  const columns = COLUMNS(lang)[input.report] as Column<unknown>[];
  const body: Content[][] = [
    columns.map((c) => ({ text: plain(lang, c.label), bold: true, alignment: c.right ? 'right' : 'left' })),
    ...input.rows.map((r) => columns.map((c) => ({ text: c.value(r), alignment: c.right ? ('right' as const) : ('left' as const) }))),
  ];
  const note = input.truncated
    ? [
        {
          text: plain(lang, 'reports.truncated'),
          style: 'small',
        },
      ]
    : [];
  return renderPdf({
    brand: { company: input.company },
    lang,
    title: plain(lang, `reports.title.${input.report}`),
    content: [
      { text: input.subtitle, style: 'small', margin: [0, 0, 0, 8] },
      input.rows.length
        ? {
            table: { headerRows: 1, widths: columns.map((_, i) => (i === 0 ? '*' : 'auto')), body },
            fontSize: 9,
            layout: 'lightHorizontalLines',
          }
        : { text: plain(lang, 'reports.no_rows') },
      ...note,
    ] as Content[],
  });
}
