/**
 * The payroll export of a pay period: one row per time entry, built once and written as CSV here or as an
 * Excel workbook by the web app, so both files always hold the same rows.
 */

import { costcodeLabel, jobLabel, personName } from './names';
import type { IsoDate, PayPeriod } from './pay-periods.js';
import { splitEntriesOvertime } from './timecards-summary.js';

export const EXPORT_COLUMNS = [
  'employee',
  'employee_id',
  'date',
  'job',
  'costcode',
  'hours',
  'regular_hours',
  'overtime_hours',
  'note',
  'signed',
  'signed_on',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export type ExportRow = {
  employee: string;
  employee_id: number;
  date: IsoDate;
  job: string;
  costcode: string;
  hours: number;
  regular_hours: number;
  overtime_hours: number;
  note: string;
  signed: boolean;
  /** The signing date (YYYY-MM-DD), empty when the card is not signed. */
  signed_on: string;
};

export type ExportInput = {
  period: PayPeriod;
  entries: readonly {
    id?: number;
    employees_id: number;
    timecard_date: IsoDate;
    jobs_id: number;
    costcodes_id: number;
    hours: number;
    note?: string | null;
  }[];
  cards: readonly { employees_id: number; payperiod_start_date: IsoDate; signed_on?: string | null }[];
  people: readonly { id: number; firstname?: string | null; lastname?: string | null; username?: string | null }[];
  jobs: readonly { id: number; job: string; job_abbr?: string | null }[];
  costcodes: readonly { id: number; costcode: string; description?: string | null }[];
};

/** Rows sorted by person (last name, first name), then date, then entry; entries outside the period are left out. */
export function buildExportRows(input: ExportInput): ExportRow[] {
  const { period } = input;
  const people = new Map(input.people.map((p) => [p.id, p]));
  const jobs = new Map(input.jobs.map((j) => [j.id, j]));
  const codes = new Map(input.costcodes.map((c) => [c.id, c]));
  const cards = new Map(input.cards.filter((c) => c.payperiod_start_date === period.start).map((c) => [c.employees_id, c]));
  const inPeriod = input.entries.filter((e) => e.timecard_date >= period.start && e.timecard_date <= period.end);
  const sortName = (id: number) => {
    const p = people.get(id);
    return `${p?.lastname ?? ''}\u0000${p?.firstname ?? ''}\u0000${p?.username ?? ''}`.toLowerCase();
  };
  const rows = splitEntriesOvertime(inPeriod, period.start).map((e) => {
    const person = people.get(e.employees_id);
    const job = jobs.get(e.jobs_id);
    const code = codes.get(e.costcodes_id);
    const signedOn = cards.get(e.employees_id)?.signed_on ?? null;
    return {
      employee: person ? personName(person) : `#${e.employees_id}`,
      employee_id: e.employees_id,
      date: e.timecard_date,
      job: job ? jobLabel(job) : `#${e.jobs_id}`,
      costcode: code ? costcodeLabel(code) : `#${e.costcodes_id}`,
      hours: e.hours,
      regular_hours: e.regular_hours,
      overtime_hours: e.overtime_hours,
      note: e.note ?? '',
      signed: Boolean(signedOn),
      signed_on: signedOn ? signedOn.slice(0, 10) : '',
      sortKey: sortName(e.employees_id),
    };
  });
  rows.sort((a, b) => a.sortKey.localeCompare(b.sortKey) || a.employee_id - b.employee_id);
  return rows.map(({ sortKey: _sortKey, ...row }) => row);
}

export type ExportCell = string | number;

/** The header row (in the reader's language) and one line of cells per row, in EXPORT_COLUMNS order. */
export function exportTable(
  rows: readonly ExportRow[],
  headers: Record<ExportColumn, string>,
  yesNo: { yes: string; no: string },
): ExportCell[][] {
  return [
    EXPORT_COLUMNS.map((c) => headers[c]),
    ...rows.map((row) => EXPORT_COLUMNS.map((c) => (c === 'signed' ? (row.signed ? yesNo.yes : yesNo.no) : row[c]))),
  ];
}

/**
 * A spreadsheet treats a cell starting with =, +, -, @ or a control character as a formula. Notes and
 * names are typed by people, so such text is prefixed with an apostrophe (the OWASP CSV-injection advice).
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180 CSV with CRLF line ends; text cells are quoted when needed and kept from being read as formulas. */
export function toCsv(table: readonly (readonly ExportCell[])[]): string {
  const cell = (value: ExportCell) => {
    if (typeof value === 'number') return String(value);
    const text = neutralizeFormula(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${table.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** A file name such as timecards-2026-11-23-to-2026-12-06.csv. */
export const exportFileName = (period: PayPeriod, extension: 'csv' | 'xlsx') => `timecards-${period.start}-to-${period.end}.${extension}`;
