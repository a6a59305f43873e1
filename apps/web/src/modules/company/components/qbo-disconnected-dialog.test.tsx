import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { createAppRouter } from '../../../app/router';
import { claims, mockServer } from '../../../auth/test-helpers';
import { renderSignedInApp as renderAt } from '../../../shell/test-app';
import { QBO_LEARN_MORE_URL } from './qbo-disconnected-view';

const dialogName = 'QuickBooks Disconnected';

describe('QuickBooks Disconnected dialog', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('opens from the dialog query with its text, link and only a close control', async () => {
    renderAt('/dashboard?dialog=qbo-disconnected');
    const dialog = await screen.findByRole('dialog', { name: dialogName });
    expect(dialog).toHaveTextContent('has been disconnected');
    expect(dialog).toHaveTextContent('Data will no longer sync from your QuickBooks account');
    const link = screen.getByRole('link', { name: /Learn more/ });
    expect(link).toHaveAttribute('href', QBO_LEARN_MORE_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(dialog.querySelector('.MuiDialogActions-root')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('closing removes only the dialog query, replacing the history entry, and clears the flag', async () => {
    localStorage.setItem('qbo_disconnected', 'true');
    const { router, history } = renderAt('/dashboard?tab=2&dialog=qbo-disconnected&id=7');
    await screen.findByRole('dialog', { name: dialogName });
    const entries = history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 2, id: 7 }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(history.length).toBe(entries);
    expect(localStorage.getItem('qbo_disconnected')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument());
  });

  it('opens at start when the local flag is set, and closing clears it', async () => {
    localStorage.setItem('qbo_disconnected', 'true');
    renderAt('/dashboard');
    await screen.findByRole('dialog', { name: dialogName });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(localStorage.getItem('qbo_disconnected')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument());
  });

  it('stays closed without flag or query, and opens when the query appears', async () => {
    // The test DOM has no layout, so the drawer would be the phone one, a modal hiding the heading.
    localStorage.setItem('menu_open', 'false');
    const { router } = renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument();
    await act(() => router.navigate({ to: '/dashboard', search: { dialog: 'qbo-disconnected' } as never }));
    expect(await screen.findByRole('dialog', { name: dialogName })).toBeInTheDocument();
  });
});

describe('QuickBooks Disconnected for admins, from the server flag (issue 23)', () => {
  const TENANT = '11111111-1111-4111-8111-111111111111';
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  function renderAdmin(flagged: boolean, connect: () => unknown) {
    mockServer((action) =>
      action === 'GetUser' ? { body: claims({ 'custom:selected_tenant_uuid': TENANT, 'cognito:groups': ['admin_access'] }) } : undefined,
    );
    localStorage.setItem('selectedTenantUuid', TENANT);
    localStorage.setItem('menu_open', 'false');
    const identity = globalThis.fetch;
    const graphql: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) !== '/graphql') return identity(input, init);
        const body = JSON.parse(String(init?.body ?? '{}')) as { query: string };
        const op = /(?:query|mutation) (\w+)/.exec(body.query)?.[1] ?? '';
        graphql.push(op);
        const data =
          op === 'AccountingSystemStatus'
            ? {
                accountingSystemStatus: {
                  configured: true,
                  connected: !flagged,
                  qbo_disconnected: flagged,
                  realm_id: null,
                  connected_on: null,
                  accountingsystems_id: 1,
                },
              }
            : op === 'AccountingSystemConnection'
              ? { accountingSystemConnection: connect() }
              : null;
        return new Response(
          JSON.stringify(data ? { data } : { data: null, errors: [{ message: 'nope', extensions: { code: 'FORBIDDEN' } }] }),
          {
            headers: { 'content-type': 'application/json' },
          },
        );
      }),
    );
    const queryClient = createQueryClient();
    const history = createMemoryHistory({ initialEntries: ['/dashboard'] });
    const router = createAppRouter({ context: { queryClient }, history });
    const openUrl = vi.fn();
    render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    );
    return { graphql, openUrl };
  }

  it('opens at start for an admin when the server says QuickBooks refused the connection, and sets the flag', async () => {
    renderAdmin(true, () => ({ message: null, redirect_uri: null }));
    const dialog = await screen.findByRole('dialog', { name: dialogName });
    expect(localStorage.getItem('qbo_disconnected')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Reconnect QuickBooks' })).toBeVisible();
  });

  it('reconnect calls the accounting connect action, then clears the flag and closes, even when it fails', async () => {
    const { graphql } = renderAdmin(true, () => {
      throw new Error('QuickBooks is down');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dialog = await screen.findByRole('dialog', { name: dialogName });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reconnect QuickBooks' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument());
    expect(graphql).toContain('AccountingSystemConnection');
    expect(localStorage.getItem('qbo_disconnected')).toBeNull();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('stays closed for an admin whose connection is fine', async () => {
    const { graphql } = renderAdmin(false, () => ({ message: null, redirect_uri: null }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(graphql).toContain('AccountingSystemStatus'));
    expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument();
  });
});
