import { parse } from '@0no-co/graphql.web';
import { queryOptions } from '@tanstack/react-query';
import type { TadaDocumentNode } from 'gql.tada';
import { localToday } from '../../lib/dates';
import { request } from '../../lib/graphql';

/** The announcements operations (server: apps/server/src/modules/announcements/announcements.graphql.ts). */
function op<R, V>(source: string): TadaDocumentNode<R, V> {
  return parse(source) as unknown as TadaDocumentNode<R, V>;
}
type T = { tenant_uuid: string };

export type Stats = { audience: number; seen: number; acknowledged: number };
export type Announcement = {
  id: number;
  title: string;
  body: string;
  start_date: string;
  exp_date: string;
  author_name: string | null;
  status: number;
  is_default: boolean;
  on_app: boolean;
  requires_ack: boolean;
  audience: string;
  audience_ids: number[];
  seen_on: string | null;
  acked_on: string | null;
  stats: Stats | null;
};
export type Reader = { employees_id: number; name: string | null; seen_on: string | null; acked_on: string | null };
export type Option = { id: number; label: string };

const FIELDS = `id title body start_date exp_date author_name status is_default on_app requires_ack audience audience_ids seen_on acked_on
  stats { audience seen acknowledged }`;

const currentAnnouncements = (v: T) =>
  request(
    op<{ currentAnnouncements: Announcement[] }, T & { today: string }>(
      `query CurrentAnnouncements($tenant_uuid: ID!, $today: String) { currentAnnouncements(tenant_uuid: $tenant_uuid, today: $today) { ${FIELDS} } }`,
    ),
    { ...v, today: localToday() },
  ).then((r) => r.currentAnnouncements);

/** Today's announcements for the person, as the dashboard's pinned one reads them (and the route prefetches). */
export const currentAnnouncementsOptions = (tenant: string) =>
  queryOptions({ queryKey: ['announcements', tenant, 'current'], queryFn: () => currentAnnouncements({ tenant_uuid: tenant }) });

export const searchAnnouncements = (v: T & { status?: number; nextToken?: string | null }) =>
  request(
    op<{ searchAnnouncements: { items: Announcement[]; nextToken: string | null } }, typeof v>(
      `query SearchAnnouncements($tenant_uuid: ID!, $status: Int, $nextToken: String) {
        searchAnnouncements(tenant_uuid: $tenant_uuid, status: $status, nextToken: $nextToken) { items { ${FIELDS} } nextToken } }`,
    ),
    v,
  ).then((r) => r.searchAnnouncements);

export type AnnouncementInput = {
  id?: number | null;
  title: string;
  body: string;
  start_date: string;
  exp_date: string;
  audience: string;
  audience_ids: number[];
  is_default: boolean;
  on_app: boolean;
  requires_ack: boolean;
};

export const saveAnnouncement = (v: T & { announcement: AnnouncementInput }) =>
  request(
    op<{ saveAnnouncement: Announcement }, typeof v>(
      `mutation SaveAnnouncement($tenant_uuid: ID!, $announcement: AnnouncementInput!) {
        saveAnnouncement(tenant_uuid: $tenant_uuid, announcement: $announcement) { ${FIELDS} } }`,
    ),
    v,
  ).then((r) => r.saveAnnouncement);

export const archiveAnnouncement = (v: T & { id: number; status: number }) =>
  request(
    op<{ updateAnnouncements: { id: number }[] }, T & { data: { id: number; status: number }[] }>(
      `mutation ArchiveAnnouncement($tenant_uuid: ID!, $data: [AnnouncementsUpdateInput!]!) {
        updateAnnouncements(tenant_uuid: $tenant_uuid, data: $data) { id } }`,
    ),
    { tenant_uuid: v.tenant_uuid, data: [{ id: v.id, status: v.status }] },
  );

export const acknowledgeAnnouncement = (v: T & { id: number }) =>
  request(
    op<{ acknowledgeAnnouncement: { id: number; acked_on: string | null } }, T & { id: number; today: string }>(
      `mutation AcknowledgeAnnouncement($tenant_uuid: ID!, $id: Int!, $today: String) {
        acknowledgeAnnouncement(tenant_uuid: $tenant_uuid, id: $id, today: $today) { id acked_on } }`,
    ),
    { ...v, today: localToday() },
  );

export const markAnnouncementsSeen = (v: T & { ids: number[] }) =>
  request(
    op<{ markAnnouncementsSeen: boolean }, T & { ids: number[]; today: string }>(
      `mutation MarkAnnouncementsSeen($tenant_uuid: ID!, $ids: [Int!]!, $today: String) {
        markAnnouncementsSeen(tenant_uuid: $tenant_uuid, ids: $ids, today: $today) }`,
    ),
    { ...v, today: localToday() },
  );

export const announcementReaders = (v: T & { id: number }) =>
  request(
    op<{ announcementReaders: Stats & { people: Reader[] } }, typeof v>(
      `query AnnouncementReaders($tenant_uuid: ID!, $id: Int!) {
        announcementReaders(tenant_uuid: $tenant_uuid, id: $id) { audience seen acknowledged people { employees_id name seen_on acked_on } } }`,
    ),
    v,
  ).then((r) => r.announcementReaders);

/** The choices for an audience: departments, divisions, jobs or user groups, by id and name. */
export async function audienceOptions(tenant: string, audience: string): Promise<Option[]> {
  switch (audience) {
    case 'departments': {
      const r = await request(
        op<{ listDepartments: { items: { id: number; department: string; status: number }[] } }, T>(
          'query AnnDepartments($tenant_uuid: ID!) { listDepartments(tenant_uuid: $tenant_uuid, limit: 500) { items { id department status } } }',
        ),
        { tenant_uuid: tenant },
      );
      return r.listDepartments.items.filter((d) => d.status === 1).map((d) => ({ id: d.id, label: d.department }));
    }
    case 'divisions': {
      const r = await request(
        op<{ listDivisions: { items: { id: number; division: string; status: number }[] } }, T>(
          'query AnnDivisions($tenant_uuid: ID!) { listDivisions(tenant_uuid: $tenant_uuid, limit: 500) { items { id division status } } }',
        ),
        { tenant_uuid: tenant },
      );
      return r.listDivisions.items.filter((d) => d.status === 1).map((d) => ({ id: d.id, label: d.division }));
    }
    case 'jobs': {
      const r = await request(
        op<{ listJobs: { items: { id: number; job: string; status: number }[] } }, T>(
          'query AnnJobs($tenant_uuid: ID!) { listJobs(tenant_uuid: $tenant_uuid, limit: 500) { items { id job status } } }',
        ),
        { tenant_uuid: tenant },
      );
      return r.listJobs.items.filter((d) => d.status === 1).map((d) => ({ id: d.id, label: d.job }));
    }
    case 'usergroups': {
      const r = await request(
        op<{ listPGUserGroups: { id: number; usergroup: string; status: number }[] }, T>(
          'query AnnGroups($tenant_uuid: ID!) { listPGUserGroups(tenant_uuid: $tenant_uuid) { id usergroup status } }',
        ),
        { tenant_uuid: tenant },
      );
      return r.listPGUserGroups.filter((d) => d.status === 1).map((d) => ({ id: d.id, label: d.usergroup }));
    }
    default:
      return [];
  }
}
