import type { ReceiptFilters } from '../lib/filters';

/** Everything of one tenant's receipts starts with ['receipts', tenant]: one invalidation after a write. */
export const receiptKeys = {
  all: (tenant: string) => ['receipts', tenant] as const,
  pages: (tenant: string, filters: ReceiptFilters, pageSize: number) => ['receipts', tenant, 'pages', filters, pageSize] as const,
  page: (tenant: string, filters: ReceiptFilters, pageSize: number, token: string | null) =>
    ['receipts', tenant, 'page', filters, pageSize, token] as const,
  jobs: (tenant: string) => ['receipts-lookups', tenant, 'jobs'] as const,
  budgetCodes: (tenant: string, jobIds: readonly number[]) => ['receipts-lookups', tenant, 'budget-codes', jobIds.join(',')] as const,
  costcodes: (tenant: string) => ['receipts-lookups', tenant, 'costcodes'] as const,
  people: (tenant: string) => ['receipts-lookups', tenant, 'people'] as const,
};
