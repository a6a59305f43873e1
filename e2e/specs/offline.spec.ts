import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, graphql, signIn } from './sign-in';

// Issue 24: field actions with no signal. Grace (a demo person no other spec enters time for) enters time on two jobs with the
// network gone; it waits on the phone and reaches the server exactly once when the signal returns. A change queued
// for a card that gets signed meanwhile comes back refused, with the reason shown.
const WORKER = 'grace.kowalski@summitridge.test';
// Jobs no other spec books to, so specs that compare a job's hours (chatbot, reports) never race this one.
const JOB_A = 'PWT · Parker Water Treatment Upgrade';
const CODE_A = '03-300 Concrete';
const JOB_B = 'SHOP · Shop and Yard';
const CODE_B = '02-200 Site Work';
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

test('a worker enters a day with no signal, and it is sent exactly once when the signal returns (390x844)', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const { tenantUuid } = await signIn(page, WORKER);
  const before = await card(page, tenantUuid);
  const today = before.settings.today;
  const onToday = before.users_timecard_entries.filter((e) => e.timecard_date === today);
  // The signal drops once the card, its jobs and their cost codes are on the phone.
  const codes = page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && Boolean(r.request().postData()?.includes('listFilteredCostcodes')),
  );
  await page.goto('/modules/timecards');
  await expect(page.getByRole('heading', { level: 1, name: 'Timecards' })).toBeVisible();
  await expect(page.getByTestId(`day-${today}`)).toBeVisible();
  await codes;

  await goOffline(context, page);
  await addTime(page, today, JOB_A, CODE_A, '6');
  await expect(page.getByTestId('app-snackbar')).toContainText('Time saved on this phone.');
  await addTime(page, today, JOB_B, CODE_B, '2');
  const waiting = page.getByRole('button', { name: '2 waiting to send' });
  await expect(waiting).toBeVisible();
  await waiting.click();
  const list = page.getByRole('dialog', { name: 'Saved on this phone' });
  await expect(list.getByRole('list').getByText('Saved on this phone', { exact: true })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await list.getByRole('button', { name: 'Close' }).click();

  // The signal returns: both go, in order, once.
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Changes saved on this phone' })).toBeVisible();
  const after = await card(page, tenantUuid);
  const added = after.users_timecard_entries.filter((e) => e.timecard_date === today);
  expect(added.map((e) => e.hours).sort()).toEqual([...onToday.map((e) => e.hours), 2, 6].sort());
  await page.getByRole('button', { name: 'Changes saved on this phone' }).click();
  await expect(list.getByText(/^Sent at /)).toHaveCount(2);
  await list.getByRole('button', { name: 'Close' }).click();

  // Offline again, another change; meanwhile the card is signed from another device.
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

  // The office reopens the card, as it would to let the change through: the demo company is left as it was.
  const admin = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const adminPage = await admin.newPage();
  await signIn(adminPage, DEMO_ADMIN);
  await graphql(adminPage, 'mutation($t: ID!, $id: Int!) { reopenTimecard(tenant_uuid: $t, users_timecard_id: $id) { id } }', {
    t: tenantUuid,
    id: open.id,
  });
  await admin.close();
  await context.close();
});
