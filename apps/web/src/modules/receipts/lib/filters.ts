import { RECEIPT_STATUS } from '@groundwork/core/receipts';

export type StatusFilter = 'active' | 'archived';

/** The admin list's filters; absent means "any". */
export interface ReceiptFilters {
  employees_id?: number;
  jobs_id?: number;
  from?: string;
  to?: string;
  status: StatusFilter;
}

export const DEFAULT_FILTERS: ReceiptFilters = { status: 'active' };

/** searchReceipts' arguments for the filters (a date range with from after to is swapped, not refused). */
export function searchArgs(filters: ReceiptFilters) {
  let { from, to } = filters;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    employees_id: filters.employees_id ?? null,
    jobs_id: filters.jobs_id ?? null,
    from: from || null,
    to: to || null,
    status: filters.status === 'archived' ? RECEIPT_STATUS.archived : RECEIPT_STATUS.active,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveId(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function isoDate(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !DATE.test(raw)) return undefined;
  return Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? undefined : raw;
}

/**
 * Reads the filters from the URL query (?person=&job=&from=&to=&status=, defaults left out); anything malformed is
 * ignored (that filter is "any").
 */
export function filtersFromSearch(raw: Record<string, unknown>): ReceiptFilters {
  const filters: ReceiptFilters = { status: raw.status === 'archived' ? 'archived' : 'active' };
  const person = positiveId(raw.person);
  if (person !== undefined) filters.employees_id = person;
  const job = positiveId(raw.job);
  if (job !== undefined) filters.jobs_id = job;
  const from = isoDate(raw.from);
  if (from) filters.from = from;
  const to = isoDate(raw.to);
  if (to) filters.to = to;
  return filters;
}

/** The URL query keys for the filters: every key is set, undefined removing it from the address. */
export function filtersToSearch(filters: ReceiptFilters): {
  person: number | undefined;
  job: number | undefined;
  from: string | undefined;
  to: string | undefined;
  status: 'archived' | undefined;
} {
  return {
    person: filters.employees_id,
    job: filters.jobs_id,
    from: filters.from || undefined,
    to: filters.to || undefined,
    status: filters.status === 'archived' ? 'archived' : undefined,
  };
}

/** How many filters differ from the defaults (the phone's badge). */
export function activeFilterCount(filters: ReceiptFilters): number {
  return (
    Number(filters.employees_id !== undefined) +
    Number(filters.jobs_id !== undefined) +
    Number(Boolean(filters.from)) +
    Number(Boolean(filters.to)) +
    Number(filters.status !== 'active')
  );
}

/** The same filters, compared field by field. */
export function sameFilters(a: ReceiptFilters, b: ReceiptFilters): boolean {
  return (
    a.employees_id === b.employees_id &&
    a.jobs_id === b.jobs_id &&
    (a.from || undefined) === (b.from || undefined) &&
    (a.to || undefined) === (b.to || undefined) &&
    a.status === b.status
  );
}
