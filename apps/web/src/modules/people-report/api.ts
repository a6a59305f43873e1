import { parse } from '@0no-co/graphql.web';
import type { GraphEdgeKind, GraphNodeKind } from '@groundwork/core/people-report';
import type { TadaDocumentNode } from 'gql.tada';
import { localToday } from '../../lib/dates';
import { request } from '../../lib/graphql';

/** The people report and the company graph (server: apps/server/src/modules/people-report/). */
function op<R, V>(source: string): TadaDocumentNode<R, V> {
  return parse(source) as unknown as TadaDocumentNode<R, V>;
}

export type ReportCount = { key: string; label: string; count: number };
export type ReportPerson = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  missing: string[];
  has_account: boolean;
  last_seen: string | null;
};
export type ReportPage = { items: ReportPerson[]; total: number; next_offset: number | null };
export type PeopleReport = {
  today: string;
  total: number;
  active: number;
  inactive_days: number;
  by_status: ReportCount[];
  by_trade: ReportCount[];
  by_department: ReportCount[];
  by_division: ReportCount[];
  by_tenure: ReportCount[];
  missing_contact: ReportPage;
  inactive: ReportPage;
};

const COUNT = 'key label count';
const PAGE = 'items { id name email phone missing has_account last_seen } total next_offset';

type ReportVars = { tenant_uuid: string; limit: number; missing_offset?: number; inactive_offset?: number };

export const peopleReport = (v: ReportVars) =>
  request(
    op<{ peopleReport: PeopleReport }, ReportVars & { today: string }>(
      `query PeopleReport($tenant_uuid: ID!, $today: String, $limit: Int, $missing_offset: Int, $inactive_offset: Int) {
        peopleReport(tenant_uuid: $tenant_uuid, today: $today, limit: $limit, missing_offset: $missing_offset,
          inactive_offset: $inactive_offset) {
          today total active inactive_days
          by_status { ${COUNT} } by_trade { ${COUNT} } by_department { ${COUNT} } by_division { ${COUNT} } by_tenure { ${COUNT} }
          missing_contact { ${PAGE} } inactive { ${PAGE} } } }`,
    ),
    { ...v, today: localToday() },
  ).then((r) => r.peopleReport);

export type GraphNode = { id: string; kind: GraphNodeKind; label: string; ref_id: number; detail: string | null };
type GraphEdge = { id: string; source: string; target: string; kind: GraphEdgeKind };
export type CompanyGraph = { nodes: GraphNode[]; edges: GraphEdge[]; jobs: { id: number; label: string }[]; truncated: boolean };

type GraphVars = { tenant_uuid: string; jobs_id?: number | null; kinds?: string[] | null };

export const companyGraph = (v: GraphVars) =>
  request(
    op<{ companyGraph: CompanyGraph }, GraphVars & { today: string }>(
      `query CompanyGraph($tenant_uuid: ID!, $jobs_id: Int, $kinds: [String!], $today: String) {
        companyGraph(tenant_uuid: $tenant_uuid, jobs_id: $jobs_id, kinds: $kinds, today: $today) {
          nodes { id kind label ref_id detail } edges { id source target kind } jobs { id label } truncated } }`,
    ),
    { ...v, today: localToday() },
  ).then((r) => r.companyGraph);

/** Where a node's record opens: a person's page, a job's page, the tools page, the vendors of the catalogue. */
export function recordLink(node: Pick<GraphNode, 'kind' | 'ref_id'>): { to: string; search?: Record<string, number> } {
  switch (node.kind) {
    case 'person':
      return { to: '/modules/people', search: { id: node.ref_id } };
    case 'job':
      return { to: '/modules/projects', search: { id: node.ref_id } };
    case 'vendor':
      return { to: '/modules/inventory' };
    default:
      return { to: '/modules/tool20' };
  }
}
