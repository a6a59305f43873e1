import { dateFormat } from './intl';

/**
 * Today as 'YYYY-MM-DD' in the reader's own calendar (their time zone): what "today", "overdue", an announcement's
 * window or a lapsed insurance mean to the person looking, not to UTC.
 */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A calendar day ('YYYY-MM-DD', or the date of a timestamp) in the reader's language: "Nov 6, 2026", "6 nov 2026".
 * Formatted in UTC, so no time zone moves it to the day before. No value reads as `empty`; text that is no date is
 * shown as it is rather than as "Invalid Date". Every screen's dates come through here (issue 14).
 */
export function formatDay(value: string | null | undefined, language: string, empty = ''): string {
  if (!value) return empty;
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return value;
  return dateFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
