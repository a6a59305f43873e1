import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, signIn } from './sign-in';

// Demo company (apps/server/src/modules/tools/tools.seed.ts): HQ Shop, Truck 1 (Luis), Truck 2 (Tom), Truck 3,
// Job box A and B, tools T-0001…T-0060 (T-0060 archived). Luis Hernandez holds tool20_basic; Maria admin_access.
const PHOTO = fileURLToPath(new URL('../fixtures/receipt.jpg', import.meta.url));
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true });
  return context.newPage();
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

test('a foreman types a tool number on a phone, moves the tool to their truck and sees the log line', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, DEMO_FOREMAN);
  await page.goto('/modules/tool20');
  await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scan' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Scan' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan a tool' });
  await scan.getByLabel('Tool number').fill('2');
  await scan.getByRole('button', { name: 'Find' }).click();
  const tool = page.getByRole('dialog', { name: /^T-0002 · / });
  await expect(tool).toBeVisible();
  await tool.getByRole('button', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: 'Move tools' });
  await move.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'Truck 1 (Luis)' }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Tool moved.')).toBeVisible();
  await expect(tool.getByText('Truck 1 (Luis)').first()).toBeVisible();
  await expect(tool.getByText(/→ Truck 1 \(Luis\) by Luis Hernandez/).first()).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/tools-phone.png` });
  await page.context().close();
});

test('an admin reserves a kit for next week, sees a conflict refused, deletes a container and finds its tools in HQ', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_ADMIN);
  await page.goto('/modules/tool20');
  await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tools-desktop.png` });
  await page.getByRole('button', { name: 'Add tool' }).click();
  const add = page.getByRole('dialog', { name: 'Add a tool' });
  await add.getByLabel('Name').fill('Transit level');
  await add.getByLabel('Category').fill('Survey');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Tool T-0061 added.')).toBeVisible();

  await page.getByRole('tab', { name: 'Reservations' }).click();
  await expectNoSeriousA11yViolations(page);
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7)));
  const start = isoDay(monday);
  const end = isoDay(new Date(monday.getTime() + 2 * 86_400_000));
  const reserve = async (numbers: string[]) => {
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(end);
    await page.getByRole('combobox', { name: 'Job' }).click();
    await page.getByRole('option').first().click();
    for (const n of numbers) await page.getByRole('checkbox', { name: new RegExp(`^${n} · `) }).check();
    await page.getByRole('button', { name: `Reserve ${numbers.length} tool${numbers.length === 1 ? '' : 's'}` }).click();
  };
  await reserve(['T-0021', 'T-0022', 'T-0023']);
  await expect(page.getByText('Tools reserved.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'T-0022' }).first()).toBeVisible();
  await reserve(['T-0022']);
  await expect(page.getByText(new RegExp(`is already reserved from ${start} to ${end}`))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tools-reservations.png` });

  await page.getByRole('tab', { name: 'Containers' }).click();
  await page.getByRole('button', { name: 'View tools in Job box B' }).click();
  // The box's own list: read once it has come back (the tools tab starts empty while it loads).
  await expect(page.getByRole('combobox', { name: 'Container' })).toHaveText('Job box B');
  const toolItems = page.getByRole('listitem').filter({ hasText: /T-\d{4}/ });
  await expect(toolItems.first()).toBeVisible();
  const inBox = await toolItems.allInnerTexts();
  const numbers = inBox.map((t) => /T-\d{4}/.exec(t)?.[0]).filter((n): n is string => !!n);
  expect(numbers.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Containers' }).click();
  await page.getByRole('button', { name: 'Delete Job box B' }).click();
  // Asked first: the tools it holds go to headquarters.
  const confirmDelete = page.getByRole('dialog', { name: 'Delete Job box B?' });
  await expect(confirmDelete).toContainText(`Its ${numbers.length} tool`);
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Container deleted; its tools are in HQ.')).toBeVisible();
  await page.getByRole('button', { name: 'View tools in HQ Shop' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: numbers[0] })).toBeVisible();
  await page
    .getByRole('listitem')
    .filter({ hasText: numbers[0] })
    .getByRole('button', { name: /^Details for / })
    .click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${numbers[0]} · `) });
  await expect(
    dialog.getByText(/Container "Job box B" was deleted by Maria Alvarez on .* UTC; its tools were moved to headquarters\./),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tools-hq-note.png` });

  // An admin edits the tool: a purchase cost and a photo, through the files service.
  await dialog.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${numbers[0]}` });
  await edit.getByRole('textbox', { name: 'Purchase cost ($)' }).fill('12.5x');
  await expect(edit.getByText('Enter an amount such as 1249.99.')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByRole('textbox', { name: 'Purchase cost ($)' }).fill('1249.99');
  await edit.locator('input[type="file"]:not([capture])').setInputFiles(PHOTO);
  await expect(edit.getByRole('button', { name: 'Save' })).toBeEnabled();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tool saved.')).toBeVisible();
  await expect(dialog.getByRole('img', { name: /.+/ }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The deleted container can be brought back (empty).
  await page.getByRole('tab', { name: 'Containers' }).click();
  await page.getByRole('checkbox', { name: 'Show deleted containers' }).check();
  await page.getByRole('button', { name: 'Restore Job box B' }).click();
  await expect(page.getByText('Container restored.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('the label sheet PDF opens and holds one QR label per active tool', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_ADMIN);
  await page.goto('/modules/tool20');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print QR labels' }).click()]);
  const pdf = readFileSync((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { PDFParse } = await import('pdf-parse');
  const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
  const labels = text.match(/T-\d{4}/g) ?? [];
  // 59 active demo tools and the one the admin added.
  expect(new Set(labels).size).toBe(60);
  expect(labels.length).toBe(60);
  await page.context().close();
});
