import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claims, mockServer, renderApp } from '../auth/test-helpers';
import { i18n } from '../lib/i18n';
import { JOIN_PENDING_ENDPOINT, type PendingJoin } from '../modules/join/pending-joins';

/** mockServer plus the caller's own pending join requests (issue 26), or a failing answer. */
function withPendingJoins(pending: PendingJoin[] | 'fail', ...args: Parameters<typeof mockServer>) {
  const calls = mockServer(...args);
  const identityFetch = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== JOIN_PENDING_ENDPOINT) return identityFetch(input, init);
      return pending === 'fail'
        ? new Response('{}', { status: 500 })
        : new Response(JSON.stringify({ pending }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/select-tenant', () => {
  it('sends a visitor without a session to /login', async () => {
    mockServer(() => undefined);
    const app = renderApp('/select-tenant');
    await screen.findByRole('heading', { level: 2, name: 'Sign in' });
    expect(app.path()).toBe('/login');
  });

  it('shows the spec message when selecting fails', async () => {
    mockServer((action) => {
      if (action === 'GetUser') return { body: claims() };
      if (action === 'SelectTenant') return { status: 403, body: { name: 'NotAuthorizedException', message: 'no' } };
      return undefined;
    });
    renderApp('/select-tenant');
    fireEvent.click(await screen.findByRole('button', { name: 'Summit Ridge Builders' }));
    expect(await screen.findByText('There was a problem selecting the tenant.')).toBeInTheDocument();
    expect(localStorage.getItem('selectedTenantUuid')).toBeNull();
  });

  it('goes to /dashboard after choosing when no route was remembered', async () => {
    let selected: string | null = null;
    const calls = mockServer((action, body) => {
      if (action === 'GetUser') return { body: claims({ 'custom:selected_tenant_uuid': selected }) };
      if (action === 'SelectTenant') {
        selected = String(body.tenant_uuid);
        return { body: claims({ 'custom:selected_tenant_uuid': selected }) };
      }
      return undefined;
    });
    const app = renderApp('/select-tenant');
    fireEvent.click(await screen.findByRole('button', { name: 'Summit Ridge Builders' }));
    await waitFor(() => expect(app.path()).toBe('/dashboard'));
    // The dashboard's checks finish here, not in the next test (where they would read its stand-in server).
    await waitFor(() => expect(app.router.state.status).toBe('idle'));
    expect(calls.find((call) => call.action === 'SelectTenant')?.body).toEqual({ tenant_uuid: '11111111-1111-4111-8111-111111111111' });
  });

  it('signs out: clears storage but the theme and passkey history, then /login', async () => {
    // Like the server: after SignOut there is no session to read (GetUser answers 'not signed in').
    let signedOut = false;
    const calls = mockServer((action) => {
      if (action === 'GetUser' && !signedOut) return { body: claims() };
      if (action === 'SignOut') {
        signedOut = true;
        return { body: { ok: true } };
      }
      return undefined;
    });
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('passkeyHistory', '{}');
    localStorage.setItem('selectedTenantUuid', 'x');
    localStorage.setItem('menu_open', 'true');
    sessionStorage.setItem('returnRoute', '/dashboard');
    const app = renderApp('/select-tenant');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(calls.some((call) => call.action === 'SignOut')).toBe(true);
    expect({ ...localStorage }).toEqual({ theme: 'dark', passkeyHistory: '{}' });
    expect(sessionStorage.length).toBe(0);
  });

  it('never remembers /login, /sign-up or /reset-password as the return route', async () => {
    const { rememberReturnRoute, peekReturnRoute } = await import('../auth/auth-storage');
    rememberReturnRoute('/login?x=1');
    rememberReturnRoute('/sign-up?step=0');
    rememberReturnRoute('/reset-password');
    expect(peekReturnRoute()).toBeNull();
    rememberReturnRoute('/modules/jobs?id=4');
    expect(peekReturnRoute()).toBe('/modules/jobs?id=4');
  });
});

describe('/select-tenant for someone waiting to join (issue 26)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });
  const waiting: PendingJoin[] = [{ company: 'Mesa Framing', requested_on: '2026-11-23T14:05:00.000Z' }];

  it('shows who they wait for, with when they asked, instead of "no companies", and nothing to select', async () => {
    withPendingJoins(waiting, (action) => (action === 'GetUser' ? { body: claims({ 'custom:tenants': [] }) } : undefined));
    renderApp('/select-tenant');
    const section = await screen.findByRole('region', { name: 'Waiting for approval' });
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('Mesa Framing');
    expect(item).toHaveTextContent("Waiting for approval from Mesa Framing's admins");
    expect(item).toHaveTextContent(/Asked .*2026/);
    expect(within(section).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /Mesa Framing/ })).toBeNull();
    expect(screen.queryByText(/does not belong to any company/)).toBeNull();
  });

  it('lists the companies they can choose, and the one they wait for apart from them', async () => {
    withPendingJoins(waiting, (action) => (action === 'GetUser' ? { body: claims() } : undefined));
    renderApp('/select-tenant');
    expect(await screen.findByText("Waiting for approval from Mesa Framing's admins")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Summit Ridge Builders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mesa Framing/ })).toBeNull();
  });

  it('says "no companies" when nothing waits (a declined request is simply gone)', async () => {
    withPendingJoins([], (action) => (action === 'GetUser' ? { body: claims({ 'custom:tenants': [] }) } : undefined));
    renderApp('/select-tenant');
    expect(await screen.findByText(/does not belong to any company/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting for approval' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    withPendingJoins(waiting, (action) => (action === 'GetUser' ? { body: claims({ 'custom:tenants': [] }) } : undefined));
    renderApp('/select-tenant');
    const section = await screen.findByRole('region', { name: 'Esperando aprobación' });
    expect(section).toHaveTextContent('Esperando la aprobación de los administradores de Mesa Framing');
    expect(section).toHaveTextContent(/Lo pediste el .*2026/);
  });

  it('says so when the list cannot be fetched', async () => {
    withPendingJoins('fail', (action) => (action === 'GetUser' ? { body: claims({ 'custom:tenants': [] }) } : undefined));
    renderApp('/select-tenant');
    expect(await screen.findByText('There was a problem fetching your requests to join.')).toBeInTheDocument();
  });
});
