import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_FOREMAN, signIn } from './sign-in';

// Demo company (apps/server/src/modules/tasks/tasks.seed.ts): Aisha Johnson (crew) has "Patch drywall in unit 4B"
// and "Touch-up paint, stairwell B" on RMOB, whose foreman is Luis Hernandez. Templates: "Pre-pour inspection"
// (already applied to RMOB) and "Site close-out".
const WORKER = 'aisha.johnson@summitridge.test';
const JOB = 'RMOB · Riverside Medical Office Building';
const PHOTO = fileURLToPath(new URL('../fixtures/receipt.jpg', import.meta.url));
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-light.png` });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png` });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
}

test.describe.configure({ mode: 'serial' });

test('a worker on a phone opens a task assigned to them, comments, attaches a photo and closes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, WORKER);
  await page.goto('/modules/tasks');
  await expect(page.getByRole('tab', { name: 'My tasks', selected: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'Tasks' });
  await expect(list.getByRole('button', { name: /^Patch drywall in unit 4B/ })).toBeVisible();
  // No "All tasks" for crew; no board on a phone.
  await expect(page.getByRole('tab', { name: 'All tasks' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Board' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'tasks-phone-list');

  await page.getByRole('button', { name: /^Patch drywall in unit 4B/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Patch drywall in unit 4B' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Mud is on, sanding tomorrow');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Comment added.')).toBeVisible();
  const thread = dialog.getByTestId('task-thread').getByRole('listitem');
  await expect(thread.first()).toContainText('Mud is on, sanding tomorrow');

  await dialog.getByRole('button', { name: 'Add photo' }).click();
  const upload = page.getByRole('dialog', { name: 'Add photo' });
  const chooser = page.waitForEvent('filechooser');
  await upload.getByText('Take photo', { exact: true }).click();
  await (await chooser).setFiles(PHOTO);
  await expect(upload.getByRole('button', { name: 'Done' })).toBeEnabled();
  await upload.getByRole('button', { name: 'Done' }).click();
  await expect(thread.first()).toContainText('added a photo');
  await expect(dialog.getByRole('button', { name: 'Open receipt.jpg' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/tasks-phone-dialog-light.png` });

  await dialog.getByRole('button', { name: 'Close task' }).click();
  await expect(page.getByText('Task closed.')).toBeVisible();
  await expect(thread.first()).toContainText('set it to Done');
  await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list.getByRole('button', { name: /^Patch drywall in unit 4B/ })).toHaveCount(0);

  // Two taps: "Close with photo", then the camera's shutter (the file chooser).
  const paint = list.getByRole('listitem').filter({ hasText: 'Touch-up paint, stairwell B' });
  const camera = page.waitForEvent('filechooser');
  await paint.getByRole('button', { name: 'Close with photo' }).click();
  await (await camera).setFiles(PHOTO);
  await expect(page.getByText('Task closed.')).toBeVisible();
  await expect(list.getByRole('button', { name: /^Touch-up paint, stairwell B/ })).toHaveCount(0);
});

test('a foreman on a desktop applies a checklist template to a job, reassigns a task and sees the thread newest first', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_FOREMAN);
  await page.goto('/modules/tasks');
  await page.getByRole('tab', { name: 'On my jobs' }).click();
  await expect(page.getByRole('button', { name: /^Replace cracked outlet cover, kitchen/ })).toBeVisible();

  await page.getByRole('button', { name: 'Checklist templates' }).first().click();
  const templates = page.getByRole('dialog', { name: 'Checklist templates' });
  await templates.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: /^Site close-out/ }).click();
  await templates.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: JOB, exact: true }).click();
  await expect(templates.getByRole('list', { name: 'Items of the template' })).toContainText('Debris hauled');
  await templates.getByRole('button', { name: 'Apply to job' }).click();
  await expect(page.getByText('Checklist template applied.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Site close-out/ })).toBeVisible();

  // Applying it again asks first.
  await page.getByRole('button', { name: 'Checklist templates' }).first().click();
  await templates.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: /^Site close-out/ }).click();
  await templates.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: JOB, exact: true }).click();
  await templates.getByRole('button', { name: 'Apply to job' }).click();
  await expect(templates.getByText('This template was already applied to this job. Apply it again?')).toBeVisible();
  await templates.getByRole('button', { name: 'No' }).click();
  await templates.getByRole('button', { name: 'Close' }).first().click();

  // The board, with its keyboard path: focus a card, arrow right moves it to In progress.
  await page.getByRole('tab', { name: 'Board' }).click();
  const open = page.getByRole('region', { name: /^Open/ });
  const card = open.getByRole('button', { name: /Site close-out/ });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('region', { name: /^In progress/ }).getByRole('button', { name: /Site close-out/ })).toBeVisible();
  await shoot(page, 'tasks-desktop-board');

  // After the screenshots' reload: back to the list of the foreman's jobs.
  await page.getByRole('tab', { name: 'On my jobs' }).click();
  await page.getByRole('button', { name: /^Replace cracked outlet cover, kitchen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace cracked outlet cover, kitchen' });
  const who = dialog.getByRole('combobox', { name: 'Assigned to' });
  // Replace Emily Chen (the demo's assignee) with Aisha Johnson.
  await who.click();
  await who.press('Backspace');
  await who.fill('Aisha');
  await page.getByRole('option', { name: 'Aisha Johnson' }).click();
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText('Task updated.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Aisha has the spare covers');
  await dialog.getByRole('button', { name: 'Send' }).click();
  const thread = dialog.getByTestId('task-thread').getByRole('listitem');
  await expect(thread).toHaveCount(3);
  await expect(thread.nth(0)).toContainText('Aisha has the spare covers');
  await expect(thread.nth(1)).toContainText('assigned it to Aisha Johnson');
  await expect(thread.nth(1)).not.toContainText('Emily');
  await expect(thread.nth(2)).toContainText('created the task');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/tasks-desktop-dialog-light.png` });
});
