import { describe, expect, it } from 'vitest';
import type { Receipt } from '../api/queries';
import { CSV_COLUMNS, receiptCsvTable, receiptsCsv } from './csv';

const base: Receipt = {
  id: 1,
  uuid: 'r-1',
  receipt_date: '2026-11-20',
  status: 1,
  employees_id: 5,
  jobs_id: 7,
  costcodes_id: 3,
  vendor: 'Home Depot',
  amount_cents: 12_345,
  tax_cents: 945,
  payment_method: 'company_card',
  notes: 'Rebar ties, "heavy"',
  employee_name: 'Ben Miller',
  job_label: 'RMOB · Riverside Medical Office Building',
  files: [
    { uuid: 'aaaa', original_name: 'a.jpg', mimetype: 'image/jpeg', ext: 'jpg', bytes: 10, thumbnail_base64: null },
    { uuid: 'bbbb', original_name: 'b.pdf', mimetype: 'application/pdf', ext: 'pdf', bytes: 10, thumbnail_base64: null },
  ],
  splits: [],
  created_on: '2026-11-20T10:00:00Z',
  updated_on: '2026-11-20T10:00:00Z',
};

const labels = {
  header: (c: string) => c,
  job: (id: number | null | undefined) => ({ 7: 'RMOB', 8: 'CCT2' })[id ?? 0] ?? '',
  costcode: (id: number | null | undefined) => ({ 3: '03-300 Concrete', 2: '02-200 Site Work' })[id ?? 0] ?? '',
  paymentMethod: (m: string | null | undefined) => (m === 'company_card' ? 'Company card' : (m ?? '')),
  status: (s: number) => (s === 1 ? 'Active' : 'Archived'),
  origin: 'https://app.example.com',
};

describe('receiptCsvTable', () => {
  it('writes one row per receipt with plain amounts and absolute file links', () => {
    const table = receiptCsvTable([base], labels);
    expect(table[0]).toEqual([...CSV_COLUMNS]);
    expect(table[1]).toEqual([
      '2026-11-20',
      'Ben Miller',
      'RMOB',
      '03-300 Concrete',
      'Home Depot',
      '123.45',
      '9.45',
      'Company card',
      'Rebar ties, "heavy"',
      'Active',
      'https://app.example.com/api/files/aaaa https://app.example.com/api/files/bbbb',
    ]);
    // Quotes and commas are escaped for spreadsheet programs.
    expect(receiptsCsv(table).split('\r\n')[1]).toContain('"Rebar ties, ""heavy"""');
  });

  it('writes a split receipt as one row per line, its tax on the first line only', () => {
    const split: Receipt = {
      ...base,
      status: 0,
      files: [],
      splits: [
        { id: 1, jobs_id: 7, costcodes_id: 3, amount_cents: 10_000 },
        { id: 2, jobs_id: 8, costcodes_id: 2, amount_cents: 2_345 },
      ],
    };
    const [, first, second] = receiptCsvTable([split], labels);
    expect(first?.slice(2, 7)).toEqual(['RMOB', '03-300 Concrete', 'Home Depot', '100.00', '9.45']);
    expect(second?.slice(2, 7)).toEqual(['CCT2', '02-200 Site Work', 'Home Depot', '23.45', '']);
    expect(first?.[9]).toBe('Archived');
    expect(second?.[10]).toBe('');
  });

  it('leaves empty optional fields empty', () => {
    const bare: Receipt = { ...base, vendor: null, tax_cents: null, payment_method: null, notes: null, costcodes_id: null, files: [] };
    expect(receiptCsvTable([bare], labels)[1]).toEqual(['2026-11-20', 'Ben Miller', 'RMOB', '', '', '123.45', '', '', '', 'Active', '']);
  });
});
