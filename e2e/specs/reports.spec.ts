import { mkdirSync, readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, signIn } from './sign-in';

// Reports (issue 27): the dashboard's live cards, the report catalogue with its exports, the people report and the
// company graph, on the demo company.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true });
  return context.newPage();
}

/** The dashboard's card whose label is given: a link named "<number> <label>: <detail>". */
const card = (page: Page, label: string) => page.getByRole('link', { name: new RegExp(`^[\\d.,]+ ${label}`) });

test.describe.configure({ mode: 'serial' });

test('the dashboard cards are readable on a phone and open the lists behind them', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, DEMO_FOREMAN);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible();
  // A foreman sees his own hours, his crews' unsigned cards, his tasks and his tool reservations; not the planner's.
  for (const label of ['Hours this pay period', 'Unsigned time cards', 'Tasks due', 'Tools overdue']) {
    await expect(card(page, label)).toBeVisible();
  }
  await expect(card(page, 'Scheduled tomorrow')).toHaveCount(0);
  await expect(card(page, 'Receipts to review')).toHaveCount(0);
  // Readable at 390 px: two cards side by side, none cut off at the right edge.
  const box = await card(page, 'Hours this pay period').boundingBox();
  expect(box?.width).toBeGreaterThan(150);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/dashboard-cards-390.png`, fullPage: true });

  await card(page, 'Hours this pay period').click();
  await expect(page).toHaveURL(/\/modules\/timecards/);
  await page.goBack();
  await card(page, 'Tasks due').click();
  await expect(page).toHaveURL(/\/modules\/tasks/);
  await page.context().close();

  // The planner's numbers for an admin, and the board behind them.
  const admin = await newPage(browser, { width: 390, height: 844 });
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/dashboard');
  await expect(card(admin, 'Scheduled tomorrow')).toBeVisible();
  await expect(card(admin, 'Receipts to review')).toBeVisible();
  await card(admin, 'Scheduled tomorrow').click();
  await expect(admin).toHaveURL(/\/admin\/scheduling/);
  await admin.context().close();
});

test('the company graph shows a demo job with its foreman and a container’s tools; the foreman opens his page', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_ADMIN);
  await page.goto('/reports/graph');
  await expect(page.getByRole('heading', { name: 'Company graph' })).toBeVisible();
  // With no job chosen the graph shows the first demo job: Aurora Distribution Center, run by Luis Hernandez, whose
  // truck is at the job with its tools.
  const job = page.getByRole('button', { name: /^ADC · Aurora Distribution Center\s*Job/ });
  await expect(job).toBeVisible();
  const foreman = page.getByRole('button', { name: /^Luis Hernandez\s*Person/ });
  await expect(foreman).toBeVisible();
  await expect(page.getByRole('button', { name: /\sContainer/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /\sTool ·/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/company-graph-1440.png` });

  await foreman.click();
  await expect(page).toHaveURL(/\/modules\/people\?id=\d+/);
  await expect(page.getByRole('heading', { level: 2, name: 'Luis Hernandez' })).toBeVisible();
  await page.context().close();
});

test('an admin reads labor budget vs actual for a demo job: chart, a row matching the budget tab, CSV and PDF with the same row', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/reports');
  await page
    .getByRole('link', { name: /Labor budget vs actual/ })
    .or(page.getByRole('button', { name: /Labor budget vs actual/ }))
    .first()
    .click();
  await expect(page).toHaveURL(/report=labor_budget/);
  const jobFilter = page.getByRole('combobox', { name: 'Job' });
  await jobFilter.fill('RMOB');
  await page.getByRole('option', { name: /^RMOB · Riverside Medical Office Building/ }).click();
  await expect(page).toHaveURL(/[?&]job=\d+/);
  const jobId = /[?&]job=(\d+)/.exec(page.url())?.[1];

  const table = page.getByRole('table', { name: /./ }).first();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^RMOB · Riverside Medical Office Building/ }) });
  await expect(row).toHaveCount(1);
  const budget = ((await row.locator('[data-column="hrsbdg"]').textContent()) ?? '').trim();
  const actual = ((await row.locator('[data-column="actual_hours"]').textContent()) ?? '').trim();
  expect(budget).toMatch(/\d/);
  expect(actual).toMatch(/\d/);
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/reports-labor-1440.png`, fullPage: true });

  // The exports hold the same row.
  const plain = (n: string) => n.replace(/,/g, '');
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const csv = readFileSync((await (await csvDownload).path()) as string, 'utf8');
  const csvLine = csv.split(/\r?\n/).find((line) => line.includes('RMOB'));
  expect(csvLine, csv).toBeTruthy();
  expect(plain(csvLine ?? '')).toContain(plain(budget));
  expect(plain(csvLine ?? '')).toContain(plain(actual));
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const pdf = readFileSync((await (await pdfDownload).path()) as string);
  const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
  expect(text).toContain('RMOB');
  expect(plain(text)).toContain(plain(budget));
  expect(plain(text)).toContain(plain(actual));

  // The job's budget tab says the same.
  await page.goto(`/modules/projects?id=${jobId}&tab=budget`);
  const totals = page.getByTestId('budget-totals');
  await expect(totals).toBeVisible();
  await expect(totals.getByTestId('total-hrsbdg')).toHaveText(budget);
  await expect(totals.getByTestId('total-actual_hours')).toHaveText(actual);
  await page.context().close();
});
