import { describe, expect, it } from 'vitest';
import { containerQr, formatToolNumber, isOverdue, isToolDate, parseScan, rangesOverlap, reservationRecordSchema, toolQr } from './tools';

describe('tools rules', () => {
  it('overlap is inclusive; adjacent days are allowed', () => {
    const a = { start_date: '2026-12-01', end_date: '2026-12-05' };
    expect(rangesOverlap(a, { start_date: '2026-12-05', end_date: '2026-12-07' })).toBe(true);
    expect(rangesOverlap(a, { start_date: '2026-11-28', end_date: '2026-12-01' })).toBe(true);
    expect(rangesOverlap(a, { start_date: '2026-12-06', end_date: '2026-12-07' })).toBe(false);
    expect(rangesOverlap(a, { start_date: '2026-11-20', end_date: '2026-11-30' })).toBe(false);
  });
  it('reads scanned codes and typed numbers', () => {
    expect(parseScan(toolQr('T-0042'))).toEqual({ kind: 'tool', number: 'T-0042' });
    expect(parseScan('42')).toEqual({ kind: 'tool', number: 'T-0042' });
    expect(parseScan(' t-7 ')).toEqual({ kind: 'tool', number: 'T-0007' });
    expect(parseScan(containerQr(9))).toEqual({ kind: 'container', id: 9 });
    expect(parseScan('  ')).toBeNull();
    expect(formatToolNumber(12345)).toBe('T-12345');
  });
  it('dates, overdue and the reservation schema', () => {
    expect(isToolDate('2026-02-30')).toBe(false);
    expect(isToolDate('2026-02-28')).toBe(true);
    expect(isOverdue({ status: 1, is_completed: false, end_date: '2026-01-01' }, '2026-01-02')).toBe(true);
    expect(isOverdue({ status: 1, is_completed: true, end_date: '2026-01-01' }, '2026-01-02')).toBe(false);
    const bad = reservationRecordSchema.safeParse({ start_date: '2026-02-05', end_date: '2026-02-01' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('The end date cannot be before the start date.');
  });
});
