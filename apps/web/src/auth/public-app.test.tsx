import { isPublicPath } from '@groundwork/core/public-paths';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { pageLoad } from './auth-nav';
import { PublicApp } from './public-app';
import { mockServer } from './test-helpers';

// The light sign-in app a phone opens on /login (issue 28): the same screens as inside the signed-in app, moving
// between themselves through history and into the signed-in app by loading the page.

function open(path: string) {
  window.history.replaceState(null, '', path);
  render(
    <I18nextProvider i18n={i18n}>
      <PublicApp />
    </I18nextProvider>,
  );
}

let loads: string[];
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  loads = [];
  vi.spyOn(pageLoad, 'assign').mockImplementation((url) => {
    loads.push(new URL(url).pathname + new URL(url).search);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the light sign-in app', () => {
  it('knows the sign-in screens by path, with or without a trailing slash', () => {
    expect(['/login', '/login/', '/sign-up', '/forgot-password', '/reset-password'].every(isPublicPath)).toBe(true);
    expect(['/', '/select-tenant', '/dashboard', '/join', '/loginx', '/modules/timecards'].some(isPublicPath)).toBe(false);
  });

  it('signs in and loads the signed-in app at tenant selection', async () => {
    const calls = mockServer((action) => (action === 'InitiateAuth' ? { body: { nextStep: 'DONE' } } : undefined));
    open('/login');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email or phone number' }), { target: { value: 'maria@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'secret-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(loads).toEqual(['/select-tenant']));
    expect(calls.find((call) => call.action === 'InitiateAuth')?.body).toMatchObject({
      username: 'maria@example.com',
      password: 'secret-pass-1',
    });
  });

  it('moves between the sign-in screens without loading the page, and back with the browser', async () => {
    mockServer(() => undefined);
    open('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Reset your password' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/forgot-password');
    window.history.back();
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Create your account' })).toBeInTheDocument();
    expect(window.location.search).toBe('?step=0');
    expect(loads).toEqual([]);
  });

  it('follows the stored dark theme', async () => {
    mockServer(() => undefined);
    localStorage.setItem('theme', 'dark');
    open('/login');
    await screen.findByRole('heading', { level: 2, name: 'Sign in' });
    expect(screen.getByTestId(/auth-(mobile|desktop)/)).toHaveClass('gw-auth-dark');
  });
});
