import { z } from 'zod';
import { MESSAGES } from './people.js';

/**
 * Receipts (spec §2 /modules/receipts, §3 Receipt): the rules the server's saveReceipt and the web form share.
 * Money is integer cents; dates are 'YYYY-MM-DD'.
 */

/** Status: 1 active; anything else is archived (spec §4 archive pattern). */
export const RECEIPT_STATUS = { archived: 0, active: 1 } as const;

/** How a receipt was paid; stored as these keys, labelled by the web app in each language. */
export const PAYMENT_METHODS = ['card', 'cash', 'check', 'company_card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const RECEIPT_LIMITS = {
  /** 1,000,000.00 in cents: far above any field purchase, far below a 32-bit integer. */
  maxCents: 100_000_000,
  vendor: 200,
  notes: 2000,
  minSplits: 2,
  maxSplits: 20,
  /** Photos or PDFs on one receipt (the files service's limit per record). */
  maxFiles: 20,
} as const;

/** The spec's message patterns and the green success texts; the web app translates them (en, es). */
export const RECEIPT_MESSAGES = {
  fetchError: 'There was a problem fetching receipts.',
  addError: 'There was a problem adding the receipt.',
  updateError: 'There was a problem updating the receipt.',
  deleteError: 'There was a problem deleting the receipt.',
  added: 'Receipt added.',
  updated: 'Receipt updated.',
  archived: 'Receipt archived.',
  restored: 'Receipt restored.',
  deleted: 'Receipt deleted.',
  required: MESSAGES.required,
  invalidDate: 'Enter a valid date.',
  amount: 'Enter an amount of zero or more, in cents.',
  amountTooLarge: 'That amount is too large.',
  taxOverTotal: 'The tax cannot be more than the total.',
  paymentMethod: 'Choose a payment method from the list.',
  splitsTotal: 'The split amounts must add up to the receipt total.',
  splitsCount: `Split a receipt into ${RECEIPT_LIMITS.minSplits} to ${RECEIPT_LIMITS.maxSplits} lines.`,
  splitAmount: 'Each split amount must be more than zero.',
  tooManyFiles: `A receipt can hold at most ${RECEIPT_LIMITS.maxFiles} files.`,
  job: 'Choose one of the company’s jobs.',
  costcode: 'Choose one of the company’s cost codes.',
  person: 'Choose a person of this company.',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD' (not 2026-02-30), between the years 1900 and 2999. */
export function isReceiptDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const receiptDate = z.string().refine(isReceiptDate, RECEIPT_MESSAGES.invalidDate);
const cents = z
  .number({ message: RECEIPT_MESSAGES.amount })
  .int(RECEIPT_MESSAGES.amount)
  .min(0, RECEIPT_MESSAGES.amount)
  .max(RECEIPT_LIMITS.maxCents, RECEIPT_MESSAGES.amountTooLarge);
const recordId = z.number().int().positive().max(2_147_483_647);
const text = (max: number) => z.string().max(max, MESSAGES.max(max));

export const receiptSplitSchema = z.object({
  jobs_id: recordId,
  costcodes_id: recordId.nullish(),
  amount_cents: cents.refine((v) => v > 0, RECEIPT_MESSAGES.splitAmount),
});
export type ReceiptSplitInput = z.infer<typeof receiptSplitSchema>;

/**
 * The splits rule: no splits (absent or empty) puts the whole amount on the receipt's job and cost code;
 * otherwise 2..20 lines, each more than zero, adding up to the total exactly. The problem, or null.
 * (That each line's job is one of the company's is the server's check.)
 */
export function splitsProblem(
  amountCents: number,
  splits: readonly { amount_cents: number }[] | null | undefined,
): { message: string; index?: number } | null {
  if (!splits || splits.length === 0) return null;
  if (splits.length < RECEIPT_LIMITS.minSplits || splits.length > RECEIPT_LIMITS.maxSplits) {
    return { message: RECEIPT_MESSAGES.splitsCount };
  }
  const bad = splits.findIndex((s) => !Number.isInteger(s.amount_cents) || s.amount_cents <= 0);
  if (bad >= 0) return { message: RECEIPT_MESSAGES.splitAmount, index: bad };
  const total = splits.reduce((sum, s) => sum + s.amount_cents, 0);
  return total === amountCents ? null : { message: RECEIPT_MESSAGES.splitsTotal };
}

/**
 * saveReceipt's input, for the server and the receipt form alike: id absent adds a receipt; employees_id
 * absent means the caller (only admins may name someone else); file_uuids and splits are the receipt's whole
 * set (absent or empty splits: no split).
 */
export const receiptSaveSchema = z
  .object({
    id: recordId.nullish(),
    receipt_date: receiptDate,
    jobs_id: recordId.nullish(),
    costcodes_id: recordId.nullish(),
    vendor: text(RECEIPT_LIMITS.vendor).nullish(),
    amount_cents: cents,
    tax_cents: cents.nullish(),
    payment_method: z.enum(PAYMENT_METHODS, { message: RECEIPT_MESSAGES.paymentMethod }).nullish(),
    notes: text(RECEIPT_LIMITS.notes).nullish(),
    employees_id: recordId.nullish(),
    file_uuids: z.array(z.string().regex(UUID, 'Invalid file.')).max(RECEIPT_LIMITS.maxFiles, RECEIPT_MESSAGES.tooManyFiles),
    splits: z.array(receiptSplitSchema).nullish(),
  })
  .superRefine((r, ctx) => {
    if (r.tax_cents != null && r.tax_cents > r.amount_cents) {
      ctx.addIssue({ code: 'custom', message: RECEIPT_MESSAGES.taxOverTotal, path: ['tax_cents'] });
    }
    const problem = splitsProblem(r.amount_cents, r.splits);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.index === undefined ? ['splits'] : ['splits', problem.index, 'amount_cents'],
      });
    }
  });
export type ReceiptSaveInput = z.input<typeof receiptSaveSchema>;

/**
 * The generic record operations' rules (createReceipts/updateReceipts): the same field rules, every field
 * optional so a partial update is checked too. Splits and files go through saveReceipt only.
 */
export const receiptRecordSchema = z
  .object({
    receipt_date: receiptDate,
    status: z.union([z.literal(0), z.literal(1)], { message: 'status must be 1 (active) or 0 (archived)' }),
    employees_id: recordId,
    jobs_id: recordId.nullable(),
    costcodes_id: recordId.nullable(),
    vendor: text(RECEIPT_LIMITS.vendor).nullable(),
    amount_cents: cents,
    tax_cents: cents.nullable(),
    payment_method: z.enum(PAYMENT_METHODS, { message: RECEIPT_MESSAGES.paymentMethod }).nullable(),
    notes: text(RECEIPT_LIMITS.notes).nullable(),
    uuid: z.string().regex(UUID, 'Invalid format'),
  })
  .partial()
  .loose();

/** '12.34', '12', '$1,234.5' → cents; null for anything that is not a non-negative amount with at most 2 decimals. */
export function parseCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '').trim();
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!m) return null;
  const value = Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return value <= RECEIPT_LIMITS.maxCents ? value : null;
}

/** Cents as a plain decimal amount, '1234.50' (for inputs and CSV; the web formats currency for display). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
