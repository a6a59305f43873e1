import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDialog, type AppDialogProps } from './app-dialog';
import { renderInShell, resetWindowWidth, setWindowWidth } from './test-utils';

type Props = Partial<AppDialogProps>;

function OpenDialog(props: Props) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <AppDialog title="Tool" open={open} onClose={() => setOpen(false)} {...props}>
        body
      </AppDialog>
    </>
  );
}

const paper = () => screen.getByTestId('app-dialog');
const noop = () => {};

describe('AppDialog', () => {
  afterEach(() => {
    resetWindowWidth();
    vi.useRealTimers();
  });

  it('defaults to 500 px wide, auto height, and buttons labelled Delete, Cancel and Save', () => {
    setWindowWidth(1440);
    renderInShell(<OpenDialog deleteButton={{ onClick: noop }} cancelButton={{ onClick: noop }} actionButton={{ onClick: noop }} />);
    expect(screen.getByRole('dialog', { name: 'Tool' })).toBeInTheDocument();
    expect(paper()).toHaveStyle({ width: '500px', maxWidth: '500px', height: 'auto' });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('takes width, height, header and button labels, colours and variants', () => {
    setWindowWidth(1440);
    renderInShell(
      <OpenDialog
        width={720}
        height={400}
        header="Header text"
        actionButton={{ label: 'Send', color: 'secondary', variant: 'outlined', onClick: noop }}
        cancelButton={{ label: 'Back', onClick: noop }}
      />,
    );
    expect(paper()).toHaveStyle({ width: '720px', height: '400px' });
    expect(screen.getByText('Header text')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveClass('MuiButton-outlined', 'MuiButton-colorSecondary');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('has no action area when no button is given', () => {
    renderInShell(<OpenDialog />);
    expect(document.querySelector('.MuiDialogActions-root')).toBeNull();
  });

  it('closes on Escape outside edit mode', () => {
    renderInShell(<OpenDialog />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('is persistent in edit mode: Escape and outside clicks do not close it, the close control does', () => {
    renderInShell(<OpenDialog editMode />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('toggles edit mode with the switch on desktop, which makes it persistent', () => {
    setWindowWidth(1440);
    renderInShell(<OpenDialog showViewOrEditOption />);
    const toggle = screen.getByRole('switch', { name: 'Edit mode' });
    expect(paper()).toHaveAttribute('data-edit-mode', 'false');
    fireEvent.click(toggle);
    expect(paper()).toHaveAttribute('data-edit-mode', 'true');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByTestId('state')).toHaveTextContent('open');
  });

  it('toggles edit mode with a pencil button on a phone', () => {
    setWindowWidth(390);
    const onEditModeChange = vi.fn();
    renderInShell(<OpenDialog showViewOrEditOption onEditModeChange={onEditModeChange} />);
    const pencil = screen.getByRole('button', { name: 'Edit' });
    expect(pencil).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(pencil);
    expect(onEditModeChange).toHaveBeenCalledWith(true);
  });

  it('expands to 90% on desktop', () => {
    setWindowWidth(1440);
    renderInShell(<OpenDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(paper()).toHaveStyle({ width: '90%', maxWidth: '90%' });
    expect(paper()).toHaveAttribute('data-expanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(paper()).toHaveStyle({ width: '500px' });
  });

  it('starts expanded when isExpanded is set', () => {
    setWindowWidth(1440);
    renderInShell(<OpenDialog isExpanded />);
    expect(paper()).toHaveStyle({ width: '90%' });
  });

  it('is full-screen under 600 px, with no expand toggle', () => {
    setWindowWidth(599);
    renderInShell(<OpenDialog isExpanded />);
    expect(paper()).toHaveClass('MuiDialog-paperFullScreen');
    expect(paper()).toHaveAttribute('data-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Expand' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Collapse' })).not.toBeInTheDocument();
  });

  it('is not full-screen at 600 px', () => {
    setWindowWidth(600);
    renderInShell(<OpenDialog />);
    expect(paper()).not.toHaveClass('MuiDialog-paperFullScreen');
  });

  it('blinks the view/edit toggle for 1 s after 3 s', () => {
    vi.useFakeTimers();
    setWindowWidth(1440);
    renderInShell(<OpenDialog showViewOrEditOption />);
    const toggle = () => screen.getByText('Edit mode').closest('[data-blinking]');
    expect(toggle()).toHaveAttribute('data-blinking', 'false');
    act(() => vi.advanceTimersByTime(2999));
    expect(toggle()).toHaveAttribute('data-blinking', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(toggle()).toHaveAttribute('data-blinking', 'true');
    act(() => vi.advanceTimersByTime(999));
    expect(toggle()).toHaveAttribute('data-blinking', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(toggle()).toHaveAttribute('data-blinking', 'false');
  });

  it('disables the action button and shows loading while loading', () => {
    const onClick = vi.fn();
    renderInShell(<OpenDialog loading actionButton={{ onClick }} />);
    const save = screen.getByRole('button', { name: /Save/ });
    expect(save).toBeDisabled();
    expect(save).toHaveClass('MuiButton-loading');
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('disables the action button when flagged', () => {
    renderInShell(<OpenDialog actionButtonDisabled actionButton={{ onClick: noop }} cancelButton={{ onClick: noop }} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('calls the button handlers', () => {
    const onDelete = vi.fn();
    const onCancel = vi.fn();
    const onSave = vi.fn();
    renderInShell(
      <OpenDialog deleteButton={{ onClick: onDelete }} cancelButton={{ onClick: onCancel }} actionButton={{ onClick: onSave }} />,
    );
    const actions = document.querySelector<HTMLElement>('.MuiDialogActions-root');
    if (!actions) throw new Error('no actions');
    fireEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(actions).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(actions).getByRole('button', { name: 'Save' }));
    expect([onDelete, onCancel, onSave].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1]);
  });
});
