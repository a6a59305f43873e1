import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SnackbarMessage, useSnackbar } from './snackbar';
import { renderInShell } from './test-utils';

function Trigger({ message }: { message: SnackbarMessage }) {
  const { show } = useSnackbar();
  return (
    <button type="button" onClick={() => show(message)}>
      show
    </button>
  );
}

function Second() {
  const { show } = useSnackbar();
  return (
    <button type="button" onClick={() => show({ message: 'Team updated.', color: 'success' })}>
      show second
    </button>
  );
}

function showMessage(message: SnackbarMessage, options?: { snackbarEnabled?: boolean }) {
  renderInShell(<Trigger message={message} />, options);
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

describe('snackbar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the message at the top right', () => {
    showMessage({ message: 'Announcement added.', color: 'success' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Announcement added.');
    expect(alert).toHaveClass('MuiAlert-colorSuccess');
    expect(alert.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginTopRight');
  });

  it('marks errors with a bug icon and info with an info icon', () => {
    showMessage({ message: 'There was a problem signing out.', color: 'error' });
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');
    expect(screen.getByTestId('BugReportIcon')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Close message' })));
  });

  it('uses an info icon for info messages', () => {
    showMessage({ message: 'Please sign back in.', color: 'info' });
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorInfo');
    expect(screen.getByTestId('InfoOutlinedIcon')).toBeInTheDocument();
  });

  it('hides itself after 2000 ms', () => {
    vi.useFakeTimers();
    showMessage({ message: 'Tool moved.', color: 'success' });
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    // The exit transition runs before unmounting.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a close meant for the previous message does not hide the next one', () => {
    renderInShell(
      <>
        <Trigger message={{ message: 'Job added.', color: 'success' }} />
        <Second />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    const closeFirst = screen.getByRole('button', { name: 'Close message' });
    // The next message is asked for, and the first one's close (its timeout, on a busy device) lands before the
    // screen has been redrawn: both in one batch.
    act(() => {
      screen.getByRole('button', { name: 'show second' }).click();
      closeFirst.click();
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Team updated.');
  });

  it('an error on screen is not replaced by a routine message, which shows once the error has gone', () => {
    vi.useFakeTimers();
    renderInShell(
      <>
        <Trigger message={{ message: 'Hours must be in steps of 15 minutes.', color: 'error' }} />
        <Second />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    // An earlier save finishes just after the refusal: its message waits.
    fireEvent.click(screen.getByRole('button', { name: 'show second' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Hours must be in steps of 15 minutes.');
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('alert')).toHaveTextContent('Hours must be in steps of 15 minutes.');
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Team updated.');
    // An error replaces a routine message at once.
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Hours must be in steps of 15 minutes.');
  });

  it('is dismissed by a swipe longer than 50 px, not by a shorter one', () => {
    vi.useFakeTimers();
    showMessage({ message: 'Tool moved.', color: 'success' });
    const alert = screen.getByRole('alert');
    fireEvent.pointerDown(alert, { clientX: 100 });
    fireEvent.pointerMove(alert, { clientX: 140 });
    fireEvent.pointerUp(alert, { clientX: 140 });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    fireEvent.pointerDown(alert, { clientX: 100 });
    fireEvent.pointerMove(alert, { clientX: 160 });
    fireEvent.pointerUp(alert, { clientX: 160 });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays while a finger is on it, and times out 2 s after it is let go', () => {
    vi.useFakeTimers();
    showMessage({ message: 'Tool moved.', color: 'success' });
    const alert = screen.getByRole('alert');
    fireEvent.pointerDown(alert, { clientX: 100 });
    fireEvent.pointerMove(alert, { clientX: 110 });
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.pointerUp(alert, { clientX: 110 });
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be turned off from inside the app once the tenant settings load', () => {
    function TurnOff() {
      const { setEnabled } = useSnackbar();
      return (
        <button type="button" onClick={() => setEnabled(false)}>
          off
        </button>
      );
    }
    renderInShell(
      <>
        <TurnOff />
        <Trigger message={{ message: 'Tool moved.', color: 'success' }} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'off' }));
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing when the tenant turned messages off (setting 17)', () => {
    showMessage({ message: 'Tool moved.', color: 'success' }, { snackbarEnabled: false });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
