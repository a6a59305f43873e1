import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectSnackbarAfter } from './helpers';
import { DEMO_ADMIN, DEMO_FOREMAN, signIn } from './sign-in';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const snackbar = (page: Page) => page.getByTestId('app-snackbar');

test.describe('jobs as a projects admin (desktop 1440x900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('create a job, staff it, budget it, move it on the timeline, delete it', async ({ browser }) => {
    // The whole admin journey in one scenario: several screens, each checked with axe.
    test.setTimeout(150_000);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, DEMO_ADMIN);
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const name = `E2E Tower ${suffix}`;
    const abbr = `E2E${suffix}`;

    await page.goto('/admin/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('grid')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('admin-jobs-1440.png') });

    // Create.
    await page.getByRole('button', { name: 'New job' }).click();
    const dialog = page.getByRole('dialog', { name: 'New job' });
    await dialog.getByRole('textbox', { name: 'Job name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Abbreviation' }).fill(abbr);
    await dialog.getByRole('textbox', { name: 'Customer' }).fill('E2E Holdings');
    await dialog.getByLabel('Start date').fill('2026-03-02');
    await dialog.getByLabel('End date').fill('2026-05-29');
    await expectNoSeriousA11yViolations(page);
    await expectSnackbarAfter(page, 'Job added.', () => dialog.getByRole('button', { name: 'Save' }).click());
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
    await expect(page).toHaveURL(/[?&]id=\d+/);

    // Team.
    await page.getByRole('tab', { name: 'Team' }).click();
    await expect(page).toHaveURL(/tab=team/);
    await page.getByRole('combobox', { name: 'Add foreman' }).fill('Luis');
    await expectSnackbarAfter(page, 'Team updated.', () => page.getByRole('option', { name: /Luis Hernandez/ }).click());
    await expect(page.getByRole('region', { name: 'Foremen' }).getByText('Luis Hernandez')).toBeVisible();
    await page.getByRole('combobox', { name: 'Add project manager' }).fill('Maria');
    await page.getByRole('option', { name: /Maria Alvarez/ }).click();
    await expect(page.getByRole('region', { name: 'Project managers' }).getByText('Maria Alvarez')).toBeVisible();

    // Budget: two lines, amounts and totals.
    await page.getByRole('tab', { name: 'Budget' }).click();
    await expect(page.getByText('No budget lines yet.')).toBeVisible();
    for (let i = 0; i < 2; i += 1) {
      const add = page.getByRole('combobox', { name: 'Add cost code' });
      await add.click();
      await page.getByRole('option').first().click();
      await expect(page.getByRole('textbox', { name: /^Hours for / })).toHaveCount(i + 1);
    }
    const hours = page.getByRole('textbox', { name: /^Hours for / });
    await hours.nth(0).fill('100');
    await hours.nth(0).press('Enter');
    await expect(snackbar(page)).toHaveText('Budget updated.');
    await hours.nth(1).fill('50');
    await expect(page.getByTestId('total-hrsbdg')).toHaveText('150');
    await page
      .getByRole('textbox', { name: /^Material for / })
      .nth(1)
      .fill('2500');
    // The line saves on leaving the field; the switch is toggled once that save (and the refetch after it) is back, or
    // the refetch would put the old state back under the click on a loaded machine.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('UpdateJobsCostcodes'),
    );
    await page
      .getByRole('textbox', { name: /^Material for / })
      .nth(1)
      .press('Tab');
    await saved;
    await page.waitForResponse((r) => r.url().endsWith('/graphql'), { timeout: 5000 }).catch(() => {});
    await expect(page.getByTestId('total-matbdg')).toHaveText('2,500.00');
    // The switch flips once a refetch still in flight is cancelled (a tick after the tap), so the click is followed by a
    // wait for the new state rather than Playwright's uncheck(), which reads the state at once.
    await page.getByRole('switch').nth(1).click();
    await expect(page.getByRole('switch').nth(1)).not.toBeChecked();
    await expect(page.getByTestId('total-hrsbdg')).toHaveText('100');
    await expect(page.getByTestId('total-matbdg')).toHaveText('0.00');
    await page.reload();
    await expect(page.getByTestId('total-hrsbdg')).toHaveText('100');
    await expectNoSeriousA11yViolations(page);

    // Timeline: drag the bar ten days later (4 px a day).
    await page.getByRole('button', { name: 'All jobs' }).click();
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const bar = page.getByRole('slider', { name: `${abbr} · ${name}` });
    await bar.scrollIntoViewIfNeeded();
    await expect(bar).toHaveAttribute('data-start', '2026-03-02');
    const box = await bar.boundingBox();
    if (!box) throw new Error('the bar has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(snackbar(page)).toHaveText('Job updated.');
    await expect(bar).toHaveAttribute('data-start', '2026-03-12');
    await expect(bar).toHaveAttribute('data-end', '2026-06-08');
    // The keyboard path: one day back.
    await bar.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(bar).toHaveAttribute('data-start', '2026-03-11');
    await page.reload();
    await expect(page.getByRole('slider', { name: `${abbr} · ${name}` })).toHaveAttribute('data-start', '2026-03-11');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('admin-timeline-1440.png'), fullPage: true });

    // Delete (soft): gone from the list.
    await page.getByRole('button', { name: `${abbr} · ${name}` }).click();
    await page.getByRole('button', { name: 'Delete job' }).click();
    await expectSnackbarAfter(page, 'Job deleted.', () =>
      page.getByRole('dialog', { name: 'Delete job?' }).getByRole('button', { name: 'Delete' }).click(),
    );
    await page.getByRole('tab', { name: 'Jobs' }).click();
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill(abbr);
    await expect(page.getByText('No jobs match.')).toBeVisible();
    await context.close();
  });
});

test.describe('jobs as a basic user (a foreman with projects_basic)', () => {
  for (const viewport of viewports) {
    test(`sees jobs without edit controls; a crafted write is refused (${viewport.name})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      const { tenantUuid } = await signIn(page, DEMO_FOREMAN);

      await page.goto('/modules/projects');
      await page.getByRole('searchbox', { name: 'Search jobs' }).fill('Riverside');
      const job = page.getByRole('button', { name: /Riverside Medical Office Building/ }).first();
      await expect(job).toBeVisible();
      await expect(page.getByRole('button', { name: 'New job' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`basic-jobs-${viewport.width}.png`) });

      await job.click();
      await expect(page.getByRole('heading', { level: 2, name: /Riverside Medical Office Building/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit job' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete job' })).toHaveCount(0);
      await page.getByRole('tab', { name: 'Team' }).click();
      await expect(page.getByRole('region', { name: 'Foremen' })).toBeVisible();
      await expect(page.getByRole('combobox')).toHaveCount(0);
      await page.getByRole('tab', { name: 'Budget' }).click();
      await expect(page.getByRole('table', { name: 'Budget lines' })).toBeVisible();
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expect(page.getByRole('switch')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`basic-budget-${viewport.width}.png`), fullPage: true });

      await page.getByRole('tab', { name: 'Timeline' }).click();
      await expect(page.getByRole('slider')).toHaveAttribute('aria-readonly', 'true');

      const jobId = Number(new URL(page.url()).searchParams.get('id'));
      const answer = await page.evaluate(
        async ({ tenantUuid, jobId }) => {
          const response = await fetch('/graphql', {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              query: 'mutation($t: ID!, $d: [JobsUpdateInput!]!) { updateJobs(tenant_uuid: $t, data: $d) { id } }',
              variables: { t: tenantUuid, d: [{ id: jobId, job: 'Hijacked' }] },
            }),
          });
          return (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
        },
        { tenantUuid, jobId },
      );
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      await context.close();
    });
  }
});
