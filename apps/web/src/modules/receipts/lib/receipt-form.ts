import { localToday } from '../../../lib/dates';
import type { Receipt } from '../api/queries';
import { formatCents } from './money';
import type { SplitLine } from './splits';

/** The receipt dialog's form: what the fields hold as typed. */
export interface ReceiptFormValues {
  receipt_date: string;
  jobs_id: number | null;
  amount: string;
  vendor: string;
  tax: string;
  costcodes_id: number | null;
  payment_method: string;
  notes: string;
  employees_id: number | null;
  split: boolean;
  splits: SplitLine[];
}

/** The form as the dialog opens: the receipt's values, or a new receipt for today. */
export function initialValues(receipt: Receipt | null, key: () => number): ReceiptFormValues {
  const cents = (v: number | null | undefined) => (v == null ? '' : formatCents(v));
  return {
    receipt_date: receipt?.receipt_date ?? localToday(),
    jobs_id: receipt?.jobs_id ?? null,
    amount: receipt ? cents(receipt.amount_cents) : '',
    vendor: receipt?.vendor ?? '',
    tax: cents(receipt?.tax_cents),
    costcodes_id: receipt?.costcodes_id ?? null,
    payment_method: receipt?.payment_method ?? '',
    notes: receipt?.notes ?? '',
    employees_id: receipt?.employees_id ?? null,
    split: (receipt?.splits.length ?? 0) > 0,
    splits: (receipt?.splits ?? []).map((s) => ({
      key: key(),
      jobs_id: s.jobs_id,
      costcodes_id: s.costcodes_id ?? null,
      amount: formatCents(s.amount_cents),
    })),
  };
}

/** Core's schema fields (the first part of an issue's path) and the form fields that show their problems. */
export const FIELD_OF: Record<string, keyof ReceiptFormValues> = {
  receipt_date: 'receipt_date',
  amount_cents: 'amount',
  tax_cents: 'tax',
  vendor: 'vendor',
  notes: 'notes',
  payment_method: 'payment_method',
  jobs_id: 'jobs_id',
  costcodes_id: 'costcodes_id',
  employees_id: 'employees_id',
  splits: 'splits',
};
