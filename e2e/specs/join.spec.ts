import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectNoSeriousA11yViolations, expectSnackbarAfter } from './helpers';
import { DEMO_ADMIN, DEMO_COMPANY, signIn } from './sign-in';

// A company's own sign-up page (issue 26): an admin makes a join link, a new worker joins from a phone with it and
// waits for approval, the admin approves, and the worker, signed in again, lands in the company with the link's groups.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'field-ops-e2e-password';
const SHOTS = '/tmp/shots';
const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}`.slice(-7);

type OutboxMessage = { to: string; subject: string; text: string };

/** The newest message to `to` whose text matches `pattern`, waiting for it to arrive. */
async function fromOutbox(request: APIRequestContext, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return null;
        const messages = (await response.json()) as OutboxMessage[];
        match = messages.map((m) => pattern.exec(m.text)).find(Boolean) ?? null;
        return match;
      },
      { message: `a message to ${to} matching ${pattern}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return match as unknown as RegExpExecArray;
}

/** Signs out from /select-tenant and back in with the password: they land on /select-tenant again. */
async function signInAgain(page: Page, email: string) {
  await page.goto('/select-tenant');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/select-tenant$/);
}

async function adminPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, DEMO_ADMIN);
  return page;
}

test('a worker joins by link from a phone, waits, is approved on a desktop and lands in the company with the link’s groups', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const id = unique();
  const linkName = `Trailer door ${id}`;
  const email = `e2e-join-${id}@example.com`;
  const first = 'Rosa';
  const last = `Delgado ${id}`;

  // 1. The admin (desktop) makes a link that hands out the Crew group.
  const admin = await adminPage(browser, DESKTOP);
  await admin.goto('/admin/people?tab=join');
  await expect(admin.getByRole('tab', { name: 'Join links', selected: true })).toBeVisible();
  await admin.getByRole('button', { name: 'New join link' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New join link' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(linkName);
  await dialog.getByRole('combobox', { name: 'Groups a joiner gets' }).click();
  await admin.getByRole('option', { name: 'Crew', exact: true }).click();
  await expectSnackbarAfter(admin, 'Join link created.', () => dialog.getByRole('button', { name: 'Save' }).click());
  const card = admin.getByTestId('join-link').filter({ has: admin.getByRole('heading', { name: linkName }) });
  await expect(card.getByRole('img', { name: `QR code of the link ${linkName}` })).toBeVisible();
  const url = await card.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(url).toMatch(/\/join\?company=[A-Za-z0-9_-]{22}$/);
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({ path: `${SHOTS}/join-links-desktop.png` });

  // The poster is a PDF holding the link, in English and Spanish.
  const posterHref = await card.getByRole('link', { name: 'Poster (Spanish)' }).getAttribute('href');
  const poster = await admin.request.get(posterHref as string);
  expect(poster.headers()['content-type']).toBe('application/pdf');
  const posterText = (await new PDFParse({ data: new Uint8Array(await poster.body()) }).getText()).text;
  expect(posterText).toContain('Únete a nuestro equipo');
  expect(posterText).toContain(url);

  // 2. The worker (phone) opens the link, gives their name, signs up with a code from the outbox and waits.
  const workerContext = await browser.newContext({ viewport: PHONE });
  const worker = await workerContext.newPage();
  await worker.goto(new URL(url).pathname + new URL(url).search);
  await expect(worker.getByRole('heading', { name: `Join ${DEMO_COMPANY}` })).toBeVisible();
  await expect(worker.getByTestId('join-company')).toHaveText(DEMO_COMPANY);
  await expectNoSeriousA11yViolations(worker);
  await worker.screenshot({ path: `${SHOTS}/join-page-phone.png`, fullPage: true });
  // The name is asked for before leaving for the sign-up.
  await worker.getByRole('button', { name: 'Create an account' }).click();
  await expect(worker.getByText('This field is required').first()).toBeVisible();
  await worker.getByRole('textbox', { name: 'First name' }).fill(first);
  await worker.getByRole('textbox', { name: 'Last name' }).fill(last);
  await worker.getByRole('button', { name: 'Create an account' }).click();
  await expect(worker).toHaveURL(/\/sign-up/);
  await worker.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
  await worker.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(worker.getByText('Verified: you are not a robot.')).toBeVisible({ timeout: 30_000 });
  await worker.getByRole('button', { name: 'Create account' }).click();
  await expect(worker.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  const [, code] = await fromOutbox(worker.request, email, /\b(\d{6})\b/);
  await worker.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await worker.getByRole('button', { name: 'Confirm' }).click();
  // Signed in, back on the join page, the request goes by itself.
  await expect(worker.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await expect(worker).toHaveURL(/\/join\?company=/);
  await expect(worker.getByRole('status').filter({ hasText: `You asked to join ${DEMO_COMPANY}` })).toBeVisible();
  await expectNoSeriousA11yViolations(worker);
  await worker.screenshot({ path: `${SHOTS}/join-waiting-phone.png`, fullPage: true });
  // Signed in again before approval: no company to choose yet, but /select-tenant says whom they wait for.
  await signInAgain(worker, email);
  const waiting = worker.getByRole('region', { name: 'Waiting for approval' });
  await expect(waiting.getByRole('listitem')).toContainText(`Waiting for approval from ${DEMO_COMPANY}'s admins`);
  await expect(worker.getByRole('button', { name: DEMO_COMPANY })).toHaveCount(0);
  await expect(worker.getByText('does not belong to any company', { exact: false })).toHaveCount(0);
  await expectNoSeriousA11yViolations(worker);
  await worker.screenshot({ path: `${SHOTS}/join-select-tenant-waiting-phone.png`, fullPage: true });

  // The same page on a desktop, for the screenshot (no session).
  const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await visitor.goto(new URL(url).pathname + new URL(url).search);
  await expect(visitor.getByRole('heading', { name: `Join ${DEMO_COMPANY}` })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await visitor.screenshot({ path: `${SHOTS}/join-page-desktop.png` });
  await visitor.context().close();

  // 3. The admin sees them first on /admin/people, with when and through which link, and approves.
  await admin.goto('/admin/people');
  const pending = admin.getByRole('list', { name: 'Requests to join' });
  const row = pending.getByTestId('join-request').filter({ hasText: `${first} ${last}` });
  await expect(row).toContainText(email);
  await expect(row).toContainText(`through “${linkName}”`);
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({ path: `${SHOTS}/join-pending-desktop.png` });
  const adminPhone = await adminPage(browser, PHONE);
  await adminPhone.goto('/admin/people');
  await expect(adminPhone.getByTestId('join-request').filter({ hasText: `${first} ${last}` })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPhone);
  await adminPhone.screenshot({ path: `${SHOTS}/join-pending-phone.png`, fullPage: true });
  await adminPhone.context().close();

  await expectSnackbarAfter(admin, `${first} ${last} is now a member.`, () =>
    row.getByRole('button', { name: `Approve ${first} ${last}` }).click(),
  );
  await expect(row).toHaveCount(0);
  await fromOutbox(admin.request, email, /You were approved to join Summit Ridge Construction/);

  // 4. The worker signs in again and lands in the company, holding the Crew group's permissions; nothing waits now.
  await signInAgain(worker, email);
  await expect(worker.getByRole('region', { name: 'Waiting for approval' })).toHaveCount(0);
  await worker.getByRole('button', { name: DEMO_COMPANY }).click();
  await expect(worker).toHaveURL(/\/dashboard/);
  const claims = await worker.evaluate(async () => {
    const response = await fetch('/api/identity', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-identity-action': 'GetUser' },
      body: '{}',
    });
    return (await response.json()) as { 'cognito:groups': string[]; 'custom:selected_tenant_uuid': string | null };
  });
  expect(claims['custom:selected_tenant_uuid']).toBeTruthy();
  expect(claims['cognito:groups']).toEqual(['announcements_basic', 'basic_access', 'chatbot_basic', 'receipts_basic', 'tool20_basic']);

  await workerContext.close();
  await admin.context().close();
});
