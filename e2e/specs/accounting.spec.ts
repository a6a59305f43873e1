import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectSnackbarAfter } from './helpers';
import { DEMO_ADMIN, graphql, signIn } from './sign-in';

// The QuickBooks Online stand-in the e2e server talks to (playwright.config.ts starts both).
const QBO = `http://127.0.0.1:${Number(process.env.E2E_QBO_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000)}`;
const JOB = 'Riverside Medical Office Building';
const SETTINGS = '/dashboard?settings=true&component=company-setup&dialog=accounting-system-dialog';
// A 1x1 PNG: signTimecard wants a drawn signature's data URL.
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });

/** Maria's own time card for today: 8 h on RMOB 03-300, signed. */
async function signedTimecard(page: Page, tenant: string) {
  const info = await graphql<{
    getTimecardInfo: { employee_id: number; settings: { today: string; pay_period_type: number; pay_period_anchor: string } };
  }>(page, 'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { employee_id settings { today pay_period_type pay_period_anchor } } }', {
    t: tenant,
  });
  const list = await graphql<{ listJobs: { items: { id: number; job: string }[] } }>(
    page,
    'query($t: ID!) { listJobs(tenant_uuid: $t, limit: 1000) { items { id job } } }',
    { t: tenant },
  );
  const jobs = list.listJobs.items;
  const { employee_id, settings } = info.getTimecardInfo;
  const day = 86_400_000;
  const length = settings.pay_period_type === 1 ? 7 : 14;
  const offset = Math.round((Date.parse(settings.today) - Date.parse(settings.pay_period_anchor)) / day);
  const start = new Date(Date.parse(settings.pay_period_anchor) + Math.floor(offset / length) * length * day).toISOString().slice(0, 10);
  const end = new Date(Date.parse(start) + (length - 1) * day).toISOString().slice(0, 10);
  const codes = await graphql<{ listCostcodes: { items: { id: number; costcode: string }[] } }>(
    page,
    'query($t: ID!) { listCostcodes(tenant_uuid: $t, limit: 1000) { items { id costcode } } }',
    { t: tenant },
  );
  const job = jobs.find((j) => j.job === JOB);
  const code = codes.listCostcodes.items.find((c) => c.costcode === '03-300');
  if (!job || !code) throw new Error('demo job RMOB or cost code 03-300 missing');
  const saved = await graphql<{ createOrUpdateTimecardDayEntry: { users_timecard: { id: number }[] } }>(
    page,
    `mutation($t: ID!, $e: Int!, $s: String!, $end: String!, $d: String!, $entries: [TimecardDayEntryInput!]!) {
      createOrUpdateTimecardDayEntry(tenant_uuid: $t, employees_id: $e, payperiod_start_date: $s, payperiod_end_date: $end,
        timecard_date: $d, timecard_entries: $entries) { users_timecard { id } } }`,
    { t: tenant, e: employee_id, s: start, end, d: settings.today, entries: [{ jobs_id: job.id, costcodes_id: code.id, hours: 8 }] },
  );
  const card = saved.createOrUpdateTimecardDayEntry.users_timecard[0];
  if (!card) throw new Error('no time card');
  await graphql(
    page,
    'mutation($t: ID!, $id: Int!, $sig: String!) { signTimecard(tenant_uuid: $t, users_timecard_id: $id, signature_image: $sig) { id } }',
    {
      t: tenant,
      id: card.id,
      sig: SIGNATURE,
    },
  );
  return { today: settings.today };
}

test('an admin connects QuickBooks, maps a person and a job, previews and pushes a signed time card, and sees it in the sync log', async ({
  page,
  request,
}) => {
  // QuickBooks' side: the employee, the customer and the service item the demo records will be linked to.
  for (const [entity, fields] of [
    ['Employee', { DisplayName: 'Maria Alvarez', Active: true }],
    ['Customer', { DisplayName: 'Riverside Medical (RMOB)', Active: true }],
    ['Item', { Name: '03-300 Concrete', Type: 'Service', Active: true }],
  ] as const) {
    expect((await request.post(`${QBO}/__stand-in/entities`, { data: { entity, fields } })).ok()).toBe(true);
  }
  const { tenantUuid } = await signIn(page, DEMO_ADMIN);
  const { today } = await signedTimecard(page, tenantUuid);

  await page.goto(SETTINGS);
  const dialog = page.getByRole('dialog', { name: 'Accounting system' });
  await expect(dialog.getByText('Not connected')).toBeVisible();
  // Connect: to the stand-in's consent page, which sends the browser straight back through our callback.
  await expectSnackbarAfter(page, 'QuickBooks is connected.', () => dialog.getByRole('button', { name: 'Connect QuickBooks' }).click());
  await expect(page).toHaveURL(/dialog=accounting-system-dialog/);
  await expect(dialog.getByText('Connected', { exact: true })).toBeVisible();
  await expectSnackbarAfter(page, 'Connected', () => dialog.getByRole('button', { name: 'Check connection' }).click());

  // Mapping: the person by the suggestion by name, the job by choosing its QuickBooks customer.
  await dialog.getByRole('button', { name: 'Link Maria Alvarez to Maria Alvarez' }).click();
  await expect(dialog.getByRole('combobox', { name: 'QuickBooks employee for Maria Alvarez' })).toHaveText('Maria Alvarez');
  await dialog.getByRole('combobox', { name: 'Records to link' }).click();
  await page.getByRole('option', { name: 'Jobs' }).click();
  await dialog.getByRole('combobox', { name: `QuickBooks customer or project for ${JOB}` }).click();
  await page.getByRole('option', { name: 'Riverside Medical (RMOB)' }).click();
  await expect(dialog.getByRole('combobox', { name: `QuickBooks customer or project for ${JOB}` })).toHaveText('Riverside Medical (RMOB)');

  // Preview, then push exactly that.
  await dialog.getByRole('tab', { name: 'Sync', exact: true }).click();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const summary = `Maria Alvarez, ${today}, 8 h on ${JOB}`;
  const preview = dialog.getByRole('table', { name: 'What a push would do' });
  const planned = preview.getByRole('row', { name: new RegExp(summary) });
  await expect(planned).toContainText('TimeActivity');
  await expect(planned).toContainText('Create');
  await expectSnackbarAfter(page, 'Pushed: 1 synced', () => dialog.getByRole('button', { name: 'Push to QuickBooks' }).click());
  const pushed = dialog.getByRole('table', { name: 'What the push did' }).getByRole('row', { name: new RegExp(summary) });
  await expect(pushed).toContainText('Synced');

  // The sync log, and QuickBooks itself.
  await dialog.getByRole('tab', { name: 'Sync log' }).click();
  const logged = dialog.getByRole('table', { name: 'Sync log' }).getByRole('row', { name: new RegExp(summary) });
  await expect(logged).toContainText('Synced');
  const activities = (await (await request.get(`${QBO}/__stand-in/entities/TimeActivity`)).json()) as Record<string, unknown>[];
  expect(activities).toEqual([expect.objectContaining({ TxnDate: today, Hours: 8, Minutes: 0, NameOf: 'Employee' })]);
  await expect(logged).toContainText(String(activities[0]?.Id));

  // QuickBooks revokes the app: the next check finds out, and the next start shows 'QuickBooks Disconnected'.
  await request.post(`${QBO}/__stand-in/revoke`);
  await dialog.getByRole('button', { name: 'Check connection' }).click();
  // The check's answer, or (once the app has read the raised flag) the disconnected dialog in its place.
  const disconnected = page.getByRole('dialog', { name: 'QuickBooks Disconnected' });
  await expect(
    dialog
      .getByText(/the connection was revoked or has expired/)
      .first()
      .or(disconnected),
  ).toBeVisible();
  await page.goto('/dashboard');
  await expect(disconnected).toBeVisible();
  await expect(disconnected.getByRole('button', { name: 'Reconnect QuickBooks' })).toBeVisible();

  // Leave the demo company as it was for the specs after this one: disconnected, no flag raised.
  await graphql(page, 'mutation($t: ID!) { accountingSystemConnection(tenant_uuid: $t, event_type: "disconnect") { message } }', {
    t: tenantUuid,
  });
  const status = await graphql<{ accountingSystemStatus: { qbo_disconnected: boolean } }>(
    page,
    'query($t: ID!) { accountingSystemStatus(tenant_uuid: $t) { qbo_disconnected } }',
    { t: tenantUuid },
  );
  expect(status.accountingSystemStatus.qbo_disconnected).toBe(false);
});

// The QuickBooks Time stand-in (playwright.config.ts starts it beside the QuickBooks Online one).
const QBT = `http://127.0.0.1:${Number(process.env.E2E_QBT_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1100)}`;

test('an admin connects QuickBooks Time, links a user and a jobcode, previews and imports a pay period, then disconnects', async ({
  page,
  request,
}) => {
  // QuickBooks Time's side: Jake (a demo person) and a subcontractor nobody links, a jobcode named as the demo job, and
  // their timesheets in a pay period of 2024, which no other journey reads.
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(`${QBT}/__stand-in/${path}`, { data });
    expect(res.ok()).toBe(true);
    return (await res.json()) as { id: number };
  };
  const jake = await post('users', { first_name: 'Jake', last_name: 'Thompson' });
  const pat = await post('users', { first_name: 'Pat', last_name: 'Subcontractor' });
  const rmob = await post('jobcodes', { name: JOB });
  await post('timesheets', { user_id: jake.id, jobcode_id: rmob.id, date: '2024-01-09', duration: 8 * 3600 });
  await post('timesheets', { user_id: pat.id, jobcode_id: rmob.id, date: '2024-01-10', duration: 4 * 3600 });
  const { tenantUuid } = await signIn(page, DEMO_ADMIN);

  await page.goto('/dashboard?settings=true&component=company-setup&dialog=timecard-system-dialog');
  const dialog = page.getByRole('dialog', { name: 'Time-card system' });
  await expect(dialog.getByText('Not connected')).toBeVisible();
  await expectSnackbarAfter(page, 'QuickBooks Time is connected.', () =>
    dialog.getByRole('button', { name: 'Connect QuickBooks Time' }).click(),
  );
  await expect(page).toHaveURL(/dialog=timecard-system-dialog/);
  await expect(dialog.getByText('Connected', { exact: true })).toBeVisible();

  // Mapping by the suggestions by name.
  await dialog.getByRole('button', { name: 'Link Jake Thompson to Jake Thompson' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Person for Jake Thompson' })).toHaveText('Jake Thompson');
  await dialog.getByRole('button', { name: `Link ${JOB} to ${JOB}` }).click();
  await expect(dialog.getByRole('combobox', { name: `Job for ${JOB}` })).toHaveText(JOB);

  // The pay period's preview, then the import doing exactly that; the unlinked subcontractor stays blocked.
  await dialog.getByRole('tab', { name: 'Import' }).click();
  await dialog.getByLabel('Pay period start').fill('2024-01-08');
  await dialog.getByLabel('Pay period end').fill('2024-01-14');
  await dialog.getByRole('button', { name: 'Preview import' }).click();
  const preview = dialog.getByRole('table', { name: 'What the import would do' });
  const jakeRow = new RegExp(`Jake Thompson, 2024-01-09, 8 h on ${JOB}`);
  await expect(preview.getByRole('row', { name: jakeRow })).toContainText('Create');
  await expect(preview.getByRole('row', { name: /Pat Subcontractor/ })).toContainText('Link the QuickBooks Time user Pat Subcontractor');
  await expectSnackbarAfter(page, 'Imported 1 time entries; 0 conflicts.', () =>
    dialog.getByRole('button', { name: 'Import time entries' }).click(),
  );
  const done = dialog.getByRole('table', { name: 'What the import did' });
  await expect(done.getByRole('row', { name: jakeRow })).toContainText('Imported');
  await expect(done.getByRole('row', { name: /Pat Subcontractor/ })).toContainText('Blocked');
  // Again: nothing twice.
  await dialog.getByRole('button', { name: 'Preview import' }).click();
  await expect(dialog.getByText('1 timesheet already imported is unchanged.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Leave nothing connected.
  await expectSnackbarAfter(page, 'QuickBooks Time is disconnected.', () => dialog.getByRole('button', { name: 'Disconnect' }).click());
  await expect(dialog.getByText('Not connected')).toBeVisible();
  const status = await graphql<{ timecardSystemStatus: { connected: boolean } }>(
    page,
    'query($t: ID!) { timecardSystemStatus(tenant_uuid: $t) { connected } }',
    { t: tenantUuid },
  );
  expect(status.timecardSystemStatus.connected).toBe(false);
});
