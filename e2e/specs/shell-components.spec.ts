import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { axe, expectNoSeriousA11yViolations, expectSnackbarShown, recordedSnackbarCount, recordSnackbars, type ThemeMode } from './helpers';
import { signUpWithCompany } from './profile-helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, graphql, signIn } from './sign-in';

// Issue 5: the shell's components on the component test page (/test, admins only) as the demo admin, for what only a
// real browser shows: the reusable dialog's measured size and layering, snackbars' place and colours, a real swipe,
// query keys in the address bar, error pages and page titles, theme fallback and failed saves, readable error text in
// both themes; and dialog=subscription-cancelled on the dashboard. Phone and desktop, light and dark. The components'
// behaviour in detail (every option of the dialog, loading and disabled buttons, the blink's timing, each message's
// timeout, short and long swipes, a held message, setting 17) is in their component tests (app-dialog.test.tsx,
// snackbar.test.tsx), where a clock can be moved instead of waited for.

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

type Viewport = (typeof viewports)[number];

/** A context at `viewport` whose app starts in `theme` (unless the test stores another), signed in as `who`. */
async function signedIn(browser: Browser, viewport: Viewport, theme: ThemeMode, who = DEMO_ADMIN) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, serviceWorkers: 'block' });
  await context.addInitScript((mode) => {
    if (localStorage.getItem('theme') === null) localStorage.setItem('theme', mode);
  }, theme);
  const page = await context.newPage();
  const { tenantUuid } = await signIn(page, who);
  return { context, page, tenantUuid };
}

const htmlHasTheme = (page: Page, mode: ThemeMode) => expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`));
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Opens /test from the menu (its item is the admin's only way in), checking the page title on the way. */
async function openTestPage(page: Page, viewport: Viewport) {
  await page.goto('/dashboard');
  await expect(heading(page, 'Dashboard')).toBeVisible();
  if (viewport.width <= 450) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Test page' }).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(heading(page, 'Test')).toBeVisible();
  await expect(page).toHaveTitle('Test · Groundwork');
  await expect(page.getByRole('heading', { name: 'Component test page' })).toBeVisible();
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no bounding box');
  return found;
};

const zIndex = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).zIndex);

/** Turns a labelled switch on the test page on or off. */
const setSwitch = (page: Page, name: string, on: boolean) => page.getByRole('switch', { name, exact: true }).setChecked(on);

/** Clicks on the page outside the dialog (the backdrop at the window's edge). */
const clickOutside = (page: Page, viewport: Viewport) => page.mouse.click(8, viewport.height - 8);

/** Drags the element horizontally by `dx` with pointer events of `pointerType` (mouse or touch). */
async function swipe(page: Page, target: Locator, dx: number, pointerType: 'mouse' | 'touch') {
  const { x, y, width, height } = await box(target);
  const start = { x: x + width / 2, y: y + height / 2 };
  if (pointerType === 'mouse') {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + dx / 2, start.y, { steps: 3 });
    await page.mouse.move(start.x + dx, start.y, { steps: 3 });
    await page.mouse.up();
    return;
  }
  const pointer = { pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true, clientY: start.y };
  await target.dispatchEvent('pointerdown', { ...pointer, clientX: start.x });
  await target.dispatchEvent('pointermove', { ...pointer, clientX: start.x + dx / 2 });
  await target.dispatchEvent('pointermove', { ...pointer, clientX: start.x + dx });
  await target.dispatchEvent('pointerup', { ...pointer, clientX: start.x + dx });
}

/** Answers the GraphQL operation whose request mentions `field` with a server error; everything else goes through. */
async function failOperation(page: Page, field: string) {
  await page.route('**/graphql', async (route) => {
    if ((route.request().postData() ?? '').includes(field)) {
      await route.fulfill({
        json: { data: null, errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
      });
      return;
    }
    await route.continue();
  });
}

const setSnackbarSetting = (page: Page, tenant: string, on: boolean) =>
  graphql(
    page,
    'mutation($t: ID!, $s: [TenantSettingInput!]!) { updateTenantSettings(tenant_uuid: $t, global_settings: $s) { codx_tenant_options_values_id custom_value } }',
    { t: tenant, s: [{ codx_tenant_options_values_id: 17, custom_value: on ? 'true' : 'false' }] },
  );

/**
 * Top right, colour and icon per kind; axe on the error; in the light scheme the spec's status colour as the fill. The
 * first message is left to go by itself after its timeout (2 s), the others are closed with their close control.
 */
async function checkSnackbarKinds(page: Page, viewport: Viewport, mode: ThemeMode) {
  const alert = page.getByTestId('app-snackbar');
  // Icons are told apart by their drawing (production builds carry no test ids): MUI's success check, the bug, the
  // outlined "i".
  const kinds = [
    { button: 'Show a success message', text: 'Saved successfully.', color: 'Success', icon: 'M20,12A8,8', fill: 'rgb(76, 175, 80)' },
    { button: 'Show an error message', text: 'Something went wrong.', color: 'Error', icon: 'M20 8h-2.81' },
    { button: 'Show an info message', text: 'Here is some information.', color: 'Info', icon: 'M11 7h2v2h-2zm0 4h2v6h-2z' },
  ];
  for (const [index, kind] of kinds.entries()) {
    await page.getByRole('button', { name: kind.button }).click();
    await expect(alert).toHaveText(kind.text);
    // One to be closed with its control is held while it is checked (a finger on it stops the 2 s): the checks and
    // axe take longer than that on a busy machine. Let go, it has its 2 s again, and is closed within them.
    if (index > 0) await alert.dispatchEvent('pointerdown', { clientX: 0 });
    await expect(alert).toHaveClass(new RegExp(`MuiAlert-color${kind.color}\\b.*MuiAlert-filled\\b`));
    await expect(alert.locator(`.MuiAlert-icon svg path[d^="${kind.icon}"]`)).toHaveCount(1);
    await expect
      .poll(async () => {
        const found = await box(alert);
        return { top: found.y < 100, right: viewport.width - (found.x + found.width) < 40 };
      })
      .toEqual({ top: true, right: true });
    if (mode === 'light' && kind.fill) {
      expect(await alert.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(kind.fill);
    }
    if (kind.color === 'Error') await expectNoSeriousA11yViolations(page);
    if (index > 0) {
      await alert.dispatchEvent('pointerup', { clientX: 0 });
      await alert.getByRole('button', { name: 'Close message' }).click();
    }
    await expect(alert).toBeHidden();
  }
}

/** Stores `mode` as the theme and reloads, as a person's next visit would find it. */
async function switchTheme(page: Page, mode: ThemeMode) {
  await page.evaluate((m) => localStorage.setItem('theme', m), mode);
  await page.reload();
  await htmlHasTheme(page, mode);
}

for (const viewport of viewports) {
  const phone = viewport.width < 600;
  // Each scenario runs in one theme and then checks what the theme changes (colours, contrast) in the other one, so
  // every size sees both themes without running every scenario twice. The two sizes start from opposite themes.
  const [theme, other]: ThemeMode[] = phone ? ['dark', 'light'] : ['light', 'dark'];
  test.describe(`${viewport.name} ${viewport.width}x${viewport.height}`, () => {
    // Journeys through two themes with axe in each: past the default 60 s on a busy machine. Three times the default.
    test.slow();
    test(`the reusable dialog: measured size, expand, edit mode and the blinking toggle, layering (${theme}, then ${other})`, async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, viewport, theme);
      try {
        await openTestPage(page, viewport);
        await htmlHasTheme(page, theme);
        const open = page.getByRole('button', { name: 'Open the dialog' });
        const dialog = page.getByRole('dialog', { name: 'Sample dialog' });
        const paper = page.getByTestId('app-dialog');

        // Defaults: 500 px wide and centred (full screen under 600 px), Delete / Cancel / Save, Save enabled.
        await open.click();
        await expect(dialog).toBeVisible();
        if (phone) {
          expect(await box(paper)).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
          await expect(dialog.getByRole('button', { name: 'Expand' })).toHaveCount(0);
        } else {
          const measured = await box(paper);
          expect(measured.width).toBe(500);
          expect(Math.abs(measured.x + measured.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
        }
        await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
        await expect(dialog.getByRole('switch', { name: 'Edit mode' })).toHaveCount(0);
        // Spec §9 layering: the dialog at 2400.
        expect(await zIndex(page.locator('.MuiDialog-root'))).toBe('2400');
        await expectNoSeriousA11yViolations(page);

        if (!phone) {
          // Expand to 90% of the window, and back.
          await dialog.getByRole('button', { name: 'Expand' }).click();
          await expect.poll(async () => (await box(paper)).width).toBe(Math.round(viewport.width * 0.9));
          await dialog.getByRole('button', { name: 'Collapse' }).click();
          await expect.poll(async () => (await box(paper)).width).toBe(500);
          // View mode: a click outside closes it.
          await clickOutside(page, viewport);
        } else {
          // Full screen: nothing outside to click; Escape is the "outside" dismissal in view mode.
          await page.keyboard.press('Escape');
        }
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('status')).toHaveText('Last: closed');

        // Saving closes through the action button.
        await open.click();
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('status')).toHaveText('Last: action pressed');

        // Width and height from the controls, measured (labels, colours, variants, loading and disabled buttons are
        // the component test's).
        if (!phone) {
          await page.getByRole('textbox', { name: 'Width' }).fill('640');
          await page.getByRole('textbox', { name: 'Height' }).fill('420');
          await open.click();
          await expect(dialog).toBeVisible();
          expect(await box(paper)).toMatchObject({ width: 640, height: 420 });
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await expect(dialog).toBeHidden();
          await expect(page.getByRole('status')).toHaveText('Last: cancel pressed');
          await page.getByRole('textbox', { name: 'Width' }).fill('');
          await page.getByRole('textbox', { name: 'Height' }).fill('');
        }

        // Edit mode is persistent: neither an outside click nor Escape closes it. On the desktop, the toggle's blink after
        // 3 s is a running CSS animation (its timing is the component test's).
        await setSwitch(page, 'Show view/edit option', true);
        await setSwitch(page, 'Open in edit mode', true);
        if (!phone) await setSwitch(page, 'Open expanded', true);
        await open.click();
        await expect(dialog).toBeVisible();
        await expect(paper).toHaveAttribute('data-edit-mode', 'true');
        if (!phone) await expect.poll(async () => (await box(paper)).width).toBe(Math.round(viewport.width * 0.9));
        const toggle = phone
          ? dialog.getByRole('button', { name: 'Edit', exact: true })
          : dialog.getByRole('switch', { name: 'Edit mode' });
        if (phone) await expect(toggle).toHaveAttribute('aria-pressed', 'true');
        else await expect(toggle).toBeChecked();
        if (!phone) {
          const blinker = dialog.locator('[data-blinking]');
          // Watched on every frame: the blink lasts one second, too short for a slow poll.
          const animation = await page.waitForFunction(
            () => {
              const element = document.querySelector<HTMLElement>('[data-blinking="true"]');
              return element ? getComputedStyle(element).animationName : false;
            },
            undefined,
            { timeout: 15_000 },
          );
          expect(await animation.jsonValue()).not.toBe('none');
          await expect(blinker).toHaveAttribute('data-blinking', 'false', { timeout: 10_000 });
          expect(await blinker.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
        }
        if (!phone) await clickOutside(page, viewport);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('textbox', { name: 'Notes' })).toBeEditable();
        // Back to view mode: now Escape (or a click outside) dismisses it.
        await toggle.click();
        await expect(paper).toHaveAttribute('data-edit-mode', 'false');
        await expect(dialog.getByRole('textbox', { name: 'Notes' })).not.toBeEditable();
        if (phone) await page.keyboard.press('Escape');
        else await clickOutside(page, viewport);
        await expect(dialog).toBeHidden();

        // Spec §9 layering: the loading overlay at 2000, under dialogs.
        await page.getByRole('button', { name: 'Show the loading overlay' }).click();
        const overlay = page.getByTestId('loading-overlay');
        await expect(overlay.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
        expect(await zIndex(overlay)).toBe('2000');
        await overlay.getByRole('button', { name: 'Hide the overlay' }).click();
        await expect(overlay).toBeHidden();

        // The other theme: the dialog as it opens by default, its size and its accessibility.
        // (The reload puts the test page's controls back to their defaults.)
        await switchTheme(page, other);
        await open.click();
        await expect(dialog).toBeVisible();
        if (phone) expect(await box(paper)).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
        else expect((await box(paper)).width).toBe(500);
        await expectNoSeriousA11yViolations(page);
      } finally {
        await context.close();
      }
    });

    test(`snackbars, query keys, page titles, 404 and 500 pages (${other}, then ${theme})`, async ({ browser }) => {
      const { context, page } = await signedIn(browser, viewport, other);
      try {
        await openTestPage(page, viewport);
        const alert = page.getByTestId('app-snackbar');

        await checkSnackbarKinds(page, viewport, other);

        // A swipe over 50 px dismisses it: mouse on the desktop, touch on the phone (a shorter one, which does not, is
        // the component test's).
        await page.getByRole('button', { name: 'Show an info message' }).click();
        await expect(alert).toBeVisible();
        await swipe(page, alert, 80, phone ? 'touch' : 'mouse');
        await expect(alert).toBeHidden();

        // Query keys: each added or removed on its own.
        await page.goto('/test?tab=2&note=keep');
        await expect(page.getByTestId('query-tab')).toHaveText('tab: 2');
        const query = () => Object.fromEntries(new URL(page.url()).searchParams);
        await page.getByRole('button', { name: 'Set id' }).click();
        await expect.poll(query).toEqual({ tab: '2', id: '42', note: 'keep' });
        await page.getByRole('button', { name: 'Set step' }).click();
        await expect.poll(query).toEqual({ tab: '2', id: '42', step: '2', note: 'keep' });
        await page.getByRole('button', { name: 'Remove tab' }).click();
        await expect.poll(query).toEqual({ id: '42', step: '2', note: 'keep' });
        await page.getByRole('button', { name: 'Set admin' }).click();
        await expect.poll(query).toEqual({ id: '42', step: '2', admin: 'true', note: 'keep' });
        await page.getByRole('button', { name: 'Remove id' }).click();
        await expect.poll(query).toEqual({ step: '2', admin: 'true', note: 'keep' });
        await expect(page.getByTestId('query-id')).toHaveText('id: not set');
        await expect(page.getByRole('button', { name: 'Remove id' })).toBeDisabled();
        await page.goBack();
        await expect.poll(query).toEqual({ id: '42', step: '2', admin: 'true', note: 'keep' });

        // Page titles: the last path segment, split on dashes and capitalised.
        for (const [path, title] of [
          ['/reports/people-report', 'People Report'],
          ['/modules/project-notes', 'Project Notes'],
          ['/modules/external-links', 'External Links'],
        ]) {
          await page.goto(path);
          await expect(heading(page, title)).toBeVisible();
          await expect(page).toHaveTitle(`${title} · Groundwork`);
        }

        // 404.
        await page.goto('/no-such-page');
        await expect(heading(page, 'Page Not Found')).toBeVisible();
        await expect(page.getByText('404', { exact: true })).toBeVisible();
        await expect(page).toHaveTitle('Page Not Found · Groundwork');

        // A screen that breaks while drawing shows the 500 page (to people; bots get none, see the unit test).
        await page.goto('/test');
        await page.getByRole('button', { name: 'Show the error page' }).click();
        await expect(heading(page, 'Internal Server Error')).toBeVisible();
        await expect(page.getByText('500', { exact: true })).toBeVisible();
        await expect(page).toHaveTitle('Internal Server Error · Groundwork');
        await expectNoSeriousA11yViolations(page);

        // The messages in the other theme (reloading /test brings the test page back).
        await switchTheme(page, theme);
        await checkSnackbarKinds(page, viewport, theme);
      } finally {
        await context.close();
      }
    });

    test(`theme fallback and failed saves; readable error text in both themes; subscription-cancelled for a foreman and an admin (${theme})`, async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, viewport, theme);
      try {
        // An unknown stored theme falls back to light.
        await page.evaluate(() => localStorage.setItem('theme', 'purple'));
        await page.goto('/');
        await htmlHasTheme(page, 'light');
        await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);

        // A form in error state passes axe's colour contrast, also with the primary button hovered, in both themes.
        await page.goto('/test');
        for (const mode of [other, theme]) {
          await switchTheme(page, mode);
          const form = page.getByRole('region', { name: 'Form in error state' });
          await expect(form.getByText('This field is required')).toBeVisible();
          await form.getByRole('button', { name: 'Submit' }).hover();
          const contrast = await axe(page).include('section').withRules(['color-contrast']).analyze();
          expect(contrast.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
          expect(contrast.passes.map(({ id }) => id)).toContain('color-contrast');
        }

        // Saving the theme to the profile fails: the theme still changes here, with the spec's message.
        await failOperation(page, 'updateEmployeeUserInfo');
        await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
        await expect(page.getByTestId('app-snackbar')).toHaveText('Unable to save theme preference, please try again later.');
        await htmlHasTheme(page, other);
        // The message covers the app bar's right end on a desktop; its close control takes it away.
        await page.getByTestId('app-snackbar').getByRole('button', { name: 'Close message' }).click();
        await expect(page.getByTestId('app-snackbar')).toBeHidden();
        await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
        await htmlHasTheme(page, theme);

        // A profile edit the server refuses.
        await page.goto('/user-profile');
        await page.getByRole('button', { name: 'Edit profile' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit profile' });
        await edit.getByRole('textbox', { name: 'City' }).fill('Golden');
        await edit.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByTestId('app-snackbar')).toHaveText('There was a problem updating user information.');
        await expect(edit).toBeVisible();
        await edit.getByRole('button', { name: 'Close' }).click();
        await page.unrouteAll({ behavior: 'wait' });

        // An issue the server refuses.
        await failOperation(page, 'submitIssue');
        await page.getByRole('button', { name: 'Account' }).click();
        await page.getByRole('menuitem', { name: 'Report an issue' }).click();
        const issue = page.getByRole('dialog', { name: 'Report an issue' });
        await issue.getByRole('textbox', { name: 'Subject' }).fill('Gate code');
        await issue.getByRole('textbox', { name: 'Description' }).fill('The north gate code is not on the job.');
        await issue.getByRole('button', { name: 'Submit' }).click();
        await expect(page.getByTestId('app-snackbar')).toHaveText('There was a problem submitting your issue.');
        await expect(issue).toBeVisible();
        await page.unrouteAll({ behavior: 'wait' });

        // An admin asked to see subscription-cancelled goes to the subscription settings instead.
        await page.goto('/dashboard?dialog=subscription-cancelled');
        await expect(page).toHaveURL(/\/dashboard\?settings=true&component=app-subscription$/);
        await expect(page.getByRole('heading', { name: 'Subscription', exact: true })).toBeVisible();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      } finally {
        await context.close();
      }

      // A foreman gets the persistent notice.
      const foreman = await signedIn(browser, viewport, theme, DEMO_FOREMAN);
      try {
        await foreman.page.goto('/dashboard?dialog=subscription-cancelled');
        const notice = foreman.page.getByRole('dialog', { name: 'Subscription cancelled' });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText("Your company's subscription has been cancelled");
        await expect(notice).toContainText('Please ask a company administrator to renew the subscription.');
        await foreman.page.keyboard.press('Escape');
        await foreman.page.mouse.click(8, viewport.height - 8);
        await expect(notice).toBeVisible();
        await expect(foreman.page).toHaveURL(/\/dashboard\?dialog=subscription-cancelled$/);
        await expectNoSeriousA11yViolations(foreman.page);
        // The test page is the admins': the foreman is sent back with the access message.
        await recordSnackbars(foreman.page);
        await foreman.page.goto('/test');
        await expect(foreman.page).toHaveURL(/\/dashboard$/);
        await expectSnackbarShown(foreman.page, 'Unauthorized page. Redirected to dashboard.');
      } finally {
        await foreman.context.close();
      }
    });
  });
}

test.describe('tenant setting 17', () => {
  test('with "Show messages" off no snackbar is shown; back on, it is', async ({ browser }) => {
    // A company of its own: switching messages off in the demo company would hide them from specs running beside this one.
    const context = await browser.newContext({
      viewport: { width: viewports[1].width, height: viewports[1].height },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    try {
      await signUpWithCompany(page);
      const tenantUuid = await page.evaluate(() => localStorage.getItem('selectedTenantUuid') ?? '');
      expect(tenantUuid).not.toBe('');
      await openTestPage(page, viewports[1]);
      const alert = page.getByTestId('app-snackbar');
      await setSnackbarSetting(page, tenantUuid, false);
      try {
        const settingsRead = page.waitForResponse(
          (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('ListGlobalSettings'),
        );
        await page.reload();
        await settingsRead;
        await expect(heading(page, 'Test')).toBeVisible();
        // A round trip through the page (overlay on and off) lets the setting reach the snackbar first.
        const overlayOnAndOff = async () => {
          await page.getByRole('button', { name: 'Show the loading overlay' }).click();
          await page.getByTestId('loading-overlay').getByRole('button', { name: 'Hide the overlay' }).click();
          await expect(page.getByTestId('loading-overlay')).toBeHidden();
        };
        await overlayOnAndOff();
        // A message appears in the same click that asks for it (below, once the setting is back on), so the page
        // settling after the click is enough to know none came.
        await page.getByRole('button', { name: 'Show an error message' }).click();
        await overlayOnAndOff();
        await expect(alert).toHaveCount(0);
      } finally {
        await setSnackbarSetting(page, tenantUuid, true);
      }
      // Back on: the page opens on the settings kept on this browser (off) until the server's answer replaces them,
      // and the message lasts 2 s, so both are waited for rather than raced.
      await recordSnackbars(page);
      const settingsReadAgain = page.waitForResponse(
        (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('ListGlobalSettings'),
      );
      await page.reload();
      await settingsReadAgain;
      await expect(heading(page, 'Test')).toBeVisible();
      await expect
        .poll(async () => {
          await page.getByRole('button', { name: 'Show an error message' }).click();
          return recordedSnackbarCount(page);
        })
        .toBeGreaterThan(0);
      await expectSnackbarShown(page, 'Something went wrong.');
    } finally {
      await context.close();
    }
  });
});
