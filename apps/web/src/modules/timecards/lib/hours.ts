import { fitsIncrement, MAX_HOURS_PER_DAY } from '@groundwork/core/pay-periods';
import { numberFormat } from '../../../lib/intl';

export type ParsedHours = { ok: true; hours: number } | { ok: false; reason: 'format' | 'increment' | 'range' };

/**
 * Reads what a person types into an hours cell: "7.5", "7,5" (a Spanish keyboard), "7:30" (hours and
 * minutes) or an empty cell (no time). Zero and empty both mean "no time that day".
 */
export function parseHours(text: string, increment: number): ParsedHours {
  const value = text.trim();
  if (value === '') return { ok: true, hours: 0 };
  let hours: number;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) hours = Number(clock[1]) + Number(clock[2]) / 60;
  else if (/^\d{0,2}([.,]\d{1,4})?$/.test(value)) hours = Number(value.replace(',', '.'));
  else return { ok: false, reason: 'format' };
  if (!Number.isFinite(hours)) return { ok: false, reason: 'format' };
  if (hours < 0 || hours > MAX_HOURS_PER_DAY) return { ok: false, reason: 'range' };
  if (hours > 0 && !fitsIncrement(hours, increment)) return { ok: false, reason: 'increment' };
  return { ok: true, hours };
}

/** Hours as people read them: at most two decimals, no trailing zeros ("7.5", "0.17"), in the reader's locale. */
export function formatHours(hours: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(hours);
}

/** The value an input shows for stored hours: a dot decimal keeps parseHours' round trip exact. */
export const hoursInputValue = (hours: number) => (hours ? String(Math.round(hours * 10000) / 10000) : '');
