import type { ManpowerLine } from '@groundwork/core/project-notes';
import { graphql, type ResultOf, request, type VariablesOf } from '../../lib/graphql';

/** Daily reports (server: apps/server/src/modules/project-notes/project-notes.graphql.ts). */

export type ReportFilters = { jobs_id: number | null; month: string; active: boolean };

export const reportKeys = {
  all: (tenant: string) => ['project-notes', tenant] as const,
  list: (tenant: string, f: ReportFilters) => ['project-notes', tenant, 'list', f] as const,
  jobs: (tenant: string) => ['project-notes', tenant, 'jobs'] as const,
};

const ReportFields = graphql(`
  fragment ReportFields on DailyReport @_unmask {
    id uuid jobs_id job_label employees_id employee_name for_date status email_to cc_email_to notes_html work_performed
    equipment deliveries delays safety weather manpower photos { uuid caption thumbnail_base64 original_name }
    sent_on sent_to send_count revised
  }
`);

const searchQuery = graphql(
  `query SearchDailyReports($tenant_uuid: ID!, $jobs_id: Int, $from: String, $to: String, $active: Boolean, $nextToken: String) {
    searchDailyReports(tenant_uuid: $tenant_uuid, jobs_id: $jobs_id, from: $from, to: $to, active: $active, limit: 25, nextToken: $nextToken) {
      items { ...ReportFields }
      nextToken
    }
  }`,
  [ReportFields],
);

const draftQuery = graphql(`
  query DraftDailyReport($tenant_uuid: ID!, $jobs_id: Int!, $for_date: String!, $from: String) {
    draftDailyReport(tenant_uuid: $tenant_uuid, jobs_id: $jobs_id, for_date: $for_date, from: $from) {
      manpower work_performed equipment deliveries delays safety weather email_to cc_email_to
    }
  }
`);

export const saveMutation = graphql(
  `mutation SaveDailyReport($tenant_uuid: ID!, $id: Int, $report: DailyReportInput!, $send: Boolean) {
    saveDailyReport(tenant_uuid: $tenant_uuid, id: $id, report: $report, send: $send) { message report { ...ReportFields } }
  }`,
  [ReportFields],
);

const statusMutation = graphql(`
  mutation SetDailyReportsStatus($tenant_uuid: ID!, $ids: [Int!]!, $status: Int!) {
    setDailyReportsStatus(tenant_uuid: $tenant_uuid, ids: $ids, status: $status) { id status }
  }
`);

// The jobs a report can be for: the order form's pick list is the same company's active jobs; reports use the
// time-card list (every member may read it), which is what a foreman books time to.
const jobsQuery = graphql(`
  query ReportJobs($tenant_uuid: ID!) { listTimecardJobs(tenant_uuid: $tenant_uuid) { id job job_abbr status } }
`);

export type Report = ResultOf<typeof ReportFields>;
export type ReportInput = VariablesOf<typeof saveMutation>['report'];
export type Draft = ResultOf<typeof draftQuery>['draftDailyReport'];
export type ReportJob = { id: number; label: string };

export const manpowerOf = (r: { manpower: unknown }) => (r.manpower ?? []) as ManpowerLine[];

/** The first and last day of a 'YYYY-MM' month. */
function monthRange(month: string): { from: string | null; to: string | null } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return { from: null, to: null };
  const last = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export async function fetchReports(tenant: string, f: ReportFilters, nextToken: string | null) {
  const { from, to } = monthRange(f.month);
  const data = await request(searchQuery, { tenant_uuid: tenant, jobs_id: f.jobs_id, from, to, active: f.active, nextToken });
  return data.searchDailyReports;
}

export const fetchDraft = (tenant: string, jobs_id: number, for_date: string, from: 'today' | 'yesterday') =>
  request(draftQuery, { tenant_uuid: tenant, jobs_id, for_date, from }).then((d) => d.draftDailyReport);

export const saveReport = (tenant: string, report: ReportInput, id: number | null, send: boolean) =>
  request(saveMutation, { tenant_uuid: tenant, report, id, send }).then((d) => d.saveDailyReport);

export const setReportStatus = (tenant: string, id: number, status: number) =>
  request(statusMutation, { tenant_uuid: tenant, ids: [id], status });

export const fetchReportJobs = (tenant: string): Promise<ReportJob[]> =>
  request(jobsQuery, { tenant_uuid: tenant }).then((d) =>
    d.listTimecardJobs.map((j) => ({ id: j.id, label: [j.job_abbr, j.job].filter(Boolean).join(' · ') })),
  );

/** A report's PDF, the one its e-mail carries (server: project-notes.pdf.ts); a plain link opens it in a new tab. */
export const reportPdfUrl = (id: number) => `/api/daily-reports/${id}/pdf`;

/** The report's PDF as a file, for printing and sharing; throws when the server refuses or the signal is gone. */
export async function fetchReportPdf(tenant: string, id: number): Promise<Blob> {
  const response = await fetch(reportPdfUrl(id), { credentials: 'include', headers: { 'x-tenant-uuid': tenant } });
  if (!response.ok) throw new Error(`The daily report's PDF could not be loaded (${response.status}).`);
  return response.blob();
}
