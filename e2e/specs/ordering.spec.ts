import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, signIn } from './sign-in';

// Demo company (apps/server/src/modules/ordering/ordering.seed.ts): 12 vendors (Front Range Lumber orders at
// orders@frontrangelumber.test), ~130 items (among them "Plywood 3/4 CDX" and "Rebar #4 x 20 ft"), 20 orders
// PO-1001…PO-1020. Maria Alvarez holds admin_access; Luis Hernandez (Foremen) holds ordering_basic.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

const PASTED = [
  'Hex bolt 1/2 x 6 galvanized, ea, 1.15',
  'Hex nut 1/2 galvanized, ea, 0.22',
  'Flat washer 1/2 galvanized, ea, 0.12',
  'Lag screw 3/8 x 4, ea, 0.65',
  'Ledger lok 5 in (50), box, 61.00',
  'Post base ABU44Z, ea, 18.40',
  'Post cap BCS2-2/4, ea, 9.75',
  'Angle clip A35, ea, 1.05',
  'Joist hanger LUS26, ea, 1.62',
  'Hurricane tie H1, ea, 1.10',
  'Construction adhesive 28 oz, tube, 7.98',
  'Spray foam window and door, can, 8.47',
  'Caulk polyurethane 10 oz, tube, 9.25',
  'Sill seal 5-1/2 in x 50 ft, roll, 12.90',
  'House wrap 9 x 150, roll, 189.00',
  'Cap nails 1 in (2000), box, 38.00',
  'Shims cedar (42), bundle, 6.48',
  'Chalk line blue 8 oz, ea, 4.50',
  'plywood 3/4 cdx, sheet, 52.50',
  'Rebar #4 X 20 FT, stick, 11.50',
];

async function fillAutocomplete(page: Page, label: string | RegExp, text: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe.configure({ mode: 'serial' });

let sentPo = '';

test('an admin pastes items (duplicates refused), orders from the catalogue, sends the PO and sees it acknowledged', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_ADMIN);

  // The catalogue: paste 20 lines, two of which the catalogue already has under other capitals.
  await page.goto('/modules/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Catalogue items' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/inventory-desktop.png` });
  await page.getByRole('button', { name: 'Paste a list' }).click();
  const bulk = page.getByRole('dialog', { name: 'Add items from a list' });
  await bulk.getByLabel('Items').fill(PASTED.join('\n'));
  await expect(bulk.getByText('20 items ready to add')).toBeVisible();
  await bulk.getByRole('button', { name: 'Add items' }).click();
  await expect(bulk.getByRole('alert')).toHaveText('Duplicate items detected: Plywood 3/4 CDX, Rebar #4 x 20 ft');
  await bulk.getByLabel('Items').fill(PASTED.slice(0, 18).join('\n'));
  await bulk.getByRole('button', { name: 'Add items' }).click();
  await expect(page.getByText('18 items added.')).toBeVisible();
  await page.getByLabel('Search items').fill('Ledger lok');
  await expect(page.getByRole('gridcell', { name: 'Ledger lok 5 in (50)' })).toBeVisible();

  // An order for a job, built from the catalogue, saved and sent.
  await page.goto('/modules/ordering');
  await expect(page.getByRole('heading', { level: 1, name: 'Ordering' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Purchase orders' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/ordering-desktop.png` });
  await page.getByRole('button', { name: 'New order' }).click();
  const order = page.getByRole('dialog', { name: 'New purchase order' });
  await order.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option').first().click();
  await fillAutocomplete(page, 'Vendor', 'Front Range', 'Front Range Lumber');
  await expect(order.getByLabel('Send to')).toHaveValue('orders@frontrangelumber.test');
  await fillAutocomplete(page, 'Item 1', 'Plywood 3/4', /^Plywood 3\/4 CDX/);
  await order.getByLabel('Qty').first().fill('30');
  await order.getByRole('button', { name: 'Add line' }).click();
  await fillAutocomplete(page, 'Item 2', 'Ledger lok', /^Ledger lok 5 in \(50\)/);
  await order.getByLabel('Qty').nth(1).fill('4');
  await order.getByLabel('Notes for the vendor').fill('Deliver to the north gate.');
  // 30 × $52.50 + 4 × $61.00
  await expect(order.getByTestId('order-total')).toHaveText('Total: $1,819.00');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/ordering-dialog-desktop.png` });
  await order.getByRole('button', { name: 'Save and send' }).click();
  await expect(page.getByText('Order added and email sent successfully.')).toBeVisible();

  // The e-mail the vendor gets (the development outbox keeps it): its PDF names the PO, the lines and the total.
  const mail = await page.request.get('/dev/outbox.json?to=orders@frontrangelumber.test');
  const [sent] = (await mail.json()) as { subject: string; text: string; attachments: { filename: string; url: string }[] }[];
  sentPo = /purchase order (PO-\d+)/.exec(sent.subject)?.[1] ?? '';
  expect(sentPo).toMatch(/^PO-\d{4}$/);
  expect(sent.attachments.map((a) => a.filename)).toEqual([`${sentPo}.pdf`]);
  const pdf = await page.request.get(sent.attachments[0].url);
  const text = (await new PDFParse({ data: new Uint8Array(await pdf.body()) }).getText()).text;
  expect(text).toContain(`Purchase order ${sentPo}`);
  expect(text).toContain('Plywood 3/4 CDX');
  expect(text).toContain('Ledger lok 5 in (50)');
  expect(text).toContain('$1,819.00');

  // The vendor opens the link without an account and acknowledges; the office sees it.
  const link = /(https?:\/\/\S+\/po\/[\w-]+)/.exec(sent.text)?.[1] ?? '';
  const vendor = await newPage(browser, { width: 390, height: 844 });
  await vendor.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(vendor.getByRole('heading', { name: new RegExp(`purchase order ${sentPo}`) })).toBeVisible();
  await vendor.getByRole('button', { name: `Acknowledge order ${sentPo}` }).click();
  await expect(vendor.getByRole('status')).toHaveText('Thank you: the order is acknowledged.');
  await vendor.context().close();

  await page.reload();
  await page.getByLabel('Search orders').fill(sentPo);
  const row = page.getByRole('row', { name: new RegExp(sentPo) });
  await expect(row.getByText('Acknowledged')).toBeVisible();
  await row.click();
  const opened = page.getByRole('dialog', { name: `Purchase order ${sentPo}` });
  await expect(opened.getByText(/Acknowledged by the vendor/)).toBeVisible();
  await expect(opened.getByRole('link', { name: 'Open PDF' })).toBeVisible();
  await page.context().close();
});

test('a foreman on a phone creates an order for themselves and sees only their own', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, DEMO_FOREMAN);
  await page.goto('/modules/ordering');
  await expect(page.getByRole('heading', { level: 2, name: 'My orders' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Purchase orders' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/ordering-phone.png` });
  // Maria's order of the first journey is not his.
  await page.getByLabel('Search orders').fill(sentPo);
  await expect(page.getByText('No orders match this search.')).toBeVisible();
  await page.getByLabel('Search orders').fill('');

  await page.getByRole('button', { name: 'New order' }).click();
  const order = page.getByRole('dialog', { name: 'New purchase order' });
  await order.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option').first().click();
  await fillAutocomplete(page, 'Vendor', 'Western Safety', 'Western Safety Products');
  await order.getByRole('combobox', { name: 'Item 1' }).fill('Knee pads, gel');
  await order.getByLabel('Qty').fill('6');
  await order.getByLabel('Unit cost').fill('24.99');
  await expect(order.getByTestId('order-total')).toHaveText('Total: $149.94');
  await page.screenshot({ path: `${SHOTS}/ordering-dialog-phone.png` });
  await order.getByRole('button', { name: 'Save and send' }).click();
  await expect(page.getByText('Order added and email sent successfully.')).toBeVisible();
  await expect(list.getByText(/Western Safety Products/).first()).toBeVisible();
  await page.context().close();
});
