import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, graphql, signIn } from './sign-in';

// Issue 24: field actions with no signal. Grace (a demo person no other spec enters time for) enters time on two jobs,
// photographs a receipt, moves a tool and writes a daily-report note with the network gone; reopens the app still
// offline and finds them waiting; each reaches the server exactly once when the signal returns. A change queued for a
// card that gets signed meanwhile comes back refused, with the reason shown. What other specs read is put back: the
// office gives her Truck 3 and the daily-report permission for the journey and takes them back at the end; the tool goes
// back to its truck and the receipt and report are removed.
const WORKER = 'grace.kowalski@summitridge.test';
// Jobs no other spec books to, so specs that compare a job's hours (chatbot, reports) never race this one.
const JOB_A = 'PWT · Parker Water Treatment Upgrade';
const CODE_A = '03-300 Concrete';
const JOB_B = 'SHOP · Shop and Yard';
const CODE_B = '02-200 Site Work';
const PHOTO = fileURLToPath(new URL('../fixtures/receipt.jpg', import.meta.url));
// A tool no other spec moves, reserves or counts (T-0007 sits in Truck 2), and the truck the office lends her.
const TOOL = 'T-0007';
const TRUCK = 'Truck 3';
const VENDOR = `Offline Hardware ${Date.now().toString(36)}`;
const AMOUNT = '42.17';
const NOTE = 'Pump house slab poured with no signal.';
// A 1x1 PNG: the server takes any drawn signature as a PNG data URL.
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Card = {
  employee_id: number;
  settings: { today: string };
  users_timecard: { id: number; signed_on: string | null; payperiod_start_date: string; payperiod_end_date: string }[];
  users_timecard_entries: { timecard_date: string; jobs_id: number; hours: number }[];
};
const CARD = `query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { employee_id settings { today }
  users_timecard { id signed_on payperiod_start_date payperiod_end_date }
  users_timecard_entries { timecard_date jobs_id hours } } }`;

const card = async (page: Page, tenant: string) => (await graphql<{ getTimecardInfo: Card }>(page, CARD, { t: tenant })).getTimecardInfo;
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

async function addTime(page: Page, day: string, job: string, code: string, hours: string) {
  await page.getByRole('button', { name: `Add time on ${dayLabel(day)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add time' });
  await dialog.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: job, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Cost code' }).click();
  await page.getByRole('option', { name: code, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Hours' }).fill(hours);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.getByRole('dialog', { name: 'No Connection' }).getByRole('button', { name: 'Keep working offline' }).click();
  await expect(page.getByRole('dialog', { name: 'No Connection' })).toBeHidden();
}

async function openFromMenu(page: Page, link: RegExp, heading: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation').getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The office's side: as the demo admin, in a context of its own. */
async function asOffice<T>(browser: Browser, fn: (page: Page, tenant: string) => Promise<T>): Promise<T> {
  const office = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const page = await office.newPage();
  const { tenantUuid } = await signIn(page, DEMO_ADMIN);
  try {
    return await fn(page, tenantUuid);
  } finally {
    await office.close();
  }
}

type Tool = { id: number; tool_number: string; container_id: number; container_name: string | null };
type Box = { id: number; container_name: string; employees_id: number | null };
const TOOLS = `query($t: ID!, $s: String) { searchTools(tenant_uuid: $t, search: $s) { items { id tool_number container_id container_name } } }`;
const BOXES = `query($t: ID!) { toolContainers(tenant_uuid: $t) { id container_name employees_id } }`;
const LOG = `query($t: ID!, $id: Int) { toolLog(tenant_uuid: $t, tools_id: $id) { items { to_name employee_name } } }`;
const RECEIPTS = `query($t: ID!, $from: String, $to: String) { searchReceipts(tenant_uuid: $t, from: $from, to: $to, limit: 200) {
  items { id vendor amount_cents files { uuid } } } }`;
const REPORTS = `query($t: ID!, $from: String, $to: String) { searchDailyReports(tenant_uuid: $t, from: $from, to: $to, limit: 200) {
  items { id jobs_id for_date work_performed } } }`;

test('a worker does a day’s field work with no signal, reopens the app offline, and each action is sent exactly once (390x844)', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Her phone has the installed app's worker: it is what opens the app with no signal.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const { tenantUuid } = await signIn(page, WORKER);
  const before = await card(page, tenantUuid);
  const today = before.settings.today;
  const onToday = before.users_timecard_entries.filter((e) => e.timecard_date === today);

  // The office lends her Truck 3 (a crew member moves tools into their own truck) and lets her write daily reports.
  const lent = await asOffice(browser, async (desk, t) => {
    const boxes = (await graphql<{ toolContainers: Box[] }>(desk, BOXES, { t })).toolContainers;
    const truck = boxes.find((b) => b.container_name === TRUCK);
    if (!truck) throw new Error(`no ${TRUCK}`);
    await graphql(desk, 'mutation($t: ID!, $d: [ContainersUpdateInput!]!) { updateContainers(tenant_uuid: $t, data: $d) { id } }', {
      t,
      d: [{ id: truck.id, employees_id: before.employee_id }],
    });
    const group = await graphql<{ createUserGroup: { id: number } }>(
      desk,
      'mutation($t: ID!, $u: [Int!]!) { createUserGroup(tenant_uuid: $t, usergroup_name: "Offline journey reports", access: ["project_notes_admin"], users: $u) { id } }',
      { t, u: [before.employee_id] },
    );
    return { truck, group: group.createUserGroup.id };
  });
  const [tool] = (await graphql<{ searchTools: { items: Tool[] } }>(page, TOOLS, { t: tenantUuid, s: TOOL })).searchTools.items;
  expect(tool.tool_number).toBe(TOOL);

  // With signal, the screens she works on are opened once: their data is then on the phone.
  await page.goto('/modules/receipts');
  await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  await page.getByRole('button', { name: 'Add receipt' }).click();
  await page.getByRole('dialog', { name: 'Add receipt' }).getByRole('combobox', { name: 'Job', exact: true }).click();
  await expect(page.getByRole('option', { name: JOB_A, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Add receipt' }).getByRole('button', { name: 'Cancel' }).click();
  await openFromMenu(page, /Project Notes|Daily reports/, 'Project Notes');
  await page.getByRole('button', { name: 'New report' }).click();
  await page.getByRole('dialog', { name: 'New daily report' }).getByRole('combobox', { name: 'Job' }).click();
  await expect(page.getByRole('option', { name: JOB_A })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'New daily report' }).getByRole('button', { name: 'Cancel' }).click();
  await openFromMenu(page, /Tools/, 'Tools');
  await page.getByLabel('Search tools').fill(TOOL);
  await page
    .getByRole('button', { name: /^Details for / })
    .first()
    .click();
  const toolDialog = page.getByRole('dialog', { name: new RegExp(`^${TOOL} · `) });
  await expect(toolDialog.getByRole('button', { name: 'Move' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toolDialog).toBeHidden();
  // The signal drops once the card, its jobs and their cost codes are on the phone.
  const codes = page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && Boolean(r.request().postData()?.includes('listFilteredCostcodes')),
  );
  await openFromMenu(page, /^Time ?cards$/i, 'Timecards');
  await expect(page.getByTestId(`day-${today}`)).toBeVisible();
  await codes;
  // The app itself is on the phone once its service worker is active (installed with every file precached); on a
  // busy machine that can take longer than opening the screens above.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // No signal: a day on two jobs, a receipt with its photo, a tool moved to her truck, a daily-report note.
  await goOffline(context, page);
  await addTime(page, today, JOB_A, CODE_A, '6');
  await expect(page.getByTestId('app-snackbar')).toContainText('Time saved on this phone.');
  await addTime(page, today, JOB_B, CODE_B, '2');
  await expect(page.getByRole('button', { name: '2 waiting to send' })).toBeVisible();

  await openFromMenu(page, /Receipts/, 'Receipts');
  await page.getByRole('button', { name: 'Add receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'Add receipt' });
  await receipt.locator('input[type=file]').first().setInputFiles(PHOTO);
  await expect(receipt.getByText('No signal: the photo is kept on this phone and sent with the receipt.')).toBeVisible();
  await receipt.getByRole('combobox', { name: 'Job', exact: true }).click();
  await page.getByRole('option', { name: JOB_A, exact: true }).click();
  await receipt.getByRole('textbox', { name: 'Amount' }).fill(AMOUNT);
  await receipt.getByRole('button', { name: 'More details' }).click();
  await receipt.getByRole('textbox', { name: 'Vendor' }).fill(VENDOR);
  await receipt.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('app-snackbar')).toContainText('Receipt saved on this phone.');
  await expect(receipt).toBeHidden();

  await openFromMenu(page, /Tools/, 'Tools');
  await page.getByLabel('Search tools').fill(TOOL);
  await page
    .getByRole('button', { name: /^Details for / })
    .first()
    .click();
  await toolDialog.getByRole('button', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: 'Move tools' });
  await move.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: TRUCK, exact: true }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByTestId('app-snackbar')).toContainText('Move saved on this phone.');
  await page.keyboard.press('Escape');
  await expect(toolDialog).toBeHidden();

  await openFromMenu(page, /Project Notes|Daily reports/, 'Project Notes');
  await page.getByRole('button', { name: 'New report' }).click();
  const report = page.getByRole('dialog', { name: 'New daily report' });
  await report.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: JOB_A }).click();
  await report.getByLabel('Day').fill(today);
  await report.getByLabel('Work performed').fill(NOTE);
  await report.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('app-snackbar')).toContainText('Daily report saved on this phone.');
  await expect(page.getByRole('button', { name: '5 waiting to send' })).toBeVisible();

  // The app is closed and reopened, still with no signal: the shell comes from the phone, and so does the queue.
  await page.reload();
  await page.getByRole('dialog', { name: 'No Connection' }).getByRole('button', { name: 'Keep working offline' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Project Notes' })).toBeVisible();
  await page.getByRole('button', { name: '5 waiting to send' }).click();
  const list = page.getByRole('dialog', { name: 'Saved on this phone' });
  await expect(list.getByRole('list').getByText('Saved on this phone', { exact: true })).toHaveCount(5);
  await expect(list.getByText(`Receipt $${AMOUNT} on ${JOB_A}, ${today}`)).toBeVisible();
  await expect(list.getByText(`Daily report for ${JOB_A}, ${today}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await list.getByRole('button', { name: 'Close' }).click();

  // The signal returns: all five go, in order, once each.
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Changes saved on this phone' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Changes saved on this phone' }).click();
  await expect(list.getByText(/^Sent at /)).toHaveCount(5);
  await list.getByRole('button', { name: 'Close' }).click();
  const after = await card(page, tenantUuid);
  const added = after.users_timecard_entries.filter((e) => e.timecard_date === today);
  expect(added.map((e) => e.hours).sort()).toEqual([...onToday.map((e) => e.hours), 2, 6].sort());
  const receipts = (
    await graphql<{ searchReceipts: { items: { id: number; vendor: string | null; files: unknown[] }[] } }>(page, RECEIPTS, {
      t: tenantUuid,
      from: today,
      to: today,
    })
  ).searchReceipts.items.filter((r) => r.vendor === VENDOR);
  expect(receipts).toHaveLength(1);
  expect(receipts[0].files).toHaveLength(1);
  const moved = (await graphql<{ searchTools: { items: Tool[] } }>(page, TOOLS, { t: tenantUuid, s: TOOL })).searchTools.items[0];
  expect(moved.container_name).toBe(TRUCK);
  const log = (
    await graphql<{ toolLog: { items: { to_name: string | null; employee_name: string | null }[] } }>(page, LOG, {
      t: tenantUuid,
      id: tool.id,
    })
  ).toolLog.items.filter((l) => l.to_name === TRUCK && l.employee_name === 'Grace Kowalski');
  expect(log).toHaveLength(1);
  const reports = (
    await graphql<{ searchDailyReports: { items: { id: number; work_performed: string | null }[] } }>(page, REPORTS, {
      t: tenantUuid,
      from: today,
      to: today,
    })
  ).searchDailyReports.items.filter((r) => r.work_performed === NOTE);
  expect(reports).toHaveLength(1);

  // Offline again, another change; meanwhile the card is signed from another device.
  await openFromMenu(page, /^Time ?cards$/i, 'Timecards');
  await expect(page.getByTestId(`day-${today}`)).toBeVisible();
  await goOffline(context, page);
  await addTime(page, today, JOB_A, CODE_A, '1');
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  const office = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const desk = await office.newPage();
  await signIn(desk, WORKER);
  const open = (await card(desk, tenantUuid)).users_timecard.find((c) => c.payperiod_start_date <= today && today <= c.payperiod_end_date);
  if (!open) throw new Error('no card for today');
  await graphql(
    desk,
    'mutation($t: ID!, $id: Int!, $img: String!) { signTimecard(tenant_uuid: $t, users_timecard_id: $id, signature_image: $img) { id } }',
    { t: tenantUuid, id: open.id, img: SIGNATURE },
  );
  await office.close();

  await context.setOffline(false);
  await page.getByRole('button', { name: '1 not accepted' }).click();
  await expect(list.getByText('Not accepted: This time card is signed and locked. Ask an admin to reopen it.')).toBeVisible();
  // Nothing of it reached the card.
  expect((await card(page, tenantUuid)).users_timecard_entries.filter((e) => e.timecard_date === today)).toHaveLength(added.length);
  await list.getByRole('button', { name: 'Discard' }).click();
  await expect(list.getByText(/^Not accepted/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await list.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Changes saved on this phone' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The office reopens the card (as it would to let the change through) and puts back the rest: the tool in its
  // truck, Truck 3 unassigned, the journey's group, receipt and report gone.
  await asOffice(browser, async (desk, t) => {
    await graphql(desk, 'mutation($t: ID!, $id: Int!) { reopenTimecard(tenant_uuid: $t, users_timecard_id: $id) { id } }', {
      t,
      id: open.id,
    });
    await graphql(desk, 'mutation($t: ID!, $ids: [Int!]!, $c: Int!) { moveTools(tenant_uuid: $t, ids: $ids, container_id: $c) { id } }', {
      t,
      ids: [tool.id],
      c: tool.container_id,
    });
    await graphql(desk, 'mutation($t: ID!, $d: [ContainersUpdateInput!]!) { updateContainers(tenant_uuid: $t, data: $d) { id } }', {
      t,
      d: [{ id: lent.truck.id, employees_id: lent.truck.employees_id }],
    });
    await graphql(desk, 'mutation($t: ID!, $id: Int!) { deleteUserGroup(tenant_uuid: $t, id: $id) }', { t, id: lent.group });
    await graphql(desk, 'mutation($t: ID!, $d: [ReceiptsDeleteInput!]!) { deleteReceipts(tenant_uuid: $t, data: $d) { id } }', {
      t,
      d: [{ id: receipts[0].id }],
    });
    await graphql(desk, 'mutation($t: ID!, $ids: [Int!]!) { setDailyReportsStatus(tenant_uuid: $t, ids: $ids, status: 0) { id } }', {
      t,
      ids: [reports[0].id],
    });
  });
  await context.close();
});
