import { formatCents } from '@groundwork/core/receipts';
import { numberFormat } from '../../../lib/intl';

export { formatCents };

/** The company's currency; the demo and every tenant so far work in US dollars. */
const CURRENCY = 'USD';

/** Cents as currency in the reader's language: 1234.5 → "$1,234.50" (en), "1234,50 US$" (es). */
export function formatMoney(cents: number, language: string): string {
  return numberFormat(language, { style: 'currency', currency: CURRENCY }).format(cents / 100);
}
