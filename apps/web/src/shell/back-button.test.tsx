import { Button, Dialog, DialogActions } from '@mui/material';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDialog } from './app-dialog';
import { BackButtonHandler, createBackButtonHandler, EXIT_WINDOW_MS } from './back-button';
import { renderInShell } from './test-utils';

function deps(pathname = '/') {
  let time = 0;
  const handlers = {
    cancelLabels: () => ['Cancel'],
    showExitHint: vi.fn(),
    exit: vi.fn(),
    goBack: vi.fn(),
    pathname: () => pathname,
    now: () => time,
  };
  return { handlers, advance: (ms: number) => (time += ms) };
}

function ClosableDialog() {
  const [open, setOpen] = useState(true);
  return (
    <AppDialog open={open} onClose={() => setOpen(false)} title="Receipt">
      body
    </AppDialog>
  );
}

function CancelOnlyDialog({ onCancel }: { onCancel: () => void }) {
  return (
    <Dialog open aria-label="Confirm">
      <DialogActions>
        <Button onClick={() => {}}>Keep</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

describe('Android back button', () => {
  afterEach(() => vi.useRealTimers());

  it('first closes the topmost overlay through its close button', async () => {
    const { handlers } = deps('/dashboard');
    renderInShell(<ClosableDialog />);
    const back = createBackButtonHandler(handlers);
    expect(screen.getByRole('dialog', { name: 'Receipt' })).toBeInTheDocument();
    let result: string | undefined;
    act(() => {
      result = back();
    });
    expect(result).toBe('closed-overlay');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(handlers.goBack).not.toHaveBeenCalled();
  });

  it('uses a cancel button when the overlay has no close button', () => {
    const { handlers } = deps('/dashboard');
    const onCancel = vi.fn();
    renderInShell(<CancelOnlyDialog onCancel={onCancel} />);
    expect(createBackButtonHandler(handlers)()).toBe('closed-overlay');
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('navigates back on any path but "/" when nothing is open', () => {
    const { handlers } = deps('/modules/timecards');
    expect(createBackButtonHandler(handlers)()).toBe('navigated-back');
    expect(handlers.goBack).toHaveBeenCalledOnce();
    expect(handlers.exit).not.toHaveBeenCalled();
  });

  it('on "/" arms on the first press and exits on a second press within 2 s', () => {
    const { handlers, advance } = deps('/');
    const back = createBackButtonHandler(handlers);
    expect(back()).toBe('armed-exit');
    expect(handlers.showExitHint).toHaveBeenCalledOnce();
    advance(EXIT_WINDOW_MS - 1);
    expect(back()).toBe('exited');
    expect(handlers.exit).toHaveBeenCalledOnce();
    expect(handlers.goBack).not.toHaveBeenCalled();
  });

  it('disarms when the 2 s window lapses', () => {
    const { handlers, advance } = deps('/');
    const back = createBackButtonHandler(handlers);
    back();
    advance(EXIT_WINDOW_MS);
    expect(back()).toBe('armed-exit');
    expect(handlers.exit).not.toHaveBeenCalled();
    expect(handlers.showExitHint).toHaveBeenCalledTimes(2);
  });

  it('is exposed on window and shows the info message on "/"', () => {
    window.history.replaceState(null, '', '/');
    const exit = vi.fn();
    renderInShell(<BackButtonHandler exit={exit} />);
    expect(typeof window.groundworkBack).toBe('function');
    act(() => {
      window.groundworkBack?.();
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Press back again to exit');
    expect(alert).toHaveClass('MuiAlert-colorInfo');
    expect(screen.getByTestId('InfoOutlinedIcon')).toBeInTheDocument();
    act(() => {
      window.groundworkBack?.();
    });
    expect(exit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
  });
});
