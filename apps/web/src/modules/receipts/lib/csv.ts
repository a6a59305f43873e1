import { formatCents } from '@groundwork/core/receipts';
import { type ExportCell, toCsv } from '@groundwork/core/timecards-export';
import { absoluteFileUrl } from '../../../components/files/upload-file';
import type { Receipt } from '../api/queries';

export const CSV_COLUMNS = [
  'date',
  'person',
  'job',
  'costcode',
  'vendor',
  'amount',
  'tax',
  'payment_method',
  'notes',
  'status',
  'files',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

export interface CsvLabels {
  header: (column: CsvColumn) => string;
  job: (id: number | null | undefined, receipt: Receipt) => string;
  costcode: (id: number | null | undefined) => string;
  paymentMethod: (method: string | null | undefined) => string;
  status: (status: number) => string;
  origin: string;
}

/**
 * The export table: a header, then one row per receipt, or per split line for a split receipt (its job, cost code
 * and amount; the tax stays on the first line so the column still adds up). Amounts are plain decimals; files are
 * absolute links to /api/files/<uuid>, separated by spaces.
 */
export function receiptCsvTable(receipts: readonly Receipt[], labels: CsvLabels): ExportCell[][] {
  const rows: ExportCell[][] = [CSV_COLUMNS.map(labels.header)];
  for (const r of receipts) {
    const files = r.files.map((f) => absoluteFileUrl(f.uuid, labels.origin)).join(' ');
    const lines =
      r.splits.length > 0
        ? r.splits.map((s) => ({ jobs_id: s.jobs_id, costcodes_id: s.costcodes_id, amount_cents: s.amount_cents }))
        : [{ jobs_id: r.jobs_id, costcodes_id: r.costcodes_id, amount_cents: r.amount_cents }];
    lines.forEach((line, i) => {
      rows.push([
        r.receipt_date,
        r.employee_name ?? '',
        labels.job(line.jobs_id, r),
        labels.costcode(line.costcodes_id),
        r.vendor ?? '',
        formatCents(line.amount_cents),
        i === 0 && r.tax_cents != null ? formatCents(r.tax_cents) : '',
        labels.paymentMethod(r.payment_method),
        r.notes ?? '',
        labels.status(r.status),
        files,
      ]);
    });
  }
  return rows;
}

export const receiptsCsv = (table: ExportCell[][]) => toCsv(table);

export const csvFileName = (today: string) => `receipts-${today}.csv`;

/** Hands the CSV to the browser as a download (with a byte-order mark, so Excel reads accents). */
export function downloadCsv(table: ExportCell[][], fileName: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', receiptsCsv(table)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
