import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { readFragment } from 'gql.tada';
import { graphql, type ResultOf, request } from '../../../lib/graphql';
import { type ReceiptFilters, searchArgs } from '../lib/filters';
import { receiptKeys } from './keys';

export const ReceiptFieldsFragment = graphql(`
  fragment ReceiptFields on Receipt {
    id
    uuid
    receipt_date
    status
    employees_id
    jobs_id
    costcodes_id
    vendor
    amount_cents
    tax_cents
    payment_method
    notes
    employee_name
    job_label
    files { uuid original_name mimetype ext bytes thumbnail_base64 }
    splits { id jobs_id costcodes_id amount_cents }
    created_on
    updated_on
  }
`);

const searchReceiptsQuery = graphql(
  `
  query SearchReceipts(
    $tenant_uuid: ID!
    $employees_id: Int
    $jobs_id: Int
    $from: String
    $to: String
    $status: Int
    $limit: Int
    $nextToken: String
  ) {
    searchReceipts(
      tenant_uuid: $tenant_uuid
      employees_id: $employees_id
      jobs_id: $jobs_id
      from: $from
      to: $to
      status: $status
      limit: $limit
      nextToken: $nextToken
    ) {
      items { ...ReceiptFields }
      nextToken
    }
  }
`,
  [ReceiptFieldsFragment],
);

const receiptJobsQuery = graphql(`
  query ReceiptJobs($tenant_uuid: ID!) {
    listTimecardJobs(tenant_uuid: $tenant_uuid) { id job job_abbr status }
  }
`);

const receiptBudgetCodesQuery = graphql(`
  query ReceiptBudgetCodes($tenant_uuid: ID!, $jobs_id: [Int!]!) {
    listFilteredCostcodes(tenant_uuid: $tenant_uuid, usage: "ontimecard", jobs_id: $jobs_id) {
      budget_costcodes { jobs_id costcodes_id costcode description }
    }
  }
`);

const receiptCostcodesQuery = graphql(`
  query ReceiptCostcodes($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listCostcodes(tenant_uuid: $tenant_uuid, limit: $limit, nextToken: $nextToken) {
      items { id costcode description }
      nextToken
    }
  }
`);

const receiptPeopleQuery = graphql(`
  query ReceiptPeople($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listEmployees(tenant_uuid: $tenant_uuid, filter: { eq: { status: 1 } }, limit: $limit, nextToken: $nextToken) {
      items { id firstname lastname username }
      nextToken
    }
  }
`);

export type Receipt = ResultOf<typeof ReceiptFieldsFragment>;

export interface ReceiptPage {
  items: Receipt[];
  nextToken: string | null;
}

/** One page of receipts matching the filters, newest first. */
async function fetchReceiptPage(tenant: string, filters: ReceiptFilters, limit: number, nextToken: string | null): Promise<ReceiptPage> {
  const data = await request(searchReceiptsQuery, { tenant_uuid: tenant, ...searchArgs(filters), limit, nextToken });
  return {
    items: [...readFragment(ReceiptFieldsFragment, data.searchReceipts.items)],
    nextToken: data.searchReceipts.nextToken ?? null,
  };
}

/** Every receipt matching the filters, page after page (the CSV export). */
export async function fetchAllReceipts(tenant: string, filters: ReceiptFilters): Promise<Receipt[]> {
  const all: Receipt[] = [];
  let token: string | null = null;
  for (let n = 0; n < 1000; n += 1) {
    const page: ReceiptPage = await fetchReceiptPage(tenant, filters, 200, token);
    all.push(...page.items);
    if (!page.nextToken || page.nextToken === token) break;
    token = page.nextToken;
  }
  return all;
}

/** The phone list: pages appended by "Load more". */
export function receiptPagesQueryOptions(tenant: string, filters: ReceiptFilters, pageSize = 20) {
  return infiniteQueryOptions({
    queryKey: receiptKeys.pages(tenant, filters, pageSize),
    queryFn: ({ pageParam }) => fetchReceiptPage(tenant, filters, pageSize, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken,
  });
}

/** The desktop grid: one server page at a time. */
export function receiptPageQueryOptions(tenant: string, filters: ReceiptFilters, pageSize: number, token: string | null) {
  return queryOptions({
    queryKey: receiptKeys.page(tenant, filters, pageSize, token),
    queryFn: () => fetchReceiptPage(tenant, filters, pageSize, token),
  });
}

/** The jobs a member may book to (open, with cost codes): what a receipt is put on. */
export function receiptJobsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: receiptKeys.jobs(tenant),
    queryFn: async () => (await request(receiptJobsQuery, { tenant_uuid: tenant })).listTimecardJobs,
    staleTime: 60_000,
  });
}

/** The cost codes budgeted on the given jobs. */
export function receiptBudgetCodesQueryOptions(tenant: string, jobIds: readonly number[]) {
  return queryOptions({
    queryKey: receiptKeys.budgetCodes(tenant, jobIds),
    queryFn: async () =>
      jobIds.length === 0
        ? []
        : (await request(receiptBudgetCodesQuery, { tenant_uuid: tenant, jobs_id: [...jobIds] })).listFilteredCostcodes.budget_costcodes,
    staleTime: 60_000,
  });
}

async function allPages<T>(fetchPage: (token: string | null) => Promise<{ items: readonly T[]; nextToken?: string | null }>) {
  const all: T[] = [];
  let token: string | null = null;
  for (let n = 0; n < 100; n += 1) {
    const page = await fetchPage(token);
    all.push(...page.items);
    if (!page.nextToken || page.nextToken === token) break;
    token = page.nextToken;
  }
  return all;
}

/** Every cost code of the company, for labels in the grid and the export. */
export function receiptCostcodesQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: receiptKeys.costcodes(tenant),
    queryFn: () =>
      allPages(async (nextToken) => (await request(receiptCostcodesQuery, { tenant_uuid: tenant, limit: 1000, nextToken })).listCostcodes),
    staleTime: 5 * 60_000,
  });
}

/** Active people, for an admin's person filter and picker. */
export function receiptPeopleQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: receiptKeys.people(tenant),
    queryFn: () =>
      allPages(async (nextToken) => (await request(receiptPeopleQuery, { tenant_uuid: tenant, limit: 1000, nextToken })).listEmployees),
    staleTime: 60_000,
  });
}
