import { describe, expect, it } from 'vitest';
import { entryProblem, parseTrades, SCHEDULE_MESSAGES, scheduleOutcome, unscheduledOn, weekStart } from './scheduling.js';

describe('scheduling rules', () => {
  it('names the first missing field of an entry in the spec’s words', () => {
    expect(entryProblem({ employees_id: 1, date: '2026-11-26' }, 'add')).toBe('Missing jobs_id in entry');
    expect(entryProblem({ jobs_id: 1, date: '2026-11-26' }, 'add')).toBe('Missing employees_id in entry');
    expect(entryProblem({ jobs_id: 1, employees_id: 2 }, 'add')).toBe('Missing date in entry');
    expect(entryProblem({ jobs_id: 1, employees_id: 2, date: '2026-11-26' }, 'update')).toBe('Missing id field in update entry');
    expect(entryProblem({ jobs_id: 1, employees_id: 2, date: '2026-02-30' }, 'add')).toBe(SCHEDULE_MESSAGES.invalidDate);
    expect(entryProblem({ jobs_id: 1, employees_id: 2, date: '2026-11-26' }, 'add')).toBeNull();
    expect(entryProblem({ id: 4 }, 'remove')).toBeNull();
    // Time off takes the day, not a job.
    expect(entryProblem({ employees_id: 2, date: '2026-11-26', event_type: 'Vacation' }, 'add')).toBeNull();
  });

  it('says what happened the way spec §8 does', () => {
    expect(scheduleOutcome({ added: 2, removed: 1, failed: [] })).toEqual({
      severity: 'success',
      message: 'Schedule updated: 2 added, 1 removed.',
    });
    expect(scheduleOutcome({ added: 0, removed: 0, failed: [] })).toEqual({ severity: 'info', message: 'No changes made to schedule' });
    expect(scheduleOutcome({ added: 0, removed: 0, failed: [{ message: 'x' }] })).toEqual({
      severity: 'error',
      message: 'Failed to update schedule. Please try again.',
    });
    expect(
      scheduleOutcome({
        added: 1,
        removed: 0,
        failed: [{ label: 'Ana Ruiz, Thu 2026-11-26', message: 'Not available that day: Vacation.' }],
      }),
    ).toEqual({
      severity: 'warning',
      message: 'Schedule partially updated with errors: Ana Ruiz, Thu 2026-11-26: Not available that day: Vacation.',
    });
  });

  it('starts weeks on Monday and finds the unscheduled', () => {
    expect(weekStart('2026-11-26')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    const people = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(unscheduledOn(people, [{ employees_id: 2, date: '2026-11-26' }], '2026-11-26')).toEqual([{ id: 1 }, { id: 3 }]);
    expect(parseTrades('["Carpenter","Laborer"]')).toEqual(['Carpenter', 'Laborer']);
    expect(parseTrades('Electrician, Helper')).toEqual(['Electrician', 'Helper']);
  });
});
