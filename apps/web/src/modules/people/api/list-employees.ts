import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../../../lib/graphql';

export const listEmployeesQuery = graphql(`
  query ListEmployees($tenant_uuid: ID!) {
    listEmployees(tenant_uuid: $tenant_uuid) {
      items {
        id
        tenant_uuid
        firstname
        lastname
        email
        username
        status
        is_admin
      }
      nextToken
    }
  }
`);

export type Employee = ResultOf<typeof listEmployeesQuery>['listEmployees']['items'][number];

export function employeesQueryOptions(tenantUuid: string) {
  return queryOptions({
    queryKey: ['employees', tenantUuid, 'list'],
    queryFn: () => request(listEmployeesQuery, { tenant_uuid: tenantUuid }),
    select: (data) => data.listEmployees,
  });
}
