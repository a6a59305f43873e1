import { addDays } from '@groundwork/core/pay-periods';
import type { BoardEntry, NewEntry } from '../api/scheduling';

/**
 * The planner's unsaved moves: entries to add and stored entries to remove. The board shows the stored entries
 * with these applied; Save sends them as one updateSchedule call.
 */
export type Staged = { adds: NewEntry[]; removes: number[] };
export const EMPTY_STAGED: Staged = { adds: [], removes: [] };

/** A board chip: a stored entry (id > 0) or a staged add (id < 0, its index in `adds`). */
export type Chip = BoardEntry & { staged: boolean };

export function visibleEntries(stored: readonly BoardEntry[], staged: Staged): Chip[] {
  const removed = new Set(staged.removes);
  const kept: Chip[] = stored.filter((e) => !removed.has(e.id)).map((e) => ({ ...e, staged: false }));
  const added: Chip[] = staged.adds.map((a, i) => ({
    ...a,
    id: -1 - i,
    event_type: 'Work',
    confirmation_status: 'pending',
    confirmed_on: null,
    confirmation_reason: null,
    staged: true,
  }));
  return [...kept, ...added];
}

/** Puts people on a job and day (skipping whoever is already on that job that day). */
export function stageAdd(stored: readonly BoardEntry[], staged: Staged, entries: readonly NewEntry[]): Staged {
  let next = staged;
  for (const entry of entries) {
    const visible = visibleEntries(stored, next);
    if (visible.some((c) => c.jobs_id === entry.jobs_id && c.employees_id === entry.employees_id && c.date === entry.date)) continue;
    // Taking back a removal is cheaper than a remove and an add.
    const undo = stored.find(
      (e) => next.removes.includes(e.id) && e.jobs_id === entry.jobs_id && e.employees_id === entry.employees_id && e.date === entry.date,
    );
    next = undo
      ? { ...next, removes: next.removes.filter((id) => id !== undo.id) }
      : { ...next, adds: [...next.adds, { jobs_id: entry.jobs_id, employees_id: entry.employees_id, date: entry.date }] };
  }
  return next;
}

/** Takes a chip off the board: a staged add is forgotten, a stored entry is marked for removal. */
export function stageRemove(staged: Staged, chip: Pick<Chip, 'id'>): Staged {
  if (chip.id < 0) {
    const index = -1 - chip.id;
    return { ...staged, adds: staged.adds.filter((_, i) => i !== index) };
  }
  return staged.removes.includes(chip.id) ? staged : { ...staged, removes: [...staged.removes, chip.id] };
}

/** Moves a chip to another job or day. */
export function stageMove(stored: readonly BoardEntry[], staged: Staged, chip: Chip, to: { jobs_id: number; date: string }): Staged {
  if (chip.jobs_id === to.jobs_id && chip.date === to.date) return staged;
  const target = { jobs_id: to.jobs_id, employees_id: chip.employees_id, date: to.date };
  if (chip.id < 0) {
    // Forget the staged add first, then add at the target (indexes shift, so rebuild).
    const without = stageRemove(staged, chip);
    return stageAdd(stored, without, [target]);
  }
  return stageAdd(stored, stageRemove(staged, chip), [target]);
}

/** The work entries of `from` copied `days` later (a day forward: 1; a week: 7), skipping time off. */
export function copyForward(chips: readonly Chip[], dates: readonly string[], days: number): NewEntry[] {
  const wanted = new Set(dates);
  return chips
    .filter((c) => wanted.has(c.date) && c.jobs_id !== null && c.event_type === 'Work')
    .map((c) => ({ jobs_id: c.jobs_id as number, employees_id: c.employees_id, date: addDays(c.date, days) }));
}

export const stagedCount = (s: Staged) => s.adds.length + s.removes.length;
