import type { ConnectionEvent, MappingKind, SyncType } from '@groundwork/core/accounting';
import { queryOptions } from '@tanstack/react-query';
import { graphql, request } from '../../../lib/graphql';

/** The accounting integration, QuickBooks Online (spec §7, issue 23). Admins only; no token ever reaches the browser. */
const statusQuery = graphql(`
  query AccountingSystemStatus($tenant_uuid: ID!) {
    accountingSystemStatus(tenant_uuid: $tenant_uuid) {
      configured connected qbo_disconnected realm_id connected_on accountingsystems_id
    }
  }
`);

const connectionMutation = graphql(`
  mutation AccountingSystemConnection($tenant_uuid: ID!, $event_type: String!) {
    accountingSystemConnection(tenant_uuid: $tenant_uuid, event_type: $event_type) { message redirect_uri }
  }
`);

const apiMutation = graphql(`
  mutation AccountingSystemApi($tenant_uuid: ID!, $action: String!, $payload: JSON) {
    accountingSystemApi(tenant_uuid: $tenant_uuid, action: $action, payload: $payload) { action message data }
  }
`);

export const accountingKeys = {
  all: (tenant: string) => ['accounting', tenant] as const,
  status: (tenant: string) => ['accounting', tenant, 'status'] as const,
  mapping: (tenant: string) => ['accounting', tenant, 'mapping'] as const,
  log: (tenant: string) => ['accounting', tenant, 'log'] as const,
};

export const accountingStatusQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: accountingKeys.status(tenant),
    queryFn: async () => (await request(statusQuery, { tenant_uuid: tenant })).accountingSystemStatus,
  });

export const accountingConnection = async (tenant: string, event_type: ConnectionEvent) =>
  (await request(connectionMutation, { tenant_uuid: tenant, event_type })).accountingSystemConnection;

async function callApi<T>(tenant: string, action: string, payload?: unknown): Promise<{ message: string | null; data: T }> {
  const res = (await request(apiMutation, { tenant_uuid: tenant, action, payload: payload ?? null })).accountingSystemApi;
  return { message: res.message ?? null, data: res.data as T };
}

export type Remote = { id: string; name: string };
export type LocalRecord = { id: number; name: string; remote_id: string | null; remote_name: string | null; suggestion: Remote | null };
export type MappingKindData = { kind: MappingKind; entity: string; locals: LocalRecord[]; remotes: Remote[] };
export type SyncOp = {
  record_type: SyncType;
  record_id: number;
  version: string;
  entity: string;
  action: 'create' | 'update' | 'blocked';
  remote_id: string | null;
  summary: string;
  error: string | null;
  status?: 'synced' | 'failed';
};
export type LogEntry = {
  record_type: SyncType;
  record_id: number;
  version: string;
  entity: string;
  action: string;
  status: 'synced' | 'failed';
  remote_id: string | null;
  summary: string | null;
  error: string | null;
  attempts: number;
  synced_on: string;
};

export const mappingQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: accountingKeys.mapping(tenant),
    queryFn: () => callApi<{ kinds: MappingKindData[] }>(tenant, 'mapping'),
  });

export const logQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: accountingKeys.log(tenant),
    queryFn: async () => (await callApi<{ entries: LogEntry[] }>(tenant, 'log', { limit: 100 })).data.entries,
  });

export const mapRecord = (tenant: string, kind: MappingKind, local_id: number, remote: Remote | null) =>
  callApi(tenant, 'map', { kind, local_id, remote_id: remote?.id ?? null, remote_name: remote?.name ?? null });

export const previewSync = (tenant: string) => callApi<{ ops: SyncOp[]; unchanged: number }>(tenant, 'preview', {});
export const pushSync = (tenant: string) => callApi<{ results: SyncOp[]; unchanged: number }>(tenant, 'push', {});
