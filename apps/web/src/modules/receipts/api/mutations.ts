import { readFragment } from 'gql.tada';
import { graphql, request, type VariablesOf } from '../../../lib/graphql';
import { ReceiptFieldsFragment } from './queries';

export const saveReceiptMutation = graphql(
  `
  mutation SaveReceipt($tenant_uuid: ID!, $receipt: ReceiptSaveInput!) {
    saveReceipt(tenant_uuid: $tenant_uuid, receipt: $receipt) { ...ReceiptFields }
  }
`,
  [ReceiptFieldsFragment],
);

const archiveReceiptsMutation = graphql(`
  mutation ArchiveReceipts($tenant_uuid: ID!, $ids: [Int!]!) {
    archiveReceipts(tenant_uuid: $tenant_uuid, ids: $ids) { id status }
  }
`);

const unarchiveReceiptsMutation = graphql(`
  mutation UnarchiveReceipts($tenant_uuid: ID!, $ids: [Int!]!) {
    unarchiveReceipts(tenant_uuid: $tenant_uuid, ids: $ids) { id status }
  }
`);

const deleteReceiptsMutation = graphql(`
  mutation DeleteReceipts($tenant_uuid: ID!, $data: [ReceiptsDeleteInput!]!) {
    deleteReceipts(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

export type SaveReceiptInput = VariablesOf<typeof saveReceiptMutation>['receipt'];

export async function saveReceipt(tenant: string, receipt: SaveReceiptInput) {
  const data = await request(saveReceiptMutation, { tenant_uuid: tenant, receipt });
  return readFragment(ReceiptFieldsFragment, data.saveReceipt);
}

export const archiveReceipts = (tenant: string, ids: number[]) => request(archiveReceiptsMutation, { tenant_uuid: tenant, ids });
export const unarchiveReceipts = (tenant: string, ids: number[]) => request(unarchiveReceiptsMutation, { tenant_uuid: tenant, ids });
export const deleteReceipts = (tenant: string, ids: number[]) =>
  request(deleteReceiptsMutation, { tenant_uuid: tenant, data: ids.map((id) => ({ id })) });
