import { BILLING_STATUS } from '@groundwork/core/early-reads';
import { queryOptions } from '@tanstack/react-query';
import { graphql, request } from '../lib/graphql';

// The page's first script asks this read too (lib/early-reads.ts holds the text).
export const billingStatusQuery = graphql(BILLING_STATUS);

export const billingStatusKeys = {
  all: ['billing-status'] as const,
  tenant: (tenant: string) => ['billing-status', tenant] as const,
};

/** Whether the company's subscription blocks the app (issue 23): read by every member when a page opens. */
export function billingStatusQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: billingStatusKeys.tenant(tenant),
    queryFn: async () => (await request(billingStatusQuery, { tenant_uuid: tenant })).billingStatus,
    staleTime: 60_000,
  });
}
