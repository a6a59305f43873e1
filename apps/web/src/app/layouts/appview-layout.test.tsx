import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { type NavigationItem, NavigationItemsProvider } from '../../shell/navigation';
import { renderSignedInApp } from '../../shell/test-app';
import { resetWindowWidth, setWindowWidth } from '../../shell/test-utils';

function renderDashboard(wrap?: (children: ReactNode) => ReactNode) {
  renderSignedInApp('/dashboard', wrap);
}

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('AppviewLayout', () => {
  afterEach(() => {
    localStorage.clear();
    resetWindowWidth();
    vi.unstubAllGlobals();
  });

  it('shows the page title in the app bar and only the dashboard until the server navigation arrives', async () => {
    setWindowWidth(1440);
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(
      within(navigation())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard']);
  });

  it('lists the server navigation by type descending, then title', async () => {
    setWindowWidth(1440);
    const items: NavigationItem[] = [
      { title: 'Time Cards', path: '/modules/timecards', type: 1 },
      { title: 'Dashboard', path: '/dashboard', type: 9 },
      { title: 'People', path: '/admin/people', type: 5 },
      { title: 'Announcements', path: '/modules/announcements', type: 1 },
      { title: 'Something New', path: '/modules/something-new', type: 1 },
    ];
    renderDashboard((children) => <NavigationItemsProvider items={items}>{children}</NavigationItemsProvider>);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const links = within(navigation()).getAllByRole('link');
    // Titles translate by path ('Manage People' for /admin/people); a path without a translation keeps the server's title.
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Manage People', 'Announcements', 'Something New', 'Time Cards']);
    expect(links[4]).toHaveAttribute('href', '/modules/timecards');
  });

  it('opens the menu by default above 450 px and remembers a toggle', async () => {
    setWindowWidth(1440);
    renderDashboard();
    const close = await screen.findByRole('button', { name: 'Close menu' });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(close);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('menu_open')).toBe('false');
  });

  it('names the page in the app bar and the tab title in the reader’s language (issue 46)', async () => {
    setWindowWidth(390);
    renderSignedInApp('/user-profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Profile' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('User Profile · Groundwork'));
    await act(() => i18n.changeLanguage('es'));
    try {
      expect(await screen.findByRole('heading', { level: 1, name: 'Perfil de usuario' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Perfil de usuario · Groundwork'));
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    expect(await screen.findByRole('heading', { level: 1, name: 'User Profile' })).toBeInTheDocument();
  });

  it('keeps the menu closed by default at 450 px and below', async () => {
    setWindowWidth(390);
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
