import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectNoSeriousA11yViolations } from './helpers';
import { DEMO_COMPANY, graphql, signIn as signInViaApi } from './sign-in';

// Identity end to end (issue 3), against packages/core/src/identity.ts: POST /api/identity with the
// action in x-identity-action, and the development outbox at /dev/outbox.json?to=ADDRESS.

const DEMO_ADMIN = { username: 'maria.alvarez@summitridge.test', password: 'groundwork-demo' };
const PASSWORD = 'field-ops-e2e-password';

type OutboxMessage = { to: string; subject: string; text: string; created_at: string };

let counter = 0;
const uniqueEmail = (label: string) => `e2e-${label}-${Date.now()}-${process.pid}-${counter++}@example.com`;

/** The newest 6-digit code sent to `to` that is not in `seen`, waiting for it to arrive. */
async function codeFromOutbox(request: APIRequestContext, to: string, seen: string[] = []): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return undefined;
        const messages = (await response.json()) as OutboxMessage[];
        code = messages.map((message) => /\b(\d{6})\b/.exec(message.text)?.[1]).find((found) => found && !seen.includes(found));
        return code;
      },
      { message: `a code e-mailed to ${to}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** A 6-digit code that is certainly not `code`. */
const otherCode = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Email or phone number' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs a fresh person up by e-mail (captcha, code from the outbox) and leaves them on /select-tenant. */
async function signUp(
  page: Page,
  label: string,
  username = uniqueEmail(label),
  { wrongCodeFirst = false } = {},
): Promise<{ email: string; code: string }> {
  const email = username;
  await page.goto('/sign-up?step=0');
  await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // The proof-of-work captcha is solved in the browser before the button enables.
  await expect(page.getByText('Verified: you are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up\?step=1$/);
  // A phone number is typed as people type it; the code is texted to its E.164 form.
  const to = email.includes('@') ? email : `+1${email.replace(/\D/g, '')}`;
  const code = await codeFromOutbox(page.request, to);
  if (wrongCodeFirst) {
    await page.getByRole('textbox', { name: 'Verification code' }).fill(otherCode(code));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('There was a problem confirming the sign up.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-up\?step=1$/);
  }
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/select-tenant$/);
  return { email, code };
}

async function signOutFromTenantPage(page: Page) {
  await page.goto('/select-tenant');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The newest message sent to `to` whose text matches `pattern`, waiting for it to arrive. */
async function messageFromOutbox(request: APIRequestContext, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return null;
        const messages = (await response.json()) as OutboxMessage[];
        match = messages.map((message) => pattern.exec(message.text)).find(Boolean) ?? null;
        return match;
      },
      { message: `a message to ${to} matching ${pattern}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return match as unknown as RegExpExecArray;
}

/** Calls an identity action from the page, so the session cookie goes along. */
async function identity<T>(page: Page, action: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ([name, payload]) => {
      const response = await fetch('/api/identity', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-identity-action': name as string },
        body: JSON.stringify(payload),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${name} failed: ${JSON.stringify(json)}`);
      return json;
    },
    [action, body] as const,
  ) as Promise<T>;
}

test.describe('sign-up', () => {
  test('by e-mail with the code from the outbox lands signed in on /select-tenant', async ({ page }) => {
    // A wrong code first: the spec's snackbar text, and the person can still finish.
    await signUp(page, 'signup', undefined, { wrongCodeFirst: true });
    await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
    // A brand-new person belongs to no company yet, and the page says so plainly.
    await expect(page.getByText(/does not belong to any company yet/)).toBeVisible();
  });

  test('by phone with the code texted to the outbox lands signed in on /select-tenant', async ({ page }) => {
    // A fresh 10-digit US number each run: (555) 0XX-XXXX, typed with punctuation.
    const digits = String(Date.now() % 10_000_000).padStart(7, '0');
    await signUp(page, 'phone', `(555) ${digits.slice(0, 3)}-${digits.slice(3)}`);
    await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
  });
});

test.describe('password sign-in', () => {
  test('a protected route asks for sign-in, then returns there after choosing a company; sign-out ends it', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, DEMO_ADMIN.username, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/select-tenant$/);
    await page.getByRole('list', { name: 'Choose a company' }).getByRole('button').first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('selectedTenantUuid'))).toMatch(/^[0-9a-f-]{36}$/);

    await signOutFromTenantPage(page);
    expect(await page.evaluate(() => localStorage.getItem('selectedTenantUuid'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password says "Incorrect username or password."', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, DEMO_ADMIN.username, 'not-the-password');
    await expect(page.getByText('Incorrect username or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('passkeys', () => {
  /** Chromium's virtual authenticator (DESIGN.md "Tests"): a platform authenticator with user verification. */
  async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    return { cdp, authenticatorId };
  }

  /**
   * Registers a passkey for the signed-in person through StartWebAuthnRegistration and
   * CompleteWebAuthnRegistration. The profile page's "add passkey" button does not exist yet, so this
   * does what @simplewebauthn/browser's startRegistration does: decode the JSON options, call
   * navigator.credentials.create, encode the attestation as RegistrationResponseJSON.
   */
  async function registerPasskey(page: Page) {
    const { options } = await identity<{ options: Record<string, any> }>(page, 'StartWebAuthnRegistration', {});
    const credential = await page.evaluate(async (json) => {
      const fromB64url = (value: string) => {
        const base64 = value
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(value.length / 4) * 4, '=');
        return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      };
      const toB64url = (buffer: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(buffer)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const publicKey = {
        ...json,
        challenge: fromB64url(json.challenge),
        user: { ...json.user, id: fromB64url(json.user.id) },
        excludeCredentials: (json.excludeCredentials ?? []).map((c: { id: string }) => ({ ...c, id: fromB64url(c.id) })),
      } as unknown as PublicKeyCredentialCreationOptions;
      const created = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
      const response = created.response as AuthenticatorAttestationResponse;
      return {
        id: created.id,
        rawId: toB64url(created.rawId),
        type: created.type,
        response: {
          clientDataJSON: toB64url(response.clientDataJSON),
          attestationObject: toB64url(response.attestationObject),
          transports: response.getTransports?.() ?? [],
          publicKeyAlgorithm: response.getPublicKeyAlgorithm?.(),
          publicKey: response.getPublicKey?.() ? toB64url(response.getPublicKey() as ArrayBuffer) : undefined,
          authenticatorData: response.getAuthenticatorData ? toB64url(response.getAuthenticatorData()) : undefined,
        },
        clientExtensionResults: created.getClientExtensionResults(),
        authenticatorAttachment: created.authenticatorAttachment ?? undefined,
      };
    }, options);
    await identity(page, 'CompleteWebAuthnRegistration', { credential, friendlyName: 'E2E virtual authenticator' });
  }

  test('register through the virtual authenticator, then sign in with the passkey', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await addVirtualAuthenticator(context, page);
      const { email } = await signUp(page, 'passkey');
      await registerPasskey(page);
      await signOutFromTenantPage(page);

      await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByText('Successfully signed in with passkey!')).toBeVisible();
      await expect(page).toHaveURL(/\/select-tenant$/);
      const history = await page.evaluate(() => JSON.parse(localStorage.getItem('passkeyHistory') ?? '{}'));
      expect(history[email]).toMatchObject({ success: true });

      // The stored history (kept across sign-out) now offers the passkey for this account.
      await signOutFromTenantPage(page);
      await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
      await expect(page.getByText('Passkey available for this account!')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('an account without a passkey: "No passkey found…", then after three failures "Multiple passkey attempts failed…"', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await addVirtualAuthenticator(context, page);
      const { email } = await signUp(page, 'nopasskey');
      await signOutFromTenantPage(page);
      await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
      const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
      for (let attempt = 1; attempt <= 2; attempt++) {
        await passkeyButton.click();
        await expect(page.getByRole('alert')).toHaveText('No passkey found for this account. Please use password login instead.');
        await expect(passkeyButton).toBeEnabled();
      }
      await passkeyButton.click();
      await expect(page.getByRole('alert')).toHaveText('Multiple passkey attempts failed. Please try password login instead.');
      await expect(page).toHaveURL(/\/login$/);
      // The failures are remembered, so the passkey note stays away for this account.
      await expect(page.getByText('Passkey available for this account!')).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test('a passkey the authenticator no longer has: "Passkey authentication was canceled."', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);
      const { email } = await signUp(page, 'lostpasskey');
      await registerPasskey(page);
      await signOutFromTenantPage(page);
      // The person removed the passkey from their device; the browser refuses the ceremony.
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
      await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('alert')).toHaveText('Passkey authentication was canceled.', { timeout: 30_000 });
      await expect(page).toHaveURL(/\/login$/);
    } finally {
      await context.close();
    }
  });
});

test.describe('invited person', () => {
  test('signs in with the e-mailed temporary password, is forced through /reset-password and lands with the company', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('invited');

    // The demo admin adds a person and invites them by e-mail (GraphQL from the signed-in page).
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    let temporaryPassword: string;
    try {
      const { tenantUuid } = await signInViaApi(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
      const created = await graphql<{ createEmployees: { id: number }[] }>(
        admin,
        'mutation($t: ID!, $d: [EmployeesInput!]!) { createEmployees(tenant_uuid: $t, data: $d) { id } }',
        { t: tenantUuid, d: [{ firstname: 'Inés', lastname: 'Invitada', status: 1 }] },
      );
      const id = created.createEmployees[0].id;
      const invited = await graphql<{ inviteUser: { id: number; email: string; cognito_status: string } }>(
        admin,
        'mutation($t: ID!, $id: Int!, $e: String!) { inviteUser(tenant_uuid: $t, id: $id, email: $e) { id email cognito_status } }',
        { t: tenantUuid, id, e: email },
      );
      expect(invited.inviteUser).toEqual({ id, email, cognito_status: 'FORCE_CHANGE_PASSWORD' });
      [, temporaryPassword] = await messageFromOutbox(admin.request, email, /temporary password (\S+) and/);
    } finally {
      await adminContext.close();
    }

    // The person, in a browser of their own.
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await fillLogin(page, email, temporaryPassword);
      await expect(page).toHaveURL(/\/reset-password$/);
      await expect(page.getByText('You need to reset your password before continuing. Set a new password to continue.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email or phone number' })).toHaveValue(email);
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('New password', { exact: true }).fill('my-own-invited-password');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();

      await expect(page).toHaveURL(/\/select-tenant$/);
      const companies = page.getByRole('list', { name: 'Choose a company' });
      await expect(companies.getByRole('button', { name: DEMO_COMPANY })).toBeVisible();

      // Signed out everywhere from another device: the next step here says 'Please sign back in.' (spec §8).
      const elsewhere = await browser.newContext();
      try {
        const other = await elsewhere.newPage();
        await other.goto('/login');
        expect(await identity(other, 'InitiateAuth', { username: email, password: 'my-own-invited-password' })).toEqual({
          nextStep: 'DONE',
        });
        await identity(other, 'GlobalSignOut', {});
      } finally {
        await elsewhere.close();
      }
      await companies.getByRole('button', { name: DEMO_COMPANY }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Please sign back in.')).toBeVisible();

      // The temporary password is spent; the new one works.
      await fillLogin(page, email, temporaryPassword);
      await expect(page.getByText('Incorrect username or password.')).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill('my-own-invited-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/select-tenant$/);
      await page.getByRole('list', { name: 'Choose a company' }).getByRole('button', { name: DEMO_COMPANY }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      await context.close();
    }
  });
});

test.describe('TOTP', () => {
  test('enable with AssociateSoftwareToken/VerifySoftwareToken, then sign in with a code', async ({ page }) => {
    test.setTimeout(120_000);
    const { email } = await signUp(page, 'totp');
    const { totpUri } = await identity<{ totpUri: string; secret: string }>(page, 'AssociateSoftwareToken', { password: PASSWORD });
    const totp = OTPAuth.URI.parse(totpUri) as OTPAuth.TOTP;
    await identity(page, 'VerifySoftwareToken', { code: totp.generate() });
    await signOutFromTenantPage(page);

    await fillLogin(page, email, PASSWORD);
    await expect(page.getByText('Enter the code from your authenticator app')).toBeVisible();
    // Codes are single-use, so not the setup code again: the next time step's, which the server's ±1 step window takes
    // (instead of waiting up to 30 s for that step to come).
    await page.getByRole('textbox', { name: 'Verification code' }).fill(totp.generate({ timestamp: Date.now() + totp.period * 1000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/select-tenant$/);
  });
});

test.describe('MFA selection', () => {
  test('with an authenticator app and e-mail on, the person chooses e-mail and signs in with the e-mailed code', async ({ page }) => {
    test.setTimeout(120_000);
    const { email, code: signUpCode } = await signUp(page, 'mfachoice');
    const { totpUri } = await identity<{ totpUri: string }>(page, 'AssociateSoftwareToken', { password: PASSWORD });
    await identity(page, 'VerifySoftwareToken', { code: (OTPAuth.URI.parse(totpUri) as OTPAuth.TOTP).generate() });
    await identity(page, 'SetUserMFAPreference', { enabled: ['TOTP', 'EMAIL'], preferred: null, password: PASSWORD });
    await signOutFromTenantPage(page);

    await fillLogin(page, email, PASSWORD);
    await expect(page.getByText('Choose how to confirm it is you')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Authenticator app' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Text message' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Email' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/^Enter the code we emailed to e\*\*\*@e\*\*\*\.com$/)).toBeVisible();
    // The pointer would rest on Verify (where Continue was). Its hover shade (near-black on dark caramel, 3.4:1) is
    // the theme's, reported to the shell's owner; this checks the screen itself.
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    const code = await codeFromOutbox(page.request, email, [signUpCode]);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/select-tenant$/);
  });
});

test.describe('forgot password', () => {
  test('reset with a code from the outbox, then sign in with the new password', async ({ page }) => {
    const { email, code: signUpCode } = await signUp(page, 'forgot');
    await signOutFromTenantPage(page);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The sign-in page has the same field and stays up while this page loads: wait for this page's heading.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await codeFromOutbox(page.request, email, [signUpCode]);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(otherCode(code));
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByText('There was a problem resetting the password. Invalid verification code provided, please try again.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email or phone number' })).toHaveValue(email);
    await page.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/select-tenant$/);
  });
});

for (const [path, heading] of [
  ['/login', 'Sign in'],
  ['/sign-up?step=0', 'Create your account'],
] as const) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`${path} at ${viewport.width}x${viewport.height} has no serious or critical accessibility violations`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      try {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: 'Groundwork' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      } finally {
        await context.close();
      }
    });
  }
}
