import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { StripeConfig } from '../../config.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { type StandIn, signedEvent, startStripeStandIn, subscriptionObject } from '../../testing/stripe-stand-in.js';
import { testConfig, useTestApp } from '../../testing/test-app.js';
import { STRIPE_WEBHOOK_PATH } from './billing.webhooks.js';

const SECRET = 'whsec_test_groundwork';
const stripe: StripeConfig = { secretKey: 'sk_test_groundwork', webhookSecret: SECRET, priceIds: ['price_basic'] };
let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe.apiBase = standIn.url;
});
afterAll(() => standIn?.close());

const t = useTestApp({ config: { stripe } });

const Q = {
  status: 'query($t: ID!) { billingStatus(tenant_uuid: $t) { configured status blocked } }',
  list: `query($t: ID!) { listStripe(tenant_uuid: $t) { configured status blocked customer_id subscription_id plan amount currency interval
    current_period_end next_invoice_amount next_invoice_date next_invoice_lines { description amount } card_brand card_last4 card_exp
    active_users can_subscribe can_manage } }`,
  checkout: 'mutation($t: ID!) { createBillingCheckout(tenant_uuid: $t) { url } }',
  portal: 'mutation($t: ID!) { createBillingPortal(tenant_uuid: $t) { url } }',
};

let admin: TestMember;
let billingAdmin: TestMember;
let billingBasic: TestMember;
let worker: TestMember;
let foreign: TestMember;
const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;
const call = (q: string, vars: Record<string, unknown>, who?: TestMember) => t.gql(q, vars, who?.token);

const deliver = (event: Parameters<typeof signedEvent>[1], secret = SECRET) => {
  const { payload, header } = signedEvent(secret, event);
  return t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
};

const accountOf = async (tenant: string) => {
  const res = (await t.database.db.execute(
    sql`select stripe_customer_id, stripe_subscription_id, status, (select count(*)::int from billing_events e where e.tenant_uuid = a.tenant_uuid) as events
        from billing_accounts a where tenant_uuid = ${tenant}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return res.rows[0] ?? null;
};

beforeAll(async () => {
  const a = await createTenant(t.database.db, 'Billing Builders');
  admin = await createMember(t.database.db, a, { isAdmin: true });
  billingAdmin = await createMember(t.database.db, a, { permissions: ['billing_admin'] });
  billingBasic = await createMember(t.database.db, a, { permissions: ['billing_basic'] });
  worker = await createMember(t.database.db, a, { permissions: ['basic_access'] });
  foreign = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
});

describe('billing with Stripe (issue 23)', () => {
  it('refuses unauthenticated callers, non-billing members and another company', async () => {
    for (const q of Object.values(Q)) expect(code(await call(q, { t: admin.tenantUuid }))).toBe('UNAUTHENTICATED');
    for (const q of [Q.list, Q.checkout, Q.portal]) expect(code(await call(q, { t: worker.tenantUuid }, worker))).toBe('FORBIDDEN');
    for (const q of [Q.checkout, Q.portal]) expect(code(await call(q, { t: billingBasic.tenantUuid }, billingBasic))).toBe('FORBIDDEN');
    for (const q of Object.values(Q)) expect(code(await call(q, { t: admin.tenantUuid }, foreign))).toBe('NOT_FOUND');
    expect(standIn.requests).toEqual([]);
  });

  it('lists a company that never subscribed: configured, not blocked, may subscribe', async () => {
    const res = await call(Q.list, { t: admin.tenantUuid }, billingBasic);
    expect(res.errors).toBeUndefined();
    expect(res.data?.listStripe).toMatchObject({ configured: true, status: null, blocked: false, can_subscribe: true, can_manage: false });
    expect(res.data?.listStripe.active_users).toBe(4);
    expect((await call(Q.status, { t: admin.tenantUuid }, worker)).data?.billingStatus).toEqual({
      configured: true,
      status: null,
      blocked: false,
    });
  });

  it('opens Checkout for a billing admin, making the Stripe customer first', async () => {
    const res = await call(Q.checkout, { t: admin.tenantUuid }, billingAdmin);
    expect(res.errors).toBeUndefined();
    expect(res.data?.createBillingCheckout.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const made = standIn.requests.find((r) => r.path === '/v1/customers');
    expect(made?.body['metadata[tenant_uuid]']).toBe(admin.tenantUuid);
    const session = standIn.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(session?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: admin.tenantUuid,
      'line_items[0][price]': 'price_basic',
      'subscription_data[metadata][tenant_uuid]': admin.tenantUuid,
    });
    expect(session?.body.success_url).toContain('/dashboard?settings=true&component=app-subscription');
    expect(await accountOf(admin.tenantUuid)).toMatchObject({ stripe_customer_id: 'cus_1', status: null });
  });

  it('refuses a webhook with a bad signature and writes nothing', async () => {
    const before = await accountOf(admin.tenantUuid);
    const forged = await deliver(
      {
        id: 'evt_forged',
        type: 'customer.subscription.deleted',
        object: subscriptionObject('sub_1', 'cus_1', 'canceled', admin.tenantUuid),
      },
      'whsec_not_ours',
    );
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_x"}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await accountOf(admin.tenantUuid)).toEqual(before);
  });

  it('links the customer and subscription when checkout completes', async () => {
    const res = await deliver({
      id: 'evt_checkout',
      type: 'checkout.session.completed',
      object: {
        id: 'cs_1',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: admin.tenantUuid,
        customer: 'cus_1',
        subscription: 'sub_1',
        metadata: { tenant_uuid: admin.tenantUuid },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await accountOf(admin.tenantUuid)).toMatchObject({ stripe_customer_id: 'cus_1', stripe_subscription_id: 'sub_1', events: 1 });
  });

  it('keeps the subscription status from webhooks, and lists plan, next invoice and card', async () => {
    const active = subscriptionObject('sub_1', 'cus_1', 'active');
    standIn.subscriptions.set('sub_1', active);
    // No metadata on the subscription: the company is found through the Stripe customer's.
    const res = await deliver({ id: 'evt_created', type: 'customer.subscription.created', object: active });
    expect(res.json()).toEqual({ received: true, applied: true });
    expect(await accountOf(admin.tenantUuid)).toMatchObject({ status: 'active', events: 2 });
    const list = await call(Q.list, { t: admin.tenantUuid }, billingBasic);
    expect(list.errors).toBeUndefined();
    expect(list.data?.listStripe).toMatchObject({
      configured: true,
      status: 'active',
      blocked: false,
      customer_id: 'cus_1',
      subscription_id: 'sub_1',
      plan: 'Groundwork Pro',
      amount: 4900,
      currency: 'usd',
      interval: 'month',
      current_period_end: new Date(1_900_000_000 * 1000).toISOString(),
      next_invoice_amount: 4900,
      next_invoice_date: new Date(1_900_000_000 * 1000).toISOString(),
      next_invoice_lines: [{ description: '1 × Groundwork Pro', amount: 4900 }],
      card_brand: 'visa',
      card_last4: '4242',
      card_exp: '04/2031',
      can_subscribe: false,
      can_manage: true,
    });
    expect(code(await call(Q.checkout, { t: admin.tenantUuid }, admin))).toBe('CONFLICT');
    const portal = await call(Q.portal, { t: admin.tenantUuid }, admin);
    expect(portal.data?.createBillingPortal.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(standIn.requests.find((r) => r.path === '/v1/billing_portal/sessions')?.body.customer).toBe('cus_1');
  });

  it('blocks the company once the subscription is canceled; a replayed event changes nothing', async () => {
    const canceled = { id: 'evt_deleted', type: 'customer.subscription.deleted', object: subscriptionObject('sub_1', 'cus_1', 'canceled') };
    expect((await deliver(canceled)).statusCode).toBe(200);
    expect((await call(Q.status, { t: admin.tenantUuid }, worker)).data?.billingStatus).toEqual({
      configured: true,
      status: 'canceled',
      blocked: true,
    });
    // Renewed in the portal, then the old cancellation is delivered again.
    const renewed = subscriptionObject('sub_1', 'cus_1', 'active');
    standIn.subscriptions.set('sub_1', renewed);
    expect((await deliver({ id: 'evt_renewed', type: 'customer.subscription.updated', object: renewed })).statusCode).toBe(200);
    const before = await accountOf(admin.tenantUuid);
    const replay = await deliver(canceled);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, applied: false });
    expect(await accountOf(admin.tenantUuid)).toEqual(before);
    expect(before).toMatchObject({ status: 'active' });
  });

  it('follows invoices: a failed payment leaves the subscription unpaid, and blocks', async () => {
    standIn.subscriptions.set('sub_1', subscriptionObject('sub_1', 'cus_1', 'unpaid'));
    const res = await deliver({
      id: 'evt_failed',
      type: 'invoice.payment_failed',
      object: {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_1',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } },
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(Q.status, { t: admin.tenantUuid }, worker)).data?.billingStatus.blocked).toBe(true);
  });

  it('does not let an event about one company reach another', async () => {
    const res = await deliver({
      id: 'evt_foreign',
      type: 'customer.subscription.updated',
      object: subscriptionObject('sub_9', 'cus_other', 'canceled', foreign.tenantUuid),
    });
    expect(res.statusCode).toBe(200);
    expect(await accountOf(foreign.tenantUuid)).toMatchObject({ status: 'canceled', stripe_customer_id: 'cus_other' });
    // The customer named is not the one company A is tied to: nothing changes there.
    const stray = await deliver({
      id: 'evt_stray',
      type: 'customer.subscription.updated',
      object: subscriptionObject('sub_9', 'cus_other', 'active', admin.tenantUuid),
    });
    expect(stray.json()).toMatchObject({ applied: false });
    expect(await accountOf(admin.tenantUuid)).toMatchObject({ stripe_customer_id: 'cus_1', status: 'unpaid' });
  });

  it('without Stripe keys says not configured, blocks nothing and refuses checkout', async () => {
    const bare = await buildApp({ config: testConfig(), database: t.database });
    try {
      const gql = async (query: string, who: TestMember) =>
        (
          await bare.inject({
            method: 'POST',
            url: '/graphql',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
            payload: { query, variables: { t: who.tenantUuid } },
          })
        ).json();
      expect((await gql(Q.status, worker)).data.billingStatus).toEqual({ configured: false, status: null, blocked: false });
      expect((await gql(Q.list, admin)).data.listStripe).toMatchObject({ configured: false, blocked: false, can_subscribe: false });
      expect((await gql(Q.checkout, admin)).errors[0]).toMatchObject({ message: 'Billing is not configured.' });
      const hook = await bare.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
