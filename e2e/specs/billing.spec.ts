import { expect, test } from '@playwright/test';
import Stripe from 'stripe';
import { expectNoSeriousA11yViolations } from './helpers';
import { signIn } from './sign-in';

// Issue 23: a cancelled subscription sends a foreman to the subscription-cancelled dialog, and an admin to the
// subscription settings. Only the second seeded company (Lakeside Renovations) is cancelled: every other journey
// reads the demo company, whose subscription stays active.
const LAKESIDE = 'Lakeside Renovations';
const FOREMAN = 'sam.porter@lakeside.test';
const ADMIN = 'olivia.reed@lakeside.test';
/** The e2e server's STRIPE_WEBHOOK_SECRET (playwright.config.ts). */
const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_groundwork_e2e';

/** Stripe's event, signed with the server's webhook secret by the SDK's own helper, as Stripe would deliver it. */
function signedSubscriptionEvent(tenant: string, status: string) {
  const payload = JSON.stringify({
    id: `evt_e2e_${status}_${Date.now()}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type: status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
    livemode: false,
    pending_webhooks: 1,
    data: {
      object: {
        id: 'sub_e2e_lakeside',
        object: 'subscription',
        customer: 'cus_e2e_lakeside',
        status,
        cancel_at_period_end: false,
        metadata: { tenant_uuid: tenant },
        items: {
          object: 'list',
          data: [{ id: 'si_e2e', object: 'subscription_item', quantity: 1, price: { id: 'price_groundwork_e2e' } }],
        },
      },
    },
  });
  const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE_WEBHOOK_SECRET });
  return { payload, header };
}

test.describe('a cancelled subscription (issue 23)', () => {
  test.use({ locale: 'en-US', timezoneId: 'UTC' });

  test('a signed webhook cancels the company: its foreman gets the subscription-cancelled dialog, its admin the subscription settings', async ({
    browser,
    request,
  }) => {
    const before = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const earlier = await before.newPage();
      const { tenantUuid } = await signIn(earlier, FOREMAN, undefined, LAKESIDE);
      await earlier.goto('/dashboard');
      await expect(earlier.getByRole('heading', { level: 2, name: LAKESIDE })).toBeVisible();
      await expect(earlier.getByRole('dialog', { name: 'Subscription cancelled' })).toHaveCount(0);

      // A bad signature is refused and changes nothing.
      const forged = signedSubscriptionEvent(tenantUuid, 'canceled');
      const refused = await request.post('/api/stripe/webhook', {
        headers: { 'content-type': 'application/json', 'stripe-signature': forged.header.replace(/v1=\w+/, 'v1=00') },
        data: forged.payload,
      });
      expect(refused.status()).toBe(400);

      const cancelled = signedSubscriptionEvent(tenantUuid, 'canceled');
      const delivered = await request.post('/api/stripe/webhook', {
        headers: { 'content-type': 'application/json', 'stripe-signature': cancelled.header },
        data: cancelled.payload,
      });
      expect(delivered.status()).toBe(200);
      expect(await delivered.json()).toEqual({ received: true, applied: true });
      // Stripe retries deliveries: the same event again changes nothing.
      const replay = await request.post('/api/stripe/webhook', {
        headers: { 'content-type': 'application/json', 'stripe-signature': cancelled.header },
        data: cancelled.payload,
      });
      expect(await replay.json()).toEqual({ received: true, applied: false });

      // The foreman's next start (a fresh phone: the app keeps the last answer on the device for a minute): the
      // persistent dialog, whatever they asked for.
      await before.close();
      const page = await phone.newPage();
      await signIn(page, FOREMAN, undefined, LAKESIDE);
      await page.goto('/modules/projects');
      const dialog = page.getByRole('dialog', { name: 'Subscription cancelled' });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\?dialog=subscription-cancelled$/);
      await expect(dialog).toContainText('Please ask a company administrator to renew the subscription.');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The company's admin is sent to the subscription settings instead.
      const office = await desk.newPage();
      await signIn(office, ADMIN, undefined, LAKESIDE);
      await office.goto('/dashboard?dialog=subscription-cancelled');
      await expect(office).toHaveURL(/\/dashboard\?settings=true&component=app-subscription$/);
      await expect(office.getByRole('heading', { level: 2, name: 'Subscription' })).toBeVisible();
      await expect(office.getByRole('dialog', { name: 'Subscription cancelled' })).toHaveCount(0);
    } finally {
      await before.close();
      await phone.close();
      await desk.close();
    }
  });
});
