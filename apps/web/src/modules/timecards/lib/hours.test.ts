import { describe, expect, it } from 'vitest';
import { formatHours, hoursInputValue, parseHours } from './hours';

describe('parseHours', () => {
  it('reads decimals with a dot or a comma, hours:minutes, and empty as no time', () => {
    expect(parseHours('7.5', 15)).toEqual({ ok: true, hours: 7.5 });
    expect(parseHours('7,25', 15)).toEqual({ ok: true, hours: 7.25 });
    expect(parseHours('7:45', 15)).toEqual({ ok: true, hours: 7.75 });
    expect(parseHours(' ', 15)).toEqual({ ok: true, hours: 0 });
    expect(parseHours('0', 15)).toEqual({ ok: true, hours: 0 });
    expect(parseHours('.5', 15)).toEqual({ ok: true, hours: 0.5 });
  });

  it('refuses text, more than a day and hours off the minute increment', () => {
    expect(parseHours('eight', 15)).toEqual({ ok: false, reason: 'format' });
    expect(parseHours('-2', 15)).toEqual({ ok: false, reason: 'format' });
    expect(parseHours('25', 15)).toEqual({ ok: false, reason: 'range' });
    expect(parseHours('7.1', 15)).toEqual({ ok: false, reason: 'increment' });
    expect(parseHours('7:10', 15)).toEqual({ ok: false, reason: 'increment' });
    expect(parseHours('7:10', 10)).toEqual({ ok: true, hours: 7 + 10 / 60 });
  });
});

describe('formatHours', () => {
  it('shows at most two decimals in the reader’s language', () => {
    expect(formatHours(7.5, 'en')).toBe('7.5');
    expect(formatHours(7.5, 'es')).toBe('7,5');
    expect(formatHours(1 / 6, 'en')).toBe('0.17');
    expect(formatHours(45, 'en')).toBe('45');
    expect(hoursInputValue(1 / 6)).toBe('0.1667');
    expect(hoursInputValue(0)).toBe('');
  });
});
