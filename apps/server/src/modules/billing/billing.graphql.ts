import { builder } from '../../graphql/builder.js';
import { type Rule, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { type BillingStatus, billingStatus, createCheckout, createPortal, listStripe, type StripeOverview } from './billing.service.js';

/**
 * Billing through Stripe (spec §7 listStripe, issue 23). billing_basic reads the overview, billing_admin (or
 * admin_access) opens Checkout and the customer portal; every member reads whether the company is blocked, which
 * is how the app routes a cancelled subscription (spec §2). Without Stripe keys: configured false, nothing blocked.
 */
const READ: Rule = { area: 'billing', action: 'read' };
const MANAGE: Rule = { area: 'billing', action: 'write' };
const MEMBER: Rule = { area: 'company', action: 'read' };

const BillingStatusRef = builder.objectRef<BillingStatus>('BillingStatus').implement({
  description: "The company's subscription as every member's app needs it: blocked is true when it is canceled or unpaid.",
  fields: (t) => ({
    configured: t.exposeBoolean('configured'),
    status: t.exposeString('status', { nullable: true }),
    blocked: t.exposeBoolean('blocked'),
  }),
});

const InvoiceLineRef = builder.objectRef<{ description: string; amount: number }>('BillingInvoiceLine').implement({
  fields: (t) => ({ description: t.exposeString('description'), amount: t.exposeInt('amount') }),
});

const StripeOverviewRef = builder.objectRef<StripeOverview>('StripeOverview').implement({
  description: 'The Stripe customer, subscription, next invoice and card on file; amounts in the currency’s minor unit.',
  fields: (t) => ({
    configured: t.exposeBoolean('configured'),
    status: t.exposeString('status', { nullable: true }),
    blocked: t.exposeBoolean('blocked'),
    customer_id: t.exposeString('customer_id', { nullable: true }),
    subscription_id: t.exposeString('subscription_id', { nullable: true }),
    plan: t.exposeString('plan', { nullable: true }),
    price_id: t.exposeString('price_id', { nullable: true }),
    amount: t.exposeInt('amount', { nullable: true }),
    currency: t.exposeString('currency', { nullable: true }),
    interval: t.exposeString('interval', { nullable: true }),
    current_period_end: t.exposeString('current_period_end', { nullable: true }),
    cancel_at_period_end: t.exposeBoolean('cancel_at_period_end'),
    next_invoice_amount: t.exposeInt('next_invoice_amount', { nullable: true }),
    next_invoice_currency: t.exposeString('next_invoice_currency', { nullable: true }),
    next_invoice_date: t.exposeString('next_invoice_date', { nullable: true }),
    next_invoice_lines: t.field({ type: [InvoiceLineRef], resolve: (o) => o.next_invoice_lines }),
    card_brand: t.exposeString('card_brand', { nullable: true }),
    card_last4: t.exposeString('card_last4', { nullable: true }),
    card_exp: t.exposeString('card_exp', { nullable: true }),
    active_users: t.exposeInt('active_users'),
    can_subscribe: t.exposeBoolean('can_subscribe'),
    can_manage: t.exposeBoolean('can_manage'),
  }),
});

const BillingSessionRef = builder.objectRef<{ url: string }>('BillingSession').implement({
  description: 'A Stripe page to send the admin to (Checkout or the customer portal).',
  fields: (t) => ({ url: t.exposeString('url') }),
});

tenantQuery('billingStatus', MEMBER, {
  type: BillingStatusRef,
  description: "Whether the company's subscription blocks the app (canceled or unpaid); read at start-up by every member.",
  resolve: (args, g) => billingStatus(g.tx, g.ctx.config, args.tenant_uuid),
});

tenantQuery('listStripe', READ, {
  type: StripeOverviewRef,
  description: 'Spec §7 listStripe: the card payment provider status of the company.',
  resolve: (args, g) => listStripe(g.tx, g.ctx.config, args.tenant_uuid),
});

tenantMutation('createBillingCheckout', MANAGE, {
  type: BillingSessionRef,
  description: "Stripe Checkout for the company's subscription ('Subscribe').",
  resolve: (args, g) => createCheckout(g.tx, g.ctx.config, args.tenant_uuid),
});

tenantMutation('createBillingPortal', MANAGE, {
  type: BillingSessionRef,
  description: "Stripe's customer portal for the company ('Manage billing').",
  resolve: (args, g) => createPortal(g.tx, g.ctx.config, args.tenant_uuid),
});
