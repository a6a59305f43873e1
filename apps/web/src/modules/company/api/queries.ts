import { queryOptions } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/fetch-all';
import { graphql, type ResultOf, request } from '../../../lib/graphql';
import { companyKeys } from './keys';

const listDepartmentsQuery = graphql(`
  query ListDepartmentsForSetup($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listDepartments(tenant_uuid: $tenant_uuid, limit: $limit, nextToken: $nextToken) {
      items { id department status }
      nextToken
    }
  }
`);

const listDivisionsQuery = graphql(`
  query ListDivisionsForSetup($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listDivisions(tenant_uuid: $tenant_uuid, limit: $limit, nextToken: $nextToken) {
      items { id division status }
      nextToken
    }
  }
`);

/** A department or a division: the two lists are edited the same way. */
export interface NamedRecord {
  id: number;
  name: string;
  status: number;
}

async function fetchDepartments(tenant: string): Promise<NamedRecord[]> {
  const rows = await fetchAllPages(async ({ limit, nextToken }) => {
    const { listDepartments } = await request(listDepartmentsQuery, { tenant_uuid: tenant, limit, nextToken });
    return listDepartments;
  });
  return rows.map((row) => ({ id: row.id, name: row.department, status: row.status }));
}

async function fetchDivisions(tenant: string): Promise<NamedRecord[]> {
  const rows = await fetchAllPages(async ({ limit, nextToken }) => {
    const { listDivisions } = await request(listDivisionsQuery, { tenant_uuid: tenant, limit, nextToken });
    return listDivisions;
  });
  return rows.map((row) => ({ id: row.id, name: row.division, status: row.status }));
}

/** The company's departments or divisions, every page. */
export function namedRecordsQueryOptions(tenant: string, kind: 'departments' | 'divisions') {
  return queryOptions({
    queryKey: kind === 'departments' ? companyKeys.departments(tenant) : companyKeys.divisions(tenant),
    queryFn: () => (kind === 'departments' ? fetchDepartments(tenant) : fetchDivisions(tenant)),
  });
}

const subscriptionQuery = graphql(`
  query CompanySubscription($tenant_uuid: ID!) {
    listModules(tenant_uuid: $tenant_uuid) { id module title }
    listTenantsModules(tenant_uuid: $tenant_uuid) { id modules_id status }
    listPricing(tenant_uuid: $tenant_uuid) { id title price }
    listTenantsPricing(tenant_uuid: $tenant_uuid) { id pricing_id status }
    listModulesPricing(tenant_uuid: $tenant_uuid) { modules_id pricing_id }
  }
`);

/** Modules, plans and what this company has switched on (spec §6: pricing loads only for admin_access). */
export function subscriptionQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: companyKeys.subscription(tenant),
    queryFn: () => request(subscriptionQuery, { tenant_uuid: tenant }),
  });
}

const listPeopleQuery = graphql(`
  query ListPeopleForLinks($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listEmployees(tenant_uuid: $tenant_uuid, limit: $limit, nextToken: $nextToken, filter: { eq: { status: 1 } }) {
      items { id firstname lastname username email }
      nextToken
    }
  }
`);

export type LinkPerson = ResultOf<typeof listPeopleQuery>['listEmployees']['items'][number];

/** Active people, for choosing whose links to manage. */
export function peopleQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: companyKeys.people(tenant),
    queryFn: () =>
      fetchAllPages(async ({ limit, nextToken }) => {
        const { listEmployees } = await request(listPeopleQuery, { tenant_uuid: tenant, limit, nextToken });
        return listEmployees;
      }),
  });
}

const listCustomLinksQuery = graphql(`
  query ListCustomLinksOfPerson($tenant_uuid: ID!, $employees_id: Int!, $limit: Int, $nextToken: String) {
    listCustomLinks(tenant_uuid: $tenant_uuid, limit: $limit, nextToken: $nextToken, filter: { eq: { employees_id: $employees_id } }) {
      items { id employees_id title url status }
      nextToken
    }
  }
`);

export type CustomLink = ResultOf<typeof listCustomLinksQuery>['listCustomLinks']['items'][number];

export function customLinksQueryOptions(tenant: string, employeeId: number) {
  return queryOptions({
    queryKey: companyKeys.customLinks(tenant, employeeId),
    queryFn: () =>
      fetchAllPages(async ({ limit, nextToken }) => {
        const { listCustomLinks } = await request(listCustomLinksQuery, {
          tenant_uuid: tenant,
          employees_id: employeeId,
          limit,
          nextToken,
        });
        return listCustomLinks;
      }),
  });
}
