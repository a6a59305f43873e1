import { describe, expect, it } from 'vitest';
import {
  dayEntryProblem,
  dayTotalProblem,
  dayWriteScope,
  hoursSchema,
  replacedBy,
  TIMECARD_MESSAGES,
  timecardEntryRecordSchema,
  timecardEntrySchema,
  timecardRecordSchema,
} from './timecards.js';

describe('hours', () => {
  it('are a finite number above zero and at most a day', () => {
    for (const hours of [0.25, 8, 24]) expect(hoursSchema.safeParse(hours).success).toBe(true);
    for (const hours of [0, -1, 24.25, 1e308, -1e308, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(hoursSchema.safeParse(hours).success, String(hours)).toBe(false);
    }
    expect(timecardEntrySchema.safeParse({ jobs_id: 1, costcodes_id: 1, hours: 1e308 }).error?.issues[0].message).toBe(
      TIMECARD_MESSAGES.dayTotal,
    );
  });

  it('the record schemas check a patch as well as a whole record', () => {
    expect(timecardEntryRecordSchema.safeParse({ hours: 2 }).success).toBe(true);
    expect(timecardEntryRecordSchema.safeParse({ note: 'x' }).success).toBe(true);
    for (const patch of [
      { hours: 1e308 },
      { hours: 0 },
      { hours: null },
      { timecard_date: '18/03/2026' },
      { jobs_id: 0 },
      { equipment: {} },
    ]) {
      expect(timecardEntryRecordSchema.safeParse(patch).success, JSON.stringify(patch)).toBe(false);
    }
    expect(timecardRecordSchema.safeParse({ usernote: 'ok' }).success).toBe(true);
    expect(timecardRecordSchema.safeParse({ usernote: 'x'.repeat(1001) }).success).toBe(false);
    expect(timecardRecordSchema.safeParse({ payperiod_start_date: 'soon' }).success).toBe(false);
  });
});

describe('a day', () => {
  it('counts the lines that stay toward the 24 hours, and the increment only on the lines written', () => {
    expect(dayEntryProblem([{ hours: 8 }], 15, [{ hours: 16 }])).toBeNull();
    expect(dayEntryProblem([{ hours: 8 }], 15, [{ hours: 16.25 }])).toBe(TIMECARD_MESSAGES.dayTotal);
    expect(dayEntryProblem([{ hours: 8 }], 15, [{ hours: 7.1 }])).toBeNull();
    expect(dayEntryProblem([{ hours: 7.1 }], 15)).toBe(TIMECARD_MESSAGES.increment(15));
    expect(dayTotalProblem([{ hours: 1e308 }, { hours: 1e308 }])).toBe(TIMECARD_MESSAGES.dayTotal);
    expect(dayTotalProblem([])).toBeNull();
  });
});

describe('whose day a caller may write', () => {
  const base = { caller: 1, target: 2, admin: false, foremanJobs: [10, 11], lineJobs: [10] };

  it('a person writes their own whole day, an empty list too; admins anyone’s', () => {
    expect(dayWriteScope({ ...base, target: 1, foremanJobs: [], lineJobs: [] })).toEqual({ scope: 'day' });
    expect(dayWriteScope({ ...base, target: 1, lineJobs: [99] })).toEqual({ scope: 'day' });
    expect(dayWriteScope({ ...base, admin: true, foremanJobs: [], lineJobs: [] })).toEqual({ scope: 'day' });
  });

  it("a foreman writes someone else's lines on their own jobs only, and never an empty list", () => {
    expect(dayWriteScope(base)).toEqual({ scope: [10, 11] });
    expect(dayWriteScope({ ...base, lineJobs: [10, 12] })).toEqual({ refusal: 'forbidden' });
    expect(dayWriteScope({ ...base, lineJobs: [] })).toEqual({ refusal: 'validation', message: TIMECARD_MESSAGES.emptyForOther });
    expect(dayWriteScope({ ...base, foremanJobs: [] })).toEqual({ refusal: 'forbidden' });
    expect(dayWriteScope({ ...base, foremanJobs: [], lineJobs: [] })).toEqual({ refusal: 'forbidden' });
  });

  it('a scoped write replaces only the lines on those jobs', () => {
    expect(replacedBy('day', { jobs_id: 12 })).toBe(true);
    expect(replacedBy([10, 11], { jobs_id: 11 })).toBe(true);
    expect(replacedBy([10, 11], { jobs_id: 12 })).toBe(false);
  });
});
