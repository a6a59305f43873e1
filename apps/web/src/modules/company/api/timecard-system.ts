import type { ConnectionEvent } from '@groundwork/core/accounting';
import { queryOptions } from '@tanstack/react-query';
import { graphql, request } from '../../../lib/graphql';

/** The external time-card system, QuickBooks Time (spec §7, issue 23). Admins only; no token ever reaches the browser. */
const statusQuery = graphql(`
  query TimecardSystemStatus($tenant_uuid: ID!) {
    timecardSystemStatus(tenant_uuid: $tenant_uuid) { configured connected disconnected_reason connected_on timecardsystems_id }
  }
`);

const connectionMutation = graphql(`
  mutation TimecardSystemConnection($tenant_uuid: ID!, $event_type: String!) {
    timecardSystemConnection(tenant_uuid: $tenant_uuid, event_type: $event_type) { message redirect_uri }
  }
`);

const apiMutation = graphql(`
  mutation TimecardSystemApi($tenant_uuid: ID!, $action: String!, $payload: JSON) {
    timecardSystemApi(tenant_uuid: $tenant_uuid, action: $action, payload: $payload) { action message data }
  }
`);

/** The server's messages (the contract's English), so the dialog can say them in the reader's language. */
export const TIMECARD_SERVER_MESSAGES = {
  notConfigured: 'QuickBooks Time is not configured on this server.',
  notConnected: 'QuickBooks Time is not connected.',
  expired: 'QuickBooks Time disconnected: the connection was revoked or has expired. Reconnect to import time.',
  unreachable: 'QuickBooks Time could not be reached. Try again later.',
} as const;

export const timecardSystemKeys = {
  all: (tenant: string) => ['timecard-system', tenant] as const,
  status: (tenant: string) => ['timecard-system', tenant, 'status'] as const,
  mapping: (tenant: string) => ['timecard-system', tenant, 'mapping'] as const,
};

export const timecardSystemStatusQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: timecardSystemKeys.status(tenant),
    queryFn: async () => (await request(statusQuery, { tenant_uuid: tenant })).timecardSystemStatus,
  });

export const timecardSystemConnection = async (tenant: string, event_type: ConnectionEvent) =>
  (await request(connectionMutation, { tenant_uuid: tenant, event_type })).timecardSystemConnection;

async function callApi<T>(tenant: string, action: string, payload?: unknown): Promise<{ message: string | null; data: T }> {
  const res = (await request(apiMutation, { tenant_uuid: tenant, action, payload: payload ?? null })).timecardSystemApi;
  return { message: res.message ?? null, data: res.data as T };
}

export type Named = { id: number; name: string };
export type RemoteRow = { remote_id: string; name: string; local_id: number | null; suggestion: Named | null };
export type TimecardMapping = { users: RemoteRow[]; jobcodes: RemoteRow[]; people: Named[]; jobs: Named[] };
export type TimecardMappingKind = 'user' | 'jobcode';

export type ImportOp = {
  remote_id: string;
  date: string;
  hours: number;
  summary: string;
  action: 'create' | 'conflict' | 'blocked' | 'skip';
  error: string | null;
  conflict_entry_id: number | null;
  status?: 'imported' | 'conflict' | 'blocked' | 'skipped';
  timecard_entries_id?: number | null;
};
export type PayPeriod = { start_date: string; end_date: string };

export const timecardMappingQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: timecardSystemKeys.mapping(tenant),
    queryFn: () => callApi<TimecardMapping>(tenant, 'mapping'),
  });

export const mapTimecardRecord = (tenant: string, kind: TimecardMappingKind, row: RemoteRow, local_id: number | null) =>
  callApi(tenant, 'map', { kind, remote_id: row.remote_id, remote_name: row.name, local_id });

export const previewImport = (tenant: string, period: PayPeriod) =>
  callApi<{ ops?: ImportOp[]; unchanged?: number }>(tenant, 'preview', period);
export const runImport = (tenant: string, period: PayPeriod) =>
  callApi<{ results?: ImportOp[]; unchanged?: number }>(tenant, 'import', period);
