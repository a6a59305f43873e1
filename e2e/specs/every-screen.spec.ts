import { writeFileSync } from 'node:fs';
import { type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { signIn } from './sign-in';

// Issue 46, every screen of every menu on a phone: crews tap with gloves on, and many read Spanish. Each demo role signs
// in on a phone (390×844) in Spanish (stored as the profile page stores it, lib/i18n LANGUAGE_STORAGE_KEY) and opens
// every route of its navigation drawer plus the profile and the notifications. On each screen, once settled:
// - every control a finger can hit is at least 44×44 CSS px, no two controls' tap areas overlap, nothing scrolls
//   sideways (Spanish labels are the longer ones, so this is where a screen runs out of room);
// - no visible English UI word (a list of common UI words, as whole words: the demo's data is English, so never the
//   page's every English word), no i18n key shown for a missing string, and the app bar and tab title in Spanish;
// - axe finds no serious or critical violation.
// One walk per role measures all three (they were two walks, in English and in Spanish, until the end-to-end suite's
// time mattered: the same routes, opened and settled twice). Everything found is listed at the end, route by route.
//
// People no other spec signs in as: the language this spec saves for them (the server writes their notifications and
// the chatbot's answers in it) never meets a test that reads them in English. Dana is an office admin (is_admin),
// Tom a foreman, Carlos a concrete finisher on the crew.
const ROLES = [
  { role: 'admin', username: 'dana.brooks@summitridge.test' },
  { role: 'foreman', username: 'tom.nguyen@summitridge.test' },
  { role: 'crew', username: 'carlos.ramirez@summitridge.test' },
] as const;
const PHONE = { width: 390, height: 844 };
const MIN = 44;
// Not in the drawer, yet pages every person opens: the account menu's profile, and the notifications (in the menu,
// listed here in case a company hides them).
const EXTRA_ROUTES = ['/user-profile', '/notifications'];

interface SmallTarget {
  name: string;
  width: number;
  height: number;
}

// ---- Tap targets ----

/**
 * Every visible control of the page whose tap area is under 44×44, and every two controls whose tap areas overlap.
 * The tap area is what a finger hits: an input's InputBase, a hidden checkbox's or switch's button, the label that
 * wraps a control (FormControlLabel, a file input's button), or the control itself (an IconButton's padding is part
 * of its box).
 */
function measure(page: Page) {
  return page.evaluate((min) => {
    const SELECTOR = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      ...['button', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'combobox'].map((role) => `[role="${role}"]`),
    ].join(',');

    const textOf = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    const nameOf = (element: Element) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const labels = (element as HTMLInputElement).labels;
      return (
        element.getAttribute('aria-label') ||
        (labelledBy
          ? labelledBy
              .split(' ')
              .map((id) => textOf(document.getElementById(id)))
              .join(' ')
          : '') ||
        (labels?.length ? textOf(labels[0]) : '') ||
        textOf(element) ||
        element.getAttribute('title') ||
        element.getAttribute('placeholder') ||
        `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}>`
      ).slice(0, 80);
    };
    const hidden = (element: Element) =>
      !element.checkVisibility({ visibilityProperty: true }) || Boolean(element.closest('[aria-hidden="true"], [inert]'));

    const fixedIn = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) if (getComputedStyle(at).position === 'fixed') return true;
      return false;
    };

    const targets: { element: Element; box: DOMRect; name: string; fixed: boolean }[] = [];
    for (const element of document.querySelectorAll(SELECTOR)) {
      if (hidden(element) || (element as HTMLButtonElement).disabled) continue;
      // The box a finger hits: a checkbox's, radio's or switch's input is hidden in (and clipped by) its button, and a
      // label around it is clickable too; a field's input sits in its InputBase. A button inside a field (a picker's
      // "Open", a clear button) is a target of its own.
      const toggle = element.matches('input[type="checkbox"], input[type="radio"]');
      const field = element.matches('input, textarea, select, [role="combobox"]');
      const candidates = toggle
        ? [element.closest('label'), element.closest('.MuiCheckbox-root, .MuiRadio-root, .MuiSwitch-switchBase') ?? element.parentElement]
        : field
          ? [element, element.closest('.MuiInputBase-root'), element.closest('label')]
          : [element];
      let target: Element = element;
      let box = new DOMRect();
      for (const candidate of candidates) {
        const rect = candidate?.getBoundingClientRect();
        if (candidate && rect && rect.width * rect.height > box.width * box.height) {
          target = candidate;
          box = rect;
        }
      }
      if (box.width === 0 || box.height === 0) continue;
      // A visually hidden input (clipped to 1 px) without a wrapper is not something a finger can hit.
      if (box.width <= 1 && box.height <= 1) continue;
      targets.push({ element: target, box, name: nameOf(element), fixed: fixedIn(target) });
    }
    // One tap area once: a combobox input and its InputBase, a switch's input and its button.
    const unique = targets.filter((target, i) => targets.findIndex((other) => other.element === target.element) === i);
    const small = unique
      .filter(({ box }) => Math.round(box.width) < min || Math.round(box.height) < min)
      .map(({ name, box }) => ({ name, width: Math.round(box.width), height: Math.round(box.height) }));
    const overlaps: string[] = [];
    for (let i = 0; i < unique.length; i++) {
      for (let j = i + 1; j < unique.length; j++) {
        const a = unique[i];
        const b = unique[j];
        // A control inside another's tap area (an InputBase's adornment button, a chip's delete icon, a list row's
        // secondary action) is its own target by design; a floating button floats over the page. Only controls whose
        // tap areas partly cover each other count.
        if (a.element.contains(b.element) || b.element.contains(a.element) || a.fixed || b.fixed) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        const inside = (inner: DOMRect, outer: DOMRect) =>
          inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom;
        if (inside(a.box, b.box) || inside(b.box, a.box)) continue;
        // A button group's shared border (1 px) is not an overlap.
        if (x > 2 && y > 2) overlaps.push(`${a.name} × ${b.name} (${Math.round(x)}×${Math.round(y)})`);
      }
    }
    const sideways = document.documentElement.scrollWidth > document.documentElement.clientWidth;
    return { small, overlaps, sideways, count: unique.length };
  }, MIN);
}

// ---- Spanish ----

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

// ---- The walk ----

/** A Spanish phone page that counts its requests in flight, leaving out the notifications' event stream (never ends). */
async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'es-ES', timezoneId: 'UTC' });
  await context.addInitScript(() => localStorage.setItem('language', 'es'));
  const page = await context.newPage();
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!request.headers().accept?.includes('text/event-stream')) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return { page, inFlight };
}

/** Waits until no request has been in flight for 300 ms (Playwright's networkidle never comes with a stream open). */
async function networkQuiet(inFlight: Set<Request>) {
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (inFlight.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 300;
      },
      { message: 'no request in flight for 300 ms', intervals: [50], timeout: 15_000 },
    )
    .toBe(true);
}

/** Opens `path` and waits until it has settled: its titles shown, no request in flight, no spinner or skeleton. */
async function openSettled(page: Page, inFlight: Set<Request>, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(appBarTitle(page)).not.toBeEmpty();
  await networkQuiet(inFlight);
  // A spinner (an indeterminate progressbar; a budget bar has a value) or a skeleton means a part still loading.
  await expect(page.locator('main [role="progressbar"]:not([aria-valuenow]):visible, main .MuiSkeleton-root:visible')).toHaveCount(0);
}

/** The paths of the drawer's links (the server's menu for this person), opening and closing the phone's drawer. */
async function menuPaths(page: Page, inFlight: Set<Request>): Promise<string[]> {
  await openSettled(page, inFlight, '/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
  const nav = page.getByRole('navigation').filter({ has: page.getByRole('link') });
  // The dashboard-only fallback is replaced by the server's items once they arrive.
  await expect.poll(() => nav.getByRole('link').count()).toBeGreaterThan(1);
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  return [...new Set([...hrefs, ...EXTRA_ROUTES])];
}

/** Where the run writes its Spanish figures (per route counts and findings), when asked: E2E_SPANISH_REPORT=/tmp/dir. */
const REPORT_DIR = process.env.E2E_SPANISH_REPORT;

test.describe.configure({ mode: 'parallel' });

for (const { role, username } of ROLES) {
  test(`every screen of the ${role}'s menu on a phone in Spanish: 44×44 controls, no English UI words, axe`, async ({ browser }) => {
    // A budget, not an assertion: the admin's menu is 23 routes, each measured, read and run through axe.
    test.setTimeout(240_000);
    const { page, inFlight } = await newPage(browser);
    await signIn(page, username);
    const paths = await menuPaths(page, inFlight);
    const small: Record<string, string[]> = {};
    const overlapping: Record<string, string[]> = {};
    const sideways: string[] = [];
    const axe: Record<string, string> = {};
    const english: Finding[] = [];
    const perRoute: Record<string, number> = {};
    for (const path of paths) {
      await test.step(path, async () => {
        await openSettled(page, inFlight, path);
        const result = await measure(page);
        if (result.small.length) small[path] = result.small.map((f: SmallTarget) => `${f.name} ${f.width}×${f.height}`);
        if (result.overlaps.length) overlapping[path] = result.overlaps;
        if (result.sideways) sideways.push(path);
        const found = await check(page, path, path);
        perRoute[path] = found.length;
        english.push(...found);
        try {
          await expectNoSeriousA11yViolations(page);
        } catch (error) {
          axe[path] = [...String((error as Error).message).matchAll(/"id": "([^"]+)"/g)].map((m) => m[1]).join(', ') || String(error);
        }
        // A daily report opened: its dialog's chrome too (the PDF actions, the title's day in words).
        if (path === '/modules/project-notes') {
          const card = page.getByRole('list', { name: 'Reportes diarios' }).getByRole('listitem').first();
          if (await card.isVisible()) {
            await card.click();
            await expect(page.getByRole('dialog')).toBeVisible();
            await networkQuiet(inFlight);
            const label = `${path} (reporte abierto)`;
            const inDialog = await check(page, path, label);
            perRoute[label] = inDialog.length;
            english.push(...inDialog);
            await page.keyboard.press('Escape');
          }
        }
      });
    }
    await page.context().close();
    if (REPORT_DIR) writeFileSync(`${REPORT_DIR}/spanish-${role}.json`, JSON.stringify({ perRoute, findings: english }, null, 1));
    // All pages first, then one verdict listing everything found.
    const englishWords = english.map((f) => `${f.route}: "${f.text}" (${f.where})`);
    expect({ small, overlapping, sideways, axe, englishWords }).toEqual({
      small: {},
      overlapping: {},
      sideways: [],
      axe: {},
      englishWords: [],
    });
  });
}
