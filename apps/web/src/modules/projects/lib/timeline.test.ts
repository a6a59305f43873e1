import { describe, expect, it } from 'vitest';
import { addDays, applyAction, axisRange, daysBetween, keyToAction, monthTicks, moveSpan, pixelsToDays, resizeSpan } from './timeline';

describe('timeline date math', () => {
  const span = { start_date: '2026-03-30', end_date: '2026-04-02' };

  it('moves a span by days across month and year ends, keeping its length', () => {
    expect(moveSpan(span, 3)).toEqual({ start_date: '2026-04-02', end_date: '2026-04-05' });
    expect(moveSpan({ start_date: '2025-12-30', end_date: '2026-01-02' }, 2)).toEqual({ start_date: '2026-01-01', end_date: '2026-01-04' });
    expect(moveSpan(span, -30)).toEqual({ start_date: '2026-02-28', end_date: '2026-03-03' });
  });

  it('changes the end date but never before the start', () => {
    expect(resizeSpan(span, 1).end_date).toBe('2026-04-03');
    expect(resizeSpan(span, -10)).toEqual({ start_date: '2026-03-30', end_date: '2026-03-30' });
  });

  it('counts days across a daylight-saving change and leap day', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('turns drag pixels into whole days', () => {
    expect(pixelsToDays(0, 4)).toBe(0);
    expect(pixelsToDays(1, 4)).toBe(0);
    expect(pixelsToDays(2, 4)).toBe(1);
    expect(pixelsToDays(-1, 4)).toBe(0);
    expect(pixelsToDays(-6, 4)).toBe(-1);
    expect(pixelsToDays(40, 4)).toBe(10);
  });

  it('maps keys to moves: arrows a day, pages a week, shift+arrows the end date', () => {
    expect(keyToAction('ArrowRight', false)).toEqual({ kind: 'move', days: 1 });
    expect(keyToAction('ArrowLeft', false)).toEqual({ kind: 'move', days: -1 });
    expect(keyToAction('PageDown', false)).toEqual({ kind: 'move', days: 7 });
    expect(keyToAction('PageUp', true)).toEqual({ kind: 'move', days: -7 });
    expect(keyToAction('ArrowRight', true)).toEqual({ kind: 'resize', days: 1 });
    expect(keyToAction('Tab', false)).toBeNull();
    expect(applyAction(span, { kind: 'resize', days: 2 })).toEqual({ start_date: '2026-03-30', end_date: '2026-04-04' });
  });

  it('builds a month axis from the first month to one month past the last date', () => {
    const range = axisRange(['2026-01-15', null, '2026-03-02']);
    expect(range).toEqual({ start: '2026-01-01', end: '2026-04-30', days: 120 });
    expect(monthTicks(range).map((t) => [t.iso, t.offsetDays, t.lengthDays])).toEqual([
      ['2026-01-01', 0, 31],
      ['2026-02-01', 31, 28],
      ['2026-03-01', 59, 31],
      ['2026-04-01', 90, 30],
    ]);
    expect(axisRange([], '2026-06-10').start).toBe('2026-06-01');
  });
});
