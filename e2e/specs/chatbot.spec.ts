import { mkdirSync } from 'node:fs';
import { type Browser, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, signIn } from './sign-in';

// The chatbot (issues 22 and 48) with no model configured: the built-in parser answers from the demo company's records,
// streamed to the screen (askChatbotStream); unclear questions are asked back with buttons; answers link to records.
// Demo schedule (scheduling.seed.ts): Luis Hernandez's crew works RMOB Monday to Wednesday and ADC Thursday and
// Friday, this week and next; Luis is the foreman of both jobs.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

/** The day to ask about and the job the foreman's crew is on then (a weekday, as the crews work Monday to Friday). */
function crewDay(): { words: string; job: string; abbr: string } {
  const tomorrow = new Date(Date.now() + 86_400_000).getUTCDay();
  const day = tomorrow === 0 || tomorrow === 6 ? 1 : tomorrow;
  const words = day === tomorrow ? 'tomorrow' : 'on Monday';
  return day <= 3
    ? { words, job: 'Riverside Medical', abbr: 'RMOB · Riverside Medical Office Building' }
    : { words, job: 'Aurora Distribution', abbr: 'ADC · Aurora Distribution Center' };
}

test.describe.configure({ mode: 'serial' });

test('a foreman asks on a phone, taps an ask-back’s reading, and opens a person and the schedule from an answer', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, DEMO_FOREMAN);
  await page.goto('/modules/chatbot');
  await expect(page.getByRole('heading', { level: 1, name: 'Chatbot' })).toBeVisible();
  await expect(page.getByText('Built-in assistant')).toBeVisible();
  // The demo's earlier exchange is there; clearing it asks first, then offers suggestions for a foreman's tools.
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('What can you do?');
  await page.getByRole('button', { name: 'Clear conversation' }).click();
  await page.getByRole('dialog', { name: 'Clear the conversation?' }).getByRole('button', { name: 'Clear conversation' }).click();
  await expect(page.getByText('No questions yet. Try one of these:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'How many hours did my crew book this week?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A bare job code is unclear: the assistant asks back with likely readings as buttons (44 px), tapping one asks it.
  const box = page.getByRole('textbox', { name: 'Your question' });
  const conversation = page.getByRole('list', { name: 'Conversation' });
  const messages = conversation.locator(':scope > li');
  await box.fill('rmob');
  await box.press('Enter');
  const choices = conversation.getByRole('group', { name: 'Did you mean…?' }).last();
  await expect(choices).toBeVisible();
  const buttons = choices.getByRole('button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(2);
  expect((await buttons.first().boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousA11yViolations(page);
  await buttons.first().click();
  // The choice's question and its answer join the conversation.
  await expect(messages).toHaveCount(4);
  await expect(messages.nth(2)).toContainText('You');
  await expect(messages.nth(3)).toContainText('Assistant');

  const { words, job, abbr } = crewDay();
  await box.fill(`Who is scheduled on ${job} ${words}?`);
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = messages.last();
  await expect(answer).toContainText(`Scheduled on ${abbr}`);
  await expect(answer).toContainText('Luis Hernandez');
  // The names the answer came from, each linking to the person, and the source linking to My Schedule.
  await expect(answer.getByRole('link', { name: 'Open Luis Hernandez' })).toBeVisible();
  await expect(box).toHaveValue('');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/chatbot-phone.png` });
  await expectNoSeriousA11yViolations(page);
  // A person the answer names opens on their record.
  await answer.getByRole('link', { name: 'Open Luis Hernandez' }).click();
  await expect(page).toHaveURL(/\/modules\/people\?id=\d+/);
  await expect(page.getByRole('heading', { level: 2, name: 'Luis Hernandez' })).toBeVisible();
  await page.goBack();
  await messages
    .last()
    .getByRole('link', { name: /^from the schedule/ })
    .click();
  await expect(page).toHaveURL(/\/modules\/scheduled$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Schedule' })).toBeVisible();

  // The conversation is kept.
  await page.goto('/modules/chatbot');
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Luis Hernandez');
});

test('an admin asks about a job budget on a desktop and the numbers match the job’s budget tab', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_ADMIN);
  await page.goto('/modules/chatbot');
  await page.getByRole('textbox', { name: 'Your question' }).fill('How is the budget on RMOB?');
  await page.keyboard.press('Enter');
  const answer = page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: 'Assistant' }).last();
  await expect(answer).toContainText('RMOB · Riverside Medical Office Building:');
  const text = (await answer.textContent()) ?? '';
  const [, actual, budget] = /: ([\d,.]+) h booked of ([\d,.]+) budgeted hours/.exec(text) ?? [];
  expect(actual, text).toBeTruthy();
  await page.screenshot({ path: `${SHOTS}/chatbot-desktop.png` });
  await expectNoSeriousA11yViolations(page);

  await answer.getByRole('link', { name: /^from the budget of RMOB/ }).click();
  await expect(page).toHaveURL(/\/modules\/projects\?id=\d+&tab=budget/);
  const totals = page.getByTestId('budget-totals');
  await expect(totals).toBeVisible();
  await expect(totals.getByTestId('total-hrsbdg')).toHaveText(budget);
  await expect(totals.getByTestId('total-actual_hours')).toHaveText(actual);
});
