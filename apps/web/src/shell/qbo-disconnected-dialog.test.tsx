import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QBO_LEARN_MORE_URL } from './qbo-disconnected-dialog';
import { renderSignedInApp as renderAt } from './test-app';

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
    // jsdom has no layout, so the drawer would be the phone one, a modal hiding the heading.
    localStorage.setItem('menu_open', 'false');
    const { router } = renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument();
    await act(() => router.navigate({ to: '/dashboard', search: { dialog: 'qbo-disconnected' } as never }));
    expect(await screen.findByRole('dialog', { name: dialogName })).toBeInTheDocument();
  });
});
