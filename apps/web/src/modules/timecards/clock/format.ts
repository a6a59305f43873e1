import { dateFormat, numberFormat } from '../../../lib/intl';

/** A moment's time of day in the reader's language and on the phone's clock: "7:02 AM", "7:02". */
export const formatTime = (iso: string | number, language: string) =>
  dateFormat(language, { hour: 'numeric', minute: '2-digit' }).format(typeof iso === 'number' ? iso : Date.parse(iso));

/** A running time as hours and minutes, "7:05" (h:mm, the clock's own face). */
export function formatClock(minutes: number, language: string): string {
  const whole = Math.max(0, Math.floor(minutes));
  const h = numberFormat(language, { maximumFractionDigits: 0 }).format(Math.floor(whole / 60));
  const m = numberFormat(language, { minimumIntegerDigits: 2 }).format(whole % 60);
  return `${h}:${m}`;
}

/** A distance: metres up to a kilometre, then kilometres with one decimal. */
export function formatDistance(metres: number, language: string): string {
  if (metres < 1000)
    return numberFormat(language, { style: 'unit', unit: 'meter', unitDisplay: 'short', maximumFractionDigits: 0 }).format(metres);
  return numberFormat(language, { style: 'unit', unit: 'kilometer', unitDisplay: 'short', maximumFractionDigits: 1 }).format(metres / 1000);
}

/** The local 'HH:MM' of a moment, for a time input. */
export function timeInputValue(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The moment of local time 'HH:MM' on the local day of `dayOf`, as ISO. */
export function atLocalTime(dayOf: string, hhmm: string, plusDays = 0): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return null;
  const d = new Date(dayOf);
  d.setDate(d.getDate() + plusDays);
  d.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return d.toISOString();
}
