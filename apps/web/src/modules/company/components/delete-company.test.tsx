import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { createAppRouter } from '../../../app/router';
import { claims } from '../../../auth/test-helpers';
import { setWindowWidth } from '../../../shell/test-utils';

const TENANT = '11111111-1111-4111-8111-111111111111';

/** The app signed in as an admin, on company setup; deleteTenant answers as told. Returns the calls made. */
function renderCompanySetup(deleteAnswer: { ok: boolean }) {
  const calls: { kind: string; name: string; variables?: unknown }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/identity') {
        const action = new Headers(init?.headers).get('x-identity-action') ?? '';
        calls.push({ kind: 'identity', name: action });
        if (action === 'GetUser') return json(claims({ 'custom:selected_tenant_uuid': TENANT, 'cognito:groups': ['admin_access'] }));
        return json({});
      }
      const { query, variables } = JSON.parse(String(init?.body)) as { query: string; variables: unknown };
      const name = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
      calls.push({ kind: 'graphql', name, variables });
      if (name === 'ListUsersNavigation') return json({ data: { listUsersNavigation: [] } });
      if (name === 'ListGlobalSettings') return json({ data: { listGlobalSettings: [] } });
      if (name === 'DeleteTenant') {
        return deleteAnswer.ok
          ? json({ data: { deleteTenant: true } })
          : json({ errors: [{ message: 'user_email must be your sign-in e-mail', extensions: { code: 'VALIDATION' } }] }, 400);
      }
      return json({ errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] }, 403);
    }),
  );
  const queryClient = createQueryClient();
  const router = createAppRouter({
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: ['/dashboard?settings=true&component=company-setup'] }),
  });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { calls, router };
}

async function confirmDeletion(typed: string) {
  fireEvent.click(await screen.findByRole('tab', { name: 'Company' }, { timeout: 10_000 }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete company' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Summit Ridge Builders?' });
  const confirm = within(dialog).getByRole('button', { name: 'Delete forever' });
  expect(confirm).toBeDisabled();
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Your e-mail' }), { target: { value: typed } });
  return { dialog, confirm };
}

describe('Delete company', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('needs the sign-in e-mail typed, then deletes and signs out', async () => {
    setWindowWidth(1440);
    const { calls, router } = renderCompanySetup({ ok: true });
    const { dialog, confirm } = await confirmDeletion('someone@example.com');
    expect(within(dialog).getByText('This is not your sign-in e-mail.')).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Your e-mail' }), { target: { value: 'Maria@Example.com ' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.name === 'DeleteTenant')?.variables).toEqual({ tenant_uuid: TENANT, user_email: 'Maria@Example.com' });
    expect(calls.some((call) => call.kind === 'identity' && call.name === 'SignOut')).toBe(true);
    expect(localStorage.getItem('selectedTenantUuid')).toBeNull();
  });

  it("says 'There was a problem deleting account.' when the server refuses, and stays signed in", async () => {
    setWindowWidth(1440);
    const { calls, router } = renderCompanySetup({ ok: false });
    const { confirm } = await confirmDeletion('maria@example.com');
    fireEvent.click(confirm);
    expect(await screen.findByText('There was a problem deleting account.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.some((call) => call.name === 'SignOut')).toBe(false);
  });
});
