import { LIST_USERS_NAVIGATION } from '@groundwork/core/early-reads';
import { queryOptions } from '@tanstack/react-query';
import { graphql, request } from '../lib/graphql';

// The page's first script asks this read too (lib/early-reads.ts holds the text).
const listUsersNavigationQuery = graphql(LIST_USERS_NAVIGATION);

/** Everything navigation-related of one company starts with this key, so a tenant switch or sign-out clears it. */
export const navigationKeys = {
  all: ['navigation'] as const,
  tenant: (tenant: string) => ['navigation', tenant] as const,
};

/**
 * The signed-in person's menu in `tenant` (spec §2, §6: decided by the server per user). Cached per tenant;
 * the access check and the drawer share this one request.
 */
export function navigationQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: navigationKeys.tenant(tenant),
    queryFn: async () => (await request(listUsersNavigationQuery, { tenant_uuid: tenant })).listUsersNavigation,
    staleTime: 60_000,
  });
}
