import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { graphql, signIn } from './sign-in';

// Issue 47: the punch clock at 390x844 with Chromium's geolocation emulated. People no other spec punches or books
// Cherry Creek time for: Jake Thompson and Hector Silva, on Tom Nguyen's crew (apps/server/src/modules/scheduling/
// scheduling.seed.ts: they work his jobs every day of the week), and Tom, the foreman of Cherry Creek (jobs.seed.ts),
// whom every-screen.spec.ts also reads in Spanish. The demo's sites come from punches.seed.ts (Cherry Creek: 39.717,
// -104.953, radius 200 m); the company counts punches in UTC, as its time cards do.
//
// A punch's time is the phone's (device_time): the phone's clock is set back (Playwright's fixed clock) so a day's
// punches hours apart run in seconds. The story fits in today (UTC) behind now, scaled down in the first hours of a
// UTC day; the hours expected come from the same minutes and the company's rounding (15-minute steps, half up).
const JOB = 'CCT2 · Cherry Creek Townhomes Phase 2';
const CODE_A = '02-200 Site Work';
const CODE_B = '03-300 Concrete';
const CODE_C = '01-100 General Conditions';
const SITE = { latitude: 39.717, longitude: -104.953 };
// About 1.1 km north of the site: outside its 200 m fence.
const AWAY = { latitude: 39.727, longitude: -104.953 };
const WORKER = 'jake.thompson@summitridge.test';
const OTHER = 'hector.silva@summitridge.test';
const FOREMAN = 'tom.nguyen@summitridge.test';
const MIN = 60_000;

// The story's marks, in minutes from its start.
const MARKS = {
  jakeIn: 0,
  jakeSwitch: 67,
  jakeBreak: 112,
  jakeBack: 142,
  jakeOut: 185,
  hectorIn: 190,
  crewIn: 200,
  crewOut: 260,
} as const;
type Mark = keyof typeof MARKS;

type Segment = {
  employees_id: number;
  kind: string;
  costcodes_id: number;
  started_at: string;
  ended_at: string | null;
  crew_punch: boolean;
};
type Entry = { timecard_date: string; jobs_id: number; costcodes_id: number; hours: number };
type Story = { today: string; at: (mark: Mark) => Date; minutes: (from: Mark, to: Mark) => number };

/** When each mark falls: all of the story inside today (UTC) and behind now, a few minutes to spare. */
function story(today: string): Story | null {
  const now = Date.now();
  const dayStart = Date.parse(`${today}T00:00:00Z`);
  const span = MARKS.crewOut;
  const available = Math.floor((now - dayStart) / MIN) - 4;
  if (available < 30) return null;
  const scale = Math.min(1, available / span);
  const start = now - 3 * MIN - Math.round(span * scale) * MIN;
  const at = (mark: Mark) => new Date(start + Math.round(MARKS[mark] * scale) * MIN);
  return { today, at, minutes: (from, to) => (at(to).getTime() - at(from).getTime()) / MIN };
}

/** The card's hours for worked minutes: rounded to the company's 15-minute steps, half up. */
const hours = (minutes: number) => (Math.round(minutes / 15) * 15) / 60;

async function phone(
  browser: Browser,
  where: { latitude: number; longitude: number },
  language?: 'es',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: language === 'es' ? 'es-ES' : 'en-US',
    timezoneId: 'UTC',
    geolocation: { ...where, accuracy: 15 },
    permissions: ['geolocation'],
    // A phone with the installed app, its worker and all.
    serviceWorkers: 'allow',
  });
  // The language chosen on the profile page, kept in the browser (lib/i18n LANGUAGE_STORAGE_KEY).
  if (language) await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return { context, page: await context.newPage() };
}

const CARD = `query($t: ID!, $e: Int) { getTimecardInfo(tenant_uuid: $t, employee_id: $e) { employee_id settings { today }
  users_timecard_entries { timecard_date jobs_id costcodes_id hours } } }`;
type Card = {
  employee_id: number;
  settings: { today: string };
  users_timecard_entries: Entry[];
};
const card = async (page: Page, tenant: string, employee?: number) =>
  (await graphql<{ getTimecardInfo: Card }>(page, CARD, { t: tenant, e: employee ?? null })).getTimecardInfo;
const PUNCHES = `query($t: ID!, $e: Int, $d: String!) { listPunches(tenant_uuid: $t, employees_id: $e, date_from: $d, date_to: $d) {
  items { employees_id kind costcodes_id started_at ended_at crew_punch } } }`;
const punches = async (page: Page, tenant: string, employee: number, day: string) =>
  (await graphql<{ listPunches: { items: Segment[] } }>(page, PUNCHES, { t: tenant, e: employee, d: day })).listPunches.items;

/** Hours today by cost code on the job. */
function hoursByCode(entries: Entry[], today: string, jobId: number): Map<number, number> {
  const map = new Map<number, number>();
  for (const e of entries)
    if (e.timecard_date === today && e.jobs_id === jobId) map.set(e.costcodes_id, (map.get(e.costcodes_id) ?? 0) + e.hours);
  return map;
}

async function pick(page: Page, scope: ReturnType<Page['getByRole']> | Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Taps a punch button at a moment of the story (the phone's clock shows it), once the screen takes taps again. */
async function tapAt(page: Page, at: Date, button: ReturnType<Page['getByRole']>) {
  await page.clock.setFixedTime(at);
  await expect(button).toBeEnabled();
  await button.click();
}

// Jake's day comes first: the crew punch then builds on it.
test.describe.configure({ mode: 'serial' });

let plan: Story | null = null;
const ids: {
  tenant: string;
  job: number;
  codes: Record<'A' | 'B' | 'C', number>;
  jake: number;
  hector: number;
  before: Record<string, Map<number, number>>;
} = {
  tenant: '',
  job: 0,
  codes: { A: 0, B: 0, C: 0 },
  jake: 0,
  hector: 0,
  before: {},
};

test('a worker clocks in inside the fence, switches, breaks, clocks out with no signal, and the card shows the rounded hours', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await phone(browser, SITE);
  const { tenantUuid } = await signIn(page, WORKER);
  const mine = await card(page, tenantUuid);
  plan = story(mine.settings.today);
  test.skip(!plan, 'the story needs half an hour of today (UTC) behind it');
  if (!plan) return;
  const { listTimecardJobs } = await graphql<{ listTimecardJobs: { id: number; job_abbr: string | null }[] }>(
    page,
    'query($t: ID!) { listTimecardJobs(tenant_uuid: $t) { id job_abbr } }',
    { t: tenantUuid },
  );
  const job = listTimecardJobs.find((j) => JOB.startsWith(`${j.job_abbr} · `))?.id ?? 0;
  const { listFilteredCostcodes } = await graphql<{
    listFilteredCostcodes: { budget_costcodes: { costcodes_id: number; costcode: string }[] };
  }>(
    page,
    'query($t: ID!, $j: [Int!]!) { listFilteredCostcodes(tenant_uuid: $t, jobs_id: $j) { budget_costcodes { costcodes_id costcode } } }',
    { t: tenantUuid, j: [job] },
  );
  const code = (label: string) => listFilteredCostcodes.budget_costcodes.find((c) => label.startsWith(`${c.costcode} `))?.costcodes_id ?? 0;
  Object.assign(ids, { tenant: tenantUuid, job, jake: mine.employee_id, codes: { A: code(CODE_A), B: code(CODE_B), C: code(CODE_C) } });
  ids.before.jake = hoursByCode(mine.users_timecard_entries, plan.today, ids.job);

  await page.clock.setFixedTime(plan.at('jakeIn'));
  await page.goto('/modules/timecards?tab=clock');
  await expect(page.getByRole('tab', { name: 'Clock', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Off the clock' })).toBeVisible();
  await pick(page, page, /^Job/, JOB);
  await pick(page, page, /^Cost code/, CODE_A);
  await page.getByRole('button', { name: 'Clock in' }).click();
  // The first punch explains why the place is asked; the browser's own question is granted by the context.
  const consent = page.getByRole('dialog', { name: 'Share your location when you punch?' });
  await consent.getByRole('button', { name: 'Share at punches' }).click();
  await expect(page.getByRole('heading', { name: /^On the clock since / })).toBeVisible();
  await expect(page.getByTestId('punch-where')).toHaveText(`${JOB} · ${CODE_A}`);
  const today = page.getByRole('list', { name: 'Today’s punches' });
  await expect(today.getByText('In: Inside the fence')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await tapAt(page, plan.at('jakeSwitch'), page.getByRole('button', { name: 'Switch job or cost code' }));
  const dialog = page.getByRole('dialog', { name: 'Switch job or cost code' });
  await pick(page, dialog, /^Cost code/, CODE_B);
  await dialog.getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByTestId('punch-where')).toHaveText(`${JOB} · ${CODE_B}`);
  await tapAt(page, plan.at('jakeBreak'), page.getByRole('button', { name: 'Start break' }));
  await expect(page.getByRole('heading', { name: /^On break since / })).toBeVisible();
  await tapAt(page, plan.at('jakeBack'), page.getByRole('button', { name: 'End break' }));
  await expect(page.getByRole('heading', { name: /^On the clock since / })).toBeVisible();
  await expect(today.getByRole('listitem')).toHaveCount(4);
  // The screen shows a punch at once; the signal goes only once the server has it (the buttons take taps again).
  await expect(page.getByRole('button', { name: 'Clock out' })).toBeEnabled();

  // No signal at the clock-out: shown at once, kept on the phone with the tap's time, sent once when back.
  await context.setOffline(true);
  await page.getByRole('dialog', { name: 'No Connection' }).getByRole('button', { name: 'Keep working offline' }).click();
  await expect(page.getByRole('dialog', { name: 'No Connection' })).toBeHidden();
  await tapAt(page, plan.at('jakeOut'), page.getByRole('button', { name: 'Clock out' }));
  await expect(page.getByRole('heading', { name: 'Off the clock' })).toBeVisible();
  await expect(page.getByTestId('punch-waiting')).toHaveText('1 punch saved on this phone, waiting to send');
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('punch-waiting')).toBeHidden({ timeout: 20_000 });

  const segments = await punches(page, tenantUuid, ids.jake, plan.today);
  segments.sort((x, y) => x.started_at.localeCompare(y.started_at));
  expect(segments.map((s) => [s.kind, s.costcodes_id, s.started_at, s.ended_at])).toEqual([
    ['WORK', ids.codes.A, plan.at('jakeIn').toISOString(), plan.at('jakeSwitch').toISOString()],
    ['WORK', ids.codes.B, plan.at('jakeSwitch').toISOString(), plan.at('jakeBreak').toISOString()],
    ['BREAK', ids.codes.B, plan.at('jakeBreak').toISOString(), plan.at('jakeBack').toISOString()],
    ['WORK', ids.codes.B, plan.at('jakeBack').toISOString(), plan.at('jakeOut').toISOString()],
  ]);

  // The card: the day's work per cost code, rounded to 15 minutes; the break left out.
  const a = hours(plan.minutes('jakeIn', 'jakeSwitch'));
  const b = hours(plan.minutes('jakeSwitch', 'jakeBreak') + plan.minutes('jakeBack', 'jakeOut'));
  const after = hoursByCode((await card(page, tenantUuid)).users_timecard_entries, plan.today, ids.job);
  const added = (id: number) => (after.get(id) ?? 0) - (ids.before.jake.get(id) ?? 0);
  expect([added(ids.codes.A), added(ids.codes.B)]).toEqual([a, b]);
  await page.getByRole('tab', { name: 'Time card' }).click();
  const day = page.getByTestId(`day-${plan.today}`);
  const total = [...after.values()].reduce((s, h) => s + h, 0);
  await expect(day.getByTestId('day-total')).toHaveText(`${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(total)} h`);
  await context.close();
});

test('a punch outside the fence is flagged to the foreman, who clocks his crew in and out (in Spanish), each member’s time once', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const day = plan;
  test.skip(!day, 'runs after the worker’s day');
  if (!day) return;
  // Hector clocks in a kilometre from the site: accepted, and flagged with its distance.
  const hector = await phone(browser, AWAY);
  await signIn(hector.page, OTHER);
  const his = await card(hector.page, ids.tenant);
  ids.hector = his.employee_id;
  ids.before.hector = hoursByCode(his.users_timecard_entries, day.today, ids.job);
  await hector.page.clock.setFixedTime(day.at('hectorIn'));
  await hector.page.goto('/modules/timecards?tab=clock');
  await pick(hector.page, hector.page, /^Job/, JOB);
  await pick(hector.page, hector.page, /^Cost code/, CODE_C);
  await hector.page.getByRole('button', { name: 'Clock in' }).click();
  await hector.page.getByRole('dialog').getByRole('button', { name: 'Share at punches' }).click();
  await expect(hector.page.getByRole('list', { name: 'Today’s punches' }).getByText(/^In: Outside the fence by 1\.1 km$/)).toBeVisible();

  // Tom, in Spanish: the office's view shows Hector outside the fence.
  const tom = await phone(browser, SITE, 'es');
  await signIn(tom.page, FOREMAN);
  await tom.page.clock.setFixedTime(day.at('hectorIn'));
  await tom.page.goto('/modules/timecards?tab=on-the-clock');
  await expect(tom.page.getByRole('tab', { name: 'En turno', selected: true })).toBeVisible();
  const now = tom.page.getByRole('list', { name: 'Personas en turno ahora' });
  const row = now.getByRole('listitem').filter({ hasText: 'Hector Silva' });
  await expect(row).toContainText(`${JOB} · ${CODE_C}`);
  await expect(row).toContainText('Fuera del perímetro por 1,1 km');
  await expectNoSeriousA11yViolations(tom.page);

  // His crew punch: Jake clocked in, Hector already was; then both out.
  await tom.page.getByRole('tab', { name: 'Reloj' }).click();
  const crew = tom.page.getByRole('region', { name: 'Cuadrilla' });
  for (const name of ['Hector Silva', 'Jake Thompson']) await crew.getByRole('checkbox', { name }).check();
  await pick(tom.page, crew, /^Obra/, JOB);
  await pick(tom.page, crew, /^Código de costo/, CODE_C);
  await tapAt(tom.page, day.at('crewIn'), crew.getByRole('button', { name: 'Marcar entrada de 2 personas' }));
  await tom.page
    .getByRole('dialog', { name: '¿Compartir su ubicación al marcar?' })
    .getByRole('button', { name: 'Compartir al marcar' })
    .click();
  const outcomes = crew.getByTestId('crew-outcomes');
  await expect(outcomes).toContainText('Jake Thompson está en turno.');
  await expect(outcomes).toContainText('Hector Silva ya estaba en turno.');
  await tapAt(tom.page, day.at('crewOut'), crew.getByRole('button', { name: 'Marcar salida de 2 personas' }));
  await expect(outcomes).toContainText('Jake Thompson marcó la salida.');
  await expect(outcomes).toContainText('Hector Silva marcó la salida.');

  // Each member's time once: Jake's crew hour beside his own day, Hector's from his own clock-in to the crew's out.
  const crewCards = await graphql<{ getTimecardInfo: { timecard_entries_collection: (Entry & { employees_id: number })[] } }>(
    tom.page,
    'query($t: ID!) { getTimecardInfo(tenant_uuid: $t, fetch_crew_timecards: true) { timecard_entries_collection { employees_id timecard_date jobs_id costcodes_id hours } } }',
    { t: ids.tenant },
  );
  const of = (id: number) => crewCards.getTimecardInfo.timecard_entries_collection.filter((e) => e.employees_id === id);
  const addedC = (id: number, before: Map<number, number>) =>
    (hoursByCode(of(id), day.today, ids.job).get(ids.codes.C) ?? 0) - (before.get(ids.codes.C) ?? 0);
  expect(addedC(ids.jake, ids.before.jake)).toBe(hours(day.minutes('crewIn', 'crewOut')));
  expect(addedC(ids.hector, ids.before.hector)).toBe(hours(day.minutes('hectorIn', 'crewOut')));
  const jakeSegments = await punches(tom.page, ids.tenant, ids.jake, day.today);
  jakeSegments.sort((x, y) => x.started_at.localeCompare(y.started_at));
  expect(jakeSegments.filter((s) => s.crew_punch).map((s) => [s.kind, s.costcodes_id])).toEqual([['WORK', ids.codes.C]]);
  expect(jakeSegments).toHaveLength(5);
  const hectorSegments = await punches(tom.page, ids.tenant, ids.hector, day.today);
  expect(hectorSegments.map((s) => [s.kind, s.crew_punch, s.started_at, s.ended_at])).toEqual([
    ['WORK', false, day.at('hectorIn').toISOString(), day.at('crewOut').toISOString()],
  ]);
  await hector.context.close();
  await tom.context.close();
});
