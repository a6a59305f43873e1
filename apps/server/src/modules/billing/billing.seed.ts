import type { Tx } from '../../db/client.js';
import { billingAccounts, billingEvents } from './billing.table.js';

/**
 * The demo company's billing history: an active subscription as the webhooks would have left it, with no Stripe
 * customer behind it. The embedded demo has no Stripe keys, so the settings say billing is not configured and
 * nothing is blocked; with keys, 'Subscribe' starts a real checkout for it.
 */
export async function seedDemoBilling(tx: Tx, tenant_uuid: string): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const at = new Date(Date.now() - 20 * day).toISOString();
  await tx.insert(billingAccounts).values({
    tenant_uuid,
    status: 'active',
    current_period_end: new Date(Date.now() + 10 * day).toISOString(),
    status_at: at,
  });
  await tx
    .insert(billingEvents)
    .values({ tenant_uuid, event_id: 'evt_demo_subscription_created', type: 'customer.subscription.created', received_on: at });
}
