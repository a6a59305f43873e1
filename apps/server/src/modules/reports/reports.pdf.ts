import type { ReportKey } from '@groundwork/core/reports';
import type { Content } from 'pdfmake/interfaces';
import { type PdfLanguage, renderPdf } from '../../platform/pdf.js';
import type { HoursRow } from './reports.hours.js';
import type { LaborRow } from './reports.labor.js';
import type { ScheduleRow } from './reports.schedule.js';
import type { SpendRow } from './reports.spend.js';
import type { StatusRow } from './reports.status.js';
import type { ToolRow } from './reports.tools.js';

type Column<R> = { en: string; es: string; value: (r: R) => string; right?: boolean };

const num = (n: number | null, lang: PdfLanguage) =>
  n == null ? '—' : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(n);
const pct = (n: number | null, lang: PdfLanguage) => (n == null ? '—' : `${num(n, lang)} %`);
const money = (n: number, lang: PdfLanguage) =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** The table columns of each report, as the web's table shows them (same order, same numbers). */
const COLUMNS = (lang: PdfLanguage) => ({
  labor_budget: [
    { en: 'Job', es: 'Trabajo', value: (r) => r.job },
    { en: 'Cost code', es: 'Código de costo', value: (r) => (r.costcode ? [r.costcode, r.description].filter(Boolean).join(' ') : '—') },
    { en: 'Budgeted hours', es: 'Horas presupuestadas', value: (r) => num(r.hrsbdg, lang), right: true },
    { en: 'Actual hours', es: 'Horas reales', value: (r) => num(r.actual_hours, lang), right: true },
    { en: '% used', es: '% usado', value: (r) => pct(r.percent_used, lang), right: true },
    { en: 'Forecast', es: 'Pronóstico', value: (r) => num(r.forecast_hours, lang), right: true },
  ] satisfies Column<LaborRow>[],
  hours: [
    { en: 'Person', es: 'Persona', value: (r) => r.person },
    { en: 'Week of', es: 'Semana del', value: (r) => r.week_start },
    { en: 'Job', es: 'Trabajo', value: (r) => r.job },
    { en: 'Cost code', es: 'Código de costo', value: (r) => r.costcode },
    { en: 'Hours', es: 'Horas', value: (r) => num(r.hours, lang), right: true },
    { en: 'Regular', es: 'Regulares', value: (r) => num(r.regular_hours, lang), right: true },
    { en: 'Overtime', es: 'Extra', value: (r) => num(r.overtime_hours, lang), right: true },
  ] satisfies Column<HoursRow>[],
  timecard_status: [
    { en: 'Person', es: 'Persona', value: (r) => r.person },
    { en: 'Status', es: 'Estado', value: (r) => STATUS[lang][r.status] },
    { en: 'Hours', es: 'Horas', value: (r) => num(r.hours, lang), right: true },
    { en: 'Days with time', es: 'Días con horas', value: (r) => String(r.days_booked), right: true },
    { en: 'Missing days', es: 'Días faltantes', value: (r) => String(r.missing_days), right: true },
  ] satisfies Column<StatusRow>[],
  spend: [
    { en: 'Job', es: 'Trabajo', value: (r) => r.job },
    { en: 'Cost code', es: 'Código de costo', value: (r) => r.costcode ?? '—' },
    { en: 'Material budget', es: 'Presupuesto de materiales', value: (r) => money(r.matbdg, lang), right: true },
    { en: 'Receipts', es: 'Recibos', value: (r) => money(r.receipts, lang), right: true },
    { en: 'Orders', es: 'Órdenes', value: (r) => money(r.orders, lang), right: true },
    { en: 'Spent', es: 'Gastado', value: (r) => money(r.spent, lang), right: true },
    { en: '% used', es: '% usado', value: (r) => pct(r.percent_used, lang), right: true },
  ] satisfies Column<SpendRow>[],
  schedule: [
    { en: 'Day', es: 'Día', value: (r) => r.day },
    { en: 'Job', es: 'Trabajo', value: (r) => r.job },
    { en: 'Planned', es: 'Programados', value: (r) => String(r.planned), right: true },
    { en: 'Punched', es: 'Con horas', value: (r) => String(r.punched), right: true },
    { en: 'No time', es: 'Sin horas', value: (r) => String(r.no_show), right: true },
    { en: 'Not planned', es: 'No programados', value: (r) => String(r.unplanned), right: true },
    { en: 'Hours', es: 'Horas', value: (r) => num(r.hours, lang), right: true },
  ] satisfies Column<ScheduleRow>[],
  tools: [
    { en: 'Tool', es: 'Herramienta', value: (r) => `${r.tool_number} ${r.name}` },
    { en: 'Container', es: 'Contenedor', value: (r) => r.container ?? '—' },
    { en: 'Reservations', es: 'Reservas', value: (r) => String(r.reservations), right: true },
    { en: 'Days reserved', es: 'Días reservada', value: (r) => String(r.reserved_days), right: true },
    { en: 'Utilisation', es: 'Utilización', value: (r) => pct(r.utilisation, lang), right: true },
    { en: 'Overdue', es: 'Vencidas', value: (r) => String(r.overdue), right: true },
    { en: 'Overdue since', es: 'Vencida desde', value: (r) => r.overdue_since ?? '—' },
  ] satisfies Column<ToolRow>[],
});

const STATUS = {
  en: { signed: 'Signed', unsigned: 'Unsigned', none: 'No time card' },
  es: { signed: 'Firmada', unsigned: 'Sin firmar', none: 'Sin tarjeta' },
} as const;

const REPORT_TITLES: Record<ReportKey, Record<PdfLanguage, string>> = {
  labor_budget: { en: 'Labor budget vs actual', es: 'Presupuesto de mano de obra vs real' },
  hours: { en: 'Hours by person, job and week', es: 'Horas por persona, trabajo y semana' },
  timecard_status: { en: 'Time card status', es: 'Estado de las tarjetas de tiempo' },
  spend: { en: 'Spend vs material budget', es: 'Gasto vs presupuesto de materiales' },
  schedule: { en: 'Crew schedule vs actual', es: 'Programación de cuadrillas vs real' },
  tools: { en: 'Tool utilisation and overdue reservations', es: 'Uso de herramientas y reservas vencidas' },
};

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
    columns.map((c) => ({ text: c[lang], bold: true, alignment: c.right ? 'right' : 'left' })),
    ...input.rows.map((r) => columns.map((c) => ({ text: c.value(r), alignment: c.right ? ('right' as const) : ('left' as const) }))),
  ];
  const note = input.truncated
    ? [
        {
          text: lang === 'es' ? 'Solo las primeras filas: filtre para ver el resto.' : 'First rows only: filter to see the rest.',
          style: 'small',
        },
      ]
    : [];
  return renderPdf({
    brand: { company: input.company },
    lang,
    title: REPORT_TITLES[input.report][lang],
    content: [
      { text: input.subtitle, style: 'small', margin: [0, 0, 0, 8] },
      input.rows.length
        ? {
            table: { headerRows: 1, widths: columns.map((_, i) => (i === 0 ? '*' : 'auto')), body },
            fontSize: 9,
            layout: 'lightHorizontalLines',
          }
        : { text: lang === 'es' ? 'Sin filas.' : 'No rows.' },
      ...note,
    ] as Content[],
  });
}
