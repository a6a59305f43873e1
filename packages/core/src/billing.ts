/** Billing (issue 23): the card payment provider's subscription status and the rules both sides apply to it. */

/** Stripe's subscription statuses, as its webhooks report them. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Spec §2: a cancelled (or unpaid) subscription sends non-admins to dialog=subscription-cancelled and admins to the
 * app-subscription settings. A company that never subscribed is not blocked, and nothing is blocked while billing is
 * not configured (the embedded default).
 */
export const BLOCKING_STATUSES: readonly string[] = ['canceled', 'unpaid'];

export function isBillingBlocked(state: { configured: boolean; status?: string | null } | null | undefined): boolean {
  return Boolean(state?.configured && state.status && BLOCKING_STATUSES.includes(state.status));
}

/** A subscription that is still running: 'Manage billing' rather than 'Subscribe'. */
export const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'incomplete', 'paused'];

/** Spec §8: the card-payment fetch waits for the API up to 60 times at 50 ms, then fails with this message. */
export const STRIPE_FETCH_TRIES = 60;
export const STRIPE_FETCH_INTERVAL_MS = 50;

export const BILLING_MESSAGES = {
  apiNotReady: 'API not ready for Stripe fetch',
  notConfigured: 'Billing is not configured.',
  alreadySubscribed: 'The company already has a subscription: use Manage billing.',
  noCustomer: 'The company has no billing account yet: subscribe first.',
} as const;

/**
 * Waits until `ready()` holds, asking up to `tries` times `intervalMs` apart, then fails with 'API not ready for
 * Stripe fetch' (spec §8). `sleep` is injectable so a test need not wait.
 */
export async function waitForApi(
  ready: () => boolean,
  opts: { tries?: number; intervalMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const tries = opts.tries ?? STRIPE_FETCH_TRIES;
  const intervalMs = opts.intervalMs ?? STRIPE_FETCH_INTERVAL_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let i = 0; i < tries; i++) {
    if (ready()) return;
    await sleep(intervalMs);
  }
  if (ready()) return;
  throw new Error(BILLING_MESSAGES.apiNotReady);
}
