import { type APIRequestContext, expect, type Page } from '@playwright/test';

// What the profile specs (profile.spec.ts, profile-contact.spec.ts) share: a fresh person of their own,
// the development outbox, the account menu and snackbars.

export const PROFILE_PASSWORD = 'field-ops-e2e-password';

export type OutboxMessage = { to: string; subject: string; text: string; created_at: string };

let counter = 0;
export const unique = (label: string) => `${label}-${Date.now()}-${process.pid}-${counter++}`;

/** /dev/outbox.json?to=ADDRESS: the messages to an e-mail address or E.164 phone, newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return response.ok() ? ((await response.json()) as OutboxMessage[]) : [];
}

const codeIn = (message: OutboxMessage | undefined) => (message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined);

/** Waits until more than `after` messages went to `to`, then returns the code in the newest one. */
export async function newestCode(request: APIRequestContext, to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await outbox(request, to);
      code = messages.length > after ? codeIn(messages[0]) : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Opens the app-bar account menu and picks an item. */
export async function accountMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export async function expectSnackbar(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
}

/** Signs a fresh person up by e-mail (captcha, code from the outbox), then creates a company of their own. */
export async function signUpWithCompany(page: Page): Promise<string> {
  const email = `e2e-${unique('profile')}@example.com`;
  await page.goto('/sign-up?step=0');
  await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PROFILE_PASSWORD);
  await expect(page.getByText('Verified: you are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/sign-up\?step=1$/);
  const code = await newestCode(page.request, email);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/select-tenant$/);
  await page.goto('/create-company');
  await page.getByRole('textbox', { name: 'Company name' }).fill(`Profile Test ${unique('co')}`);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return email;
}
