import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousA11yViolations, expectSnackbarAfter } from './helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, signIn } from './sign-in';

// Demo company (apps/server/src/db/demo-seed.ts): biweekly pay periods from a Monday, entry under settings 7 and 9
// (today, and any day of the current pay period), 15-minute increments. Jobs RMOB and CCT2 budget 02-200 and 03-300.
const JOB_A = 'RMOB · Riverside Medical Office Building';
const CODE_A = '03-300 Concrete';
const JOB_B = 'CCT2 · Cherry Creek Townhomes Phase 2';
const CODE_B = '02-200 Site Work';

type Settings = {
  employee_id: number;
  settings: { today: string; pay_period_type: number; pay_period_anchor: string; minute_increment: number };
};
type Entry = { employees_id: number; timecard_date: string; jobs_id: number; costcodes_id: number; hours: number };
type Info = {
  employee_id: number;
  people: { id: number; firstname: string; lastname: string }[];
  jobs: { id: number; job: string; job_abbr: string | null }[];
  users_timecard: { id: number; signed_on: string | null }[];
  users_timecard_entries: Entry[];
  timecard_entries_collection: Entry[];
};

const DAY = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** GraphQL from inside the page, with the session cookie the sign-in left there. */
async function gql<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data?: T; errors?: { message: string }[] }> {
  return page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { query, variables },
  );
}

/** The current pay period, computed the way the server does (weekly or biweekly from the anchor of setting 15). */
async function currentPeriod(page: Page, tenant: string) {
  const res = await gql<{ getTimecardInfo: Settings }>(
    page,
    'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { employee_id settings { today pay_period_type pay_period_anchor minute_increment } } }',
    { t: tenant },
  );
  const info = res.data?.getTimecardInfo;
  if (!info) throw new Error(`settings: ${JSON.stringify(res.errors)}`);
  const { today, pay_period_type, pay_period_anchor } = info.settings;
  expect([1, 2]).toContain(pay_period_type);
  const length = pay_period_type === 1 ? 7 : 14;
  const offset = Math.round((Date.parse(today) - Date.parse(pay_period_anchor)) / DAY);
  const start = addDays(pay_period_anchor, Math.floor(offset / length) * length);
  return { me: info.employee_id, today, start, end: addDays(start, length - 1) };
}

const INFO = `query($t: ID!, $s: String, $e: String, $all: Boolean, $crew: Boolean) {
  getTimecardInfo(tenant_uuid: $t, start_date: $s, end_date: $e, fetch_all_timecards: $all, fetch_crew_timecards: $crew) {
    employee_id people { id firstname lastname } jobs { id job job_abbr } users_timecard { id signed_on }
    users_timecard_entries { employees_id timecard_date jobs_id costcodes_id hours }
    timecard_entries_collection { employees_id timecard_date jobs_id costcodes_id hours } } }`;

async function info(page: Page, tenant: string, period: { start: string; end: string }, extra: Record<string, unknown> = {}) {
  const res = await gql<{ getTimecardInfo: Info }>(page, INFO, { t: tenant, s: period.start, e: period.end, ...extra });
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.getTimecardInfo;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Draws a zigzag signature on the canvas with the mouse. */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 3 });
  }
  await page.mouse.up();
}

async function signAndCheckLocked(page: Page, tenant: string, period: { start: string; end: string }, note: string) {
  await page.getByRole('button', { name: 'Sign time card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign time card' });
  await expect(dialog).toContainText('45 hours');
  await drawSignature(page);
  await dialog.getByLabel('Note for the office (optional)').fill(note);
  await expectSnackbarAfter(page, 'Time card signed.', () => dialog.getByRole('button', { name: 'Sign', exact: true }).click());
  const banner = page.getByTestId('signed-banner');
  await expect(banner).toContainText('Signed on');
  await expect(banner).toContainText(`Note: ${note}`);
  await expect(banner.getByRole('img', { name: /Signature of/ })).toBeVisible();
  // Locked: no edit controls left, and the server refuses a write anyway.
  await expect(page.getByRole('button', { name: 'Add time' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Add time on/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Hours on/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign time card' })).toHaveCount(0);
  const card = await info(page, tenant, period);
  expect(card.users_timecard[0].signed_on).toBeTruthy();
  const write = await gql(
    page,
    `mutation($t: ID!, $e: Int!, $s: String!, $end: String!, $d: String!) { createOrUpdateTimecardDayEntry(tenant_uuid: $t, employees_id: $e,
      payperiod_start_date: $s, payperiod_end_date: $end, timecard_date: $d, timecard_entries: []) { users_timecard { id } } }`,
    { t: tenant, e: card.employee_id, s: period.start, end: period.end, d: period.start },
  );
  expect(write.errors?.[0].message).toBe('This time card is signed and locked. Ask an admin to reopen it.');
}

async function expectWeekTotals(page: Page) {
  await expect(page.getByTestId('total-hours')).toHaveText('Total 45 h');
  await expect(page.getByTestId('regular-hours')).toHaveText('Regular 40 h');
  await expect(page.getByTestId('overtime-hours')).toHaveText('Overtime 5 h');
  await expect(page.getByTestId('totals-by-week')).toContainText('45 (5 overtime)');
  await expect(page.getByTestId('totals-by-job').getByRole('row', { name: JOB_A })).toContainText('30');
  await expect(page.getByTestId('totals-by-job').getByRole('row', { name: JOB_B })).toContainText('15');
  await expect(page.getByTestId('totals-by-costcode').getByRole('row', { name: CODE_A })).toContainText('30');
  await expect(page.getByTestId('totals-by-costcode').getByRole('row', { name: CODE_B })).toContainText('15');
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

/** A foreman's crew day: one job, cost code and hours for two ticked crew members, in one save. */
async function crewDay(page: Page, crew: [string, string], job: string, code: string, dayOffset: number) {
  const { tenantUuid } = await signIn(page, DEMO_FOREMAN);
  const period = await currentPeriod(page, tenantUuid);
  const day = addDays(period.start, dayOffset);
  await page.goto('/modules/timecards');
  await page.getByRole('button', { name: 'Crew entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crew entry' });
  await pick(page, 'Day', dayLabel(day));
  await pick(page, 'Job', job);
  await pick(page, 'Cost code', code);
  await dialog.getByRole('textbox', { name: 'Hours' }).fill('8');
  for (const name of crew) await dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  await expectNoSeriousA11yViolations(page);
  await expectSnackbarAfter(page, 'Crew time saved for 2 people.', () => dialog.getByRole('button', { name: 'Save for 2 people' }).click());
  await expect(dialog).toBeHidden();
  const crewInfo = await info(page, tenantUuid, period, { crew: true });
  const ids = crewInfo.people.filter((p) => crew.includes(`${p.firstname} ${p.lastname}`)).map((p) => p.id);
  expect(ids).toHaveLength(2);
  const jobId = crewInfo.jobs.find((j) => job.startsWith(j.job_abbr ?? j.job))?.id;
  // The foreman's job on that day is the crew line; time the demo data has on other foremen's jobs is theirs to keep.
  for (const id of ids) {
    const theirDay = crewInfo.timecard_entries_collection.filter(
      (e) => e.employees_id === id && e.timecard_date === day && e.jobs_id === jobId,
    );
    expect(theirDay.map((e) => [e.jobs_id, e.hours])).toEqual([[jobId, 8]]);
  }
}

test.describe.configure({ mode: 'serial' });

test.describe('time cards on a phone (390x844)', () => {
  test('a worker enters a week on two jobs, sees totals and overtime, signs and is locked out', async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await newPage(browser, { width: 390, height: 844 });
    const { tenantUuid } = await signIn(page, 'frank.osei@summitridge.test');
    const period = await currentPeriod(page, tenantUuid);
    await page.goto('/modules/timecards');
    await expect(page.getByRole('heading', { level: 1, name: 'Timecards' })).toBeVisible();
    await expect(page.getByTestId('period-label')).toBeVisible();
    // Phones get the day list, not the grid.
    await expect(page.getByTestId('timecard-grid')).toHaveCount(0);

    for (let d = 0; d < 5; d += 1) {
      const day = addDays(period.start, d);
      for (const [job, code, hours] of [
        [JOB_A, CODE_A, '6'],
        [JOB_B, CODE_B, '3'],
      ]) {
        await page.getByRole('button', { name: `Add time on ${dayLabel(day)}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Add time' });
        await pick(page, 'Job', job);
        await pick(page, 'Cost code', code);
        await dialog.getByRole('textbox', { name: 'Hours' }).fill(hours);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(page.getByTestId(`day-${day}`).getByTestId('day-total')).toHaveText('9 h');
    }
    await expectWeekTotals(page);

    // Change a line: the dialog opens it, a wrong increment is refused in plain words, a right one is saved.
    const first = page.getByTestId(`day-${period.start}`);
    await first.getByRole('button', { name: /^CCT2 · Cherry Creek Townhomes Phase 2.*3 h$/ }).click();
    const edit = page.getByRole('dialog', { name: 'Change time' });
    await edit.getByRole('textbox', { name: 'Hours' }).fill('3.1');
    await expect(edit).toContainText('Hours must be in steps of 15 minutes.');
    await edit.getByRole('textbox', { name: 'Hours' }).fill('3:00');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expectWeekTotals(page);
    await expectNoSeriousA11yViolations(page);

    await signAndCheckLocked(page, tenantUuid, period, 'Week one on RMOB and CCT2');
    await expectNoSeriousA11yViolations(page);
  });

  test('a foreman enters a crew day for two people at once', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, { width: 390, height: 844 });
    await crewDay(page, ['Aisha Johnson', 'Ben Miller'], JOB_A, CODE_A, 8);
  });
});

test.describe('time cards on a desktop (1440x900)', () => {
  test('a worker fills the grid, sees refusals, totals and overtime, signs and is locked out', async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await newPage(browser, { width: 1440, height: 900 });
    const { tenantUuid } = await signIn(page, 'ivy.patel@summitridge.test');
    const period = await currentPeriod(page, tenantUuid);
    await page.goto('/modules/timecards');
    await expect(page.getByText(/No time in this pay period yet/)).toBeVisible();

    // A past pay period is closed under the demo's settings (7: a day until it ends, 9: the current period):
    // the server's refusal, naming the first enabled window, shows in the snackbar.
    await page.getByRole('button', { name: 'Previous pay period' }).click();
    // The switch is a navigation: wait until the past period is the one shown (its "Current pay period" button is up)
    // before opening the dialog, or a quick click still adds time to the current period's today.
    await expect(page.getByRole('button', { name: 'Current pay period' })).toBeVisible();
    await page.getByRole('button', { name: 'Add time', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Add time' });
    await pick(page, 'Job', JOB_A);
    await pick(page, 'Cost code', CODE_A);
    await dialog.getByRole('textbox', { name: 'Hours' }).fill('4');
    await expectSnackbarAfter(page, 'Time for a day can only be entered until the end of that day.', () =>
      dialog.getByRole('button', { name: 'Save' }).click(),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Current pay period' }).click();

    for (const [job, code, hours] of [
      [JOB_A, CODE_A, '6'],
      [JOB_B, CODE_B, '3'],
    ]) {
      await page.getByRole('button', { name: 'Add time', exact: true }).click();
      dialog = page.getByRole('dialog', { name: 'Add time' });
      await pick(page, 'Day', dayLabel(period.start));
      await pick(page, 'Job', job);
      await pick(page, 'Cost code', code);
      await dialog.getByRole('textbox', { name: 'Hours' }).fill(hours);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      // The rest of the week straight into the grid's cells.
      for (let d = 1; d < 5; d += 1) {
        const cell = page.getByRole('textbox', { name: `Hours on ${job}, ${code}, ${dayLabel(addDays(period.start, d))}` });
        await cell.fill(hours);
        await cell.press('Enter');
        await expect(page.getByTestId(`day-total-${addDays(period.start, d)}`)).not.toHaveText('–');
      }
    }
    for (let d = 0; d < 5; d += 1) await expect(page.getByTestId(`day-total-${addDays(period.start, d)}`)).toHaveText('9');
    await expect(page.getByTestId('grid-total')).toHaveText('45');
    await expectWeekTotals(page);

    // Off the 15-minute increment: refused in the snackbar, the cell goes back.
    const monday = page.getByRole('textbox', { name: `Hours on ${JOB_A}, ${CODE_A}, ${dayLabel(period.start)}` });
    await monday.fill('6.1');
    await monday.press('Enter');
    await expect(page.getByTestId('app-snackbar')).toContainText('Hours must be in steps of 15 minutes.');
    await expect(monday).toHaveValue('6');
    await expectNoSeriousA11yViolations(page);

    await signAndCheckLocked(page, tenantUuid, period, 'All in');
    await expectNoSeriousA11yViolations(page);
  });

  test('a foreman enters a crew day for two people at once', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, { width: 1440, height: 900 });
    await crewDay(page, ['Carlos Ramirez', 'Emily Chen'], JOB_A, CODE_A, 9);
  });

  test('an admin exports the pay period as CSV and Excel, and both files match the entries', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, { width: 1440, height: 900 });
    const { tenantUuid } = await signIn(page, DEMO_ADMIN);
    const period = await currentPeriod(page, tenantUuid);
    await page.goto('/modules/timecards');
    const picker = page.getByRole('combobox', { name: 'Time card of' });
    // The picker starts on the admin's own card once the people have loaded.
    await expect(picker).toHaveValue('Maria Alvarez');

    // An admin looks at a worker's signed card and can reopen it.
    await picker.fill('Frank');
    await page.getByRole('option', { name: /^Frank Osei/ }).click();
    await expect(page.getByRole('heading', { name: 'Frank Osei’s time card' })).toBeVisible();
    await expect(page.getByTestId('signed-banner')).toContainText('Signed on');
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
    // Everyone's pay period at a glance, for payroll.
    const overview = page.getByTestId('period-overview');
    await expect(overview.getByRole('row', { name: /^Frank Osei/ })).toContainText(/45\s*5\s*Signed/);
    await overview.getByRole('button', { name: 'Open Ivy Patel’s time card' }).click();
    await expect(page.getByRole('heading', { name: 'Ivy Patel’s time card' })).toBeVisible();
    await expect(picker).toHaveValue('Ivy Patel');
    await expectNoSeriousA11yViolations(page);

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe(`timecards-${period.start}-to-${period.end}.csv`);
    const csvRows = parseCsv((await readFile(await csvFile.path())).toString('utf8').replace(/^\uFEFF/, ''));

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const xlsxFile = await xlsxDownload;
    expect(xlsxFile.suggestedFilename()).toBe(`timecards-${period.start}-to-${period.end}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxFile.path());
    const sheet = workbook.worksheets[0];
    const xlsxRows: string[][] = [];
    sheet.eachRow((row) => {
      xlsxRows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    });

    const header = [
      'Employee',
      'Employee ID',
      'Date',
      'Job',
      'Cost code',
      'Hours',
      'Regular hours',
      'Overtime hours',
      'Note',
      'Signed',
      'Signed on',
    ];
    expect(csvRows[0]).toEqual(header);
    expect(xlsxRows[0]).toEqual(header);
    // Same rows in both files (the xlsx leaves empty trailing cells out).
    expect(xlsxRows.map((r) => [...r, ...Array(header.length - r.length).fill('')])).toEqual(csvRows);

    // The rows are the period's entries, one each.
    const all = await info(page, tenantUuid, period, { all: true });
    const fromServer = all.timecard_entries_collection.map((e) => `${e.employees_id}|${e.timecard_date}|${e.hours}`).sort();
    const fromFile = csvRows
      .slice(1)
      .map((r) => `${r[1]}|${r[2]}|${Number(r[5])}`)
      .sort();
    expect(fromFile).toEqual(fromServer);

    // The phone worker's week: ten lines, 45 h with 5 h overtime, signed.
    for (const name of ['Frank Osei', 'Ivy Patel']) {
      const rows = csvRows.filter((r) => r[0] === name);
      expect(rows).toHaveLength(10);
      expect(rows.reduce((sum, r) => sum + Number(r[5]), 0)).toBe(45);
      expect(rows.reduce((sum, r) => sum + Number(r[6]), 0)).toBe(40);
      expect(rows.reduce((sum, r) => sum + Number(r[7]), 0)).toBe(5);
      expect(new Set(rows.map((r) => r[9]))).toEqual(new Set(['Yes']));
      expect(new Set(rows.map((r) => r[3]))).toEqual(new Set([JOB_A, JOB_B]));
      expect(new Set(rows.map((r) => r[4]))).toEqual(new Set([CODE_A, CODE_B]));
    }
    // The crew days entered by the foreman.
    for (const [name, offset] of [
      ['Aisha Johnson', 8],
      ['Carlos Ramirez', 9],
    ] as const) {
      const day = csvRows.filter((r) => r[0] === name && r[2] === addDays(period.start, offset) && r[3] === JOB_A);
      expect(day.map((r) => [r[3], r[4], r[5]])).toEqual([[JOB_A, CODE_A, '8']]);
    }
  });
});

/** RFC 4180: quoted cells may hold commas, quotes (doubled) and line breaks; lines end in CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
