import { waitForApi } from '@groundwork/core/billing';
import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../../../lib/graphql';
import { readSelectedTenantUuid } from '../../../lib/storage';

const listStripeQuery = graphql(`
  query ListStripe($tenant_uuid: ID!) {
    listStripe(tenant_uuid: $tenant_uuid) {
      configured status blocked customer_id subscription_id plan price_id amount currency interval
      current_period_end cancel_at_period_end next_invoice_amount next_invoice_currency next_invoice_date
      next_invoice_lines { description amount }
      card_brand card_last4 card_exp active_users can_subscribe can_manage
    }
  }
`);

export type StripeOverview = ResultOf<typeof listStripeQuery>['listStripe'];

const createCheckoutMutation = graphql(`
  mutation CreateBillingCheckout($tenant_uuid: ID!) {
    createBillingCheckout(tenant_uuid: $tenant_uuid) { url }
  }
`);

const createPortalMutation = graphql(`
  mutation CreateBillingPortal($tenant_uuid: ID!) {
    createBillingPortal(tenant_uuid: $tenant_uuid) { url }
  }
`);

const billingKeys = { stripe: (tenant: string) => ['billing', tenant, 'stripe'] as const };

/**
 * Spec §7 listStripe. Spec §8: the card-payment fetch first waits for the API (here: this company selected for the
 * session's requests) up to 60 times at 50 ms, then fails with 'API not ready for Stripe fetch'.
 */
export function stripeQueryOptions(tenant: string, apiReady: () => boolean = () => readSelectedTenantUuid() === tenant) {
  return queryOptions({
    queryKey: billingKeys.stripe(tenant),
    queryFn: async () => {
      await waitForApi(apiReady);
      return (await request(listStripeQuery, { tenant_uuid: tenant })).listStripe;
    },
  });
}

export const createBillingCheckout = async (tenant: string) =>
  (await request(createCheckoutMutation, { tenant_uuid: tenant })).createBillingCheckout.url;
export const createBillingPortal = async (tenant: string) =>
  (await request(createPortalMutation, { tenant_uuid: tenant })).createBillingPortal.url;
