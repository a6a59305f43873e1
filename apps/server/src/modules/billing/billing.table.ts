import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantUuid, updatedOn } from '../../db/columns.js';
import { tenantCascade } from '../../db/tenant-keys.js';

/**
 * The company's account with the card payment provider (issue 23): one row per company, written by the Stripe
 * webhooks and by checkout. `status` is Stripe's subscription status as last reported (active, trialing, past_due,
 * unpaid, canceled, incomplete, incomplete_expired, paused); `status_at` is the creation time of the event that
 * set it, so an older event delivered late never overwrites a newer state.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    tenant_uuid: tenantUuid(),
    stripe_customer_id: text('stripe_customer_id'),
    stripe_subscription_id: text('stripe_subscription_id'),
    status: text('status'),
    price_id: text('price_id'),
    current_period_end: timestamp('current_period_end', { withTimezone: true, mode: 'string' }),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    status_at: timestamp('status_at', { withTimezone: true, mode: 'string' }),
    updated_on: updatedOn(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid] }), tenantCascade(t)],
);

/** Webhook events already applied, by Stripe's event id: a replayed delivery finds its id here and changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    tenant_uuid: tenantUuid(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    received_on: timestamp('received_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid, t.event_id] }), tenantCascade(t)],
);
