import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineModal } from './offline-modal';
import { renderInShell } from './test-utils';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineModal', () => {
  afterEach(() => goOnline(true));

  it('appears while offline and goes away when back online', async () => {
    renderInShell(<OfflineModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    goOnline(false);
    const dialog = screen.getByRole('dialog', { name: 'No Connection' });
    expect(dialog).toHaveTextContent('Please check your network connection.');
    goOnline(true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is persistent: Escape and outside clicks do not dismiss it, and it has no close control', () => {
    renderInShell(<OfflineModal />);
    goOnline(false);
    const dialog = screen.getByRole('dialog');
    act(() => {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      document.querySelector('.MuiBackdrop-root')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(screen.getByRole('dialog', { name: 'No Connection' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('OfflineModal on a field screen', () => {
  afterEach(() => {
    goOnline(true);
    window.history.replaceState(null, '', '/');
  });

  it('offers to keep working offline, and comes back on the next loss of signal', async () => {
    window.history.replaceState(null, '', '/modules/timecards');
    renderInShell(<OfflineModal />);
    goOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Keep working offline' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    goOnline(true);
    goOnline(false);
    expect(screen.getByRole('dialog', { name: 'No Connection' })).toBeInTheDocument();
  });

  it('stays in front of a screen that needs the server', async () => {
    window.history.replaceState(null, '', '/modules/timecards');
    renderInShell(<OfflineModal />);
    goOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Keep working offline' }));
    window.history.replaceState(null, '', '/admin/reports');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1100)));
    expect(screen.getByRole('dialog', { name: 'No Connection' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
