import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectSnackbarAfter, expectSnackbarShown, recordSnackbars } from './helpers';
import { DEMO_ADMIN, DEMO_COMPANY, DEMO_FOREMAN, DEMO_PASSWORD, graphql, signIn } from './sign-in';

// Issue 4/5: the menu from the server (listUsersNavigation), spec §2 access redirects and their messages, company
// setup for admins only, companies created and deleted, and a person in two companies.

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const PASSWORD = 'field-ops-e2e-password';
const UNAUTH_PAGE = 'Unauthorized page. Redirected to dashboard.';
const UNAUTH_SETTINGS = 'You are not authorized to access that settings area.';

// Luis Hernandez is in the demo's Foremen group: projects_basic, people_basic, receipts_basic, ordering_basic,
// project_notes_admin, tool20_basic, chatbot_basic, announcements_basic, basic_access. Items without a permission are for every member. All are type 0: by title.
const FOREMAN_MENU = [
  'Announcements',
  'Chatbot',
  'Dashboard',
  'External Links',
  'Inventory',
  'My Schedule',
  'Notifications',
  'Ordering',
  'People',
  'Project Notes',
  'Projects',
  'Receipts',
  // His crews' page (issue 46): a foreman of an active job reaches it from his menu.
  'Scheduling',
  'Tasks',
  'Time Cards',
  'Tools',
];
// A member with no group at all.
const MEMBER_MENU = ['Dashboard', 'External Links', 'My Schedule', 'Notifications', 'Tasks', 'Time Cards'];

/** The drawer's links, opening the drawer first on a phone (closed by default under 450 px). */
async function menuTitles(page: Page, phone: boolean, expectedCount: number): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  // The server's items replace the dashboard-only fallback once they arrive.
  await expect(nav.getByRole('link')).toHaveCount(expectedCount);
  const titles = await nav.getByRole('link').allTextContents();
  if (phone) {
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  }
  return titles;
}

async function expectDashboard(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

let counter = 0;
const uniqueEmail = (label: string) => `e2e-access-${label}-${Date.now()}-${process.pid}-${counter++}@example.com`;

/** The newest 6-digit code sent to `to`, waiting for it to arrive. */
async function codeFromOutbox(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return undefined;
        const messages = (await response.json()) as { text: string }[];
        code = messages.map((message) => /\b(\d{6})\b/.exec(message.text)?.[1]).find(Boolean);
        return code;
      },
      { message: `a code e-mailed to ${to}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** A fresh person signs up by e-mail (captcha, code from the outbox) and lands on /select-tenant. */
async function signUpFresh(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto('/sign-up?step=0');
  await page.getByRole('textbox', { name: 'Email or phone number' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('Verified: you are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/sign-up\?step=1$/);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await codeFromOutbox(page.request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/select-tenant$/);
  return email;
}

/** From /select-tenant: creates a company through the page and lands on its dashboard. */
async function createCompany(page: Page, company: string) {
  await page.getByRole('link', { name: 'Create a company' }).click();
  await expect(page).toHaveURL(/\/create-company$/);
  await expect(page.getByRole('heading', { name: 'Create a company' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Empty names are refused before any request.
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Company name' }).fill(company);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: company })).toBeVisible();
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  await recordSnackbars(page);
  return { context, page };
}

for (const viewport of viewports) {
  const phone = viewport.width < 450;

  test.describe(`${viewport.name} ${viewport.width}x${viewport.height}`, () => {
    test('a foreman sees only what his permissions open; other pages redirect with the spec messages', async ({ browser }) => {
      test.setTimeout(120_000);
      const { context, page } = await newPage(browser, viewport);
      try {
        await signIn(page, DEMO_FOREMAN);
        await page.goto('/dashboard');
        await expectDashboard(page);
        expect(await menuTitles(page, phone, FOREMAN_MENU.length)).toEqual(FOREMAN_MENU);
        // No admin shortcuts for a non-admin.
        await expect(page.getByRole('link', { name: 'Company setup' })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);

        // A page outside the navigation: never shown, /dashboard with the message, then the query goes.
        await page.goto('/admin/people?tab=groups');
        await expectSnackbarShown(page, UNAUTH_PAGE);
        await expect(page).toHaveURL(/\/dashboard$/);
        await expectDashboard(page);
        await expect(page.getByRole('heading', { name: 'Manage People' })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);

        // The same for a client-side visit (a typed link, not a page load).
        await page.evaluate(() => {
          history.pushState({}, '', '/admin/reports');
          dispatchEvent(new PopStateEvent('popstate'));
        });
        await expectSnackbarShown(page, UNAUTH_PAGE);
        await expect(page).toHaveURL(/\/dashboard$/);

        await page.goto('/dashboard?unauth=settings&tab=2');
        await expectSnackbarShown(page, UNAUTH_SETTINGS);
        await expect(page).toHaveURL(/\/dashboard\?tab=2$/);

        await page.goto('/dashboard?unauth=foo');
        await expectSnackbarShown(page, 'Unauthorized.');
        await expect(page).toHaveURL(/\/dashboard$/);

        // Company setup is for admins: component and dialog removed, the settings message.
        await page.goto('/dashboard?settings=true&component=company-setup&dialog=accounting-system-dialog');
        await expectSnackbarShown(page, UNAUTH_SETTINGS);
        await expect(page).toHaveURL(/\/dashboard\?settings=true$/);
        await expect(page.getByRole('heading', { name: 'Company setup' })).toHaveCount(0);
        await page.goto('/dashboard?settings=true&component=app-subscription');
        await expectSnackbarShown(page, UNAUTH_SETTINGS);
        await expect(page).toHaveURL(/\/dashboard\?settings=true$/);

        // Items of the navigation (and their sub-paths) open inside the shell with their title.
        await page.goto('/modules/project-notes');
        await expect(page.getByRole('heading', { level: 1, name: 'Project Notes' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        // The profile is open to everyone.
        await page.goto('/user-profile');
        await expect(page).toHaveURL(/\/user-profile$/);

        // External links: the person's own, as cards opening in a new tab without a window.opener.
        await page.goto('/modules/external-links');
        await expect(page.getByRole('heading', { level: 2, name: 'My links' })).toBeVisible();
        const links = page.getByRole('list', { name: 'My links' }).getByRole('link');
        await expect(links).toHaveCount(2);
        const radar = page.getByRole('link', { name: /^Weather radar/ });
        await expect(radar).toHaveAttribute('href', 'https://radar.weather.gov/');
        await expect(radar).toHaveAttribute('target', '_blank');
        await expect(radar).toHaveAttribute('rel', /noopener/);
        // Only people admins manage links.
        await expect(page.getByRole('heading', { name: 'Manage links' })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
      } finally {
        await context.close();
      }
    });

    test('an admin changes a company setting and a department, and sees them after a reload', async ({ browser }) => {
      test.setTimeout(120_000);
      const { context, page } = await newPage(browser, viewport);
      // Each viewport works on its own setting and names: the two run side by side against one server.
      const settingTitle = phone ? 'Time entry up to the pay period end' : 'Time entry until the pay period closes';
      const department = `E2E Dept ${viewport.name} ${Date.now().toString(36)}`;
      try {
        await signIn(page, DEMO_ADMIN);
        await page.goto('/dashboard');
        await expectDashboard(page);
        await page.getByRole('link', { name: 'Company setup' }).click();
        await expect(page).toHaveURL(/\/dashboard\?settings=true&component=company-setup$/);
        await expect(page.getByRole('heading', { level: 2, name: 'Company setup' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Time entry window' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);

        const toggle = page.getByRole('switch', { name: settingTitle });
        const before = await toggle.isChecked();
        await toggle.click();
        await expectSnackbarAfter(page, 'Settings updated.', () => page.getByRole('button', { name: 'Save settings' }).click());

        await page.reload();
        await expect(page.getByRole('switch', { name: settingTitle })).toBeChecked({ checked: !before });

        // Put it back, so the company is as it was.
        await page.getByRole('switch', { name: settingTitle }).click();
        await expectSnackbarAfter(page, 'Settings updated.', () => page.getByRole('button', { name: 'Save settings' }).click());

        // Departments: add, see after a reload, delete.
        await page.getByRole('tab', { name: 'Departments' }).click();
        await page.getByRole('textbox', { name: 'New department' }).fill(department);
        await expectSnackbarAfter(page, 'Department added.', () => page.getByRole('button', { name: 'Add', exact: true }).click());
        await page.reload();
        await page.getByRole('tab', { name: 'Departments' }).click();
        const list = page.getByRole('list', { name: 'Departments' });
        await expect(list.getByText(department)).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await list.getByRole('button', { name: `Delete ${department}` }).click();
        await expectSnackbarAfter(page, 'Department deleted.', () =>
          page.getByRole('dialog', { name: 'Delete department' }).getByRole('button', { name: 'Delete' }).click(),
        );
        await expect(list.getByText(department)).toHaveCount(0);

        // The subscription: modules with their switches.
        await page.goto('/dashboard?settings=true&component=app-subscription');
        await expect(page.getByRole('heading', { level: 2, name: 'Subscription' })).toBeVisible();
        await expect(page.getByRole('switch', { name: 'Time Cards on' })).toBeChecked();
        await expectNoSeriousA11yViolations(page);

        // Closing the panel removes its query.
        await page.getByRole('button', { name: 'Close settings' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
      } finally {
        await context.close();
      }
    });

    // A company is created at a desk; its menus on a phone are the foreman's journey above.
    if (!phone) {
      test('a new company: created by a fresh user, a person in two companies sees the right menu in each, then it is deleted', async ({
        browser,
      }) => {
        // Sign-up solves a proof-of-work captcha; two people, two companies, several screens with axe.
        test.setTimeout(240_000);
        const owner = await newPage(browser, viewport);
        const foreman = await newPage(browser, viewport);
        const company = `E2E Access ${viewport.name} ${Date.now().toString(36)}`;
        try {
          // A fresh user has no company: they create one and are its first admin (every item in the menu).
          const ownerEmail = await signUpFresh(owner.page, viewport.name);
          await expect(owner.page.getByText('Your account does not belong to any company yet.', { exact: false })).toBeVisible();
          await expectNoSeriousA11yViolations(owner.page);
          await createCompany(owner.page, company);
          const adminMenu = await menuTitles(owner.page, phone, 22);
          expect(adminMenu.slice(0, 5)).toEqual(['Manage People', 'Manage Projects', 'Manage Scheduling', 'People Report', 'Reports']);
          await expect(owner.page.getByRole('link', { name: 'Company setup' })).toBeVisible();

          // The owner adds Luis to the new company and invites him (he already has an account: linked, no password).
          const tenant = await owner.page.evaluate(() => localStorage.getItem('selectedTenantUuid'));
          const created = await graphql<{ createEmployees: { id: number }[] }>(
            owner.page,
            'mutation($t: ID!, $d: [EmployeesInput!]!) { createEmployees(tenant_uuid: $t, data: $d) { id } }',
            { t: tenant, d: [{ firstname: 'Luis', lastname: 'Hernandez', email: DEMO_FOREMAN }] },
          );
          await graphql(
            owner.page,
            'mutation($t: ID!, $id: Int!, $e: String!) { inviteUser(tenant_uuid: $t, id: $id, email: $e) { id } }',
            {
              t: tenant,
              id: created.createEmployees[0]?.id,
              e: DEMO_FOREMAN,
            },
          );

          // Luis in the demo company: the foreman's menu.
          await signIn(foreman.page, DEMO_FOREMAN, DEMO_PASSWORD, DEMO_COMPANY);
          await foreman.page.goto('/dashboard');
          await expect(foreman.page.getByRole('heading', { level: 2, name: DEMO_COMPANY })).toBeVisible();
          expect(await menuTitles(foreman.page, phone, FOREMAN_MENU.length)).toEqual(FOREMAN_MENU);

          // Switching to the new company: no groups there, so only the items for every member.
          await foreman.page.goto('/select-tenant');
          await foreman.page.getByRole('button', { name: company }).click();
          await expect(foreman.page).toHaveURL(/\/dashboard$/);
          await expect(foreman.page.getByRole('heading', { level: 2, name: company })).toBeVisible();
          expect(await menuTitles(foreman.page, phone, MEMBER_MENU.length)).toEqual(MEMBER_MENU);
          await foreman.page.goto('/modules/projects');
          await expectSnackbarShown(foreman.page, UNAUTH_PAGE);
          await expect(foreman.page).toHaveURL(/\/dashboard$/);
          // His demo-company links stay there: nothing here yet.
          await foreman.page.goto('/modules/external-links');
          await expect(foreman.page.getByText('You have no links yet.')).toBeVisible();
          await expectNoSeriousA11yViolations(foreman.page);

          // And back: the demo company's menu again, nothing of the other one.
          await foreman.page.goto('/select-tenant');
          await foreman.page.getByRole('button', { name: DEMO_COMPANY }).click();
          await expect(foreman.page.getByRole('heading', { level: 2, name: DEMO_COMPANY })).toBeVisible();
          expect(await menuTitles(foreman.page, phone, FOREMAN_MENU.length)).toEqual(FOREMAN_MENU);

          // The owner deletes the company: a typed confirmation of their e-mail, then they are signed out.
          await owner.page.goto('/dashboard?settings=true&component=company-setup');
          await owner.page.getByRole('tab', { name: 'Company' }).click();
          await owner.page.getByRole('button', { name: 'Delete company' }).click();
          const dialog = owner.page.getByRole('dialog', { name: `Delete ${company}?` });
          await expect(dialog).toBeVisible();
          await expect(dialog.getByRole('button', { name: 'Delete forever' })).toBeDisabled();
          await dialog.getByRole('textbox', { name: 'Your e-mail' }).fill('someone.else@example.com');
          await expect(dialog.getByText('This is not your sign-in e-mail.')).toBeVisible();
          await expect(dialog.getByRole('button', { name: 'Delete forever' })).toBeDisabled();
          await expectNoSeriousA11yViolations(owner.page);
          await dialog.getByRole('textbox', { name: 'Your e-mail' }).fill(ownerEmail);
          await dialog.getByRole('button', { name: 'Delete forever' }).click();
          await expect(owner.page).toHaveURL(/\/login$/);

          // Gone for Luis too: his companies are the demo one only.
          await foreman.page.goto('/select-tenant');
          await expect(foreman.page.getByRole('button', { name: DEMO_COMPANY })).toBeVisible();
          await expect(foreman.page.getByRole('button', { name: company })).toHaveCount(0);
        } finally {
          await owner.context.close();
          await foreman.context.close();
        }
      });
    }
  });
}
