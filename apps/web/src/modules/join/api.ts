import { JOIN_ENDPOINT, JOIN_POSTER_ENDPOINT, type JoinAnswer, type JoinCompany, type JoinFields } from '@groundwork/core/join';
import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../../lib/graphql';

/** The join endpoint's refusal: its status and the server's words (shared in core JOIN_MESSAGES). */
export class JoinError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok) throw new JoinError(body?.message ?? `Request failed with status ${response.status}`, response.status);
  return body as T;
}

export const joinKeys = {
  company: (code: string) => ['join', 'company', code] as const,
  links: (tenant: string) => ['join', tenant, 'links'] as const,
  requests: (tenant: string) => ['join', tenant, 'requests'] as const,
};

/** The company a code names (its name and logo), for the public join page. */
export function joinCompanyQueryOptions(code: string) {
  return queryOptions({
    queryKey: joinKeys.company(code),
    queryFn: async () =>
      answer<JoinCompany>(await fetch(`${JOIN_ENDPOINT}?company=${encodeURIComponent(code)}`, { credentials: 'include' })),
    retry: false,
    staleTime: 60_000,
  });
}

export async function askToJoin(code: string, fields: JoinFields): Promise<JoinAnswer> {
  const response = await fetch(JOIN_ENDPOINT, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ company: code, ...fields }),
  });
  return answer<JoinAnswer>(response);
}

export const posterUrl = (id: number, lang: 'en' | 'es') => `${JOIN_POSTER_ENDPOINT}?id=${id}&lang=${lang}`;

// --- People admins ------------------------------------------------------------------------------

const joinLinksQuery = graphql(`
  query JoinLinks($tenant_uuid: ID!) {
    listJoinLinks(tenant_uuid: $tenant_uuid) { id name code url status auto_approve usergroup_ids pending created_on }
  }
`);
export type JoinLink = ResultOf<typeof joinLinksQuery>['listJoinLinks'][number];

const joinRequestsQuery = graphql(`
  query JoinRequests($tenant_uuid: ID!) {
    listJoinRequests(tenant_uuid: $tenant_uuid) { id join_links_id link_name username firstname lastname created_on }
  }
`);
export type JoinRequest = ResultOf<typeof joinRequestsQuery>['listJoinRequests'][number];

export function joinLinksQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: joinKeys.links(tenant),
    queryFn: async () => (await request(joinLinksQuery, { tenant_uuid: tenant })).listJoinLinks,
  });
}

export function joinRequestsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: joinKeys.requests(tenant),
    queryFn: async () => (await request(joinRequestsQuery, { tenant_uuid: tenant })).listJoinRequests,
  });
}

const createJoinLinkMutation = graphql(`
  mutation CreateJoinLink($tenant_uuid: ID!, $name: String!, $auto_approve: Boolean, $usergroup_ids: [Int!]) {
    createJoinLink(tenant_uuid: $tenant_uuid, name: $name, auto_approve: $auto_approve, usergroup_ids: $usergroup_ids) { id }
  }
`);
const updateJoinLinkMutation = graphql(`
  mutation UpdateJoinLink($tenant_uuid: ID!, $id: Int!, $name: String, $status: Int, $auto_approve: Boolean, $usergroup_ids: [Int!]) {
    updateJoinLink(tenant_uuid: $tenant_uuid, id: $id, name: $name, status: $status, auto_approve: $auto_approve, usergroup_ids: $usergroup_ids) { id }
  }
`);
const rotateJoinLinkMutation = graphql(`
  mutation RotateJoinLink($tenant_uuid: ID!, $id: Int!) { rotateJoinLink(tenant_uuid: $tenant_uuid, id: $id) { id code } }
`);
const approveJoinRequestMutation = graphql(`
  mutation ApproveJoinRequest($tenant_uuid: ID!, $id: Int!) { approveJoinRequest(tenant_uuid: $tenant_uuid, id: $id) { id } }
`);
const declineJoinRequestMutation = graphql(`
  mutation DeclineJoinRequest($tenant_uuid: ID!, $id: Int!) { declineJoinRequest(tenant_uuid: $tenant_uuid, id: $id) }
`);

export type LinkSettings = { name: string; auto_approve: boolean; usergroup_ids: number[] };

export const createJoinLink = (tenant: string, settings: LinkSettings) =>
  request(createJoinLinkMutation, { tenant_uuid: tenant, ...settings });
export const updateJoinLink = (tenant: string, id: number, patch: Partial<LinkSettings> & { status?: number }) =>
  request(updateJoinLinkMutation, { tenant_uuid: tenant, id, ...patch });
export const rotateJoinLink = (tenant: string, id: number) => request(rotateJoinLinkMutation, { tenant_uuid: tenant, id });
export const approveJoinRequest = (tenant: string, id: number) => request(approveJoinRequestMutation, { tenant_uuid: tenant, id });
export const declineJoinRequest = (tenant: string, id: number) => request(declineJoinRequestMutation, { tenant_uuid: tenant, id });
