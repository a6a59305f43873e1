import { parse } from '@0no-co/graphql.web';
import type { TadaDocumentNode } from 'gql.tada';
import { request } from '../../lib/graphql';

/** The tools operations (server: apps/server/src/modules/tools/tools.graphql.ts). */
function op<R, V>(source: string): TadaDocumentNode<R, V> {
  return parse(source) as unknown as TadaDocumentNode<R, V>;
}
type T = { tenant_uuid: string };

type LastLog = { container_name: string; employee_name: string | null; moved_on: string; note: string | null } | null;
export type Tool = {
  id: number;
  uuid: string;
  tool_number: string;
  name: string;
  description: string | null;
  category: string | null;
  make: string | null;
  model: string | null;
  serial: string | null;
  purchase_date: string | null;
  purchase_cost_cents: number | null;
  status: number;
  container_id: number;
  container_name: string | null;
  last_log: LastLog;
  photos: { uuid: string; original_name: string; mimetype: string; thumbnail_base64: string | null }[];
};
export type Container = {
  id: number;
  container_name: string;
  hq: boolean;
  status: number;
  job_label: string | null;
  employee_name: string | null;
  employees_id: number | null;
  tool_count: number;
};
export type LogLine = {
  id: number;
  from_name: string | null;
  to_name: string | null;
  employee_name: string | null;
  note: string | null;
  created_on: string;
};
export type Reservation = {
  id: number;
  tools_id: number;
  tool_name: string | null;
  tool_number: string | null;
  start_date: string;
  end_date: string;
  status: number;
  is_completed: boolean;
  employee_name: string | null;
  job_label: string | null;
  checked_out_on: string | null;
  overdue: boolean;
};

const TOOL = `id uuid tool_number name description category make model serial purchase_date purchase_cost_cents status container_id
  container_name last_log photos { uuid original_name mimetype thumbnail_base64 }`;
const RES = `id tools_id tool_name tool_number start_date end_date status is_completed employee_name job_label checked_out_on overdue`;

export const searchTools = (
  v: T & {
    search?: string | null;
    container_id?: number | null;
    category?: string | null;
    status?: number | null;
    nextToken?: string | null;
  },
) =>
  request(
    op<
      { searchTools: { items: Tool[]; nextToken: string | null } },
      typeof v
    >(`query SearchTools($tenant_uuid: ID!, $search: String, $container_id: Int, $category: String, $status: Int, $nextToken: String) {
      searchTools(tenant_uuid: $tenant_uuid, search: $search, container_id: $container_id, category: $category, status: $status, limit: 50, nextToken: $nextToken) { items { ${TOOL} } nextToken } }`),
    v,
  ).then((d) => d.searchTools);

export const getTool = (v: T & { id?: number | null; tool_number?: string | null }) =>
  request(
    op<{ getTool: Tool | null }, typeof v>(`query GetTool($tenant_uuid: ID!, $id: Int, $tool_number: String) {
      getTool(tenant_uuid: $tenant_uuid, id: $id, tool_number: $tool_number) { ${TOOL} } }`),
    v,
  ).then((d) => d.getTool);

export const toolCategories = (v: T) =>
  request(
    op<{ toolCategories: string[] }, T>('query ToolCategories($tenant_uuid: ID!) { toolCategories(tenant_uuid: $tenant_uuid) }'),
    v,
  ).then((d) => d.toolCategories);

export const toolLog = (v: T & { tools_id: number }) =>
  request(
    op<{ toolLog: { items: LogLine[] } }, typeof v>(`query ToolLog($tenant_uuid: ID!, $tools_id: Int) {
      toolLog(tenant_uuid: $tenant_uuid, tools_id: $tools_id, limit: 50) { items { id from_name to_name employee_name note created_on } } }`),
    v,
  ).then((d) => d.toolLog.items);

export const toolContainers = (v: T & { status?: number }) =>
  request(
    op<{ toolContainers: Container[] }, typeof v>(`query ToolContainers($tenant_uuid: ID!, $status: Int) {
      toolContainers(tenant_uuid: $tenant_uuid, status: $status) { id container_name hq status job_label employee_name employees_id tool_count } }`),
    v,
  ).then((d) => d.toolContainers);

export const toolReservations = (v: T & { tools_id?: number | null }) =>
  request(
    op<{ toolReservations: Reservation[] }, typeof v>(`query ToolReservations($tenant_uuid: ID!, $tools_id: Int) {
      toolReservations(tenant_uuid: $tenant_uuid, tools_id: $tools_id) { ${RES} } }`),
    v,
  ).then((d) => d.toolReservations);

export const labelSheet = (v: T & { tool_ids?: number[] | null; lang: string }) =>
  request(
    op<{ toolLabelSheet: string }, typeof v>(`query ToolLabelSheet($tenant_uuid: ID!, $tool_ids: [Int!], $lang: String) {
      toolLabelSheet(tenant_uuid: $tenant_uuid, tool_ids: $tool_ids, lang: $lang) }`),
    v,
  ).then((d) => d.toolLabelSheet);

export type MoveToolsVariables = T & { ids: number[]; container_id: number; note?: string | null };
/** A field action: the move dialog sends it through the offline outbox (lib/outbox). */
export const moveToolsDocument = op<
  { moveTools: Tool[] },
  MoveToolsVariables
>(`mutation MoveTools($tenant_uuid: ID!, $ids: [Int!]!, $container_id: Int!, $note: String) {
      moveTools(tenant_uuid: $tenant_uuid, ids: $ids, container_id: $container_id, note: $note) { ${TOOL} } }`);
export const moveTools = (v: MoveToolsVariables) => request(moveToolsDocument, v).then((d) => d.moveTools);

export const archiveContainer = (v: T & { id: number }) =>
  request(
    op<{ archiveContainer: number }, typeof v>(
      'mutation ArchiveContainer($tenant_uuid: ID!, $id: Int!) { archiveContainer(tenant_uuid: $tenant_uuid, id: $id) }',
    ),
    v,
  );

export const createContainer = (v: T & { container_name: string }) =>
  request(
    op<unknown, typeof v>(`mutation CreateContainer($tenant_uuid: ID!, $container_name: String!) {
      createContainers(tenant_uuid: $tenant_uuid, data: [{ container_name: $container_name }]) { id } }`),
    v,
  );

export const reserveTools = (
  v: T & { tool_ids: number[]; start_date: string; end_date: string; jobs_id?: number | null; employees_id?: number | null },
) =>
  request(
    op<
      { reserveTools: Reservation[] },
      typeof v
    >(`mutation ReserveTools($tenant_uuid: ID!, $tool_ids: [Int!]!, $start_date: String!, $end_date: String!, $jobs_id: Int, $employees_id: Int) {
      reserveTools(tenant_uuid: $tenant_uuid, tool_ids: $tool_ids, start_date: $start_date, end_date: $end_date, jobs_id: $jobs_id, employees_id: $employees_id) { ${RES} } }`),
    v,
  );

export const reservationStep = (v: T & { id: number }, step: 'out' | 'in') =>
  request(
    op<unknown, typeof v>(
      step === 'out'
        ? 'mutation CheckOut($tenant_uuid: ID!, $id: Int!) { checkOutReservation(tenant_uuid: $tenant_uuid, id: $id) { id } }'
        : 'mutation CheckIn($tenant_uuid: ID!, $id: Int!) { checkInReservation(tenant_uuid: $tenant_uuid, id: $id) { id } }',
    ),
    v,
  );

export const listJobs = (v: T) =>
  request(
    op<{ listJobs: { items: { id: number; job: string }[] } }, T>(
      'query ToolJobs($tenant_uuid: ID!) { listJobs(tenant_uuid: $tenant_uuid, limit: 500) { items { id job } } }',
    ),
    v,
  ).then((d) => d.listJobs.items);

export const addTool = (
  v: T & { name: string; category?: string | null; make?: string | null; model?: string | null; serial?: string | null },
) =>
  request(
    op<
      { addTool: Tool },
      typeof v
    >(`mutation AddTool($tenant_uuid: ID!, $name: String!, $category: String, $make: String, $model: String, $serial: String) {
      addTool(tenant_uuid: $tenant_uuid, name: $name, category: $category, make: $make, model: $model, serial: $serial) { ${TOOL} } }`),
    v,
  ).then((d) => d.addTool);

export type ToolChanges = {
  name: string;
  description: string | null;
  category: string | null;
  make: string | null;
  model: string | null;
  serial: string | null;
  purchase_date: string | null;
  purchase_cost_cents: number | null;
};

/** An admin's changes to a tool's details (the spec's generic updateTools). */
export const updateTool = (v: T & { id: number; changes: Partial<ToolChanges> & { status?: number } }) =>
  request(
    op<{ updateTools: { id: number }[] }, { tenant_uuid: string; data: unknown[] }>(
      'mutation UpdateTool($tenant_uuid: ID!, $data: [ToolsUpdateInput!]!) { updateTools(tenant_uuid: $tenant_uuid, data: $data) { id } }',
    ),
    { tenant_uuid: v.tenant_uuid, data: [{ id: v.id, ...v.changes }] },
  );

/** A tool's photos, all of them: uploads not listed are detached. */
export const setToolPhotos = (v: T & { id: number; file_uuids: string[] }) =>
  request(
    op<{ setToolPhotos: Tool }, typeof v>(`mutation SetToolPhotos($tenant_uuid: ID!, $id: Int!, $file_uuids: [ID!]!) {
      setToolPhotos(tenant_uuid: $tenant_uuid, id: $id, file_uuids: $file_uuids) { ${TOOL} } }`),
    v,
  ).then((d) => d.setToolPhotos);

/** Brings an archived container back (empty: its tools went to headquarters when it was archived). */
export const restoreContainer = (v: T & { id: number }) =>
  request(
    op<{ restoreContainer: boolean }, typeof v>(
      'mutation RestoreContainer($tenant_uuid: ID!, $id: Int!) { restoreContainer(tenant_uuid: $tenant_uuid, id: $id) }',
    ),
    v,
  );
