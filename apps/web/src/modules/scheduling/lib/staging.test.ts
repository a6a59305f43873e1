import { describe, expect, it } from 'vitest';
import type { BoardEntry } from '../api/scheduling';
import { copyForward, EMPTY_STAGED, stageAdd, stageMove, stageRemove, visibleEntries } from './staging';

const entry = (id: number, jobs_id: number, employees_id: number, date: string): BoardEntry => ({
  id,
  jobs_id,
  employees_id,
  date,
  event_type: 'Work',
  confirmation_status: 'pending',
  confirmed_on: null,
  confirmation_reason: null,
});

describe('board staging', () => {
  const stored = [entry(1, 10, 100, '2026-11-27'), entry(2, 10, 101, '2026-11-26')];

  it('adds two and removes one, without duplicating who is already there', () => {
    let s = stageAdd(stored, EMPTY_STAGED, [
      { jobs_id: 10, employees_id: 102, date: '2026-11-26' },
      { jobs_id: 10, employees_id: 103, date: '2026-11-26' },
      { jobs_id: 10, employees_id: 101, date: '2026-11-26' },
    ]);
    s = stageRemove(s, { id: 1 });
    expect(s).toEqual({
      adds: [
        { jobs_id: 10, employees_id: 102, date: '2026-11-26' },
        { jobs_id: 10, employees_id: 103, date: '2026-11-26' },
      ],
      removes: [1],
    });
    expect(visibleEntries(stored, s).map((c) => c.employees_id)).toEqual([101, 102, 103]);
  });

  it('takes back a removal instead of adding the same entry again, and forgets a staged add', () => {
    const removed = stageRemove(EMPTY_STAGED, { id: 1 });
    expect(stageAdd(stored, removed, [{ jobs_id: 10, employees_id: 100, date: '2026-11-27' }])).toEqual(EMPTY_STAGED);
    const added = stageAdd(stored, EMPTY_STAGED, [{ jobs_id: 11, employees_id: 100, date: '2026-11-28' }]);
    expect(stageRemove(added, { id: -1 })).toEqual(EMPTY_STAGED);
  });

  it('moves a stored chip as a remove and an add', () => {
    const [chip] = visibleEntries(stored, EMPTY_STAGED);
    expect(stageMove(stored, EMPTY_STAGED, chip, { jobs_id: 11, date: '2026-11-27' })).toEqual({
      adds: [{ jobs_id: 11, employees_id: 100, date: '2026-11-27' }],
      removes: [1],
    });
  });

  it('copies a day or a week forward', () => {
    const chips = visibleEntries(stored, EMPTY_STAGED);
    expect(copyForward(chips, ['2026-11-26'], 1)).toEqual([{ jobs_id: 10, employees_id: 101, date: '2026-11-27' }]);
    expect(copyForward(chips, ['2026-11-26', '2026-11-27'], 7).map((e) => e.date)).toEqual(['2026-12-04', '2026-12-03']);
  });
});
