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

export type PunchAction = 'IN' | 'SWITCH' | 'BREAK_START' | 'BREAK_END' | 'OUT';

/**
 * One punch on the clock (issue 47), the next one the screen offers: clocks in on `job` when off, ends a break when on
 * one, else starts a break, switches cost code or clocks out as `roll` says. Location is declined at the first ask (the
 * soak's browser has no position). Returns what was tapped; the screen shows it at once, signal or not.
 */
export async function punch(page: Page, job: string, roll: number): Promise<PunchAction> {
  await go(page, '/modules/timecards?tab=clock', 'Timecards');
  const heading = page.locator('#punch-status-heading');
  await heading.waitFor({ timeout: 60_000 });
  const state = (await heading.textContent()) ?? '';
  let action: PunchAction;
  if (state.startsWith('Off the clock')) {
    const form = page.getByRole('form', { name: 'Clock in' });
    await pickOption(page, form, 'Job', job);
    await pickOption(page, form, 'Cost code', 0);
    await page.getByRole('button', { name: 'Clock in' }).click();
    action = 'IN';
  } else if (state.startsWith('On break')) {
    await page.getByRole('button', { name: 'End break' }).click();
    action = 'BREAK_END';
  } else if (roll < 0.4) {
    await page.getByRole('button', { name: 'Start break' }).click();
    action = 'BREAK_START';
  } else if (roll < 0.7) {
    const where = (await page.getByTestId('punch-where').textContent()) ?? '';
    await page.getByRole('button', { name: 'Switch job or cost code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch job or cost code' });
    await dialog.getByRole('combobox', { name: 'Cost code', exact: true }).click();
    const options = page.getByRole('listbox').last().getByRole('option');
    await options.first().waitFor();
    const names = await options.allTextContents();
    await options
      .nth(
        Math.max(
          0,
          names.findIndex((n) => !where.endsWith(n)),
        ),
      )
      .click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Switch' }).click();
    action = 'SWITCH';
  } else {
    await page.getByRole('button', { name: 'Clock out' }).click();
    action = 'OUT';
  }
  // The first punch asks about the location (once per person on this phone).
  const consent = page.getByRole('dialog', { name: 'Share your location when you punch?' });
  if (
    await consent.waitFor({ timeout: 1500 }).then(
      () => true,
      () => false,
    )
  )
    await consent.getByRole('button', { name: 'Not now' }).click();
  // Settled (sent, or kept on the phone): the punch buttons take taps again.
  const next = page.getByRole('button', { name: /^(Clock in|Clock out)$/ }).first();
  await next.waitFor({ timeout: 60_000 });
  for (const until = Date.now() + 60_000; !(await next.isEnabled()); ) {
    if (Date.now() > until) throw new Error(`the punch ${action} never settled`);
    await page.waitForTimeout(200);
  }
  return action;
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

/** Hours on the card that day, on the given jobs only ("ABBR · Job"): the punches' job is counted by its segments. */
export async function hoursOn(page: Page, tenant: string, day: string, jobs: readonly string[]): Promise<number> {
  const { getTimecardInfo } = await gql<{
    getTimecardInfo: {
      jobs: { id: number; job: string; job_abbr: string | null }[];
      users_timecard_entries: { timecard_date: string; jobs_id: number; hours: number }[];
    };
  }>(
    page,
    'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { jobs { id job job_abbr } users_timecard_entries { timecard_date jobs_id hours } } }',
    {
      t: tenant,
    },
  );
  const ids = new Set(getTimecardInfo.jobs.filter((j) => jobs.includes(j.job_abbr ? `${j.job_abbr} · ${j.job}` : j.job)).map((j) => j.id));
  return getTimecardInfo.users_timecard_entries
    .filter((e) => e.timecard_date === day && ids.has(e.jobs_id))
    .reduce((sum, e) => sum + e.hours, 0);
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

/** The kinds of the person's punched segments of the day, oldest first (WORK, BREAK…). */
export async function punchedKinds(page: Page, tenant: string, employee: number, day: string): Promise<string[]> {
  const { listPunches } = await gql<{ listPunches: { items: { kind: string; started_at: string }[] } }>(
    page,
    'query($t: ID!, $e: Int, $d: String!) { listPunches(tenant_uuid: $t, employees_id: $e, date_from: $d, date_to: $d, limit: 200) { items { kind started_at } } }',
    { t: tenant, e: employee, d: day },
  );
  return [...listPunches.items].sort((a, b) => a.started_at.localeCompare(b.started_at)).map((s) => s.kind);
}

export async function moodToday(page: Page, tenant: string, today: string): Promise<number | null> {
  const { myMoodToday } = await gql<{ myMoodToday: { mood: number } | null }>(
    page,
    'query($t: ID!, $d: String) { myMoodToday(tenant_uuid: $t, today: $d) { mood } }',
    { t: tenant, d: today },
  );
  return myMoodToday?.mood ?? null;
}
