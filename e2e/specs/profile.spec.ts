import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectNoSeriousA11yViolations } from './helpers';
import { accountMenu, expectSnackbar, type OutboxMessage, outbox, PROFILE_PASSWORD, signUpWithCompany, unique } from './profile-helpers';
import { signIn } from './sign-in';

// The profile (/user-profile), its edit dialog, theme and language, the security section (password,
// passkeys) and the issue-submission dialog (issues 5 and 3), at phone and desktop sizes.

const SUPPORT_EMAIL = 'support@groundwork.local';
const PASSWORD = PROFILE_PASSWORD;
const NEW_PASSWORD = 'a-new-field-ops-password';
// A tiny valid PNG (1x1), so the server's content check accepts it as a picture.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const VIEWPORTS = [
  // Each size works with its own demo person, so the two never see each other's changes.
  { name: 'phone', viewport: { width: 390, height: 844 }, person: 'hector.silva@summitridge.test' },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, person: 'jake.thompson@summitridge.test' },
] as const;

async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

const savedProfile = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('updateEmployeeUserInfo'));

for (const { name, viewport, person } of VIEWPORTS) {
  test.describe(`profile at ${name} size`, () => {
    test.use({ viewport });

    test('edits the profile and finds it saved after a reload', async ({ page }) => {
      await signIn(page, person);
      await page.goto('/user-profile');
      await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
      await expect(page.getByTestId('profile-details')).toContainText('Denver');
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Edit profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit profile' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // A bad phone number is refused in the form and nothing is sent.
      await dialog.getByRole('textbox', { name: 'Cell phone' }).fill('12');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Invalid phone number format. Please use +1XXXXXXXXXX format for US numbers.')).toBeVisible();

      await dialog.getByRole('textbox', { name: 'Cell phone' }).fill('(303) 555-0142');
      await dialog.getByRole('textbox', { name: 'Street', exact: true }).fill('400 Quarry Road');
      await dialog.getByRole('textbox', { name: 'City' }).fill('Golden');
      await dialog.getByLabel('Birthdate').fill('1990-05-17');
      const trades = dialog.getByRole('combobox', { name: 'Trades' });
      await trades.fill('Welder');
      await trades.press('Enter');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectSnackbar(page, 'User information updated successfully.');
      await expect(dialog).toBeHidden();

      await page.reload();
      const details = page.getByTestId('profile-details');
      await expect(details).toContainText('+13035550142');
      await expect(details).toContainText('400 Quarry Road');
      await expect(details).toContainText('Golden');
      await expect(details).toContainText('Welder');
      await expect(details).toContainText('1990');
    });

    // The theme switch itself is app-shell.spec.ts's at both sizes; its saving to the profile once, here.
    if (name === 'desktop') {
      test('saves a theme change to the profile, which a fresh sign-in applies', async ({ page, browser }) => {
        await signIn(page, person);
        await page.goto('/user-profile');
        await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(/light/);
        const saved = savedProfile(page);
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        expect((await saved).ok()).toBe(true);
        await expect(page.locator('html')).toHaveClass(/dark/);
        await expectNoSeriousA11yViolations(page);

        // Another browser (no stored theme) signs in and gets dark from the profile.
        const fresh = await browser.newContext({ viewport });
        try {
          const other = await fresh.newPage();
          await signIn(other, person);
          await other.goto('/dashboard');
          await expect(other.locator('html')).toHaveClass(/dark/);
          expect(await other.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
        } finally {
          await fresh.close();
        }

        // Back to light, from the profile's own theme setting.
        const back = savedProfile(page);
        await page.getByRole('combobox', { name: 'Theme' }).click();
        await page.getByRole('option', { name: 'Light' }).click();
        expect((await back).ok()).toBe(true);
        await expect(page.locator('html')).toHaveClass(/light/);
      });
    }

    test('switches the language to Spanish and keeps it after a reload', async ({ page }) => {
      await signIn(page, person);
      await page.goto('/user-profile');
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'Español' }).click();
      await expect(page.getByRole('heading', { name: 'Tu perfil' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Tu perfil' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.getByRole('combobox', { name: 'Idioma' }).click();
      await page.getByRole('option', { name: 'English' }).click();
      await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    });

    // Reporting an issue (its form and the attachment reaching the support outbox) once, at the desk size.
    if (name === 'desktop') {
      test('reports an issue with an attachment, which reaches the support outbox', async ({ page }) => {
        await signIn(page, person);
        await page.goto('/dashboard');
        await accountMenu(page, 'Report an issue');
        const dialog = page.getByRole('dialog', { name: 'Report an issue' });
        await expect(dialog).toBeVisible();

        // Subject and description are required.
        await dialog.getByRole('button', { name: 'Submit' }).click();
        await expect(dialog.getByText('Required.').first()).toBeVisible();

        const subject = `Crane schedule missing ${unique(name)}`;
        await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
        await dialog.getByRole('textbox', { name: 'Description' }).fill('The crane booking for Friday is not on the schedule.');
        await dialog.locator('input[type="file"]').setInputFiles({ name: 'crane.png', mimeType: 'image/png', buffer: PNG });
        await expect(dialog.getByRole('progressbar', { name: 'crane.png uploaded' })).toBeVisible();
        // A file type outside the allow-list is refused before any upload.
        await dialog.locator('input[type="file"]').setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: PNG });
        await expect(dialog.getByText('This type of file cannot be uploaded.')).toBeVisible();
        await dialog.getByRole('button', { name: 'Remove tool.exe' }).click();
        await expectNoSeriousA11yViolations(page);

        await dialog.getByRole('button', { name: 'Submit' }).click();
        await expectSnackbar(page, 'Issue submitted successfully.');
        await expect(dialog).toBeHidden();

        let mail: OutboxMessage | undefined;
        await expect
          .poll(async () => {
            mail = (await outbox(page.request, SUPPORT_EMAIL)).find((m) => m.subject === `Issue: ${subject}`);
            return mail;
          })
          .toBeTruthy();
        expect(mail?.text).toContain('The crane booking for Friday is not on the schedule.');
        expect(mail?.text).toMatch(/- crane\.png \([0-9a-f-]{36}\.png/);
        expect(mail?.text).not.toContain('tool.exe');
      });
    }

    // Account security, where a crew member does it: on the phone (identity.spec.ts has passkeys and TOTP too).
    if (name === 'phone') {
      test('a new person manages a passkey, changes the password, signs in with it, switches company and sets up an authenticator app', async ({
        browser,
      }) => {
        test.setTimeout(150_000);
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        try {
          await addVirtualAuthenticator(context, page);
          const email = await signUpWithCompany(page);
          await page.goto('/user-profile');
          await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

          // Passkeys: none, add one through the virtual authenticator, see it listed, delete it.
          await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
          await page.getByRole('textbox', { name: 'Passkey name (optional)' }).fill('Site tablet');
          await page.getByRole('button', { name: 'Add a passkey' }).click();
          await expectSnackbar(page, 'Passkey added.');
          await expect(page.getByText('Site tablet')).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await page.getByRole('button', { name: 'Delete passkey Site tablet' }).click();
          const confirm = page.getByRole('dialog', { name: 'Delete this passkey?' });
          await expect(confirm).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await confirm.getByRole('button', { name: 'Delete' }).click();
          await expectSnackbar(page, 'Passkey deleted.');
          await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

          // Change password: a wrong current password is refused with the sign-in message.
          await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
          await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
          await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
          await page.getByRole('button', { name: 'Change password' }).click();
          await expect(page.getByText('Incorrect username or password.')).toBeVisible();
          await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
          await page.getByRole('button', { name: 'Change password' }).click();
          await expectSnackbar(page, 'Your password was changed.');

          await accountMenu(page, 'Sign out');
          await expect(page).toHaveURL(/\/login$/);
          const login = async (password: string) => {
            await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
            await page.getByLabel('Password', { exact: true }).fill(password);
            await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          };
          await login(PASSWORD);
          await expect(page.getByText('Incorrect username or password.')).toBeVisible();
          await login(NEW_PASSWORD);
          await expect(page).toHaveURL(/\/select-tenant$/);
          await page.getByRole('list', { name: 'Choose a company' }).getByRole('button').first().click();
          await expect(page).toHaveURL(/\/dashboard/);

          // Switching company from the account menu goes back to the company list.
          await accountMenu(page, 'Switch company');
          await expect(page).toHaveURL(/\/select-tenant$/);
          await page.getByRole('list', { name: 'Choose a company' }).getByRole('button').first().click();
          await expect(page).toHaveURL(/\/dashboard/);

          // An authenticator app from the profile: password again, the QR code and its key, then a code from it.
          await accountMenu(page, 'Profile');
          const totp = page.getByRole('region', { name: 'Authenticator app' });
          await totp.getByRole('button', { name: 'Set up an authenticator app' }).click();
          await totp.getByLabel('Current password', { exact: true }).fill(NEW_PASSWORD);
          await totp.getByRole('button', { name: 'Continue' }).click();
          await expect(totp.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
          const keyText = (await totp.getByText("Can't scan it? Enter this key:").textContent()) ?? '';
          const secret = keyText.split(':').pop()?.trim() ?? '';
          // The pointer still rests where Continue was, now over Verify: check the button as it looks at rest.
          await page.mouse.move(0, 0);
          await expectNoSeriousA11yViolations(page);
          const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
          await totp.getByRole('textbox', { name: 'Verification code' }).fill(code);
          await totp.getByRole('button', { name: 'Verify' }).click();
          await expectSnackbar(page, 'Authenticator app turned on.');
          await expect(totp.getByText('An authenticator app confirms your sign-ins.')).toBeVisible();
        } finally {
          await context.close();
        }
      });
    }
  });
}
