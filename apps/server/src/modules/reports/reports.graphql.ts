import { isoDay } from '@groundwork/core/pay-periods';
import { MAX_REPORT_EXPORT_ROWS, MAX_REPORT_PAGE, REPORTS, type ReportFilter, type ReportKey } from '@groundwork/core/reports';
import { eq } from 'drizzle-orm';
import { builder } from '../../graphql/builder.js';
import { type Gated, tenantQuery } from '../../graphql/gate.js';
import { isLanguage, type Language, plain, t as text } from '../../platform/texts.js';
import { tenants } from '../tenants/tenants.table.js';
import { type HoursReport, type HoursRow, hoursReport } from './reports.hours.js';
import { type LaborReport, type LaborRow, laborReport } from './reports.labor.js';
import { renderReportPdf } from './reports.pdf.js';
import { type ScheduleReport, type ScheduleRow, scheduleReport } from './reports.schedule.js';
import { checkFilter, pageOf, REPORTS_RULE, type ReportRun, reportScope } from './reports.scope.js';
import { type SpendReport, type SpendRow, spendReport } from './reports.spend.js';
import { type StatusReport, type StatusRow, statusReport } from './reports.status.js';
import { type ToolReport, type ToolRow, toolsReport } from './reports.tools.js';

// --- Shapes -------------------------------------------------------------------------------------------

const ReportFilterInput = builder.inputType('ReportFilter', {
  description:
    'Filters of the report catalogue; each report uses the ones that mean something for it. Dates YYYY-MM-DD, ids positive integers.',
  fields: (t) => ({
    from: t.string({ required: false, description: 'First day (hours).' }),
    to: t.string({ required: false, description: 'Last day (hours).' }),
    date: t.string({ required: false, description: 'A day of the pay period (time-card status; default today).' }),
    jobs_id: t.int({ required: false }),
    costcodes_id: t.int({ required: false }),
    employees_id: t.int({ required: false }),
    departments_id: t.int({ required: false }),
    divisions_id: t.int({ required: false }),
    group_by: t.string({
      required: false,
      description: "Labor budget: 'job' (default, the budget tab's totals) or 'costcode' (its lines).",
    }),
  }),
});
const ReportNameRef = builder.enumType('ReportName', { values: REPORTS });

const LaborRowRef = builder.objectRef<LaborRow>('LaborBudgetRow').implement({
  description: 'A job (or one of its budget lines): hours budgeted (hrsbdg) and booked (actual_hours) as on its budget tab.',
  fields: (t) => ({
    jobs_id: t.exposeInt('jobs_id'),
    job: t.exposeString('job'),
    costcodes_id: t.exposeInt('costcodes_id', { nullable: true }),
    costcode: t.exposeString('costcode', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    hrsbdg: t.exposeFloat('hrsbdg'),
    actual_hours: t.exposeFloat('actual_hours'),
    percent_used: t.exposeFloat('percent_used', {
      nullable: true,
      description: 'actual_hours / hrsbdg × 100, one decimal; null without a budget.',
    }),
    forecast_hours: t.exposeFloat('forecast_hours', {
      nullable: true,
      description:
        'actual_hours + (actual_hours / days from first_day to today) × days left to end_date; null without booked hours or an end date.',
    }),
    first_day: t.exposeString('first_day', { nullable: true }),
    end_date: t.exposeString('end_date', { nullable: true }),
  }),
});
const LaborTotalsRef = builder.objectRef<LaborReport['totals']>('LaborBudgetTotals').implement({
  fields: (t) => ({
    hrsbdg: t.exposeFloat('hrsbdg'),
    actual_hours: t.exposeFloat('actual_hours'),
    percent_used: t.exposeFloat('percent_used', { nullable: true }),
  }),
});
const LaborReportRef = builder.objectRef<LaborReport>('LaborBudgetReport').implement({
  fields: (t) => ({
    rows: t.field({ type: [LaborRowRef], resolve: (r) => r.rows }),
    totals: t.field({ type: LaborTotalsRef, resolve: (r) => r.totals }),
    total: t.exposeInt('total', { description: 'Rows in all pages.' }),
    group_by: t.exposeString('group_by'),
    today: t.exposeString('today', { description: 'The day the forecast runs from.' }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const HoursRowRef = builder.objectRef<HoursRow>('HoursReportRow').implement({
  fields: (t) => ({
    employees_id: t.exposeInt('employees_id'),
    person: t.exposeString('person'),
    jobs_id: t.exposeInt('jobs_id'),
    job: t.exposeString('job'),
    costcodes_id: t.exposeInt('costcodes_id'),
    costcode: t.exposeString('costcode'),
    week_start: t.exposeString('week_start'),
    hours: t.exposeFloat('hours'),
    regular_hours: t.exposeFloat('regular_hours'),
    overtime_hours: t.exposeFloat('overtime_hours'),
  }),
});
const HoursTotalsRef = builder.objectRef<HoursReport['totals']>('HoursReportTotals').implement({
  fields: (t) => ({
    hours: t.exposeFloat('hours'),
    regular_hours: t.exposeFloat('regular_hours'),
    overtime_hours: t.exposeFloat('overtime_hours'),
    people: t.exposeInt('people'),
  }),
});
const HoursWeekRef = builder.objectRef<HoursReport['weeks'][number]>('HoursReportWeek').implement({
  fields: (t) => ({
    week_start: t.exposeString('week_start'),
    regular_hours: t.exposeFloat('regular_hours'),
    overtime_hours: t.exposeFloat('overtime_hours'),
  }),
});
const HoursReportRef = builder.objectRef<HoursReport>('HoursReport').implement({
  fields: (t) => ({
    rows: t.field({ type: [HoursRowRef], resolve: (r) => r.rows }),
    totals: t.field({ type: HoursTotalsRef, resolve: (r) => r.totals }),
    weeks: t.field({
      type: [HoursWeekRef],
      description: 'Regular and overtime hours per week over all rows: the chart.',
      resolve: (r) => r.weeks,
    }),
    total: t.exposeInt('total'),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const StatusRowRef = builder.objectRef<StatusRow>('TimecardStatusRow').implement({
  fields: (t) => ({
    employees_id: t.exposeInt('employees_id'),
    person: t.exposeString('person'),
    status: t.exposeString('status', { description: "'signed', 'unsigned' (a card or time, not signed) or 'none'." }),
    signed_on: t.exposeString('signed_on', { nullable: true }),
    hours: t.exposeFloat('hours'),
    days_booked: t.exposeInt('days_booked'),
    missing_days: t.exposeInt('missing_days', { description: 'Weekdays of the period up to today without time.' }),
    missing_dates: t.exposeStringList('missing_dates'),
  }),
});
const StatusTotalsRef = builder.objectRef<StatusReport['totals']>('TimecardStatusTotals').implement({
  fields: (t) => ({
    people: t.exposeInt('people'),
    signed: t.exposeInt('signed'),
    unsigned: t.exposeInt('unsigned'),
    none: t.exposeInt('none'),
  }),
});
const StatusReportRef = builder.objectRef<StatusReport>('TimecardStatusReport').implement({
  fields: (t) => ({
    rows: t.field({ type: [StatusRowRef], resolve: (r) => r.rows }),
    totals: t.field({ type: StatusTotalsRef, resolve: (r) => r.totals }),
    period_start: t.exposeString('period_start'),
    period_end: t.exposeString('period_end'),
    total: t.exposeInt('total'),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const SpendRowRef = builder.objectRef<SpendRow>('SpendReportRow').implement({
  description: 'A job and cost code: its material budget (matbdg) and what receipts and sent orders spent on it, in dollars.',
  fields: (t) => ({
    jobs_id: t.exposeInt('jobs_id'),
    job: t.exposeString('job'),
    costcodes_id: t.exposeInt('costcodes_id', { nullable: true, description: 'Null: spend without a cost code.' }),
    costcode: t.exposeString('costcode', { nullable: true }),
    matbdg: t.exposeFloat('matbdg'),
    receipts: t.exposeFloat('receipts'),
    orders: t.exposeFloat('orders'),
    spent: t.exposeFloat('spent'),
    percent_used: t.exposeFloat('percent_used', {
      nullable: true,
      description: 'spent / matbdg × 100, one decimal; null without a budget.',
    }),
  }),
});
const SpendTotalsRef = builder.objectRef<SpendReport['totals']>('SpendReportTotals').implement({
  fields: (t) => ({
    matbdg: t.exposeFloat('matbdg'),
    receipts: t.exposeFloat('receipts'),
    orders: t.exposeFloat('orders'),
    spent: t.exposeFloat('spent'),
    percent_used: t.exposeFloat('percent_used', { nullable: true }),
  }),
});
const SpendReportRef = builder.objectRef<SpendReport>('SpendReport').implement({
  fields: (t) => ({
    rows: t.field({ type: [SpendRowRef], resolve: (r) => r.rows }),
    totals: t.field({ type: SpendTotalsRef, resolve: (r) => r.totals }),
    total: t.exposeInt('total'),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const ScheduleRowRef = builder.objectRef<ScheduleRow>('ScheduleReportRow').implement({
  description: 'A job on a day: people planned on the schedule, people with time on it, and the difference.',
  fields: (t) => ({
    jobs_id: t.exposeInt('jobs_id'),
    job: t.exposeString('job'),
    day: t.exposeString('day'),
    planned: t.exposeInt('planned'),
    punched: t.exposeInt('punched'),
    no_show: t.exposeInt('no_show', { description: 'Planned, no time on the job that day.' }),
    unplanned: t.exposeInt('unplanned', { description: 'Time on the job that day without being planned.' }),
    hours: t.exposeFloat('hours'),
  }),
});
const ScheduleTotalsRef = builder.objectRef<ScheduleReport['totals']>('ScheduleReportTotals').implement({
  fields: (t) => ({
    planned: t.exposeInt('planned'),
    punched: t.exposeInt('punched'),
    no_show: t.exposeInt('no_show'),
    unplanned: t.exposeInt('unplanned'),
    hours: t.exposeFloat('hours'),
  }),
});
const ScheduleDayRef = builder.objectRef<ScheduleReport['days'][number]>('ScheduleReportDay').implement({
  fields: (t) => ({ day: t.exposeString('day'), planned: t.exposeInt('planned'), punched: t.exposeInt('punched') }),
});
const ScheduleReportRef = builder.objectRef<ScheduleReport>('ScheduleReport').implement({
  fields: (t) => ({
    rows: t.field({ type: [ScheduleRowRef], resolve: (r) => r.rows }),
    totals: t.field({ type: ScheduleTotalsRef, resolve: (r) => r.totals }),
    days: t.field({
      type: [ScheduleDayRef],
      description: 'Planned and punched heads per day over all rows: the chart.',
      resolve: (r) => r.days,
    }),
    total: t.exposeInt('total'),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const ToolRowRef = builder.objectRef<ToolRow>('ToolReportRow').implement({
  fields: (t) => ({
    tools_id: t.exposeInt('tools_id'),
    tool_number: t.exposeString('tool_number'),
    name: t.exposeString('name'),
    container: t.exposeString('container', { nullable: true, description: 'Where the tool is now.' }),
    reservations: t.exposeInt('reservations'),
    reserved_days: t.exposeInt('reserved_days', { description: 'Days of the window under a reservation (status 1), clipped to it.' }),
    utilisation: t.exposeFloat('utilisation', { nullable: true, description: 'reserved_days / days of the window × 100, one decimal.' }),
    overdue: t.exposeInt('overdue', { description: 'Active reservations whose end day is before today.' }),
    overdue_since: t.exposeString('overdue_since', { nullable: true }),
  }),
});
const ToolTotalsRef = builder.objectRef<ToolReport['totals']>('ToolReportTotals').implement({
  fields: (t) => ({
    tools: t.exposeInt('tools'),
    reserved_days: t.exposeInt('reserved_days'),
    utilisation: t.exposeFloat('utilisation', { nullable: true }),
    overdue: t.exposeInt('overdue'),
  }),
});
const ToolReportRef = builder.objectRef<ToolReport>('ToolReport').implement({
  fields: (t) => ({
    rows: t.field({ type: [ToolRowRef], resolve: (r) => r.rows }),
    totals: t.field({ type: ToolTotalsRef, resolve: (r) => r.totals }),
    window_days: t.exposeInt('window_days'),
    today: t.exposeString('today'),
    total: t.exposeInt('total'),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

// --- Operations ---------------------------------------------------------------------------------------

/** A filter as GraphQL hands it over (absent fields may be null). */
type RawFilter = { [K in keyof ReportFilter]?: ReportFilter[K] | null };

type Runner = (run: ReportRun) => Promise<unknown>;
const RUNNERS: Record<ReportKey, Runner> = {
  labor_budget: laborReport,
  hours: hoursReport,
  timecard_status: statusReport,
  spend: spendReport,
  schedule: scheduleReport,
  tools: toolsReport,
};

/** Checks the filter, then the caller's scope (admins: everything; foremen and PMs: their jobs), then runs. */
async function run(report: ReportKey, g: Gated, filter: RawFilter | null | undefined, page: { limit: number; offset: number }) {
  const f = checkFilter(report, filter);
  const scope = await reportScope(g.tx, g.member, f);
  return RUNNERS[report]({ tx: g.tx, tenant: g.member.tenantUuid, scope, f, page, today: isoDay(g.ctx.now()) });
}

const reportArgs = (arg: Parameters<NonNullable<Parameters<typeof tenantQuery>[2]['args']>>[0]) => ({
  filter: arg({ type: ReportFilterInput, required: false }),
  limit: arg.int({ required: false }),
  nextToken: arg.string({ required: false }),
});

const ACCESS = 'admin_access: the whole company; a job’s foremen and PMs: their jobs (another job is FORBIDDEN); anyone else FORBIDDEN.';

tenantQuery('reportLaborBudget', REPORTS_RULE, {
  type: LaborReportRef,
  description: `Labor budget vs actual by job or by job and cost code, with % used and a forecast at the current burn. ${ACCESS}`,
  args: reportArgs,
  resolve: (args, g) => run('labor_budget', g, args.filter, pageOf(args.limit, args.nextToken, MAX_REPORT_PAGE)) as Promise<LaborReport>,
});

tenantQuery('reportHours', REPORTS_RULE, {
  type: HoursReportRef,
  description: `Hours by person, job, cost code and week, split into regular time and overtime; from and to required. ${ACCESS}`,
  args: reportArgs,
  resolve: (args, g) => run('hours', g, args.filter, pageOf(args.limit, args.nextToken, MAX_REPORT_PAGE)) as Promise<HoursReport>,
});

tenantQuery('reportTimecardStatus', REPORTS_RULE, {
  type: StatusReportRef,
  description: `Time-card status for the pay period holding filter.date (default today): signed, unsigned, missing days. ${ACCESS}`,
  args: reportArgs,
  resolve: (args, g) =>
    run('timecard_status', g, args.filter, pageOf(args.limit, args.nextToken, MAX_REPORT_PAGE)) as Promise<StatusReport>,
});

tenantQuery('reportSpend', REPORTS_RULE, {
  type: SpendReportRef,
  description: `Receipts and sent orders by job and cost code against the material budget (matbdg); from/to bound their dates. ${ACCESS}`,
  args: reportArgs,
  resolve: (args, g) => run('spend', g, args.filter, pageOf(args.limit, args.nextToken, MAX_REPORT_PAGE)) as Promise<SpendReport>,
});

tenantQuery('reportSchedule', REPORTS_RULE, {
  type: ScheduleReportRef,
  description: `Crew schedule vs actual: per job and day, heads planned against heads with time; from and to required. ${ACCESS}`,
  args: reportArgs,
  resolve: (args, g) => run('schedule', g, args.filter, pageOf(args.limit, args.nextToken, MAX_REPORT_PAGE)) as Promise<ScheduleReport>,
});

tenantQuery('reportTools', REPORTS_RULE, {
  type: ToolReportRef,
  description: `Tool utilisation over a window (from and to required) and overdue reservations, per active tool. ${ACCESS}`,
  args: reportArgs,
  resolve: (args, g) => run('tools', g, args.filter, pageOf(args.limit, args.nextToken, MAX_REPORT_PAGE)) as Promise<ToolReport>,
});

tenantQuery('exportReportPdf', REPORTS_RULE, {
  type: 'String',
  description: `A report's rows (every page, at most ${MAX_REPORT_EXPORT_ROWS}) as a PDF, base64, in the company's header. ${ACCESS}`,
  args: (arg) => ({
    report: arg({ type: ReportNameRef, required: true }),
    filter: arg({ type: ReportFilterInput, required: false }),
    lang: arg.string({ required: false }),
  }),
  resolve: async (args, g) => {
    const report = args.report as ReportKey;
    const result = (await run(report, g, args.filter, { limit: MAX_REPORT_EXPORT_ROWS, offset: 0 })) as { rows: unknown[]; total: number };
    // The language asked for, else the requester's saved one.
    const lang = isLanguage(args.lang) ? args.lang : (g.ctx.language ?? 'en');
    const [company] = await g.tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, g.member.tenantUuid));
    const pdf = await renderReportPdf({
      company: company?.company ?? '',
      report,
      rows: result.rows,
      lang,
      subtitle: subtitleOf(report, args.filter ?? {}, result, lang),
      truncated: result.total > result.rows.length,
    });
    return pdf.toString('base64');
  },
});

function subtitleOf(report: ReportKey, f: RawFilter, result: unknown, lang: Language): string {
  const day = (d: string | null | undefined) => (d ? { date: d } : '…');
  if (report === 'hours' || report === 'schedule' || report === 'tools')
    return text(lang, 'reports.range', { from: day(f.from), to: day(f.to) });
  if (report === 'spend')
    return f.from || f.to ? text(lang, 'reports.range', { from: day(f.from), to: day(f.to) }) : plain(lang, 'reports.all_dates');
  if (report === 'timecard_status') {
    const r = result as StatusReport;
    return text(lang, 'reports.pay_period', { from: day(r.period_start), to: day(r.period_end) });
  }
  const r = result as LaborReport;
  return text(lang, 'reports.forecast_as_of', { date: day(r.today) });
}
