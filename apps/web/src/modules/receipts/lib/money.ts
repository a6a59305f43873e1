import { formatCents, parseCents } from '@groundwork/core/receipts';
import { dateFormat, numberFormat } from '../../../lib/intl';

export { formatCents, parseCents };

/** The company's currency; the demo and every tenant so far work in US dollars. */
export const CURRENCY = 'USD';

/** Cents as currency in the reader's language: 1234.5 → "$1,234.50" (en), "1234,50 US$" (es). */
export function formatMoney(cents: number, language: string): string {
  return numberFormat(language, { style: 'currency', currency: CURRENCY }).format(cents / 100);
}

/** 'YYYY-MM-DD' as a short date in the reader's language, without shifting it through a time zone. */
export function formatReceiptDate(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return dateFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
