import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, signIn } from './sign-in';

// Demo company: Luis Hernandez (Foremen: project_notes_admin) and his crew book time on the demo jobs on the workdays
// of the current pay period before today (apps/server/src/modules/timecards/timecards.seed.ts), Luis on the first demo
// job, RMOB. The demo's reports of the last month (project-notes.seed.ts) leave RMOB's last two weeks open.
const PHOTO = fileURLToPath(new URL('../fixtures/receipt.jpg', import.meta.url));
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  return context.newPage();
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

let reportDay = '';
let reportJob = '';

test('a foreman starts the day’s report from the crew’s time, adds a photo and a note, and sends it', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signIn(page, DEMO_FOREMAN);
  await page.goto('/modules/project-notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Project Notes' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'New report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New daily report' });
  await dialog.getByRole('combobox', { name: 'Job' }).click();
  reportJob = 'RMOB · Riverside Medical Office Building';
  await page.getByRole('option', { name: reportJob }).click();

  // The latest day with the crew's time on this job (today, or a workday before it in this pay period) that has no
  // report yet: "Start from today's data" fills the crew in.
  const status = dialog.getByRole('status');
  const crewList = dialog.getByRole('list', { name: 'Manpower' });
  for (let back = 0; back < 15 && !reportDay; back += 1) {
    const day = isoDay(new Date(Date.now() - back * 86_400_000));
    await dialog.getByLabel('Day').fill(day);
    await dialog.getByRole('button', { name: "Start from today's data" }).click();
    await expect(status).toHaveText(/Filled from the day's records\.|Nothing recorded for this job and day yet\./);
    // People scheduled but without time read "0 h": the day wanted has someone's hours booked.
    if ((await crewList.count()) > 0 && (await crewList.getByText(/^Luis Hernandez · [1-9][\d.]* h$/).count()) > 0) reportDay = day;
  }
  expect(reportDay).not.toBe('');
  const crew = dialog.getByRole('list', { name: 'Manpower' });
  await expect(crew.getByText(/Luis Hernandez · [1-9][\d.]* h/)).toBeVisible();
  const hours = (await crew.getByText(/Luis Hernandez · /).textContent()) ?? '';

  await dialog.getByLabel('Work performed').fill('Set forms on the north wall; poured the east footing.');
  await dialog.getByRole('textbox', { name: 'Notes' }).click();
  await page.keyboard.type('Inspector signed off the footing at 2 pm.');
  await dialog.locator('input[type=file]').first().setInputFiles(PHOTO);
  await expect(dialog.getByLabel('Caption for photo 1')).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('Caption for photo 1').fill('East footing after the pour');
  await dialog.getByLabel('Send to').fill('owner.rep@client.test; pm@summitridge.test');
  await expectNoSeriousA11yViolations(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/project-notes-dialog-phone.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Save and send' }).click();
  await expect(page.getByText('Daily report sent.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/project-notes-phone.png` });

  // The delivered e-mail (the development outbox keeps it): its PDF has the job, the day, the crew's hours and the note.
  const mail = await page.request.get('/dev/outbox.json?to=owner.rep@client.test');
  const [sent] = (await mail.json()) as { subject: string; attachments: { filename: string; url: string; content_type: string }[] }[];
  expect(sent.subject).toContain(`daily report`);
  // The server writes the day in words since issue 46 ("November 25, 2026").
  const longDay = new Date(`${reportDay}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  expect(sent.subject).toContain(longDay);
  expect(sent.attachments.map((a) => a.content_type)).toEqual(['application/pdf', 'image/jpeg']);
  const pdf = await page.request.get(sent.attachments[0].url);
  const text = (await new PDFParse({ data: new Uint8Array(await pdf.body()) }).getText()).text;
  expect(text).toContain(longDay);
  expect(text).toContain(reportJob.split(' · ').pop() ?? reportJob);
  expect(text).toContain('Luis Hernandez');
  expect(text).toContain(hours.match(/(\d+(\.\d+)?) h/)?.[0] ?? 'h');
  expect(text).toContain('Inspector signed off the footing at 2 pm.');
  expect(text).toContain('East footing after the pour');
  await page.context().close();
});

test('an admin filters reports by job and month and opens one', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, DEMO_ADMIN);
  await page.goto('/modules/project-notes');
  await expect(page.getByRole('heading', { level: 2, name: 'Daily reports' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: reportJob }).click();
  // The month filter is a list of months in words (issue 46), "All months" until one is chosen.
  const month = page.getByRole('combobox', { name: 'Month' });
  await expect(month).toHaveText('All months');
  await month.click();
  const monthName = new Date(`${reportDay}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await page.getByRole('option', { name: monthName }).click();
  await expect(month).toHaveText(monthName);
  const list = page.getByRole('list', { name: 'Daily reports' });
  const day = new Date(`${reportDay}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(list.getByText(day)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/project-notes-desktop.png` });
  await list.getByText(day).click();
  const dialog = page.getByRole('dialog', { name: `Daily report — ${day}` });
  await expect(dialog.getByLabel('Work performed')).toHaveValue('Set forms on the north wall; poured the east footing.');
  await expect(dialog.getByText(/Sent .* to owner.rep@client.test; pm@summitridge.test/)).toBeVisible();
  // The report's PDF at hand (issue 46): the link opens the PDF the e-mail carried, with the admin's session.
  const pdfLink = dialog.getByRole('link', { name: 'Open PDF' });
  const href = (await pdfLink.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/daily-reports\/\d+\/pdf$/);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const pdfText = (await new PDFParse({ data: new Uint8Array(await pdf.body()) }).getText()).text;
  expect(pdfText).toContain('Set forms on the north wall; poured the east footing.');
  expect(pdfText).toContain(reportJob);
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Share' })).toBeEnabled();
  await page.context().close();
});
