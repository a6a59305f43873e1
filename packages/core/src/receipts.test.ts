import { describe, expect, it } from 'vitest';
import {
  formatCents,
  isReceiptDate,
  PAYMENT_METHODS,
  parseCents,
  RECEIPT_MESSAGES,
  receiptRecordSchema,
  receiptSaveSchema,
  splitsProblem,
} from './receipts.js';

const base = { receipt_date: '2026-03-02', amount_cents: 12_345, file_uuids: [] };
const firstMessage = (value: unknown) => {
  const r = receiptSaveSchema.safeParse(value);
  return r.success ? null : { message: r.error.issues[0].message, path: r.error.issues[0].path.join('.') };
};

describe('receipt save schema', () => {
  it('accepts a minimal receipt and a full one', () => {
    expect(firstMessage(base)).toBeNull();
    expect(
      firstMessage({
        ...base,
        id: 4,
        jobs_id: 1,
        costcodes_id: 2,
        vendor: 'Home Depot',
        tax_cents: 1000,
        payment_method: 'company_card',
        notes: 'Anchors and a drill bit',
        employees_id: 7,
        file_uuids: ['0b6f1e0c-8f5a-4f57-9c1e-4b3e0f7c2d11'],
        splits: [
          { jobs_id: 1, costcodes_id: 2, amount_cents: 10_000 },
          { jobs_id: 3, amount_cents: 2_345 },
        ],
      }),
    ).toBeNull();
    expect(firstMessage({ ...base, splits: [] })).toBeNull();
    expect(firstMessage({ ...base, splits: null, tax_cents: null, payment_method: null })).toBeNull();
  });

  it('refuses splits that do not add up, with the contract message', () => {
    expect(
      firstMessage({
        ...base,
        splits: [
          { jobs_id: 1, amount_cents: 10_000 },
          { jobs_id: 2, amount_cents: 2_000 },
        ],
      }),
    ).toEqual({ message: 'The split amounts must add up to the receipt total.', path: 'splits' });
  });

  it('needs 2 to 20 split lines, each more than zero', () => {
    expect(firstMessage({ ...base, splits: [{ jobs_id: 1, amount_cents: 12_345 }] })?.message).toBe(RECEIPT_MESSAGES.splitsCount);
    const many = Array.from({ length: 21 }, (_, i) => ({ jobs_id: 1, amount_cents: i === 0 ? 12_325 : 1 }));
    expect(firstMessage({ ...base, splits: many })?.message).toBe(RECEIPT_MESSAGES.splitsCount);
    expect(
      firstMessage({
        ...base,
        splits: [
          { jobs_id: 1, amount_cents: 12_345 },
          { jobs_id: 2, amount_cents: 0 },
        ],
      }),
    ).toEqual({ message: RECEIPT_MESSAGES.splitAmount, path: 'splits.1.amount_cents' });
  });

  it('refuses bad dates, amounts, methods and long text', () => {
    expect(firstMessage({ ...base, receipt_date: '2026-02-30' })?.message).toBe(RECEIPT_MESSAGES.invalidDate);
    expect(firstMessage({ ...base, receipt_date: '02/03/2026' })?.message).toBe(RECEIPT_MESSAGES.invalidDate);
    expect(firstMessage({ ...base, amount_cents: -1 })?.message).toBe(RECEIPT_MESSAGES.amount);
    expect(firstMessage({ ...base, amount_cents: 1.5 })?.message).toBe(RECEIPT_MESSAGES.amount);
    expect(firstMessage({ ...base, amount_cents: 2_000_000_000 })?.message).toBe(RECEIPT_MESSAGES.amountTooLarge);
    expect(firstMessage({ ...base, tax_cents: 20_000 })).toEqual({ message: RECEIPT_MESSAGES.taxOverTotal, path: 'tax_cents' });
    expect(firstMessage({ ...base, payment_method: 'bitcoin' })?.message).toBe(RECEIPT_MESSAGES.paymentMethod);
    expect(firstMessage({ ...base, vendor: 'x'.repeat(201) })?.message).toBe('You must enter a maximum of 200 characters');
    expect(firstMessage({ ...base, notes: 'x'.repeat(2001) })?.message).toBe('You must enter a maximum of 2000 characters');
    expect(firstMessage({ ...base, file_uuids: ['not-a-uuid'] })?.path).toBe('file_uuids.0');
    expect(firstMessage({ ...base, jobs_id: 0 })?.path).toBe('jobs_id');
  });

  it('lists the payment methods', () => {
    expect(PAYMENT_METHODS).toEqual(['card', 'cash', 'check', 'company_card', 'other']);
  });
});

describe('splitsProblem', () => {
  it('is null without splits or when they add up', () => {
    expect(splitsProblem(100, undefined)).toBeNull();
    expect(splitsProblem(100, [])).toBeNull();
    expect(splitsProblem(100, [{ amount_cents: 60 }, { amount_cents: 40 }])).toBeNull();
    expect(splitsProblem(100, [{ amount_cents: 60 }, { amount_cents: 41 }])).toEqual({ message: RECEIPT_MESSAGES.splitsTotal });
  });
});

describe('receipt record schema (generic operations)', () => {
  it('checks the fields a partial update carries', () => {
    expect(receiptRecordSchema.safeParse({ vendor: 'Lowes' }).success).toBe(true);
    expect(receiptRecordSchema.safeParse({ status: 2 }).success).toBe(false);
    expect(receiptRecordSchema.safeParse({ receipt_date: '2026-13-01' }).success).toBe(false);
    expect(receiptRecordSchema.safeParse({ amount_cents: -5 }).success).toBe(false);
  });
});

describe('dates and money', () => {
  it('knows real calendar days', () => {
    expect(isReceiptDate('2024-02-29')).toBe(true);
    expect(isReceiptDate('2025-02-29')).toBe(false);
    expect(isReceiptDate('9999-01-01')).toBe(false);
    expect(isReceiptDate(20240101)).toBe(false);
  });

  it('parses and formats amounts in cents', () => {
    expect(parseCents('12.34')).toBe(1234);
    expect(parseCents('$1,234.5')).toBe(123_450);
    expect(parseCents('7')).toBe(700);
    expect(parseCents('.5')).toBe(50);
    expect(parseCents('0')).toBe(0);
    for (const bad of ['', '-1', '1.234', 'abc', '10000000000']) expect(parseCents(bad), bad).toBeNull();
    expect(formatCents(123_450)).toBe('1234.50');
    expect(formatCents(5)).toBe('0.05');
  });
});
