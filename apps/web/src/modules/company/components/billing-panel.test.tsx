import { BILLING_MESSAGES } from '@groundwork/core/billing';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { setupGraphQLEndpoint } from '../../../shell/test-utils';
import { stripeQueryOptions } from '../api/billing';
import { BillingPanel } from './billing-panel';
import { answerRequests, type Call, renderWithQueries } from './test-helpers';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000023';
configure({ asyncUtilTimeout: 5000 });

const ACTIVE = {
  configured: true,
  status: 'active',
  blocked: false,
  customer_id: 'cus_1',
  subscription_id: 'sub_1',
  plan: 'Groundwork Pro',
  price_id: 'price_basic',
  amount: 4900,
  currency: 'usd',
  interval: 'month',
  current_period_end: '2030-03-17T17:46:40.000Z',
  cancel_at_period_end: false,
  next_invoice_amount: 4900,
  next_invoice_currency: 'usd',
  next_invoice_date: '2030-03-17T17:46:40.000Z',
  next_invoice_lines: [{ description: '1 × Groundwork Pro', amount: 4900 }],
  card_brand: 'visa',
  card_last4: '4242',
  card_exp: '04/2031',
  active_users: 12,
  can_subscribe: false,
  can_manage: true,
};
const NOT_CONFIGURED = { ...ACTIVE, configured: false, status: null, customer_id: null, can_manage: false, can_subscribe: false };

let overview: Record<string, unknown>;
const calls: Call[] = [];
const operations = () => calls.map((call) => call.op);

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  answerRequests(calls, (op) => {
    if (op === 'ListStripe') return { listStripe: overview };
    if (op === 'CreateBillingPortal') return { createBillingPortal: { url: 'https://billing.stripe.test/p/1' } };
    if (op === 'CreateBillingCheckout') return { createBillingCheckout: { url: 'https://checkout.stripe.test/c/1' } };
  });
});

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const show = (openUrl = vi.fn()) => {
  renderWithQueries(<BillingPanel tenant={TENANT} openUrl={openUrl} />);
  return openUrl;
};

describe('billing on the app-subscription settings (issue 23)', () => {
  it('shows the plan, active users, next invoice and card, and opens the customer portal', async () => {
    overview = ACTIVE;
    const openUrl = show();
    expect(await screen.findByText('Groundwork Pro · $49.00 per month')).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByText('12')).toBeVisible();
    expect(screen.getByText(/^\$49\.00 on /)).toBeVisible();
    expect(screen.getByText('visa ending in 4242 (expires 04/2031)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith('https://billing.stripe.test/p/1'));
  });

  it('offers Subscribe to a cancelled company and opens Stripe Checkout', async () => {
    overview = { ...ACTIVE, status: 'canceled', blocked: true, can_subscribe: true };
    const openUrl = show();
    expect(await screen.findByText(/Your subscription is cancelled/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
    expect(operations()).toContain('CreateBillingCheckout');
  });

  it('says billing is not configured without Stripe keys', async () => {
    overview = NOT_CONFIGURED;
    show();
    expect(await screen.findByText('Billing is not configured.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    overview = ACTIVE;
    show();
    expect(await screen.findByRole('button', { name: 'Gestionar la facturación' })).toBeVisible();
    expect(screen.getByText('Tarjeta registrada')).toBeVisible();
    expect(screen.getByText('Activa')).toBeVisible();
  });

  it('fails the Stripe fetch with the spec message when the API never gets ready', async () => {
    const options = stripeQueryOptions(TENANT, () => false);
    vi.useFakeTimers();
    try {
      const fetching = (options.queryFn as () => Promise<unknown>)();
      const outcome = expect(fetching).rejects.toThrow(BILLING_MESSAGES.apiNotReady);
      await vi.advanceTimersByTimeAsync(60 * 50);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
    expect(operations()).not.toContain('ListStripe');
  });
});
