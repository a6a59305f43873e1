import { dateFormat } from './intl';

export { localToday } from './today';

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
