import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { accountMenu, expectSnackbar, newestCode, outbox, PROFILE_PASSWORD, signUpWithCompany, unique } from './profile-helpers';

// The profile's "Sign-in e-mail and phone" (issue 3): a new sign-in e-mail by code, a phone by texted code
// through the spec §4 states, then signing in with each. A fresh person per test, at phone and desktop sizes.

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** A US number no other test uses: the typed form and its E.164 form. */
function freshPhone() {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { typed: `(720) ${digits.slice(0, 3)}-${digits.slice(3)}`, e164: `+1720${digits}` };
}

/**
 * Holds the next identity call of `action` until the returned function is called, so a passing state
 * (sending, resending) can be seen on the page while its request waits.
 */
async function holdNext(page: Page, action: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route('**/api/identity', async (route) => {
    if (!held && route.request().headers()['x-identity-action'] === action) {
      held = true;
      await gate;
    }
    await route.fallback();
  });
  return release;
}

async function signInWith(page: Page, username: string) {
  await page.getByRole('textbox', { name: 'Email or phone number' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PROFILE_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`sign-in e-mail and phone at ${name} size`, () => {
    test.use({ viewport });

    // On the phone, where people change their sign-in; the dialogs' checks are the profile module's component tests.
    if (name === 'phone') {
      test('a new person changes the sign-in e-mail and adds a phone by code, then signs in with each', async ({ browser }) => {
        test.setTimeout(150_000);
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        try {
          const oldEmail = await signUpWithCompany(page);
          await page.goto('/user-profile');
          const section = page.getByRole('region', { name: 'Sign-in e-mail and phone' });
          const emailRow = section.getByRole('region', { name: 'Sign-in e-mail' });
          const phoneRow = section.getByRole('region', { name: 'Phone number' });
          await expect(emailRow.getByText(oldEmail)).toBeVisible();
          await expect(emailRow.getByText('Verified', { exact: true })).toBeVisible();
          await expect(phoneRow.getByText('None', { exact: true })).toBeVisible();
          await expectNoSeriousA11yViolations(page);

          // The e-mail: a code to the new address, and the old one keeps working until it is entered.
          const newEmail = `e2e-${unique('moved')}@example.com`;
          await emailRow.getByRole('button', { name: 'Change e-mail' }).click();
          await emailRow.getByRole('textbox', { name: 'New sign-in e-mail' }).fill('not-an-address');
          await emailRow.getByRole('button', { name: 'Send code' }).click();
          await expect(emailRow.getByText('Please enter a valid email')).toBeVisible();
          await emailRow.getByRole('textbox', { name: 'New sign-in e-mail' }).fill(newEmail);
          await emailRow.getByRole('button', { name: 'Send code' }).click();
          await expect(emailRow.getByRole('status')).toContainText('We sent a code to e***@e***.com');
          await expect(emailRow.getByText(oldEmail)).toBeVisible();
          const emailCode = await newestCode(page.request, newEmail);
          await emailRow.getByRole('textbox', { name: 'Verification code' }).fill(emailCode);
          await emailRow.getByRole('button', { name: 'Verify' }).click();
          await expectSnackbar(page, `Your sign-in e-mail is now ${newEmail}.`);
          await expect(emailRow.getByText(newEmail, { exact: true })).toBeVisible();
          await expect(emailRow.getByRole('status')).toContainText(`Done: you now sign in with ${newEmail}.`);

          // The phone: sending → sent → a wrong code (error) → resending → sent → verifying → verified.
          const phone = freshPhone();
          await phoneRow.getByRole('button', { name: 'Add a phone number' }).click();
          const phoneField = phoneRow.getByRole('textbox', { name: 'New phone number' });
          await phoneField.fill('555-0142');
          await phoneRow.getByRole('button', { name: 'Send code' }).click();
          await expect(phoneRow.getByText('Invalid phone number format. Please use +1XXXXXXXXXX format for US numbers.')).toBeVisible();
          await phoneField.fill(phone.typed);
          await expect(phoneRow.getByText(`Will be used as ${phone.e164}`)).toBeVisible();
          const releaseSend = await holdNext(page, 'UpdateUserAttributes');
          await phoneRow.getByRole('button', { name: 'Send code' }).click();
          await expect(phoneRow.getByRole('status')).toHaveText(`Sending a code to ${phone.e164}…`);
          releaseSend();
          const masked = `+*******${phone.e164.slice(-4)}`;
          await expect(phoneRow.getByRole('status')).toContainText(`We sent a code to ${masked}`);
          await expectNoSeriousA11yViolations(page);
          const first = await newestCode(page.request, phone.e164);
          await phoneRow.getByRole('textbox', { name: 'Verification code' }).fill(first === '000000' ? '111111' : '000000');
          await phoneRow.getByRole('button', { name: 'Verify' }).click();
          await expect(phoneRow.getByRole('alert')).toContainText('Invalid verification code provided, please try again.');
          await expectNoSeriousA11yViolations(page);

          const sentBefore = (await outbox(page.request, phone.e164)).length;
          const releaseResend = await holdNext(page, 'GetUserAttributeVerificationCode');
          await phoneRow.getByRole('button', { name: 'Send a new code' }).click();
          await expect(phoneRow.getByRole('status')).toHaveText(`Sending a new code to ${masked}…`);
          releaseResend();
          await expect(phoneRow.getByRole('status')).toContainText(`We sent a code to ${masked}`);
          const second = await newestCode(page.request, phone.e164, sentBefore);
          await phoneRow.getByRole('textbox', { name: 'Verification code' }).fill(second);
          const releaseVerify = await holdNext(page, 'VerifyUserAttribute');
          await phoneRow.getByRole('button', { name: 'Verify' }).click();
          await expect(phoneRow.getByRole('status')).toHaveText('Checking the code…');
          releaseVerify();
          await expect(phoneRow.getByRole('status')).toHaveText(`Phone number ${phone.e164} verified. You can sign in with it.`);
          await expect(phoneRow.getByText(phone.e164, { exact: true })).toBeVisible();
          await expect(phoneRow.getByText('Verified', { exact: true })).toBeVisible();
          await expectNoSeriousA11yViolations(page);

          // Signing in: the old e-mail no longer, the new e-mail and the phone (typed as a person would) do.
          await accountMenu(page, 'Sign out');
          await expect(page).toHaveURL(/\/login$/);
          await signInWith(page, oldEmail);
          await expect(page.getByText('Incorrect username or password.')).toBeVisible();
          await signInWith(page, newEmail);
          await expect(page).toHaveURL(/\/select-tenant$/);
          await page.getByRole('list', { name: 'Choose a company' }).getByRole('button').first().click();
          await expect(page).toHaveURL(/\/dashboard/);
          await accountMenu(page, 'Sign out');
          await expect(page).toHaveURL(/\/login$/);
          await signInWith(page, phone.typed);
          await expect(page).toHaveURL(/\/select-tenant$/);
          await page.getByRole('list', { name: 'Choose a company' }).getByRole('button').first().click();
          // The company is chosen once the dashboard opens; going on before that cancels the choice on a slow machine.
          await expect(page).toHaveURL(/\/dashboard/);
          await page.goto('/user-profile');
          await expect(page.getByRole('region', { name: 'Phone number' }).getByText(phone.e164, { exact: true })).toBeVisible();
          await expect(page.getByRole('region', { name: 'Sign-in e-mail' }).getByText(newEmail, { exact: true })).toBeVisible();
        } finally {
          await context.close();
        }
      });
    }
  });
}
