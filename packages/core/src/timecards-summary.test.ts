import { describe, expect, it } from 'vitest';
import { splitOvertime } from './timecards.js';
import { rowKey, splitEntriesOvertime, summarizeCard, weekStartOf } from './timecards-summary.js';

const PERIOD = { start: '2026-11-23', end: '2026-12-06' };
const e = (timecard_date: string, jobs_id: number, costcodes_id: number, hours: number, id = 0, employees_id = 1) => ({
  id,
  employees_id,
  timecard_date,
  jobs_id,
  costcodes_id,
  hours,
});

// Five days of 6 h on job 1 / code 10 and 3 h on job 2 / code 20 in week one (45 h), 8 h once in week two.
const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].flatMap((d, i) => [
  e(d, 1, 10, 6, i * 2 + 1),
  e(d, 2, 20, 3, i * 2 + 2),
]);
const ENTRIES = [...WEEK, e('2026-12-01', 1, 20, 8, 20)];

describe('summarizeCard', () => {
  it('totals per day, job, cost code and grid row', () => {
    const s = summarizeCard(ENTRIES, PERIOD);
    expect(s.total).toBe(53);
    expect(s.byDay.get('2026-11-23')).toBe(9);
    expect(s.byDay.get('2026-12-01')).toBe(8);
    expect(s.byDay.has('2026-11-28')).toBe(false);
    expect(s.byJob.get(1)).toBe(38);
    expect(s.byJob.get(2)).toBe(15);
    expect(s.byCostcode.get(10)).toBe(30);
    expect(s.byCostcode.get(20)).toBe(23);
    expect(s.byRow.get(rowKey(1, 20))).toBe(8);
  });

  it('counts hours over 40 in a week as overtime, week by week', () => {
    const s = summarizeCard(ENTRIES, PERIOD);
    expect(s.weeks).toEqual([
      { start: '2026-11-23', end: '2026-11-29', hours: 45, regular: 40, overtime: 5 },
      { start: '2026-11-30', end: '2026-12-06', hours: 8, regular: 8, overtime: 0 },
    ]);
    expect([s.regular, s.overtime]).toEqual([48, 5]);
    // The same as the server-side helper.
    expect(splitOvertime(ENTRIES, PERIOD.start)).toEqual({ regular: 48, overtime: 5 });
  });

  it('ignores entries outside the period and keeps fractions of minute increments exact', () => {
    const tenMinutes = Array.from({ length: 6 }, (_, i) => e('2026-11-23', 1, 10, 1 / 6, i));
    const s = summarizeCard([...tenMinutes, e('2026-11-22', 1, 10, 5)], PERIOD);
    expect(s.total).toBe(1);
    expect(s.byDay.get('2026-11-23')).toBe(1);
  });

  it('gives a monthly period a short last week', () => {
    const s = summarizeCard([e('2026-02-28', 1, 10, 8)], { start: '2026-02-01', end: '2026-02-28' });
    expect(s.weeks.map((w) => [w.start, w.end])).toEqual([
      ['2026-02-01', '2026-02-07'],
      ['2026-02-08', '2026-02-14'],
      ['2026-02-15', '2026-02-21'],
      ['2026-02-22', '2026-02-28'],
    ]);
    expect(weekStartOf('2026-03-02', '2026-02-01')).toBe('2026-03-01');
  });
});

describe('splitEntriesOvertime', () => {
  it('puts the hours past the 40th of each person-week on the entries that cross it', () => {
    const split = splitEntriesOvertime(ENTRIES, PERIOD.start);
    const overtime = split.filter((x) => x.overtime_hours > 0).map((x) => [x.id, x.regular_hours, x.overtime_hours]);
    // Cumulative: day 5 starts at 36 h; its 6 h entry takes 4 regular + 2 overtime, its 3 h entry is all overtime.
    expect(overtime).toEqual([
      [9, 4, 2],
      [10, 0, 3],
    ]);
    expect(split.reduce((sum, x) => sum + x.regular_hours, 0)).toBe(48);
    expect(split.reduce((sum, x) => sum + x.overtime_hours, 0)).toBe(5);
  });

  it('keeps people apart', () => {
    const two = [...WEEK, ...WEEK.map((x) => ({ ...x, employees_id: 2, id: x.id + 100 }))];
    const split = splitEntriesOvertime(two, PERIOD.start);
    expect(split.filter((x) => x.employees_id === 2).reduce((sum, x) => sum + x.overtime_hours, 0)).toBe(5);
    expect(split.filter((x) => x.employees_id === 1).reduce((sum, x) => sum + x.overtime_hours, 0)).toBe(5);
  });
});
