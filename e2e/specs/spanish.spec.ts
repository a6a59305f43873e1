import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in';

// Issue 46: a person who chose Spanish sees Spanish UI on every screen of their menu. Each demo role signs in on a
// phone (390×844) with the language stored as the profile page stores it (lib/i18n LANGUAGE_STORAGE_KEY), opens every
// route of the navigation drawer plus the profile and the notifications, and fails listing route + text for any
// visible English UI word. Data is English in the demo (job, tool and people names, texts people wrote), so only a
// list of common UI words is looked for, as whole words, never the page's every English word.

// People no other spec signs in as: the language this spec saves for them (the server writes their notifications and
// the chatbot's answers in it) never meets a test that reads them in English. Dana is an office admin (is_admin),
// Tom a foreman, Carlos a concrete finisher on the crew.
const ROLES = [
  { role: 'admin', username: 'dana.brooks@summitridge.test' },
  { role: 'foreman', username: 'tom.nguyen@summitridge.test' },
  { role: 'crew', username: 'carlos.ramirez@summitridge.test' },
] as const;

/** Common English UI words and phrases (case-sensitive, whole words). Words that are Spanish as well (Total) are left out. */
const UI_WORDS = [
  'Add',
  'Save',
  'Cancel',
  'Delete',
  'Edit',
  'Search',
  'Filter',
  'Name',
  'Date',
  'Status',
  'Job',
  'Jobs',
  'Hours',
  'Time',
  'Week',
  'Today',
  'Yesterday',
  'Open',
  'Close',
  'Details',
  'Settings',
  'Profile',
  'Notifications',
  'Reports',
  'Tools',
  'Tasks',
  'Schedule',
  'People',
  'Receipts',
  'Orders',
  'Vendors',
  'Items',
  'New',
  'Back',
  'Next',
  'Previous',
  'Sign out',
  'Loading',
  'Read more',
  'Show',
  'Hide',
  'All',
  'Mine',
  'Overdue',
  'Due',
  'Submit',
  'Send',
  'Sign',
  'Signed',
  'Unsigned',
  'Approve',
  'Help',
  'Dashboard',
  'Home',
  'Menu',
  'Company',
  'Announcements',
  'Budget',
  'Day',
  'Month',
  'Year',
  'Page',
  'of',
  'Rows per page',
  'Clear',
  'Select',
  'View',
  'Print',
  'Share',
  'Report',
  'Notes',
  'Photos',
  'Weather',
  'Sent',
  'Draft',
  'Archived',
  'Active',
  'More',
  'Actions',
  'Download',
  'Upload',
];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const UI_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(${UI_WORDS.map(escapeRegExp).join('|')}|No [\\p{L} ]{1,30} found)(?![\\p{L}\\p{N}])`,
  'u',
);
/** An i18n key shown instead of its text (a missing string): "dialog.pdf"; not a web address ("www.osha.gov"). */
const RAW_KEY = /^[a-z][a-zA-Z]+(\.[a-zA-Z][a-zA-Z0-9]+)+$/;
const WEB_ADDRESS = /\.(gov|com|org|net|edu|io|test)$/;

/**
 * The demo's data that happens to hold a UI word (a job's, a tool's, a task's name; an announcement someone wrote).
 * Matched against the whole text of the node, so a UI string around it is still checked.
 */
const DATA = [
  /^Time cards, schedules, tools and receipts now live in one app\./, // an announcement's text
  /New PPE policy: sign by Friday/, // an announcement's title (and its notification's)
  /^(Company handbook|Weather radar)$/, // the company's external links
  /^Job box [AB] · /, // where tools are kept
  /^Home Depot$/, // a vendor
  /^Approve the retaining-wall change order$/, // a task
];

/** The app bar's title; found by its place, since an open dialog hides the app bar from the accessibility tree. */
const appBarTitle = (page: Page) => page.locator('header h1');

type Finding = { route: string; text: string; where: string };

/** The visible text nodes, aria-labels, placeholders and titles of the page, each with where it was found. */
async function visibleTexts(page: Page): Promise<{ text: string; where: string }[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const visible = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const describe = (el: Element) => {
      const role = el.getAttribute('role');
      const id = el.id ? `#${el.id}` : '';
      return `${el.tagName.toLowerCase()}${id}${role ? `[role=${role}]` : ''}`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA'].includes(parent.tagName)) continue;
      // What people typed (a rich-text editor's content) is data.
      if (parent.closest('[contenteditable="true"]')) continue;
      // The chatbot's earlier conversation is kept as it was said (an answer given in English stays English).
      if (parent.closest('ol[aria-label="Conversación"]')) continue;
      if (!visible(parent)) continue;
      out.push({ text, where: describe(parent) });
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], input[value]')) {
      if (!visible(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push({ text: value, where: `${describe(el)} @${attr}` });
      }
      // A read-only input's shown value (a date or month picker's text) is chrome when it is not data.
      if (el instanceof HTMLInputElement && el.readOnly && el.value) out.push({ text: el.value, where: `${describe(el)} @value` });
    }
    return out;
  });
}

function englishIn(route: string, texts: { text: string; where: string }[]): Finding[] {
  const found: Finding[] = [];
  const seen = new Set<string>();
  for (const { text, where } of texts) {
    if (DATA.some((d) => d.test(text))) continue;
    if (!UI_PATTERN.test(text) && !(RAW_KEY.test(text) && !WEB_ADDRESS.test(text))) continue;
    const key = `${text}|${where}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ route, text, where });
  }
  return found;
}

/** The spec's English title of a path (shell/page-title.ts): the last segment, split on dashes and capitalised. */
const englishTitle = (path: string) =>
  (path.split('/').pop() ?? '')
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

async function settle(page: Page) {
  await expect(appBarTitle(page)).not.toBeEmpty();
  // Loading spinners and skeletons gone, then a moment for the last strings to land.
  await expect(page.locator('main [role=progressbar], main .MuiSkeleton-root'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => {});
  await page.waitForTimeout(300);
}

async function menuRoutes(page: Page): Promise<string[]> {
  await page.goto('/dashboard');
  await settle(page);
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
  const nav = page.getByRole('navigation', { name: /.+/ }).filter({ has: page.getByRole('link') });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  return [...new Set([...hrefs, '/user-profile', '/notifications'])];
}

/** Where the run writes its figures (per route counts and findings), when asked: E2E_SPANISH_REPORT=/tmp/dir. */
const REPORT_DIR = process.env.E2E_SPANISH_REPORT;

/** Checks the page as it stands: the visible UI words, and the app bar and tab titles against the English rule. */
async function check(page: Page, route: string, label: string): Promise<Finding[]> {
  const found = englishIn(label, await visibleTexts(page));
  // The app bar and the tab title name the page in Spanish (spec §2's rule, translated).
  const heading = (await appBarTitle(page).textContent())?.trim() ?? '';
  const english = englishTitle(route);
  if (heading === english && english.length > 0) found.push({ route: label, text: heading, where: 'app bar title' });
  const title = await page.title();
  if (title.startsWith(`${english} ·`)) found.push({ route: label, text: title, where: 'document.title' });
  else if (!title.startsWith(`${heading} ·`)) found.push({ route: label, text: title, where: 'document.title (not the app bar title)' });
  return found;
}

test.describe.configure({ mode: 'parallel' });

for (const { role, username } of ROLES) {
  test(`Spanish: the ${role}'s screens show no English UI words`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', timezoneId: 'UTC' });
    await context.addInitScript(() => localStorage.setItem('language', 'es'));
    const page = await context.newPage();
    await signIn(page, username);
    const routes = await menuRoutes(page);
    const findings: Finding[] = [];
    const perRoute: Record<string, number> = {};
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      const found = await check(page, route, route);
      perRoute[route] = found.length;
      findings.push(...found);
      // A daily report opened: its dialog's chrome too (the PDF actions, the title's day in words).
      if (route === '/modules/project-notes') {
        const card = page.getByRole('list', { name: 'Reportes diarios' }).getByRole('listitem').first();
        if (await card.isVisible()) {
          await card.click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.waitForTimeout(300);
          const label = `${route} (reporte abierto)`;
          const inDialog = await check(page, route, label);
          perRoute[label] = inDialog.length;
          findings.push(...inDialog);
          await page.keyboard.press('Escape');
        }
      }
    }
    const report = findings.map((f) => `${f.route}: "${f.text}" (${f.where})`).join('\n');
    if (REPORT_DIR) writeFileSync(`${REPORT_DIR}/spanish-${role}.json`, JSON.stringify({ perRoute, findings }, null, 1));
    console.log(`[${role}] English UI words per route: ${JSON.stringify(perRoute)}`);
    expect(findings, `English UI words on the ${role}'s screens:\n${report}`).toEqual([]);
    await context.close();
  });
}
