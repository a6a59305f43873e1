import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The official SDK, one client per configuration. STRIPE_API_BASE points it at another host (the tests' stand-in
 * speaks Stripe's API on 127.0.0.1); otherwise it talks to Stripe itself.
 */
export async function stripeFor(config: StripeConfig): Promise<Stripe> {
  let client = clients.get(config);
  if (!client) {
    // The SDK loads with the first call to Stripe, not at the server's start.
    const { default: Stripe } = await import('stripe');
    const base = config.apiBase ? new URL(config.apiBase) : null;
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      appInfo: { name: 'Groundwork' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    clients.set(config, client);
  }
  return client;
}

/** An id out of an expandable field: the id itself, or the expanded object's id. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
