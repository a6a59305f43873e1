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
