import { graphql, type ResultOf, request, type VariablesOf } from '../../lib/graphql';
import type { ReportKey, ReportsSearch } from './search';

const laborQuery = graphql(`
  query ReportLaborBudget($tenant_uuid: ID!, $filter: ReportFilter, $limit: Int, $nextToken: String) {
    reportLaborBudget(tenant_uuid: $tenant_uuid, filter: $filter, limit: $limit, nextToken: $nextToken) {
      rows { jobs_id job costcodes_id costcode description hrsbdg actual_hours percent_used forecast_hours first_day end_date }
      totals { hrsbdg actual_hours percent_used }
      total group_by today nextToken
    }
  }
`);

const hoursQuery = graphql(`
  query ReportHours($tenant_uuid: ID!, $filter: ReportFilter, $limit: Int, $nextToken: String) {
    reportHours(tenant_uuid: $tenant_uuid, filter: $filter, limit: $limit, nextToken: $nextToken) {
      rows { employees_id person jobs_id job costcodes_id costcode week_start hours regular_hours overtime_hours }
      totals { hours regular_hours overtime_hours people }
      weeks { week_start regular_hours overtime_hours }
      total nextToken
    }
  }
`);

const statusQuery = graphql(`
  query ReportTimecardStatus($tenant_uuid: ID!, $filter: ReportFilter, $limit: Int, $nextToken: String) {
    reportTimecardStatus(tenant_uuid: $tenant_uuid, filter: $filter, limit: $limit, nextToken: $nextToken) {
      rows { employees_id person status signed_on hours days_booked missing_days missing_dates }
      totals { people signed unsigned none }
      period_start period_end total nextToken
    }
  }
`);

const spendQuery = graphql(`
  query ReportSpend($tenant_uuid: ID!, $filter: ReportFilter, $limit: Int, $nextToken: String) {
    reportSpend(tenant_uuid: $tenant_uuid, filter: $filter, limit: $limit, nextToken: $nextToken) {
      rows { jobs_id job costcodes_id costcode matbdg receipts orders spent percent_used }
      totals { matbdg receipts orders spent percent_used }
      total nextToken
    }
  }
`);

const scheduleQuery = graphql(`
  query ReportSchedule($tenant_uuid: ID!, $filter: ReportFilter, $limit: Int, $nextToken: String) {
    reportSchedule(tenant_uuid: $tenant_uuid, filter: $filter, limit: $limit, nextToken: $nextToken) {
      rows { jobs_id job day planned punched no_show unplanned hours }
      totals { planned punched no_show unplanned hours }
      days { day planned punched }
      total nextToken
    }
  }
`);

const toolsQuery = graphql(`
  query ReportTools($tenant_uuid: ID!, $filter: ReportFilter, $limit: Int, $nextToken: String) {
    reportTools(tenant_uuid: $tenant_uuid, filter: $filter, limit: $limit, nextToken: $nextToken) {
      rows { tools_id tool_number name container reservations reserved_days utilisation overdue overdue_since }
      totals { tools reserved_days utilisation overdue }
      window_days today total nextToken
    }
  }
`);

const pdfQuery = graphql(`
  query ExportReportPdf($tenant_uuid: ID!, $report: ReportName!, $filter: ReportFilter, $lang: String) {
    exportReportPdf(tenant_uuid: $tenant_uuid, report: $report, filter: $filter, lang: $lang)
  }
`);

const lookupsQuery = graphql(`
  query ReportLookups($tenant_uuid: ID!) {
    listJobs(tenant_uuid: $tenant_uuid, limit: 1000) { items { id job job_abbr status } }
    listCostcodes(tenant_uuid: $tenant_uuid, limit: 1000) { items { id costcode description } }
    listEmployees(tenant_uuid: $tenant_uuid, limit: 1000) { items { id firstname lastname username status } }
    listDepartments(tenant_uuid: $tenant_uuid, limit: 500) { items { id department status } }
    listDivisions(tenant_uuid: $tenant_uuid, limit: 500) { items { id division status } }
  }
`);

export type LaborResult = ResultOf<typeof laborQuery>['reportLaborBudget'];
export type HoursResult = ResultOf<typeof hoursQuery>['reportHours'];
export type StatusResult = ResultOf<typeof statusQuery>['reportTimecardStatus'];
export type SpendResult = ResultOf<typeof spendQuery>['reportSpend'];
export type ScheduleResult = ResultOf<typeof scheduleQuery>['reportSchedule'];
export type ToolsResult = ResultOf<typeof toolsQuery>['reportTools'];
export type ReportResult = LaborResult | HoursResult | StatusResult | SpendResult | ScheduleResult | ToolsResult;
export type ReportFilter = NonNullable<VariablesOf<typeof laborQuery>['filter']>;

/** The server's filter for a report, from the page's query keys (only the keys the report takes). */
export function filterOf(report: ReportKey, search: ReportsSearch): ReportFilter {
  const f: ReportFilter = {};
  if (report === 'labor_budget') {
    if (search.job) f.jobs_id = search.job;
    if (search.costcode) f.costcodes_id = search.costcode;
    f.group_by = search.group ?? 'job';
  } else if (report === 'hours' || report === 'schedule') {
    f.from = search.from;
    f.to = search.to;
    if (search.job) f.jobs_id = search.job;
    if (search.costcode && report === 'hours') f.costcodes_id = search.costcode;
  } else if (report === 'tools') {
    f.from = search.from;
    f.to = search.to;
    if (search.job) f.jobs_id = search.job;
    if (search.person) f.employees_id = search.person;
    return f;
  } else if (report === 'spend') {
    if (search.from) f.from = search.from;
    if (search.to) f.to = search.to;
    if (search.job) f.jobs_id = search.job;
    if (search.costcode) f.costcodes_id = search.costcode;
    return f;
  } else if (search.date) f.date = search.date;
  if (report !== 'labor_budget') {
    if (search.person) f.employees_id = search.person;
    if (search.department) f.departments_id = search.department;
    if (search.division) f.divisions_id = search.division;
  }
  return f;
}

/** One page of a report. */
export async function fetchReport(
  report: ReportKey,
  vars: { tenant_uuid: string; filter: ReportFilter; limit: number; nextToken: string | null },
): Promise<ReportResult> {
  if (report === 'labor_budget') return (await request(laborQuery, vars)).reportLaborBudget;
  if (report === 'hours') return (await request(hoursQuery, vars)).reportHours;
  if (report === 'spend') return (await request(spendQuery, vars)).reportSpend;
  if (report === 'schedule') return (await request(scheduleQuery, vars)).reportSchedule;
  if (report === 'tools') return (await request(toolsQuery, vars)).reportTools;
  return (await request(statusQuery, vars)).reportTimecardStatus;
}

/** Every page of a report (the exports hold what the table holds across its pages), up to `cap` rows. */
export async function fetchAllRows(
  report: ReportKey,
  tenant_uuid: string,
  filter: ReportFilter,
  cap = 5000,
): Promise<ReportResult['rows']> {
  const rows: ReportResult['rows'][number][] = [];
  let nextToken: string | null = null;
  do {
    const page: ReportResult = await fetchReport(report, { tenant_uuid, filter, limit: 500, nextToken });
    rows.push(...page.rows);
    nextToken = page.nextToken ?? null;
  } while (nextToken && rows.length < cap);
  return rows as ReportResult['rows'];
}

export async function fetchReportPdf(report: ReportKey, tenant_uuid: string, filter: ReportFilter, lang: string): Promise<string> {
  return (await request(pdfQuery, { tenant_uuid, report, filter, lang })).exportReportPdf;
}

export type Option = { id: number; label: string };
export type Lookups = { jobs: Option[]; costcodes: Option[]; people: Option[]; departments: Option[]; divisions: Option[] };

export async function fetchLookups(tenant_uuid: string): Promise<Lookups> {
  const r = await request(lookupsQuery, { tenant_uuid });
  const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);
  return {
    jobs: r.listJobs.items
      .filter((j) => j.status !== 0)
      .map((j) => ({ id: j.id, label: j.job_abbr ? `${j.job_abbr} · ${j.job}` : j.job }))
      .sort(byLabel),
    costcodes: r.listCostcodes.items
      .map((c) => ({ id: c.id, label: c.description ? `${c.costcode} ${c.description}` : c.costcode }))
      .sort(byLabel),
    people: r.listEmployees.items
      .filter((p) => p.status === 1)
      .map((p) => ({ id: p.id, label: [p.firstname, p.lastname].filter(Boolean).join(' ') || p.username || `#${p.id}` }))
      .sort(byLabel),
    departments: r.listDepartments.items.filter((d) => d.status === 1).map((d) => ({ id: d.id, label: d.department })),
    divisions: r.listDivisions.items.filter((d) => d.status === 1).map((d) => ({ id: d.id, label: d.division })),
  };
}
