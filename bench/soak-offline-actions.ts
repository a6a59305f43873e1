// The field actions `npm run soak:offline` (soak-offline.ts) draws from, each done through the app's screens as a crew
// member on a phone, and what the server must hold afterwards. Every action leaves a mark of its own (a vendor, a
// comment, a note, an amount of hours) so the end can count each one: lost (not there) or duplicated (twice).
import type { Page } from 'playwright-core';

/** A GraphQL call from the page, with its session cookie. A string, not a function: tsx would wrap a function's inner
 * names in a helper the page does not have. */
export async function gql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const body = JSON.stringify({ query, variables });
  const answer = (await page.evaluate(`(async () => (await fetch('/graphql', { method: 'POST', credentials: 'include',
      headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(body)} })).json())()`)) as {
    data?: T;
    errors?: { message: string }[];
  };
  if (answer.errors?.length || !answer.data) throw new Error(`${query.slice(0, 60)}…: ${answer.errors?.[0]?.message ?? 'no data'}`);
  return answer.data;
}

/** In-app navigation (no reload): the router follows the history, as a tap on a menu link does. */
export async function go(page: Page, path: string, heading: string | RegExp) {
  await page.evaluate(`(() => { history.pushState({}, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate')); })()`);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 60_000 });
}

/** The 'No Connection' modal shows on every loss of signal (and on an offline start); the field screens work on. */
export async function keepWorking(page: Page) {
  const button = page.getByRole('dialog', { name: 'No Connection' }).getByRole('button', { name: 'Keep working offline' });
  try {
    await button.click({ timeout: 5000 });
  } catch {
    // The modal had not come (the page had not finished loading) or is gone already.
  }
}

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
export const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function pickOption(page: Page, dialog: ReturnType<Page['getByRole']>, combobox: string, pick: number | string) {
  await dialog.getByRole('combobox', { name: combobox, exact: true }).click();
  const options = page.getByRole('listbox').last().getByRole('option');
  if (typeof pick === 'string') await options.filter({ hasText: pick }).first().click();
  else {
    await options.first().waitFor();
    await options.nth(pick % (await options.count())).click();
  }
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

export async function addReceipt(page: Page, job: string, vendor: string, amount: string, photo: string | null) {
  await go(page, '/modules/receipts', 'Receipts');
  await page.getByRole('button', { name: 'Add receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add receipt' });
  if (photo) await dialog.locator('input[type=file]').first().setInputFiles(photo);
  await pickOption(page, dialog, 'Job', job);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await dialog.getByRole('button', { name: 'More details' }).click();
  await dialog.getByRole('textbox', { name: 'Vendor' }).fill(vendor);
  await dialog.getByRole('button', { name: 'Save' }).click({ timeout: 60_000 }); // enabled once an online photo has uploaded
  await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
}

/** One line of time today on a job (the first cost code offered), through the Add time dialog. */
export async function addTime(page: Page, today: string, job: string, hours: string) {
  await go(page, '/modules/timecards', 'Timecards');
  await page.getByRole('button', { name: `Add time on ${dayLabel(today)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add time' });
  await pickOption(page, dialog, 'Job', job);
  await pickOption(page, dialog, 'Cost code', 0);
  await dialog.getByRole('textbox', { name: 'Hours' }).fill(hours);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
}

export async function commentOnTask(page: Page, title: string, body: string) {
  await go(page, '/modules/tasks', 'Tasks');
  await page
    .getByRole('list', { name: 'Tasks' })
    .getByRole('button', { name: new RegExp(`^${title}`) })
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(body);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByTestId('task-thread').getByText(body).first().waitFor();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function moveTool(page: Page, toolNumber: string, to: string, note: string) {
  await go(page, '/modules/tool20', 'Tools');
  await page.getByLabel('Search tools').fill(toolNumber);
  const details = page.getByRole('dialog', { name: new RegExp(`^${toolNumber} · `) });
  await page
    .getByRole('button', { name: /^Details for / })
    .first()
    .click();
  await details.getByRole('button', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: 'Move tools' });
  await pickOption(page, move, 'Move to', to);
  await move.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
  await move.getByRole('button', { name: 'Move' }).click();
  await move.waitFor({ state: 'hidden', timeout: 60_000 });
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'hidden' });
}

export async function writeReport(page: Page, job: string, day: string, note: string) {
  await go(page, '/modules/project-notes', 'Project Notes');
  await page.getByRole('button', { name: 'New report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New daily report' });
  await pickOption(page, dialog, 'Job', job);
  await dialog.getByLabel('Day').fill(day);
  await dialog.getByLabel('Work performed').fill(note);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
}

/** Answers one scheduled day; `want` is what the soak would like, and what the screen allows (the button of the
 * status it shows is off) decides. Returns the answer given. */
export async function answerDay(
  page: Page,
  date: string,
  want: 'confirmed' | 'declined',
  reason: string,
): Promise<'confirmed' | 'declined'> {
  await go(page, '/modules/scheduled', 'My Schedule');
  const day = page.getByRole('article', { name: longDay(date) });
  const confirm = day.getByRole('button', { name: 'Confirm' });
  const decline = day.getByRole('button', { name: 'Decline' });
  await confirm.waitFor();
  // The day's status can still change under the finger (a fresher answer from the server arriving): the choice is
  // made again until a click lands.
  for (let attempt = 0; ; attempt++) {
    const answer =
      want === 'confirmed'
        ? (await confirm.isEnabled())
          ? 'confirmed'
          : 'declined'
        : (await decline.isEnabled())
          ? 'declined'
          : 'confirmed';
    try {
      if (answer === 'confirmed') await confirm.click({ timeout: 3000 });
      else {
        await decline.click({ timeout: 3000 });
        const dialog = page.getByRole('dialog', { name: /^Decline / });
        await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
        await dialog.getByRole('button', { name: 'Decline' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      return answer;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/** The daily check-in, when the app bar still offers it. Returns the level answered, or null when not offered. */
export async function checkIn(page: Page, level: number): Promise<number | null> {
  const face = page.getByRole('button', { name: "How's your day?" });
  if ((await face.count()) === 0) return null;
  await face.first().click();
  const dialog = page.getByRole('dialog', { name: "How's your day?" });
  await dialog.getByRole('button', { name: ['Awful', 'Bad', 'Okay', 'Good', 'Great'][level - 1] }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return level;
}

// --- What the server holds ------------------------------------------------------------------------------------------

export async function receiptsOnServer(page: Page, tenant: string) {
  const found: { vendor: string | null; files: unknown[] }[] = [];
  let token: string | null = null;
  do {
    type Page_ = { nextToken: string | null; items: { vendor: string | null; files: unknown[] }[] };
    const { searchReceipts }: { searchReceipts: Page_ } = await gql<{ searchReceipts: Page_ }>(
      page,
      'query($t: ID!, $n: String) { searchReceipts(tenant_uuid: $t, limit: 200, nextToken: $n) { nextToken items { vendor files { uuid } } } }',
      { t: tenant, n: token },
    );
    found.push(...searchReceipts.items);
    token = searchReceipts.nextToken;
  } while (token);
  return found;
}

export async function hoursOn(page: Page, tenant: string, day: string): Promise<number> {
  const { getTimecardInfo } = await gql<{ getTimecardInfo: { users_timecard_entries: { timecard_date: string; hours: number }[] } }>(
    page,
    'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { users_timecard_entries { timecard_date hours } } }',
    { t: tenant },
  );
  return getTimecardInfo.users_timecard_entries.filter((e) => e.timecard_date === day).reduce((sum, e) => sum + e.hours, 0);
}

export async function taskComments(page: Page, tenant: string, taskId: number): Promise<string[]> {
  const { listTaskThreads } = await gql<{ listTaskThreads: { entries: { body: string | null }[] }[] }>(
    page,
    'query($t: ID!, $ids: [Int!]) { listTaskThreads(tenant_uuid: $t, tasks_ids: $ids) { entries { body } } }',
    { t: tenant, ids: [taskId] },
  );
  return listTaskThreads.flatMap((th) => th.entries.map((e) => e.body ?? ''));
}

export async function toolNotes(page: Page, tenant: string, toolId: number): Promise<string[]> {
  const { toolLog } = await gql<{ toolLog: { items: { note: string | null }[] } }>(
    page,
    'query($t: ID!, $id: Int) { toolLog(tenant_uuid: $t, tools_id: $id, limit: 200) { items { note } } }',
    { t: tenant, id: toolId },
  );
  return toolLog.items.map((l) => l.note ?? '');
}

export async function reportNotes(page: Page, tenant: string, from: string, to: string): Promise<string[]> {
  const { searchDailyReports } = await gql<{ searchDailyReports: { items: { work_performed: string | null }[] } }>(
    page,
    'query($t: ID!, $from: String, $to: String) { searchDailyReports(tenant_uuid: $t, from: $from, to: $to, limit: 200) { items { work_performed } } }',
    { t: tenant, from, to },
  );
  return searchDailyReports.items.map((r) => r.work_performed ?? '');
}

export async function myDays(page: Page, tenant: string, from: string) {
  const { getMySchedule } = await gql<{ getMySchedule: { id: number; date: string; confirmation_status: string }[] }>(
    page,
    'query($t: ID!, $from: String!) { getMySchedule(tenant_uuid: $t, from: $from) { id date confirmation_status } }',
    { t: tenant, from },
  );
  return getMySchedule;
}

export async function moodToday(page: Page, tenant: string, today: string): Promise<number | null> {
  const { myMoodToday } = await gql<{ myMoodToday: { mood: number } | null }>(
    page,
    'query($t: ID!, $d: String) { myMoodToday(tenant_uuid: $t, today: $d) { mood } }',
    { t: tenant, d: today },
  );
  return myMoodToday?.mood ?? null;
}
