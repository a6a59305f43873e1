import { queryOptions } from '@tanstack/react-query';
import { readFragment } from 'gql.tada';
import { fetchAllPages } from '../../../lib/fetch-all';
import { graphql, type ResultOf, request } from '../../../lib/graphql';
import { jobKeys } from './keys';

const JobFieldsFragment = graphql(`
  fragment JobFields on Job {
    id
    uuid
    job
    job_abbr
    status
    customer
    description
    street
    city
    state
    zip
    start_date
    end_date
    milestones
    site_latitude
    site_longitude
    site_radius_m
    created_on
    updated_on
  }
`);

const listJobsQuery = graphql(
  `
  query ListJobs($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listJobs(tenant_uuid: $tenant_uuid, limit: $limit, nextToken: $nextToken) {
      items { ...JobFields }
      nextToken
    }
  }
`,
  [JobFieldsFragment],
);

const getJobByIdQuery = graphql(
  `
  query GetJobById($tenant_uuid: ID!, $id: Int!) {
    getJobById(tenant_uuid: $tenant_uuid, id: $id) {
      job { ...JobFields }
      foremen { id firstname lastname username email }
      pms { id firstname lastname username email }
    }
  }
`,
  [JobFieldsFragment],
);

const listProjectBudgetQuery = graphql(`
  query ListProjectBudget($tenant_uuid: ID!, $project_id: Int!) {
    listProjectBudget(tenant_uuid: $tenant_uuid, project_id: $project_id) {
      jobs_id
      lines { id jobs_id costcodes_id costcode description hrsbdg matbdg labbdg eqpbdg subbdg othbdg status actual_hours }
      totals { hrsbdg matbdg labbdg eqpbdg subbdg othbdg actual_hours }
    }
  }
`);

const listJobTeamLinksQuery = graphql(`
  query ListJobTeamLinks($tenant_uuid: ID!, $jobs_id: Int!) {
    listJobsForemen(tenant_uuid: $tenant_uuid, filter: { eq: { jobs_id: $jobs_id } }, limit: 1000) {
      items { id employees_id jobs_id }
    }
    listJobsPms(tenant_uuid: $tenant_uuid, filter: { eq: { jobs_id: $jobs_id } }, limit: 1000) {
      items { id employees_id jobs_id }
    }
  }
`);

const listCostcodesQuery = graphql(`
  query ListProjectCostcodes($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listCostcodes(tenant_uuid: $tenant_uuid, filter: { eq: { status: 1 } }, limit: $limit, nextToken: $nextToken) {
      items { id costcode description jobs_id status }
      nextToken
    }
  }
`);

const listActiveEmployeesQuery = graphql(`
  query ListProjectEmployees($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listEmployees(tenant_uuid: $tenant_uuid, filter: { eq: { status: 1 } }, limit: $limit, nextToken: $nextToken) {
      items { id firstname lastname username email }
      nextToken
    }
  }
`);

export type Job = ResultOf<typeof JobFieldsFragment>;
type RawJobDetail = NonNullable<ResultOf<typeof getJobByIdQuery>['getJobById']>;
export type TeamMember = RawJobDetail['foremen'][number];
export type JobDetail = Omit<RawJobDetail, 'job'> & { job: Job };
export type ProjectBudget = NonNullable<ResultOf<typeof listProjectBudgetQuery>['listProjectBudget']>;
export type BudgetLine = ProjectBudget['lines'][number];
export type Costcode = ResultOf<typeof listCostcodesQuery>['listCostcodes']['items'][number];

export function jobsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: jobKeys.list(tenant),
    // The server sorts by abbreviation, else name (spec §9); pages arrive in that order.
    queryFn: () =>
      fetchAllPages(async ({ limit, nextToken }) => {
        const data = await request(listJobsQuery, { tenant_uuid: tenant, limit, nextToken });
        return { items: readFragment(JobFieldsFragment, data.listJobs.items), nextToken: data.listJobs.nextToken };
      }),
  });
}

export function jobDetailQueryOptions(tenant: string, id: number) {
  return queryOptions({
    queryKey: jobKeys.detail(tenant, id),
    queryFn: async () => {
      const data = await request(getJobByIdQuery, { tenant_uuid: tenant, id });
      const detail = data.getJobById;
      return detail ? { ...detail, job: readFragment(JobFieldsFragment, detail.job) } : null;
    },
  });
}

export function jobTeamLinksQueryOptions(tenant: string, id: number) {
  return queryOptions({
    queryKey: jobKeys.team(tenant, id),
    queryFn: async () => {
      const data = await request(listJobTeamLinksQuery, { tenant_uuid: tenant, jobs_id: id });
      return { foremen: data.listJobsForemen.items, pms: data.listJobsPms.items };
    },
  });
}

export function projectBudgetQueryOptions(tenant: string, id: number) {
  return queryOptions({
    queryKey: jobKeys.budget(tenant, id),
    queryFn: async () => {
      const data = await request(listProjectBudgetQuery, { tenant_uuid: tenant, project_id: id });
      return data.listProjectBudget ?? null;
    },
  });
}

export function costcodesQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: jobKeys.costcodes(tenant),
    queryFn: () =>
      fetchAllPages(
        async ({ limit, nextToken }) => (await request(listCostcodesQuery, { tenant_uuid: tenant, limit, nextToken })).listCostcodes,
      ),
  });
}

export function activeEmployeesQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: jobKeys.employees(tenant),
    queryFn: () =>
      fetchAllPages(
        async ({ limit, nextToken }) => (await request(listActiveEmployeesQuery, { tenant_uuid: tenant, limit, nextToken })).listEmployees,
      ),
  });
}
