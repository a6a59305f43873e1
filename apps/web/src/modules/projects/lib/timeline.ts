import dayjs, { type Dayjs } from 'dayjs';

/** Dates travel as the first 10 characters of an ISO string (spec §5). */
const ISO_DATE = 'YYYY-MM-DD';

// dayjs reads a bare YYYY-MM-DD as local midnight, which is what a calendar date means here.
const parse = (iso: string) => dayjs(iso);
export const toIso = (d: Dayjs) => d.format(ISO_DATE);

export interface Span {
  start_date: string;
  end_date: string;
}

export function addDays(iso: string, days: number): string {
  return toIso(parse(iso).add(days, 'day'));
}

export function daysBetween(fromIso: string, toIsoDate: string): number {
  // Noon avoids a daylight-saving day of 23 or 25 hours rounding the wrong way.
  return Math.round(parse(toIsoDate).hour(12).diff(parse(fromIso).hour(12), 'day', true));
}

/** Moves the whole span by a number of days; its length stays the same. */
export function moveSpan(span: Span, days: number): Span {
  return { start_date: addDays(span.start_date, days), end_date: addDays(span.end_date, days) };
}

/** Changes the end date by a number of days, never before the start date. */
export function resizeSpan(span: Span, days: number): Span {
  const end = addDays(span.end_date, days);
  return { start_date: span.start_date, end_date: end < span.start_date ? span.start_date : end };
}

/** A horizontal drag in pixels as whole days at the given scale. */
export function pixelsToDays(dx: number, pxPerDay: number): number {
  const days = Math.round(dx / pxPerDay);
  return Object.is(days, -0) ? 0 : days;
}

export type BarKeyAction = { kind: 'move' | 'resize'; days: number } | null;

/**
 * Keyboard alternative to dragging: arrows move by a day, Page Up/Down by a week, Shift+arrows change the end
 * date.
 */
export function keyToAction(key: string, shiftKey: boolean): BarKeyAction {
  const step = { ArrowLeft: -1, ArrowRight: 1, PageUp: -7, PageDown: 7 }[key];
  if (step === undefined) return null;
  return { kind: shiftKey && (key === 'ArrowLeft' || key === 'ArrowRight') ? 'resize' : 'move', days: step };
}

export function applyAction(span: Span, action: { kind: 'move' | 'resize'; days: number }): Span {
  return action.kind === 'move' ? moveSpan(span, action.days) : resizeSpan(span, action.days);
}

export interface AxisRange {
  start: string;
  end: string;
  days: number;
}

/** From the first of the month of the earliest date to the end of the month of the latest, plus one spare month. */
export function axisRange(dates: readonly (string | null | undefined)[], today = toIso(dayjs())): AxisRange {
  const known = dates.filter((d): d is string => Boolean(d));
  const min = known.length ? known.reduce((a, b) => (a < b ? a : b)) : today;
  const max = known.length ? known.reduce((a, b) => (a > b ? a : b)) : today;
  const start = toIso(parse(min).startOf('month'));
  const end = toIso(parse(max).add(1, 'month').endOf('month'));
  return { start, end, days: daysBetween(start, end) + 1 };
}

export interface MonthTick {
  iso: string;
  offsetDays: number;
  lengthDays: number;
}

export function monthTicks(range: AxisRange): MonthTick[] {
  const ticks: MonthTick[] = [];
  let month = parse(range.start).startOf('month');
  const last = parse(range.end);
  while (!month.isAfter(last)) {
    const iso = toIso(month);
    ticks.push({ iso, offsetDays: daysBetween(range.start, iso), lengthDays: month.daysInMonth() });
    month = month.add(1, 'month');
  }
  return ticks;
}
