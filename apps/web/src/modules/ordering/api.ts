import { graphql, type ResultOf, request, type VariablesOf } from '../../lib/graphql';

/** The buying operations (server: apps/server/src/modules/ordering/ordering.graphql.ts). */

export const orderingKeys = {
  all: (tenant: string) => ['ordering', tenant] as const,
  orders: (tenant: string, filters: OrderFilters) => ['ordering', tenant, 'orders', filters] as const,
  items: (tenant: string, filters: ItemFilters) => ['ordering', tenant, 'items', filters] as const,
  itemPick: (tenant: string, search: string) => ['ordering', tenant, 'item-pick', search] as const,
  bundle: (tenant: string, id: number) => ['ordering', tenant, 'bundle', id] as const,
  vendors: (tenant: string) => ['ordering', tenant, 'vendors'] as const,
  tree: (tenant: string) => ['ordering', tenant, 'tree'] as const,
  lookups: (tenant: string) => ['ordering', tenant, 'lookups'] as const,
};

export type OrderFilters = { active: boolean; mine: boolean; search: string };
export type ItemFilters = { search: string; item_type_id: number | null; active: boolean };

const OrderFields = graphql(`
  fragment OrderFields on Order @_unmask {
    id uuid po_number order_date deliver_date status to_emails cc_email jobs_id job_label vendor_id vendor_name
    vendor_insurance_lapsed employees_id employee_name notes delivery_address lines total_cents sent_on sent_to
    send_count acknowledged_on pdf_uuid
  }
`);

const searchOrdersQuery = graphql(
  `query SearchOrders($tenant_uuid: ID!, $active: Boolean, $mine: Boolean, $search: String, $limit: Int, $nextToken: String) {
    searchOrders(tenant_uuid: $tenant_uuid, active: $active, mine: $mine, search: $search, limit: $limit, nextToken: $nextToken) {
      items { ...OrderFields }
      nextToken
    }
  }`,
  [OrderFields],
);

const saveOrderMutation = graphql(
  `mutation SaveOrder($tenant_uuid: ID!, $id: Int, $order: OrderFormInput!, $send: Boolean) {
    saveOrder(tenant_uuid: $tenant_uuid, id: $id, order: $order, send: $send) { message warning order { ...OrderFields } }
  }`,
  [OrderFields],
);

const resendOrderMutation = graphql(
  `mutation ResendOrder($tenant_uuid: ID!, $id: Int!) {
    resendOrder(tenant_uuid: $tenant_uuid, id: $id) { message order { ...OrderFields } }
  }`,
  [OrderFields],
);

const duplicateOrderMutation = graphql(
  `mutation DuplicateOrder($tenant_uuid: ID!, $id: Int!) { duplicateOrder(tenant_uuid: $tenant_uuid, id: $id) { ...OrderFields } }`,
  [OrderFields],
);

const setOrdersStatusMutation = graphql(`
  mutation SetOrdersStatus($tenant_uuid: ID!, $ids: [Int!]!, $status: Int!) {
    setOrdersStatus(tenant_uuid: $tenant_uuid, ids: $ids, status: $status) { id status }
  }
`);

const ItemFields = graphql(`
  fragment ItemFields on Item @_unmask {
    id uuid item active status acc_id description unit unit_cost_cents vendor_id vendor_name costcodes_id
    item_type_id type_name item_class_id class_name is_bundle
  }
`);

const searchItemsQuery = graphql(
  `query SearchItems($tenant_uuid: ID!, $search: String, $item_type_id: Int, $active: Boolean, $limit: Int, $nextToken: String) {
    searchItems(tenant_uuid: $tenant_uuid, search: $search, item_type_id: $item_type_id, active: $active, limit: $limit, nextToken: $nextToken) {
      items { ...ItemFields }
      nextToken
    }
  }`,
  [ItemFields],
);

const bulkCreateItemsMutation = graphql(`
  mutation BulkCreateItems($tenant_uuid: ID!, $items: [BulkItemInput!]!, $item_type_id: Int) {
    bulkCreateItems(tenant_uuid: $tenant_uuid, items: $items, item_type_id: $item_type_id) { id item }
  }
`);

const createItemsMutation = graphql(`
  mutation CreateItems($tenant_uuid: ID!, $data: [ItemsInput!]!) { createItems(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const updateItemsMutation = graphql(`
  mutation UpdateItems($tenant_uuid: ID!, $data: [ItemsUpdateInput!]!) { updateItems(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const deleteItemsMutation = graphql(`
  mutation DeleteItems($tenant_uuid: ID!, $data: [ItemsDeleteInput!]!) { deleteItems(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);

const bundlePartsQuery = graphql(`
  query BundleParts($tenant_uuid: ID!, $id: Int!) {
    bundleParts(tenant_uuid: $tenant_uuid, bundle_items_id: $id) { id items_id item unit quantity }
  }
`);
const createBundleItemsMutation = graphql(`
  mutation CreateBundleItems($tenant_uuid: ID!, $data: [BundleItemsInput!]!) { createBundleItems(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const deleteBundleItemsMutation = graphql(`
  mutation DeleteBundleItems($tenant_uuid: ID!, $data: [BundleItemsDeleteInput!]!) { deleteBundleItems(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);

const vendorsQuery = graphql(`
  query Vendors($tenant_uuid: ID!, $nextToken: String) {
    listVendors(tenant_uuid: $tenant_uuid, limit: 200, nextToken: $nextToken) {
      items { id name contact_name emails phone address is_supplier notes insurance_expires status }
      nextToken
    }
  }
`);
const createVendorsMutation = graphql(`
  mutation CreateVendors($tenant_uuid: ID!, $data: [VendorsInput!]!) { createVendors(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const updateVendorsMutation = graphql(`
  mutation UpdateVendors($tenant_uuid: ID!, $data: [VendorsUpdateInput!]!) { updateVendors(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const deleteVendorsMutation = graphql(`
  mutation DeleteVendors($tenant_uuid: ID!, $data: [VendorsDeleteInput!]!) { deleteVendors(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);

const treeQuery = graphql(`
  query ItemTree($tenant_uuid: ID!) {
    listItemtypes(tenant_uuid: $tenant_uuid, limit: 500) { items { id partclass parent_id status } }
    listItemclasses(tenant_uuid: $tenant_uuid, limit: 500) { items { id partclass parent_id status } }
  }
`);
const createTypesMutation = graphql(`
  mutation CreateItemtypes($tenant_uuid: ID!, $data: [ItemtypesInput!]!) { createItemtypes(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const createClassesMutation = graphql(`
  mutation CreateItemclasses($tenant_uuid: ID!, $data: [ItemclassesInput!]!) { createItemclasses(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const updateTypesMutation = graphql(`
  mutation UpdateItemtypes($tenant_uuid: ID!, $data: [ItemtypesUpdateInput!]!) { updateItemtypes(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const updateClassesMutation = graphql(`
  mutation UpdateItemclasses($tenant_uuid: ID!, $data: [ItemclassesUpdateInput!]!) { updateItemclasses(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const deleteTypesMutation = graphql(`
  mutation DeleteItemtypes($tenant_uuid: ID!, $data: [ItemtypesDeleteInput!]!) { deleteItemtypes(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);
const deleteClassesMutation = graphql(`
  mutation DeleteItemclasses($tenant_uuid: ID!, $data: [ItemclassesDeleteInput!]!) { deleteItemclasses(tenant_uuid: $tenant_uuid, data: $data) { id } }
`);

const lookupsQuery = graphql(`
  query OrderLookups($tenant_uuid: ID!) {
    orderLookups(tenant_uuid: $tenant_uuid) { jobs { id label } costcodes { id label } }
  }
`);

export type Order = ResultOf<typeof OrderFields>;
export type OrderLineView = {
  items_id: number | null;
  description: string | null;
  quantity: number;
  unit: string | null;
  unit_cost_cents: number | null;
  costcodes_id: number | null;
  bundle?: string | null;
};
export type OrderInput = VariablesOf<typeof saveOrderMutation>['order'];
export type Item = ResultOf<typeof ItemFields>;
export type Vendor = ResultOf<typeof vendorsQuery>['listVendors']['items'][number];
export type TreeNode = ResultOf<typeof treeQuery>['listItemtypes']['items'][number];
export type Choice = ResultOf<typeof lookupsQuery>['orderLookups']['jobs'][number];
export type ItemInput = VariablesOf<typeof createItemsMutation>['data'][number];
export type VendorInput = VariablesOf<typeof createVendorsMutation>['data'][number];

export const linesOf = (o: Order) => (o.lines ?? []) as OrderLineView[];

export async function fetchOrders(tenant: string, f: OrderFilters, nextToken: string | null, limit = 25) {
  const data = await request(searchOrdersQuery, {
    tenant_uuid: tenant,
    active: f.active,
    mine: f.mine,
    search: f.search.trim() || null,
    limit,
    nextToken,
  });
  return data.searchOrders;
}

export const saveOrder = (tenant: string, order: OrderInput, id: number | null, send: boolean) =>
  request(saveOrderMutation, { tenant_uuid: tenant, order, id, send }).then((d) => d.saveOrder);
export const resendOrder = (tenant: string, id: number) =>
  request(resendOrderMutation, { tenant_uuid: tenant, id }).then((d) => d.resendOrder);
export const duplicateOrder = (tenant: string, id: number) =>
  request(duplicateOrderMutation, { tenant_uuid: tenant, id }).then((d) => d.duplicateOrder);
export const setOrdersStatus = (tenant: string, ids: number[], status: number) =>
  request(setOrdersStatusMutation, { tenant_uuid: tenant, ids, status });

export async function fetchItems(tenant: string, f: ItemFilters, nextToken: string | null, limit = 25) {
  const data = await request(searchItemsQuery, {
    tenant_uuid: tenant,
    search: f.search.trim() || null,
    item_type_id: f.item_type_id,
    active: f.active,
    limit,
    nextToken,
  });
  return data.searchItems;
}

export const bulkCreateItems = (
  tenant: string,
  items: { item: string; unit?: string | null; unit_cost_cents?: number | null }[],
  typeId: number | null,
) => request(bulkCreateItemsMutation, { tenant_uuid: tenant, items, item_type_id: typeId }).then((d) => d.bulkCreateItems);
export const createItem = (tenant: string, data: ItemInput) => request(createItemsMutation, { tenant_uuid: tenant, data: [data] });
export const updateItem = (tenant: string, id: number, data: Omit<ItemInput, 'item'> & { item?: string }) =>
  request(updateItemsMutation, { tenant_uuid: tenant, data: [{ id, ...data }] });
export const archiveItem = (tenant: string, id: number) => request(deleteItemsMutation, { tenant_uuid: tenant, data: [{ id }] });

export const fetchBundleParts = (tenant: string, id: number) =>
  request(bundlePartsQuery, { tenant_uuid: tenant, id }).then((d) => d.bundleParts);
export const addBundlePart = (tenant: string, bundle: number, item: number, quantity: number) =>
  request(createBundleItemsMutation, { tenant_uuid: tenant, data: [{ bundle_items_id: bundle, items_id: item, quantity }] });
export const removeBundlePart = (tenant: string, id: number) => request(deleteBundleItemsMutation, { tenant_uuid: tenant, data: [{ id }] });

export async function fetchVendors(tenant: string): Promise<Vendor[]> {
  const all: Vendor[] = [];
  let token: string | null = null;
  for (let n = 0; n < 50; n += 1) {
    const data: ResultOf<typeof vendorsQuery> = await request(vendorsQuery, { tenant_uuid: tenant, nextToken: token });
    all.push(...data.listVendors.items);
    token = data.listVendors.nextToken ?? null;
    if (!token) break;
  }
  return all;
}
export const createVendor = (tenant: string, data: VendorInput) => request(createVendorsMutation, { tenant_uuid: tenant, data: [data] });
export const updateVendor = (tenant: string, id: number, data: Partial<VendorInput>) =>
  request(updateVendorsMutation, { tenant_uuid: tenant, data: [{ id, ...data }] });
export const archiveVendor = (tenant: string, id: number) => request(deleteVendorsMutation, { tenant_uuid: tenant, data: [{ id }] });

export const fetchTree = (tenant: string) =>
  request(treeQuery, { tenant_uuid: tenant }).then((d) => ({ types: d.listItemtypes.items, classes: d.listItemclasses.items }));
export function saveTreeNode(
  tenant: string,
  kind: 'types' | 'classes',
  id: number | null,
  data: { partclass: string; parent_id: number | null },
): Promise<unknown> {
  if (kind === 'types')
    return id === null
      ? request(createTypesMutation, { tenant_uuid: tenant, data: [data] })
      : request(updateTypesMutation, { tenant_uuid: tenant, data: [{ id, ...data }] });
  return id === null
    ? request(createClassesMutation, { tenant_uuid: tenant, data: [data] })
    : request(updateClassesMutation, { tenant_uuid: tenant, data: [{ id, ...data }] });
}
export const archiveTreeNode = (tenant: string, kind: 'types' | 'classes', id: number): Promise<unknown> =>
  kind === 'types'
    ? request(deleteTypesMutation, { tenant_uuid: tenant, data: [{ id }] })
    : request(deleteClassesMutation, { tenant_uuid: tenant, data: [{ id }] });

export const fetchLookups = (tenant: string) => request(lookupsQuery, { tenant_uuid: tenant }).then((d) => d.orderLookups);
