import type { IdentityClaims } from '@groundwork/core/identity';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claims } from '../../auth/test-helpers';
import { i18n } from '../../lib/i18n';
import { resetWindowWidth, setWindowWidth } from '../../shell/test-utils';
import { createQueryClient, Providers } from '../providers';
import { createAppRouter } from '../router';

const TENANT = '11111111-1111-4111-8111-111111111111';

const NAVIGATION = [
  { id: 1, title: 'Dashboard', path: '/dashboard', type: 0, icon: 'Dashboard', modules_id: null },
  { id: 9, title: 'Receipts', path: '/modules/receipts', type: 0, icon: 'Receipt', modules_id: 5 },
  { id: 5, title: 'External Links', path: '/modules/external-links', type: 0, icon: 'Link', modules_id: 13 },
];

interface Server {
  navigation?: unknown[] | 'error';
  settings?: { codx_tenant_options_values_id: number; custom_value: string | null }[];
  groups?: string[];
}

/** The whole app signed in to TENANT, with GraphQL answering the navigation and settings as told. */
function renderApp(path: string, server: Server = {}) {
  const graphqlCalls: string[] = [];
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/identity') {
        const user: IdentityClaims = claims({
          'custom:selected_tenant_uuid': TENANT,
          'cognito:groups': server.groups ?? ['receipts_basic'],
        });
        return answer(user);
      }
      if (url === '/graphql') {
        const { query } = JSON.parse(String(init?.body)) as { query: string };
        const operation = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
        graphqlCalls.push(operation);
        if (operation === 'ListUsersNavigation') {
          if (server.navigation === 'error') return answer({ errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }] }, 500);
          return answer({ data: { listUsersNavigation: server.navigation ?? NAVIGATION } });
        }
        if (operation === 'ListGlobalSettings') {
          const settings = (server.settings ?? []).map((s) => ({
            title: 'x',
            description: null,
            group: 'Display',
            value_type: 'boolean',
            options: null,
            pass_through_value: null,
            ...s,
          }));
          return answer({ data: { listGlobalSettings: settings } });
        }
        return answer({ errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] }, 403);
      }
      throw new TypeError(`unmocked fetch ${url}`);
    }),
  );
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ context: { queryClient }, history });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, graphqlCalls };
}

const navigation = (name = 'Main navigation') => screen.getByRole('navigation', { name });

describe('server navigation and access redirects', () => {
  afterEach(async () => {
    localStorage.clear();
    resetWindowWidth();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('builds the menu from listUsersNavigation, translated, with the spec order', async () => {
    setWindowWidth(1440);
    renderApp('/dashboard');
    await waitFor(() => expect(within(navigation()).getAllByRole('link')).toHaveLength(3), { timeout: 5000 });
    expect(
      within(navigation())
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['External Links', '/modules/external-links'],
      ['Receipts', '/modules/receipts'],
    ]);
  });

  it('shows Spanish titles in Spanish, in their alphabetical order', async () => {
    setWindowWidth(1440);
    await i18n.changeLanguage('es');
    renderApp('/dashboard');
    await waitFor(() => expect(within(navigation('Navegación principal')).getAllByRole('link')).toHaveLength(3), { timeout: 5000 });
    expect(
      within(navigation('Navegación principal'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enlaces externos', 'Panel', 'Recibos']);
  });

  it('sends a page outside the navigation to /dashboard with the message, then drops the query', async () => {
    setWindowWidth(1440);
    const { router } = renderApp('/admin/people?tab=groups');
    expect(await screen.findByText('Unauthorized page. Redirected to dashboard.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/dashboard'));
    // The forbidden page never rendered.
    expect(screen.queryByRole('heading', { level: 1, name: 'People' })).not.toBeInTheDocument();
  });

  it('opens pages in the navigation and their sub-paths', async () => {
    setWindowWidth(1440);
    const { router } = renderApp('/modules/receipts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/modules/receipts');
  });

  it('shows the settings message and the generic one for other unauth values', async () => {
    setWindowWidth(1440);
    const { router } = renderApp('/dashboard?unauth=settings&tab=2');
    expect(await screen.findByText('You are not authorized to access that settings area.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 2 }));
  });

  it("says 'Unauthorized.' for an unknown unauth value", async () => {
    setWindowWidth(1440);
    const { router } = renderApp('/dashboard?unauth=foo');
    expect(await screen.findByText('Unauthorized.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/dashboard'));
  });

  it('refuses company setup to a non-admin: component and dialog removed, the settings message shown', async () => {
    setWindowWidth(1440);
    const { router } = renderApp('/dashboard?settings=true&component=company-setup&dialog=accounting-system-dialog');
    expect(await screen.findByText('You are not authorized to access that settings area.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ settings: true }));
    expect(screen.queryByRole('heading', { name: 'Company setup' })).not.toBeInTheDocument();
  });

  it('keeps pages open when the navigation cannot be read (the server refuses their data anyway)', async () => {
    setWindowWidth(1440);
    const { router } = renderApp('/modules/receipts', { navigation: 'error' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/modules/receipts');
    expect(
      within(navigation())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard']);
  });

  it('drops snackbar messages when the company turned setting 17 off', async () => {
    setWindowWidth(1440);
    const { router, queryClient } = renderApp('/dashboard', { settings: [{ codx_tenant_options_values_id: 17, custom_value: 'false' }] });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(queryClient.getQueryData(['global-settings', TENANT])).toBeDefined());
    await router.navigate({ to: '/admin/people' as never });
    await waitFor(() => expect(router.state.location.href).toBe('/dashboard'));
    expect(screen.queryByText('Unauthorized page. Redirected to dashboard.')).not.toBeInTheDocument();
  });

  it('shows them when setting 17 is on', async () => {
    setWindowWidth(1440);
    const { router, queryClient } = renderApp('/dashboard', { settings: [{ codx_tenant_options_values_id: 17, custom_value: 'true' }] });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(queryClient.getQueryData(['global-settings', TENANT])).toBeDefined());
    await router.navigate({ to: '/admin/people' as never });
    expect(await screen.findByText('Unauthorized page. Redirected to dashboard.')).toBeInTheDocument();
  });
});
