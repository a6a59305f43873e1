import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectSnackbarAfter } from './helpers';
import { DEMO_ADMIN, graphql, signIn } from './sign-in';

// Demo company (apps/server/src/db/demo-seed.ts): Ben Miller is crew (basic_access + receipts_basic); Maria Alvarez
// holds admin_access. Job RMOB budgets 02-200 Site Work and 03-300 Concrete.
const WORKER = 'ben.miller@summitridge.test';
const JOB = 'RMOB · Riverside Medical Office Building';
const CODE_A = '03-300 Concrete';
const CODE_B = '02-200 Site Work';
const VENDOR = 'Ridgeline Lumber';
const AMOUNT = '187.63';
const PHOTO = fileURLToPath(new URL('../fixtures/receipt.jpg', import.meta.url));
// The Filters button with two filters in use (a browser may put a space before the hidden count's comma).
const FILTERS_IN_USE = /^Filters ?, 2 in use$/;
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

/** Light and dark pictures of the screen as it is, for the README and a human look. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-light.png` });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  return async () => {
    await page.screenshot({ path: `${SHOTS}/${name}-dark.png` });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  };
}

async function pickOption(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

type Found = { searchReceipts: { items: { id: number; vendor: string | null; splits: { id: number }[]; files: { uuid: string }[] }[] } };

test.describe.configure({ mode: 'serial' });

test('a worker photographs a receipt on a phone, picks the job, enters the amount and sees it in their list', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, WORKER);
  await page.goto('/modules/receipts');
  await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My receipts' })).toBeVisible();
  // Basic receipts permission: their own list as cards, no grid, no export.
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add receipt' });
  await expect(dialog).toBeVisible();
  // The date defaults to today; the rest is optional.
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(dialog.getByLabel('Date')).toHaveValue(today);

  // Tap 1: the camera (the file chooser of the "Take photo" input, capture=environment).
  await expect(dialog.locator('input[type="file"][capture="environment"]')).toHaveAttribute('accept', 'image/*');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByText('Take photo', { exact: true }).click();
  await (await chooser).setFiles(PHOTO);
  await expect(dialog.getByRole('button', { name: 'Open receipt.jpg' })).toBeVisible();

  // Tap 2: the job. Tap 3: the amount.
  await pickOption(page, dialog, 'Job', JOB);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(AMOUNT);
  await dialog.getByRole('button', { name: 'More details' }).click();
  await dialog.getByRole('textbox', { name: 'Vendor' }).fill(VENDOR);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/receipts-phone-add-light.png` });
  await expectSnackbarAfter(page, 'Receipt added.', () => dialog.getByRole('button', { name: 'Save' }).click());
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('receipt-card').filter({ hasText: VENDOR });
  await expect(card).toBeVisible();
  await expect(card).toContainText(JOB);
  await expect(card.getByTestId('receipt-amount')).toHaveText(`$${AMOUNT}`);
  await expect(card.getByTestId('receipt-thumbnail')).toBeVisible();
  await expect(card.getByTestId('receipt-thumbnail')).toHaveJSProperty('complete', true);
  await expectNoSeriousA11yViolations(page);
  const dark = await shoot(page, 'receipts-phone');
  await expect(page.getByTestId('receipt-card').filter({ hasText: VENDOR })).toBeVisible();
  await dark();

  // Their own receipt opens read-only (admins correct it): the photo at full size, no edit controls.
  await page.getByTestId('receipt-card').filter({ hasText: VENDOR }).click();
  const details = page.getByRole('dialog', { name: VENDOR });
  await expect(details).toBeVisible();
  await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Open receipt.jpg' }).click();
  const lightbox = page.getByTestId('lightbox');
  const full = lightbox.getByRole('img', { name: 'receipt.jpg' });
  await expect(full).toBeVisible();
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/receipts-phone-lightbox.png` });
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/receipts-phone-details-light.png` });
  await page.context().close();
});

test('an admin filters by job, splits the receipt across two cost codes, archives it and exports CSV', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  const { tenantUuid } = await signIn(page, DEMO_ADMIN);
  await page.goto('/modules/receipts');
  await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Receipts' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const filters = page.getByRole('search', { name: 'Filter receipts' });
  await pickOption(page, filters, 'Job', JOB);
  const amountCell = page.getByRole('gridcell', { name: `$${AMOUNT}` });
  await expect(amountCell).toBeVisible();
  await expect(page.getByRole('row').filter({ has: amountCell })).toContainText('Ben Miller');
  await expect(page).toHaveURL(/[?&]job=\d+/);
  // The filters live in the address: the reloads for the dark picture keep the job filter.
  const dark = await shoot(page, 'receipts-desktop');
  await expect(filters.getByRole('combobox', { name: 'Job', exact: true })).toHaveValue(JOB);
  await expect(amountCell).toBeVisible();
  await dark();
  await expect(filters.getByRole('combobox', { name: 'Job', exact: true })).toHaveValue(JOB);

  await page.getByRole('gridcell', { name: `$${AMOUNT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue(AMOUNT);
  await dialog.getByRole('button', { name: 'Split across jobs' }).click();
  // Line 1 starts with the receipt's job and total; line 2 is empty.
  await expect(dialog.getByRole('combobox', { name: 'Job, line 1' })).toHaveValue(JOB);
  await pickOption(page, dialog, 'Cost code, line 1', CODE_A);
  await dialog.getByRole('textbox', { name: 'Amount, line 1' }).fill('100');
  await expect(dialog.getByTestId('split-remaining')).toHaveText('Remaining $87.63');
  await pickOption(page, dialog, 'Job, line 2', JOB);
  await pickOption(page, dialog, 'Cost code, line 2', CODE_B);
  await dialog.getByRole('textbox', { name: 'Amount, line 2' }).fill('80');
  await expect(dialog.getByTestId('split-problem')).toHaveText('The split amounts must add up to the receipt total.');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Amount, line 2' }).fill('87.63');
  await expect(dialog.getByTestId('split-remaining')).toHaveText('Remaining $0.00');
  await expect(dialog.getByTestId('split-problem')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/receipts-desktop-split-light.png` });
  await expectSnackbarAfter(page, 'Receipt updated.', () => dialog.getByRole('button', { name: 'Save' }).click());
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: `$${AMOUNT}` }) });
  await expect(row).toContainText('Split across 2 lines');

  await page.getByRole('gridcell', { name: `$${AMOUNT}` }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('split-line')).toHaveCount(2);
  await expectSnackbarAfter(page, 'Receipt archived.', () => dialog.getByRole('button', { name: 'Archive' }).click());
  await expect(page.getByRole('gridcell', { name: `$${AMOUNT}` })).toHaveCount(0);

  await pickOption(page, filters, 'Status', 'Archived');
  await expect(page.getByRole('gridcell', { name: `$${AMOUNT}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^receipts-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const lines = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Date,Person,Job,Cost code,Vendor,Amount,Tax,Payment method,Notes,Status,Files');

  // The rows are the filtered receipts (archived, on RMOB), one per split line, each with its photo links.
  const jobs = await graphql<{ listTimecardJobs: { id: number; job_abbr: string | null }[] }>(
    page,
    'query($t: ID!) { listTimecardJobs(tenant_uuid: $t) { id job_abbr } }',
    { t: tenantUuid },
  );
  const jobId = jobs.listTimecardJobs.find((j) => j.job_abbr === 'RMOB')?.id;
  const found = await graphql<Found>(
    page,
    'query($t: ID!, $j: Int) { searchReceipts(tenant_uuid: $t, jobs_id: $j, status: 0, limit: 200) { items { id vendor splits { id } files { uuid } } } }',
    { t: tenantUuid, j: jobId },
  );
  const expectedRows = found.searchReceipts.items.reduce((n, r) => n + Math.max(1, r.splits.length), 0);
  expect(lines).toHaveLength(1 + expectedRows);
  const ours = found.searchReceipts.items.find((r) => r.vendor === VENDOR);
  expect(ours?.files).toHaveLength(1);
  const link = `http://localhost:${new URL(page.url()).port}/api/files/${ours?.files[0]?.uuid}`;
  const mine = lines.filter((l) => l.includes(VENDOR));
  expect(mine).toEqual([
    expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2},Ben Miller,${JOB},${CODE_A},${VENDOR},100\\.00,,,,Archived,${link}$`)),
    expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2},Ben Miller,${JOB},${CODE_B},${VENDOR},87\\.63,,,,Archived,${link}$`)),
  ]);
  // The link opens the photo for whoever may read the receipt.
  const photo = await page.request.get(link);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toContain('image/jpeg');

  // Restored, it is back among the active receipts; deleted (after confirming), it is gone.
  await page.getByRole('gridcell', { name: `$${AMOUNT}` }).click();
  await expectSnackbarAfter(page, 'Receipt restored.', () => dialog.getByRole('button', { name: 'Restore' }).click());
  await expect(page.getByRole('gridcell', { name: `$${AMOUNT}` })).toHaveCount(0);
  await pickOption(page, filters, 'Status', 'Active');
  await page.getByRole('gridcell', { name: `$${AMOUNT}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this receipt?' });
  await expectNoSeriousA11yViolations(page);
  await expectSnackbarAfter(page, 'Receipt deleted.', () => confirm.getByRole('button', { name: 'Delete' }).click());
  await expect(page.getByRole('gridcell', { name: `$${AMOUNT}` })).toHaveCount(0);
  await page.context().close();
});

test('an admin on a phone filters everyone’s receipts in a sheet, and a reload and Back keep the filters', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, DEMO_ADMIN);
  await page.goto('/modules/receipts');
  await expect(page.getByRole('heading', { name: 'All receipts' })).toBeVisible();
  await expect(page.getByTestId('receipt-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filter receipts' });
  await pickOption(page, sheet, 'Job', JOB);
  await sheet.getByLabel('From').fill('2099-01-01');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/receipts-phone-filters-sheet-light.png` });
  await sheet.getByRole('button', { name: 'Apply' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/[?&]job=\d+/);
  await expect(page).toHaveURL(/[?&]from=2099-01-01/);
  await expect(page.getByText('No receipts match the filters')).toBeVisible();
  await expect(page.getByRole('button', { name: FILTERS_IN_USE })).toBeVisible();
  // Apply sits where the Add receipt button is: move the pointer off it (its hover colour is the theme's, see the report).
  await page.mouse.move(10, 400);
  await page.screenshot({ path: `${SHOTS}/receipts-phone-filters-empty-light.png` });
  await expectNoSeriousA11yViolations(page);

  // A reload (here to the dark theme) keeps them.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('button', { name: FILTERS_IN_USE })).toBeVisible();
  await expect(page.getByText('No receipts match the filters')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/receipts-phone-filters-empty-dark.png` });
  await page.getByRole('button', { name: FILTERS_IN_USE }).click();
  await expect(sheet.getByRole('combobox', { name: 'Job', exact: true })).toHaveValue(JOB);
  await page.screenshot({ path: `${SHOTS}/receipts-phone-filters-sheet-dark.png` });
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  // Clearing shows everyone's receipts again; Back brings the filters back.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(page.getByTestId('receipt-card').first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: FILTERS_IN_USE })).toBeVisible();
  await page.context().close();
});
