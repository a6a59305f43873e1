import { isBillingBlocked, LIVE_STATUSES } from '@groundwork/core/billing';
import { msg } from '@groundwork/core/messages';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { employees } from '../employees/employees.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { stripeFor } from './billing.stripe.js';
import { billingAccounts } from './billing.table.js';

export type BillingAccount = typeof billingAccounts.$inferSelect;

/** What every member's app reads at start-up: whether the company is blocked (spec §2). No call to Stripe. */
export type BillingStatus = { configured: boolean; status: string | null; blocked: boolean };

/** listStripe: the customer's status and what the app-subscription settings show. */
export type StripeOverview = BillingStatus & {
  customer_id: string | null;
  subscription_id: string | null;
  plan: string | null;
  price_id: string | null;
  amount: number | null;
  currency: string | null;
  interval: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  next_invoice_amount: number | null;
  next_invoice_currency: string | null;
  next_invoice_date: string | null;
  next_invoice_lines: { description: string; amount: number }[];
  card_brand: string | null;
  card_last4: string | null;
  card_exp: string | null;
  active_users: number;
  can_subscribe: boolean;
  can_manage: boolean;
};

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

export async function readAccount(tx: Tx, tenant: string): Promise<BillingAccount | null> {
  const [row] = await tx.select().from(billingAccounts).where(eq(billingAccounts.tenant_uuid, tenant));
  return row ?? null;
}

export async function billingStatus(tx: Tx, config: Config, tenant: string): Promise<BillingStatus> {
  const configured = Boolean(config.stripe);
  const status = configured ? ((await readAccount(tx, tenant))?.status ?? null) : null;
  return { configured, status, blocked: isBillingBlocked({ configured, status }) };
}

async function activeUsers(tx: Tx, tenant: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1)));
  return Number(row?.n ?? 0);
}

export async function listStripe(tx: Tx, config: Config, tenant: string): Promise<StripeOverview> {
  const account = config.stripe ? await readAccount(tx, tenant) : null;
  const status = account?.status ?? null;
  const configured = Boolean(config.stripe);
  const overview: StripeOverview = {
    configured,
    status,
    blocked: isBillingBlocked({ configured, status }),
    customer_id: account?.stripe_customer_id ?? null,
    subscription_id: account?.stripe_subscription_id ?? null,
    plan: null,
    price_id: account?.price_id ?? null,
    amount: null,
    currency: null,
    interval: null,
    current_period_end: account?.current_period_end ?? null,
    cancel_at_period_end: account?.cancel_at_period_end ?? false,
    next_invoice_amount: null,
    next_invoice_currency: null,
    next_invoice_date: null,
    next_invoice_lines: [],
    card_brand: null,
    card_last4: null,
    card_exp: null,
    active_users: await activeUsers(tx, tenant),
    can_subscribe: configured && !(status && LIVE_STATUSES.includes(status)),
    can_manage: configured && Boolean(account?.stripe_customer_id),
  };
  if (!config.stripe || !account?.stripe_customer_id) return overview;
  const stripe = await stripeFor(config.stripe);
  const customerId = account.stripe_customer_id;
  const [customer, subscription] = await Promise.all([
    stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }),
    account.stripe_subscription_id
      ? stripe.subscriptions.retrieve(account.stripe_subscription_id, { expand: ['items.data.price.product'] })
      : Promise.resolve(null),
  ]);
  if (subscription) {
    const item = subscription.items.data[0];
    const price = item?.price;
    const product = price?.product;
    overview.plan = price?.nickname ?? (product && typeof product === 'object' && 'name' in product ? product.name : null);
    overview.price_id = price?.id ?? overview.price_id;
    overview.amount = price?.unit_amount != null ? price.unit_amount * (item?.quantity ?? 1) : null;
    overview.currency = price?.currency ?? null;
    overview.interval = price?.recurring?.interval ?? null;
    overview.current_period_end = iso(item?.current_period_end) ?? overview.current_period_end;
    overview.cancel_at_period_end = subscription.cancel_at_period_end;
  }
  const method = cardOf(customer, subscription);
  if (method) {
    overview.card_brand = method.brand;
    overview.card_last4 = method.last4;
    overview.card_exp = `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`;
  }
  if (subscription && LIVE_STATUSES.includes(subscription.status)) {
    const upcoming = await stripe.invoices.createPreview({ customer: customerId, subscription: subscription.id }).catch(() => null);
    if (upcoming) {
      overview.next_invoice_amount = upcoming.amount_due;
      overview.next_invoice_currency = upcoming.currency;
      overview.next_invoice_date = iso(upcoming.next_payment_attempt ?? upcoming.period_end);
      overview.next_invoice_lines = upcoming.lines.data.map((line) => ({ description: line.description ?? '', amount: line.amount }));
    }
  }
  return overview;
}

type Card = { brand: string; last4: string; exp_month: number; exp_year: number };

/** The card on file: the subscription's own default, else the customer's invoice default. */
function cardOf(customer: Stripe.Customer | Stripe.DeletedCustomer, subscription: Stripe.Subscription | null): Card | null {
  const candidates = [
    subscription?.default_payment_method,
    'deleted' in customer ? null : customer.invoice_settings?.default_payment_method,
  ];
  for (const pm of candidates) {
    if (pm && typeof pm === 'object' && pm.card) return pm.card;
  }
  return null;
}

const notConfigured = () => new AppError('VALIDATION', msg('billing.notConfigured'));

/** Where Stripe sends the admin back: the app-subscription settings. */
const settingsUrl = (config: Config, extra = '') => `${config.appOrigin}/dashboard?settings=true&component=app-subscription${extra}`;

/** Stripe Checkout for the configured prices; the company's Stripe customer is made first if it has none. */
export async function createCheckout(tx: Tx, config: Config, tenant: string): Promise<{ url: string }> {
  if (!config.stripe) throw notConfigured();
  const stripe = await stripeFor(config.stripe);
  const account = await readAccount(tx, tenant);
  if (account?.status && LIVE_STATUSES.includes(account.status)) throw new AppError('CONFLICT', msg('billing.alreadySubscribed'));
  let customerId = account?.stripe_customer_id ?? null;
  if (!customerId) {
    const [company] = await tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
    const customer = await stripe.customers.create({ name: company?.company ?? undefined, metadata: { tenant_uuid: tenant } });
    customerId = customer.id;
    await tx
      .insert(billingAccounts)
      .values({ tenant_uuid: tenant, stripe_customer_id: customerId })
      .onConflictDoUpdate({ target: billingAccounts.tenant_uuid, set: { stripe_customer_id: customerId, updated_on: sql`now()` } });
  }
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    client_reference_id: tenant,
    metadata: { tenant_uuid: tenant },
    subscription_data: { metadata: { tenant_uuid: tenant } },
    line_items: config.stripe.priceIds.map((price) => ({ price, quantity: 1 })),
    success_url: settingsUrl(config, '&checkout=success'),
    cancel_url: settingsUrl(config, '&checkout=cancelled'),
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { url: session.url };
}

/** Stripe's customer portal for the company's customer: card, invoices, plan, cancellation. */
export async function createPortal(tx: Tx, config: Config, tenant: string): Promise<{ url: string }> {
  if (!config.stripe) throw notConfigured();
  const customerId = (await readAccount(tx, tenant))?.stripe_customer_id;
  if (!customerId) throw new AppError('VALIDATION', msg('billing.noCustomer'));
  const session = await (await stripeFor(config.stripe)).billingPortal.sessions.create({
    customer: customerId,
    return_url: settingsUrl(config),
  });
  return { url: session.url };
}
