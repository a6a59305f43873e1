import { type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, signIn } from './sign-in';

// Issue 46 "Gloves": crews tap with gloves on. On a phone (390×844) every control a finger can hit on every page of a
// person's menu is at least 44×44 CSS px, and no two controls' tap areas overlap; each page also passes axe (no
// serious or critical violation). One test per demo role, its pages in sequence in one browser context.

const PHONE = { width: 390, height: 844 };
const MIN = 44;
const CREW_MEMBER = 'aisha.johnson@summitridge.test';
const ROLES = [
  { role: 'admin', email: DEMO_ADMIN },
  { role: 'foreman', email: DEMO_FOREMAN },
  { role: 'crew member', email: CREW_MEMBER },
] as const;
// Not in the drawer, yet a page every person opens: the account menu's profile. Notifications are in the menu, and
// listed here in case a company hides them.
const EXTRA_ROUTES = ['/user-profile', '/notifications'];

interface Finding {
  name: string;
  width: number;
  height: number;
}

/** A phone page that counts its requests in flight, leaving out the notifications' event stream (never ends). */
async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' });
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

/** The paths of the drawer's links (the server's menu for this person), opening and closing the phone's drawer. */
async function menuPaths(page: Page): Promise<string[]> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // The dashboard-only fallback is replaced by the server's items once they arrive.
  await expect.poll(() => nav.getByRole('link').count()).toBeGreaterThan(1);
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  return [...new Set([...hrefs, ...EXTRA_ROUTES])];
}

/** Opens `path` and waits until it has settled: its main heading shown, no request in flight, no spinner. */
async function openSettled(page: Page, inFlight: Set<Request>, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await networkQuiet(inFlight);
  // A spinner (an indeterminate progressbar; a budget bar has a value) or a skeleton means a part still loading.
  await expect(page.locator('main [role="progressbar"]:not([aria-valuenow]):visible, main .MuiSkeleton-root:visible')).toHaveCount(0);
}

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

test.describe.configure({ mode: 'parallel' });

for (const { role, email } of ROLES) {
  test(`every control on every page of the ${role}'s menu is at least 44×44 on a phone and passes axe`, async ({ browser }) => {
    // A budget, not an assertion: the admin's menu is 23 routes, each measured and run through axe; on a busy
    // 2-core machine the foreman's 17 took 1.7 min.
    test.setTimeout(240_000);
    const { page, inFlight } = await newPage(browser);
    await signIn(page, email);
    const paths = await menuPaths(page);
    const small: Record<string, string[]> = {};
    const overlapping: Record<string, string[]> = {};
    const sideways: string[] = [];
    const axe: Record<string, string> = {};
    for (const path of paths) {
      await test.step(path, async () => {
        await openSettled(page, inFlight, path);
        const result = await measure(page);
        if (result.small.length) small[path] = result.small.map((f: Finding) => `${f.name} ${f.width}×${f.height}`);
        if (result.overlaps.length) overlapping[path] = result.overlaps;
        if (result.sideways) sideways.push(path);
        try {
          await expectNoSeriousA11yViolations(page);
        } catch (error) {
          axe[path] = [...String((error as Error).message).matchAll(/"id": "([^"]+)"/g)].map((m) => m[1]).join(', ') || String(error);
        }
      });
    }
    await page.context().close();
    // All pages first, then one verdict listing everything found.
    expect({ small, overlapping, sideways, axe }).toEqual({ small: {}, overlapping: {}, sideways: [], axe: {} });
  });
}
