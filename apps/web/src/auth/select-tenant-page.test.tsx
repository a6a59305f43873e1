import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claims, mockServer, renderApp } from './test-helpers';

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
    expect(calls.find((call) => call.action === 'SelectTenant')?.body).toEqual({ tenant_uuid: '11111111-1111-4111-8111-111111111111' });
  });

  it('signs out: clears storage but the theme and passkey history, then /login', async () => {
    const calls = mockServer((action) => {
      if (action === 'GetUser') return { body: claims() };
      if (action === 'SignOut') return { body: { ok: true } };
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
    const { rememberReturnRoute, peekReturnRoute } = await import('./auth-storage');
    rememberReturnRoute('/login?x=1');
    rememberReturnRoute('/sign-up?step=0');
    rememberReturnRoute('/reset-password');
    expect(peekReturnRoute()).toBeNull();
    rememberReturnRoute('/modules/jobs?id=4');
    expect(peekReturnRoute()).toBe('/modules/jobs?id=4');
  });
});
