import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesOf,
  defaultWindow,
  fitsIncrement,
  minuteIncrement,
  PAY_PERIOD_TYPES,
  payPeriodFor,
  payPeriodsBetween,
  toDayNumber,
} from './pay-periods.js';

const { weekly, biweekly, monthly } = PAY_PERIOD_TYPES;

describe('pay periods', () => {
  it('weekly periods run from the anchor weekday, before and after the anchor', () => {
    // 2026-01-05 is a Monday.
    expect(payPeriodFor('2026-01-05', weekly, '2026-01-05')).toEqual({ start: '2026-01-05', end: '2026-01-11' });
    expect(payPeriodFor('2026-01-11', weekly, '2026-01-05')).toEqual({ start: '2026-01-05', end: '2026-01-11' });
    expect(payPeriodFor('2026-03-18', weekly, '2026-01-05')).toEqual({ start: '2026-03-16', end: '2026-03-22' });
    expect(payPeriodFor('2025-12-31', weekly, '2026-01-05')).toEqual({ start: '2025-12-29', end: '2026-01-04' });
  });

  it('biweekly periods cross the year end and leap days in 14-day steps', () => {
    expect(payPeriodFor('2027-01-01', biweekly, '2026-12-21')).toEqual({ start: '2026-12-21', end: '2027-01-03' });
    expect(payPeriodFor('2028-02-29', biweekly, '2028-02-21')).toEqual({ start: '2028-02-21', end: '2028-03-05' });
    // 686 days (49 periods) before the anchor; the period spans the leap day.
    expect(payPeriodFor('2024-02-28', biweekly, '2026-01-05')).toEqual({ start: '2024-02-19', end: '2024-03-03' });
    expect(datesOf(payPeriodFor('2024-02-28', biweekly, '2026-01-05'))).toContain('2024-02-29');
  });

  it('monthly periods follow the anchor day, clamped in short months', () => {
    expect(payPeriodFor('2026-03-20', monthly, '2026-01-15')).toEqual({ start: '2026-03-15', end: '2026-04-14' });
    expect(payPeriodFor('2026-03-10', monthly, '2026-01-15')).toEqual({ start: '2026-02-15', end: '2026-03-14' });
    expect(payPeriodFor('2027-01-03', monthly, '2026-01-15')).toEqual({ start: '2026-12-15', end: '2027-01-14' });
    expect(payPeriodFor('2026-02-10', monthly, '2026-01-01')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(payPeriodFor('2028-02-29', monthly, '2026-01-01')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    // Anchored on the 31st: February's period starts on its last day.
    expect(payPeriodFor('2026-03-05', monthly, '2026-01-31')).toEqual({ start: '2026-02-28', end: '2026-03-30' });
  });

  it('tiles time with no gaps or overlaps', () => {
    for (const type of [weekly, biweekly, monthly] as const) {
      const periods = payPeriodsBetween('2023-11-20', '2028-03-10', type, '2026-01-31');
      for (let i = 1; i < periods.length; i++) expect(addDays(periods[i - 1].end, 1)).toBe(periods[i].start);
      for (const p of periods) expect(payPeriodFor(p.start, type, '2026-01-31')).toEqual(p);
    }
  });

  it('does not move across daylight-saving changes, whatever the local zone', () => {
    // US DST 2026: Mar 8 and Nov 1. Date-only math keeps every period exactly 7 or 14 days.
    const spring = payPeriodFor('2026-03-08', weekly, '2026-01-05');
    expect(datesOf(spring)).toHaveLength(7);
    expect(payPeriodFor('2026-11-01', biweekly, '2026-01-05')).toEqual({ start: '2026-10-26', end: '2026-11-08' });
  });

  it('refuses dates that are not calendar dates', () => {
    expect(() => toDayNumber('2026-02-30')).toThrow(RangeError);
    expect(() => toDayNumber('2026-2-3')).toThrow(RangeError);
    expect(() => payPeriodFor('2026-01-01', 4 as never, '2026-01-01')).toThrow(RangeError);
  });

  it('has a default window of 7 days either side of today', () => {
    expect(defaultWindow('2026-01-03')).toEqual({ start: '2025-12-27', end: '2026-01-10' });
  });
});

describe('minute increment', () => {
  it('comes from whichever of settings 43-48 is on, 15 by default', () => {
    expect(minuteIncrement([])).toBe(15);
    expect(minuteIncrement([{ id: 44, custom_value: 'false', pass_through_value: '30' }])).toBe(15);
    expect(minuteIncrement([{ id: 45, custom_value: 'true', pass_through_value: '6' }])).toBe(6);
    expect(minuteIncrement([{ id: 46, custom_value: 'true', pass_through_value: 'abc' }])).toBe(15);
  });

  it('accepts hours in whole increments only', () => {
    expect(fitsIncrement(7.25, 15)).toBe(true);
    expect(fitsIncrement(7.1, 15)).toBe(false);
    expect(fitsIncrement(7.1, 6)).toBe(true);
    expect(fitsIncrement(8, 30)).toBe(true);
  });
});
