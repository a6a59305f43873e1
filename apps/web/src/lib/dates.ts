import { dateFormat } from './intl';

/**
 * Today as 'YYYY-MM-DD' in the reader's own calendar (their time zone): what "today", "overdue", an announcement's
 * window or a lapsed insurance mean to the person looking, not to UTC.
 */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar day ('YYYY-MM-DD') in the reader's language: "Nov 6, 2026", "6 nov 2026". */
export function formatDay(language: string, iso: string): string {
  return dateFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}
