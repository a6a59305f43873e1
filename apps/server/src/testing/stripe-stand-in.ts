import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/**
 * A stand-in for Stripe's API on 127.0.0.1 that the real SDK talks to (STRIPE_API_BASE): the few endpoints billing
 * calls, answering with Stripe-shaped objects, and recording every request. Tests also sign webhooks with the SDK's
 * own test helper.
 */
export type StandIn = {
  url: string;
  requests: { method: string; path: string; body: Record<string, string> }[];
  customers: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
};

const card = { id: 'pm_card', object: 'payment_method', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } };

export function subscriptionObject(id: string, customer: string, status: string, tenant?: string): Record<string, unknown> {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    default_payment_method: null,
    metadata: tenant ? { tenant_uuid: tenant } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_end: 1_900_000_000,
          price: {
            id: 'price_basic',
            object: 'price',
            nickname: 'Groundwork Pro',
            unit_amount: 4900,
            currency: 'usd',
            recurring: { interval: 'month' },
            product: { id: 'prod_1', object: 'product', name: 'Groundwork' },
          },
        },
      ],
    },
  };
}

export async function startStripeStandIn(): Promise<StandIn> {
  const app: FastifyInstance = Fastify({ logger: false });
  const requests: StandIn['requests'] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  let next = 1;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onRequest', async (req) => {
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) throw Object.assign(new Error('no key'), { statusCode: 401 });
  });
  app.addHook('preHandler', async (req) => {
    requests.push({ method: req.method, path: req.url.split('?')[0], body: (req.body as Record<string, string>) ?? {} });
  });
  const missing = (id: string) => ({ error: { type: 'invalid_request_error', message: `No such object: '${id}'` } });

  app.post('/v1/customers', async (req) => {
    const body = req.body as Record<string, string>;
    const id = `cus_${next++}`;
    const customer = {
      id,
      object: 'customer',
      name: body.name ?? null,
      metadata: { tenant_uuid: body['metadata[tenant_uuid]'] },
      invoice_settings: { default_payment_method: card },
    };
    customers.set(id, customer);
    return customer;
  });
  app.get<{ Params: { id: string } }>('/v1/customers/:id', async (req, reply) => {
    const customer = customers.get(req.params.id);
    return customer ?? reply.status(404).send(missing(req.params.id));
  });
  app.get<{ Params: { id: string } }>('/v1/subscriptions/:id', async (req, reply) => {
    const subscription = subscriptions.get(req.params.id);
    return subscription ?? reply.status(404).send(missing(req.params.id));
  });
  app.post('/v1/invoices/create_preview', async () => ({
    id: 'upcoming',
    object: 'invoice',
    amount_due: 4900,
    currency: 'usd',
    next_payment_attempt: 1_900_000_000,
    period_end: 1_900_000_000,
    lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', description: '1 × Groundwork Pro', amount: 4900 }] },
  }));
  app.post('/v1/checkout/sessions', async () => {
    const id = `cs_test_${next++}`;
    return { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` };
  });
  app.post('/v1/billing_portal/sessions', async () => {
    const id = `bps_${next++}`;
    return { id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/${id}` };
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, requests, customers, subscriptions, close: () => app.close() };
}

/** A webhook delivery as Stripe makes it: the event's JSON and a real signature from the SDK's test helper. */
export function signedEvent(secret: string, event: { id: string; type: string; object: Record<string, unknown>; created?: number }) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: event.created ?? Math.floor(Date.now() / 1000),
    type: event.type,
    livemode: false,
    pending_webhooks: 1,
    data: { object: event.object },
  });
  const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}
