import { queryOptions } from '@tanstack/react-query';
import { graphql, request } from '../../../lib/graphql';
import { companyKeys } from '../../company/api/keys';

const listCustomLinksPerUserQuery = graphql(`
  query ListCustomLinksPerUser($tenant_uuid: ID!) {
    listCustomLinksPerUser(tenant_uuid: $tenant_uuid) { id employees_id title url status }
  }
`);

/** The signed-in person's active links in the company. */
export function myLinksQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: companyKeys.myLinks(tenant),
    queryFn: async () => (await request(listCustomLinksPerUserQuery, { tenant_uuid: tenant })).listCustomLinksPerUser,
  });
}
