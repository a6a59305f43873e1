import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../../shell/test-utils';
import type { Task } from '../api/tasks-api';
import { TaskBoard } from './task-board';

const task = (id: number, title: string, status: string): Task =>
  ({
    id,
    title,
    status,
    job_label: 'RMOB · Riverside',
    due_date: null,
    overdue: false,
    assignees: [{ employees_id: 7, name: 'Ana Ruiz' }],
  }) as unknown as Task;

const TASKS = [task(1, 'Patch drywall', 'open'), task(2, 'Order caps', 'in_progress'), task(3, 'Sweep deck', 'done')];

function renderBoard() {
  const onMove = vi.fn();
  const onOpen = vi.fn();
  renderInShell(<TaskBoard tasks={TASKS} onMove={onMove} onOpen={onOpen} />);
  return { onMove, onOpen };
}

describe('the task board', () => {
  it('shows a column per status with its count and cards described by the keyboard help', () => {
    renderBoard();
    for (const [name, title] of [
      [/^Open \(1\)$/, 'Patch drywall'],
      [/^In progress \(1\)$/, 'Order caps'],
      [/^Done \(1\)$/, 'Sweep deck'],
    ] as const) {
      const column = screen.getByRole('region', { name });
      expect(within(column).getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByTestId('board-card-1')).toHaveAccessibleDescription(/arrow/i);
  });

  it('moves a focused card one column right or left with the arrow keys, and never past the ends', () => {
    const { onMove } = renderBoard();
    const open = screen.getByTestId('board-card-1');
    open.focus();
    fireEvent.keyDown(open, { key: 'ArrowRight' });
    expect(onMove).toHaveBeenLastCalledWith(TASKS[0], 'in_progress');
    fireEvent.keyDown(open, { key: 'ArrowLeft' });
    expect(onMove).toHaveBeenCalledTimes(1);
    const doing = screen.getByTestId('board-card-2');
    fireEvent.keyDown(doing, { key: 'ArrowLeft' });
    expect(onMove).toHaveBeenLastCalledWith(TASKS[1], 'open');
    fireEvent.keyDown(screen.getByTestId('board-card-3'), { key: 'ArrowRight' });
    expect(onMove).toHaveBeenCalledTimes(2);
  });

  it('opens a card when it is activated, and other keys do nothing', () => {
    const { onMove, onOpen } = renderBoard();
    const card = screen.getByTestId('board-card-2');
    fireEvent.click(card);
    expect(onOpen).toHaveBeenCalledWith(TASKS[1]);
    fireEvent.keyDown(card, { key: 'ArrowDown' });
    expect(onMove).not.toHaveBeenCalled();
  });
});
