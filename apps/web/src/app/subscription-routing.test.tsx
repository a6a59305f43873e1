import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claims } from '../auth/test-helpers';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';

const TENANT = '11111111-1111-4111-8111-111111111111';

/** The app signed in with `groups`, the server answering billingStatus with `status`; opens `path`. */
function open(path: string, groups: string[], status: { configured: boolean; status: string | null; blocked: boolean }) {
  const json = (body: unknown, code = 200) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/identity') {
        const action = new Headers(init?.headers).get('x-identity-action') ?? '';
        if (action === 'GetUser') return json(claims({ 'custom:selected_tenant_uuid': TENANT, 'cognito:groups': groups }));
        return json({});
      }
      const { query } = JSON.parse(String(init?.body)) as { query: string };
      const name = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
      if (name === 'BillingStatus') return json({ data: { billingStatus: status } });
      if (name === 'ListUsersNavigation') {
        return json({ data: { listUsersNavigation: [{ id: 1, title: 'Jobs', path: '/modules/projects', icon: null, modules_id: 2 }] } });
      }
      if (name === 'ListGlobalSettings') return json({ data: { listGlobalSettings: [] } });
      return json({ errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] }, 403);
    }),
  );
  localStorage.setItem('selectedTenantUuid', TENANT);
  const queryClient = createQueryClient();
  const router = createAppRouter({ context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a cancelled subscription, from the server's status (spec §2, issue 23)", () => {
  it('sends a foreman to the subscription-cancelled dialog', async () => {
    const router = open('/modules/projects', ['projects_basic', 'basic_access'], { configured: true, status: 'canceled', blocked: true });
    expect(await screen.findByRole('dialog', { name: 'Subscription cancelled' }, { timeout: 10_000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toMatchObject({ dialog: 'subscription-cancelled' });
  });

  it('sends an admin to the app-subscription settings', async () => {
    const router = open('/modules/projects', ['admin_access'], { configured: true, status: 'unpaid', blocked: true });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ component: 'app-subscription' }), { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog', { name: 'Subscription cancelled' })).toBeNull();
  });

  it('blocks nothing while billing is not configured', async () => {
    const router = open('/modules/projects', ['projects_basic', 'basic_access'], { configured: false, status: null, blocked: false });
    await waitFor(() => expect(router.state.status).toBe('idle'), { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/modules/projects'));
    expect(screen.queryByRole('dialog', { name: 'Subscription cancelled' })).toBeNull();
  });
});
