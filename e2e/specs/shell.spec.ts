import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openApp } from './helpers';

/** Records the pathnames of the JavaScript files the page requests; `take()` returns them and starts afresh. */
function recordScripts(page: Page) {
  let scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  return {
    take(): Set<string> {
      const taken = scripts;
      scripts = new Set();
      return taken;
    },
  };
}

test('landing page shows the product and a way to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Groundwork' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expect(page).toHaveTitle('Groundwork');
});

test('dashboard loads its code on demand', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Groundwork' })).toBeVisible();
  const landingScripts = scripts.take();

  await openApp(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Groundwork');

  const onlyOnDashboard = [...scripts.take()].filter((script) => !landingScripts.has(script));
  expect(onlyOnDashboard).toContainEqual(expect.stringMatching(/\/assets\/dashboard-page-[\w-]+\.js$/));
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Groundwork' })).toBeVisible();
});

for (const [name, path, heading] of [
  // The dashboard's axe check, signed in, is app-shell.spec.ts's (each size and theme).
  ['landing page', '/', 'Groundwork'],
  ['404 page', '/nope', 'Page Not Found'],
] as const) {
  test(`${name} has no serious or critical accessibility violations`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await openApp(page, path, { signedIn: false });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
}
