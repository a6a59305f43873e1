import { dateFormat } from '../../../lib/intl';
/** A 'YYYY-MM-DD' date as the reader writes it, without a time-zone shift. */
export function formatDay(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return dateFormat(language, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(y, m - 1, d));
}

export function formatTime(iso: string, language: string): string {
  return dateFormat(language, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}
