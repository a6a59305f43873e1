import { graphql, request, type VariablesOf } from '../../../lib/graphql';

const createJobsMutation = graphql(`
  mutation CreateJobs($tenant_uuid: ID!, $data: [JobsInput!]!) {
    createJobs(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const updateJobsMutation = graphql(`
  mutation UpdateJobs($tenant_uuid: ID!, $data: [JobsUpdateInput!]!) {
    updateJobs(tenant_uuid: $tenant_uuid, data: $data) { id start_date end_date }
  }
`);

const deleteJobsMutation = graphql(`
  mutation DeleteJobs($tenant_uuid: ID!, $data: [JobsDeleteInput!]!) {
    deleteJobs(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const createJobsForemenMutation = graphql(`
  mutation CreateJobsForemen($tenant_uuid: ID!, $data: [JobsForemenInput!]!) {
    createJobsForemen(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const deleteJobsForemenMutation = graphql(`
  mutation DeleteJobsForemen($tenant_uuid: ID!, $data: [JobsForemenDeleteInput!]!) {
    deleteJobsForemen(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const createJobsPmsMutation = graphql(`
  mutation CreateJobsPms($tenant_uuid: ID!, $data: [JobsPmsInput!]!) {
    createJobsPms(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const deleteJobsPmsMutation = graphql(`
  mutation DeleteJobsPms($tenant_uuid: ID!, $data: [JobsPmsDeleteInput!]!) {
    deleteJobsPms(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const createJobsCostcodesMutation = graphql(`
  mutation CreateJobsCostcodes($tenant_uuid: ID!, $data: [JobsCostcodesInput!]!) {
    createJobsCostcodes(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const updateJobsCostcodesMutation = graphql(`
  mutation UpdateJobsCostcodes($tenant_uuid: ID!, $data: [JobsCostcodesUpdateInput!]!) {
    updateJobsCostcodes(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const setJobSiteMutation = graphql(`
  mutation SetJobSite($tenant_uuid: ID!, $jobs_id: Int!, $site_latitude: Float, $site_longitude: Float, $site_radius_m: Int) {
    setJobSite(
      tenant_uuid: $tenant_uuid
      jobs_id: $jobs_id
      site_latitude: $site_latitude
      site_longitude: $site_longitude
      site_radius_m: $site_radius_m
    ) { jobs_id site_latitude site_longitude site_radius_m }
  }
`);

export type JobInput = VariablesOf<typeof createJobsMutation>['data'][number];
export type JobUpdate = VariablesOf<typeof updateJobsMutation>['data'][number];
export type BudgetLineUpdate = VariablesOf<typeof updateJobsCostcodesMutation>['data'][number];
export type TeamRole = 'foremen' | 'pms';

export const createJob = (tenant: string, job: JobInput) => request(createJobsMutation, { tenant_uuid: tenant, data: [job] });
export const updateJob = (tenant: string, job: JobUpdate) => request(updateJobsMutation, { tenant_uuid: tenant, data: [job] });
export type JobSite = { site_latitude: number | null; site_longitude: number | null; site_radius_m: number | null };

/** A job's site for punches (issue 47): its point and fence radius (null: the company's default radius). */
export const setJobSite = (tenant: string, jobs_id: number, site: JobSite) =>
  request(setJobSiteMutation, { tenant_uuid: tenant, jobs_id, ...site });

export const deleteJob = (tenant: string, id: number) => request(deleteJobsMutation, { tenant_uuid: tenant, data: [{ id }] });

export function addTeamMember(tenant: string, role: TeamRole, jobs_id: number, employees_id: number) {
  const data = [{ jobs_id, employees_id }];
  return role === 'foremen'
    ? request(createJobsForemenMutation, { tenant_uuid: tenant, data })
    : request(createJobsPmsMutation, { tenant_uuid: tenant, data });
}

export function removeTeamMember(tenant: string, role: TeamRole, linkId: number) {
  const data = [{ id: linkId }];
  return role === 'foremen'
    ? request(deleteJobsForemenMutation, { tenant_uuid: tenant, data })
    : request(deleteJobsPmsMutation, { tenant_uuid: tenant, data });
}

export const addBudgetLine = (tenant: string, jobs_id: number, costcodes_id: number) =>
  request(createJobsCostcodesMutation, { tenant_uuid: tenant, data: [{ jobs_id, costcodes_id }] });

export const updateBudgetLine = (tenant: string, line: BudgetLineUpdate) =>
  request(updateJobsCostcodesMutation, { tenant_uuid: tenant, data: [line] });
