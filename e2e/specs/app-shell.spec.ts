import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openApp, pressBack, type ThemeMode } from './helpers';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const themes: ThemeMode[] = ['light', 'dark'];

const htmlHasTheme = (page: Page, mode: ThemeMode) => expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`));

for (const viewport of viewports) {
  for (const theme of themes) {
    test.describe(`${viewport.name} ${viewport.width}x${viewport.height}, ${theme}`, () => {
      // page.route (the stand-in sign-in) does not see requests a service worker handles; the worker has its own test.
      test.use({ viewport: { width: viewport.width, height: viewport.height }, serviceWorkers: 'block' });

      test('app bar shows the page title; the theme switch persists across a reload', async ({ page }) => {
        await openApp(page, '/dashboard', { theme });
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await htmlHasTheme(page, theme);

        const other: ThemeMode = theme === 'light' ? 'dark' : 'light';
        await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
        await htmlHasTheme(page, other);
        expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(other);
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe(other === 'dark' ? 'rgb(43, 43, 43)' : 'rgb(250, 250, 250)');

        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await htmlHasTheme(page, other);
        await expect(page.getByRole('button', { name: `Switch to ${theme} theme` })).toBeVisible();
      });

      // What does not depend on the theme runs in the first one only; the theme switch and axe run in both.
      if (theme === themes[0]) {
        test('the menu opens by default only above 450 px and its state is remembered', async ({ page }) => {
          await openApp(page, '/dashboard', { theme });
          const nav = page.getByRole('navigation', { name: 'Main navigation' });
          const wide = viewport.width > 450;
          const toggle = page.getByRole('button', { name: wide ? 'Close menu' : 'Open menu' });
          await expect(toggle).toHaveAttribute('aria-expanded', String(wide));
          if (wide) await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
          else await expect(nav).toBeHidden();

          await toggle.click();
          if (wide) await expect(nav).toBeHidden();
          else await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
          expect(await page.evaluate(() => localStorage.getItem('menu_open'))).toBe(String(!wide));

          await page.reload();
          await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', includeHidden: true })).toBeAttached();
          if (wide) await expect(nav).toBeHidden();
          else await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
        });

        test('the offline modal shows while the browser is offline', async ({ page, context }) => {
          await openApp(page, '/dashboard', { theme });
          await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
          await context.setOffline(true);
          const modal = page.getByRole('dialog', { name: 'No Connection' });
          await expect(modal).toBeVisible();
          await expect(modal).toContainText('Please check your network connection.');
          // Persistent: Escape does not dismiss it.
          await page.keyboard.press('Escape');
          await expect(modal).toBeVisible();
          await context.setOffline(false);
          await expect(modal).toBeHidden();
        });

        test('QuickBooks Disconnected dialog from the query: measured size, closing removes the query', async ({ page }) => {
          await openApp(page, '/dashboard?tab=2&dialog=qbo-disconnected', { theme });
          const dialog = page.getByRole('dialog', { name: 'QuickBooks Disconnected' });
          await expect(dialog).toBeVisible();
          await expect(dialog).toContainText('has been disconnected');
          await expect(dialog).toContainText('Data will no longer sync from your QuickBooks account to Groundwork.');
          await expect(dialog.getByRole('link', { name: /Learn more/ })).toHaveAttribute('target', '_blank');
          await expect(dialog.locator('.MuiDialogActions-root')).toHaveCount(0);

          const box = await page.getByTestId('app-dialog').boundingBox();
          if (!box) throw new Error('dialog has no box');
          if (viewport.width < 600) {
            expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
          } else {
            expect(box.width).toBe(500);
            // Centred.
            expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
          }

          const entries = await page.evaluate(() => history.length);
          await dialog.getByRole('button', { name: 'Close' }).click();
          await expect(dialog).toBeHidden();
          await expect(page).toHaveURL(/\/dashboard\?tab=2$/);
          // Replaced, not pushed.
          expect(await page.evaluate(() => history.length)).toBe(entries);
        });

        test('the flag in storage opens the QuickBooks dialog at start; closing clears it', async ({ page }) => {
          await page.addInitScript(() => {
            if (!sessionStorage.getItem('seeded')) {
              sessionStorage.setItem('seeded', '1');
              localStorage.setItem('qbo_disconnected', 'true');
            }
          });
          await openApp(page, '/dashboard', { theme });
          const dialog = page.getByRole('dialog', { name: 'QuickBooks Disconnected' });
          await expect(dialog).toBeVisible();
          await dialog.getByRole('button', { name: 'Close' }).click();
          await expect(dialog).toBeHidden();
          expect(await page.evaluate(() => localStorage.getItem('qbo_disconnected'))).toBeNull();
          await page.reload();
          await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', includeHidden: true })).toBeAttached();
          await expect(dialog).toBeHidden();
        });

        test('Android back: closes the dialog, then goes back, then on "/" asks before exiting', async ({ page }) => {
          await openApp(page, '/', { theme });
          await expect(page.getByRole('heading', { level: 1, name: 'Groundwork' })).toBeVisible();
          await page.goto('/dashboard?dialog=qbo-disconnected');
          const dialog = page.getByRole('dialog', { name: 'QuickBooks Disconnected' });
          await expect(dialog).toBeVisible();

          expect(await pressBack(page)).toBe('closed-overlay');
          await expect(dialog).toBeHidden();
          await expect(page).toHaveURL(/\/dashboard$/);

          expect(await pressBack(page)).toBe('navigated-back');
          await expect(page).toHaveURL(/\/$/);
          await expect(page.getByRole('heading', { level: 1, name: 'Groundwork' })).toBeVisible();

          expect(await pressBack(page)).toBe('armed-exit');
          const snackbar = page.getByRole('alert').filter({ hasText: 'Press back again to exit' });
          await expect(snackbar).toBeVisible();
          // Top right (full width across the top on phones, as MUI does under 600 px). Polled: it grows in.
          const rightGap = async () => {
            const box = await snackbar.boundingBox();
            if (!box) throw new Error('snackbar has no box');
            expect(box.y).toBeLessThan(100);
            return viewport.width - (box.x + box.width);
          };
          if (viewport.width >= 600) await expect.poll(rightGap).toBeLessThan(40);
          else await rightGap();
          expect(await pressBack(page)).toBe('exited');
          // The message goes after 2000 ms.
          await expect(snackbar).toBeHidden({ timeout: 4000 });
        });
      }

      test('dashboard has no serious or critical accessibility violations', async ({ browser }) => {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          serviceWorkers: 'block',
        });
        const page = await context.newPage();
        try {
          await openApp(page, '/dashboard', { theme });
          await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', includeHidden: true })).toBeAttached();
          await htmlHasTheme(page, theme);
          await expectNoSeriousA11yViolations(page);
        } finally {
          await context.close();
        }
      });
    });
  }
}

test.describe('installable app', () => {
  test.use({ serviceWorkers: 'allow' });
  test('manifest and service worker at /sw.js with scope "/"', async ({ page, request }) => {
    await openApp(page, '/', { signedIn: false });
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await request.get(href ?? '')).json();
    expect(manifest).toMatchObject({ name: 'Groundwork', theme_color: '#b98856', start_url: '/', display: 'standalone' });
    const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as { src: string }[]) {
      const response = await request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }

    const sw = await request.get('/sw.js');
    expect(sw.ok()).toBe(true);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(new URL(script ?? '').pathname).toBe('/sw.js');

    // Chromium's own verdict on installability (what Lighthouse's removed PWA audit used to report).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito, where Chromium never installs; every other criterion must pass.
    expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);
  });
});
