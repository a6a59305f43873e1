import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type ThemeMode = 'light' | 'dark';

const E2E_TENANT_UUID = '11111111-1111-4111-8111-111111111111';

interface OpenAppOptions {
  /** The theme stored before the app starts; kept if the test changes it later (reloads included). */
  theme?: ThemeMode;
  /** Open the app signed in with a tenant chosen (the appview routes require it). Default true. */
  signedIn?: boolean;
}

/**
 * Stand-in for signing in: answers the identity endpoint's GetUser with a signed-in person who has chosen a
 * tenant, and GraphQL with FORBIDDEN (no real session exists). Replace with a real sign-in once the server's
 * identity endpoint is in; only this function and its callers' `signedIn` need to change.
 */
async function fakeSignedInSession(page: Page) {
  await page.route('**/api/identity', async (route) => {
    const action = route.request().headers()['x-identity-action'];
    if (action === 'GetUser') {
      await route.fulfill({
        json: {
          username: 'maria@example.com',
          email: 'maria@example.com',
          email_verified: true,
          phone_number: null,
          phone_number_verified: false,
          'custom:cognito_uuid': 'c0ffee00-0000-4000-8000-000000000001',
          'custom:tenants': [{ tenant_uuid: E2E_TENANT_UUID, company: 'Summit Ridge Builders' }],
          'custom:selected_tenant_uuid': E2E_TENANT_UUID,
          'cognito:groups': [],
          mfa: { enabled: [], preferred: null },
        },
      });
      return;
    }
    await route.fulfill({ status: 400, json: { name: 'InvalidParameterException', message: `not faked: ${action}` } });
  });
  await page.route('**/graphql', (route) =>
    route.fulfill({ json: { data: null, errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] } }),
  );
}

/**
 * Opens the app at `path`. Everything a shell test needs before the page loads goes here (theme, session), so the
 * sign-in step lives in one place.
 */
export async function openApp(page: Page, path: string, { theme, signedIn = true }: OpenAppOptions = {}) {
  if (signedIn) await fakeSignedInSession(page);
  if (theme) {
    await page.addInitScript((mode) => {
      if (localStorage.getItem('theme') === null) localStorage.setItem('theme', mode);
    }, theme);
  }
  await page.goto(path);
}

/** Presses the Android back button through the hook the native web view calls. */
export function pressBack(page: Page) {
  return page.evaluate(() => {
    if (!window.groundworkBack) throw new Error('window.groundworkBack is not installed');
    return window.groundworkBack();
  });
}

declare global {
  interface Window {
    groundworkBack?: () => string;
  }
}

/**
 * Axe on `page`, run in the page's own frames ("legacy mode"): the default mode opens a blank page in the context to
 * put the frames' results together at every call, which took 1.8–6.6 s per call on this 2-core machine against 0.7–1.0 s
 * this way (the same rules, the same results for our pages, which have no cross-origin frames).
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/** Fails on any serious or critical axe violation of the page as it is now, listing each with its targets. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // A snackbar or dialog still fading in is measured half transparent: let finite animations end first (at most 2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const { violations } = await axe(page)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) }));
  expect(blocking).toEqual([]);
}

/**
 * Does `action` and waits for the snackbar saying `text`, watched in the page from before the action starts: the
 * spec shows a snackbar for 2 s, and on a loaded machine a click can take longer than that to return.
 */
export async function expectSnackbarAfter(page: Page, text: string, action: () => Promise<unknown>) {
  const shown = page.getByTestId('app-snackbar').filter({ hasText: text }).first().waitFor({ state: 'attached', timeout: 15_000 });
  await Promise.all([shown, action()]);
}

type SnackbarLog = { __snackbars?: string[] };

/**
 * Records the text of every snackbar the page shows, from the first script of each document on. The spec shows a
 * snackbar for 2 s, and a redirect's message can come and go while `page.goto` is still returning on a loaded
 * machine; `expectSnackbarShown` then finds it in the record.
 */
export async function recordSnackbars(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const last = new WeakMap<Element, string>();
    (window as SnackbarLog).__snackbars = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-testid="app-snackbar"]')) {
        const text = element.textContent ?? '';
        if (text && last.get(element) !== text) {
          last.set(element, text);
          seen.push(text);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** How many snackbars the page (set up with `recordSnackbars`) has shown and not yet had taken off the record. */
export function recordedSnackbarCount(page: Page) {
  return page.evaluate(() => ((window as SnackbarLog).__snackbars ?? []).length);
}

/** Waits until the page (set up with `recordSnackbars`) has shown a snackbar saying `text`, and takes it off the record. */
export async function expectSnackbarShown(page: Page, text: string) {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const seen = (window as SnackbarLog).__snackbars ?? [];
          const at = seen.indexOf(wanted);
          if (at < 0) return seen.join(' | ') || 'no snackbar';
          seen.splice(at, 1);
          return wanted;
        }, text),
      { message: `a snackbar saying "${text}"`, timeout: 15_000 },
    )
    .toBe(text);
}
