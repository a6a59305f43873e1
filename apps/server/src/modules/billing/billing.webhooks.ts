import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Config, StripeConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { readAccount } from './billing.service.js';
import { idOf, stripeFor } from './billing.stripe.js';
import { billingAccounts, billingEvents } from './billing.table.js';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tenantIn = (value: unknown): string | null => (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null);

/** What an event says about a company's subscription, found before the company's transaction opens. */
type Change = {
  tenant: string;
  customerId: string | null;
  subscription: Stripe.Subscription | null;
  subscriptionId: string | null;
};

/**
 * POST /api/stripe/webhook: Stripe's events, verified against STRIPE_WEBHOOK_SECRET on the raw body (this route
 * alone reads its body as bytes). The company comes from the signed event: the metadata tenant_uuid our checkout
 * sets, or the Stripe customer's (set when we made it). Each event id is applied once per company; a replay answers
 * 200 and changes nothing. A bad signature is 400 and nothing is written.
 */
export function registerBillingRoutes(app: FastifyInstance, deps: { config: Config; db: Db }) {
  const { config, db } = deps;
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      if (!config.stripe) return reply.status(404).send({ error: 'Billing is not configured.' });
      const signature = req.headers['stripe-signature'];
      if (!Buffer.isBuffer(req.body) || typeof signature !== 'string') return reply.status(400).send({ error: 'Bad signature.' });
      let event: Stripe.Event;
      try {
        event = (await stripeFor(config.stripe)).webhooks.constructEvent(req.body, signature, config.stripe.webhookSecret);
      } catch {
        return reply.status(400).send({ error: 'Bad signature.' });
      }
      const change = await changeOf(config.stripe, event);
      if (!change) return reply.send({ received: true, applied: false });
      const applied = await withTenant(db, change.tenant, (tx) => apply(tx, event, change));
      req.log.info({ event: event.id, type: event.type, applied }, 'stripe webhook');
      return reply.send({ received: true, applied });
    });
  });
}

async function changeOf(config: StripeConfig, event: Stripe.Event): Promise<Change | null> {
  const stripe = await stripeFor(config);
  const byCustomer = async (customerId: string | null) => {
    if (!customerId) return null;
    const customer = await stripe.customers.retrieve(customerId);
    return 'deleted' in customer && customer.deleted ? null : tenantIn(customer.metadata?.tenant_uuid);
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const tenant = tenantIn(session.client_reference_id) ?? tenantIn(session.metadata?.tenant_uuid);
      if (!tenant || session.mode !== 'subscription') return null;
      return { tenant, customerId: idOf(session.customer), subscription: null, subscriptionId: idOf(session.subscription) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const customerId = idOf(subscription.customer);
      const tenant = tenantIn(subscription.metadata?.tenant_uuid) ?? (await byCustomer(customerId));
      return tenant ? { tenant, customerId, subscription, subscriptionId: subscription.id } : null;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      const details = invoice.parent?.subscription_details;
      const tenant = tenantIn(details?.metadata?.tenant_uuid) ?? (await byCustomer(customerId));
      const subscriptionId = idOf(details?.subscription);
      // The invoice says what happened; the subscription says where that leaves the company.
      const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
      return tenant ? { tenant, customerId, subscription, subscriptionId } : null;
    }
    default:
      return null;
  }
}

/** Applies one event inside the company's walled transaction; false when it was already applied or is not ours. */
async function apply(tx: Tx, event: Stripe.Event, change: Change): Promise<boolean> {
  const found = (await tx.execute(sql`select 1 as one from tenants where tenant_uuid = ${change.tenant}`)) as unknown as {
    rows: unknown[];
  };
  const exists = found.rows.length > 0;
  if (!exists) return false;
  const fresh = await tx
    .insert(billingEvents)
    .values({ tenant_uuid: change.tenant, event_id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.event_id });
  if (fresh.length === 0) return false;
  const account = await readAccount(tx, change.tenant);
  // A company already tied to one Stripe customer does not take events about another.
  if (account?.stripe_customer_id && change.customerId && account.stripe_customer_id !== change.customerId) return false;
  const at = new Date(event.created * 1000).toISOString();
  const link = {
    ...(change.customerId ? { stripe_customer_id: change.customerId } : {}),
    ...(change.subscriptionId ? { stripe_subscription_id: change.subscriptionId } : {}),
  };
  const sub = change.subscription;
  // An older event delivered after a newer one links ids but leaves the status alone.
  const newer = !account?.status_at || Date.parse(account.status_at) <= Date.parse(at);
  const state =
    sub && newer
      ? {
          status: sub.status,
          price_id: sub.items.data[0]?.price.id ?? null,
          current_period_end: sub.items.data[0]?.current_period_end
            ? new Date(sub.items.data[0].current_period_end * 1000).toISOString()
            : null,
          cancel_at_period_end: sub.cancel_at_period_end,
          status_at: at,
        }
      : {};
  await tx
    .insert(billingAccounts)
    .values({ tenant_uuid: change.tenant, ...link, ...state })
    .onConflictDoUpdate({ target: billingAccounts.tenant_uuid, set: { ...link, ...state, updated_on: sql`now()` } });
  return true;
}
