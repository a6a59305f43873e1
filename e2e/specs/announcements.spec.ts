import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, signIn } from './sign-in';

// Demo company (apps/server/src/modules/announcements/announcements.seed.ts): Ben Miller (crew) is in Field Operations
// with 8 others; Maria Alvarez is an admin. Nobody has answered today's mood check-in.
const WORKER = 'ben.miller@summitridge.test';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

async function unread(page: Page): Promise<number> {
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toBeVisible();
  const label = (await bell.getAttribute('aria-label')) ?? '';
  const m = /(\d+) unread/.exec(label);
  return m ? Number(m[1]) : 0;
}

test.describe.configure({ mode: 'serial' });

test('an admin posts to one department; a worker there sees the badge rise live, opens it and acknowledges; the admin sees 1 of 9', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Pour moved to 6 am ${Date.now()}`;
  const worker = await newPage(browser, { width: 390, height: 844 });
  await signIn(worker, WORKER);
  await worker.goto('/modules/announcements');
  await expect(worker.getByRole('main').getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await expect(worker.getByText('New PPE policy: sign by Friday')).toBeVisible();
  await expectNoSeriousA11yViolations(worker);
  const before = await unread(worker);

  const admin = await newPage(browser, { width: 1440, height: 900 });
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/modules/announcements');
  await admin.getByRole('button', { name: 'Add announcement' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add announcement' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('The concrete truck comes at 6. Crew on site by 5:45.');
  await dialog.getByRole('combobox', { name: 'Audience' }).click();
  await admin.getByRole('option', { name: 'Departments' }).click();
  await dialog.getByRole('combobox', { name: 'Who' }).click();
  await admin.getByRole('option', { name: 'Field Operations' }).click();
  await admin.keyboard.press('Escape');
  await dialog.getByLabel('Requires acknowledgement').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Announcement added.')).toBeVisible();
  await admin.getByRole('tab', { name: 'Manage' }).click();
  const card = admin.getByTestId('manage-card').filter({ hasText: title });
  await expect(card.getByText('0 of 9 acknowledged')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // Live: the worker's badge rises without a reload.
  await expect.poll(() => unread(worker), { timeout: 20_000 }).toBe(before + 1);
  await worker.getByTestId('notifications-bell').click();
  await expect(worker.getByRole('main').getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expectNoSeriousA11yViolations(worker);
  // The notification itself (its name starts with the title), not its "Mark read: <title>" button.
  await worker.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await expect(worker).toHaveURL(/\/modules\/announcements/);
  const mine = worker.getByTestId('announcement-card').filter({ hasText: title });
  await mine.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(worker.getByText('Announcement acknowledged.')).toBeVisible();
  await expect(mine.getByText('Acknowledged')).toBeVisible();
  await expect.poll(() => unread(worker)).toBe(before);

  await admin.reload();
  await admin.getByRole('tab', { name: 'Manage' }).click();
  await expect(admin.getByTestId('manage-card').filter({ hasText: title }).getByText('1 of 9 acknowledged')).toBeVisible();
  await admin.getByTestId('manage-card').filter({ hasText: title }).getByRole('button', { name: 'Who has seen it' }).click();
  const readers = admin.getByRole('dialog', { name: new RegExp(`Seen and acknowledged: ${title}`) });
  await expect(readers.getByRole('row', { name: /Ben Miller/ })).toBeVisible();
  await readers.getByRole('button', { name: 'Close' }).click();

  // Check-ins: totals only, by department; the small Accounting department (1 person) is withheld.
  await admin.getByRole('tab', { name: 'Check-ins' }).click();
  await admin.getByRole('combobox', { name: 'Group by' }).click();
  await admin.getByRole('option', { name: 'Department' }).click();
  const table = admin.getByRole('table', { name: 'Check-ins' });
  await expect(table.getByRole('row', { name: /Field Operations/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Accounting.*Fewer than 5 people: not shown/ })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();
  await worker.context().close();
});

test('a worker answers the mood check-in once; it is not offered again that day', async ({ browser }) => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, WORKER);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: "How's your day?" }).click();
  const dialog = page.getByRole('dialog', { name: "How's your day?" });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Good' }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thanks for checking in.')).toBeVisible();
  await expect(page.getByRole('button', { name: "How's your day?" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await expect(page.getByRole('button', { name: "How's your day?" })).toHaveCount(0);
  await page.context().close();
});
