import { describe, expect, it } from 'vitest';
import { formatDay } from './dates';

describe('formatDay', () => {
  it('writes a calendar day in the reader’s language, the same day in every time zone', () => {
    expect(formatDay('2026-11-06', 'en')).toBe('Nov 6, 2026');
    expect(formatDay('2026-11-06', 'es')).toBe('6 nov 2026');
    expect(formatDay('2026-01-01', 'en')).toBe('Jan 1, 2026');
  });

  it('reads the date of a timestamp', () => {
    expect(formatDay('2026-11-06T23:30:00.000Z', 'en')).toBe('Nov 6, 2026');
  });

  it('shows nothing (or what the screen asks) for no value, and text that is no date as it is', () => {
    expect(formatDay(null, 'en')).toBe('');
    expect(formatDay(undefined, 'en', '—')).toBe('—');
    expect(formatDay('', 'en', '—')).toBe('—');
    expect(formatDay('soon', 'en')).toBe('soon');
  });
});
