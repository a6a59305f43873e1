// Issue 28: "no long tasks over 200 ms when opening a time card, adding time or switching weeks". Part of
// `npm run bench:web` (web.ts): in the bench's Chromium, on a phone-sized page with the CPU slowed 4x (Lighthouse's
// mobile setting), signed in as the demo admin on /modules/timecards, each interaction is done as a person would and
// the browser's own long-task observer reports every task over 50 ms from the tap until the screen has settled. The
// bench prints the longest task of each interaction (and the blocking time: each task's time over 50 ms, summed).
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** The longest main-thread task (ms) and the blocking time (ms) of one interaction. */
type Tasks = { longest: number; blocking: number };
export type InteractionFigures = [string, Tasks[]][];

// A string, not a function: tsx would wrap a function's inner names in a helper the page does not have.
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); })
    .observe({ type: 'longtask', buffered: true });`;
/** What the screen does after a tap (a request, a render, a dialog's transition) has finished by then. */
const SETTLE_MS = 1500;

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

async function tasksOf(page: Page, act: () => Promise<unknown>): Promise<Tasks> {
  await page.evaluate('window.__longTasks = []');
  await act();
  await page.waitForTimeout(SETTLE_MS);
  const durations = (await page.evaluate('window.__longTasks')) as number[];
  return {
    longest: Math.max(0, ...durations),
    blocking: durations.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
  };
}

/** The interactions in order, each measured from its tap (what prepares it is not counted). */
function interactions(page: Page): [string, () => Promise<Tasks>][] {
  const dialog = page.getByRole('dialog', { name: 'Add time' });
  const pick = async (label: string) => {
    await dialog.getByRole('combobox', { name: label }).click();
    await page.getByRole('option').first().click();
  };
  const period = page.getByTestId('period-label');
  const switchPeriod = async (button: string) => {
    const before = await period.textContent();
    return tasksOf(page, async () => {
      await page.getByRole('button', { name: button }).click();
      await page.waitForFunction(([label]) => document.querySelector('[data-testid="period-label"]')?.textContent !== label, [before]);
    });
  };
  return [
    ['switch to the previous pay period', () => switchPeriod('Previous pay period')],
    ['switch back to the current pay period', () => switchPeriod('Current pay period')],
    [
      'open the Add time dialog',
      () =>
        tasksOf(page, async () => {
          const today = new Date().toISOString().slice(0, 10);
          await page.getByRole('button', { name: `Add time on ${dayLabel(today)}` }).click();
          await dialog.waitFor();
        }),
    ],
    [
      'save the time',
      async () => {
        await pick('Job');
        await pick('Cost code');
        await dialog.getByRole('textbox', { name: 'Hours' }).fill('1');
        return tasksOf(page, async () => {
          await dialog.getByRole('button', { name: 'Save' }).click();
          await dialog.waitFor({ state: 'hidden' });
        });
      },
    ],
    [
      'open a worker’s time card',
      async () => {
        const picker = page.getByRole('combobox', { name: 'Time card of' });
        await picker.fill('Frank');
        const option = page.getByRole('option', { name: /^Frank Osei/ });
        await option.waitFor();
        return tasksOf(page, async () => {
          await option.click();
          await page.getByRole('heading', { name: 'Frank Osei’s time card' }).waitFor();
        });
      },
    ],
  ];
}

/** `runs` rounds of the interactions on a new page of `context`, which is signed in as the demo admin. */
export async function measureInteractions(context: BrowserContext, origin: string, runs: number): Promise<InteractionFigures> {
  const figures = new Map<string, Tasks[]>();
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    let cdp: CDPSession | undefined;
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript(OBSERVE_LONG_TASKS);
      await page.goto(`${origin}/modules/timecards`);
      await page.getByRole('heading', { level: 1, name: 'Timecards' }).waitFor({ timeout: 60_000 });
      await page.getByTestId('period-label').waitFor();
      await page.waitForTimeout(3000);
      cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      for (const [name, measure] of interactions(page)) {
        process.stderr.write(`  /modules/timecards: ${name}, run ${run + 1} of ${runs}\n`);
        figures.set(name, [...(figures.get(name) ?? []), await measure()]);
      }
    } finally {
      await cdp?.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
      await page.close();
    }
  }
  return [...figures];
}
