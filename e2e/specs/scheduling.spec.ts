import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, graphql, signIn } from './sign-in';

// Demo company (apps/server/src/db/scheduling.seed.ts): three weeks of schedule. Next week, Luis Hernandez's crew
// (Aisha, Ben, Carlos) is on ADC Thursday and Friday, Frank Osei on LER Thursday; the office (Emily Chen, Grace
// Kowalski, James Carter, Dana Brooks) is unscheduled. Maria Alvarez holds admin_access; Ben Miller is crew.
const WORKER = 'ben.miller@summitridge.test';
const LER = 'LER · Lakewood Elementary Renovation';
const ADC = 'ADC · Aurora Distribution Center';
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
/** Next week's Monday (UTC), the week the journeys plan: always ahead of today, whatever day the suite runs. */
function nextMonday(): string {
  const today = iso(new Date());
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return plusDays(today, 7 - weekday);
}
const MONDAY = nextMonday();
const THURSDAY = plusDays(MONDAY, 3);
const FRIDAY = plusDays(MONDAY, 4);
const short = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const long = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

async function shoot(page: Page, name: string, heading: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/scheduling-${name}-light.png` });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({ path: `${SHOTS}/scheduling-${name}-dark.png` });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** A pointer drag the way a mouse does it (dnd-kit starts after a few pixels of movement). */
async function drag(page: Page, from: Locator, to: Locator) {
  // The people panel stays in view (sticky) while the board scrolls to the target.
  await to.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  if (!a) throw new Error('nothing to drag');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  // A drag under way can move the board (a cell filled a moment ago growing, a scroll): aim at where the target is
  // now, and once more just before letting go (a CI run dropped on the day before once).
  for (const steps of [12, 2]) {
    const b = await to.boundingBox();
    if (!b) throw new Error('no drop target');
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps });
  }
  await page.mouse.up();
}

const cell = (page: Page, job: string, date: string) => page.locator(`td[aria-label="${job}, ${short(date)}"]`);
const person = (page: Page, name: string) =>
  page.getByRole('region', { name: 'People' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

async function openNextWeek(page: Page) {
  await page.goto('/admin/scheduling');
  await expect(page.getByRole('heading', { level: 1, name: 'Crew scheduling' })).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByText(`Week of ${long(MONDAY)}`)).toBeVisible();
  await expect(cell(page, ADC, THURSDAY)).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a planner drags two people onto a job for Thursday, removes one from Friday, and sees each outcome', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_ADMIN);
  await openNextWeek(page);
  // The unscheduled people of Thursday: the office.
  await page.getByRole('combobox', { name: 'Unscheduled on' }).click();
  await page.getByRole('option', { name: short(THURSDAY) }).click();
  await expect(person(page, 'Emily Chen')).toBeVisible();
  await expect(person(page, 'Ben Miller')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const thursday = cell(page, LER, THURSDAY);
  await drag(page, person(page, 'Emily Chen'), thursday);
  await expect(thursday.getByText('Emily Chen')).toBeVisible();
  await drag(page, person(page, 'Grace Kowalski'), thursday);
  await expect(thursday.getByText('Grace Kowalski')).toBeVisible();
  await page.getByRole('button', { name: `Remove Ben Miller from ${ADC} on ${short(FRIDAY)}` }).click();
  await expect(page.getByText('3 unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Schedule updated: 2 added, 1 removed.')).toBeVisible();
  await expect(cell(page, ADC, FRIDAY).getByText('Ben Miller')).toHaveCount(0);
  await expect(thursday.getByText('Grace Kowalski')).toBeVisible();
  await shoot(page, 'board-1440', 'Crew scheduling');
  await openNextWeek(page);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('No changes made to schedule')).toBeVisible();

  // Forced partial failure: Dana Brooks is on vacation that Thursday (entered meanwhile by someone else).
  const board = await graphql<{ getScheduleBoard: { people: { id: number; name: string }[] } }>(
    page,
    'query($t: ID!, $f: String!) { getScheduleBoard(tenant_uuid: $t, from: $f, to: $f) { people { id name } } }',
    { t: await page.evaluate(() => localStorage.getItem('selectedTenantUuid')), f: THURSDAY },
  );
  const dana = board.getScheduleBoard.people.find((p) => p.name === 'Dana Brooks')?.id;
  await page.getByRole('combobox', { name: 'Unscheduled on' }).click();
  await page.getByRole('option', { name: short(THURSDAY) }).click();
  // The keyboard path: the person's menu, the job and the day.
  await page.getByRole('button', { name: 'Schedule Dana Brooks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Dana Brooks' });
  await dialog.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: LER }).click();
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(thursday.getByText('Dana Brooks')).toBeVisible();
  await drag(page, person(page, 'James Carter'), thursday);
  await expect(thursday.getByText('James Carter')).toBeVisible();
  await graphql(page, 'mutation($t: ID!, $a: [ScheduleEntryInput!]) { updateSchedule(tenant_uuid: $t, add: $a) { added { id } } }', {
    t: await page.evaluate(() => localStorage.getItem('selectedTenantUuid')),
    a: [{ employees_id: dana, date: THURSDAY, event_type: 'Vacation' }],
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByText(`Schedule partially updated with errors: Dana Brooks, ${LER}, ${THURSDAY}: Not available that day: Vacation.`),
  ).toBeVisible();
  await expect(thursday.getByText('James Carter')).toBeVisible();
  await expect(thursday.getByText('Dana Brooks')).toHaveCount(0);
});

test('a worker sees Thursday in My Schedule on a phone and confirms it; the planner’s board shows it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, WORKER);
  await page.goto('/modules/scheduled');
  await expect(page.getByRole('heading', { level: 1, name: 'My Schedule' })).toBeVisible();
  const day = page.getByRole('article', { name: long(THURSDAY) });
  await expect(day.getByText(ADC)).toBeVisible();
  await expect(day.getByText('Foreman: Luis Hernandez')).toBeVisible();
  await expect(day.getByText('pending')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await day.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Day confirmed.')).toBeVisible();
  await expect(day.getByText('confirmed', { exact: true })).toBeVisible();
  await shoot(page, 'mine-390', 'My Schedule');

  const planner = await newPage(browser, { width: 1440, height: 900 });
  await signIn(planner, DEMO_ADMIN);
  await openNextWeek(planner);
  await expect(cell(planner, ADC, THURSDAY).getByRole('button', { name: 'Ben Miller, confirmed' })).toBeVisible();
});
