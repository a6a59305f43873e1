import { parse } from '@0no-co/graphql.web';
import type { TadaDocumentNode } from 'gql.tada';
import { request } from '../../lib/graphql';

/** The inbox operations (server: apps/server/src/modules/notifications/notifications.graphql.ts). */
function op<R, V>(source: string): TadaDocumentNode<R, V> {
  return parse(source) as unknown as TadaDocumentNode<R, V>;
}
type T = { tenant_uuid: string };

export type Notification = {
  id: number;
  kind: string;
  title: string;
  link: string | null;
  ref_id: number | null;
  count: number;
  read_at: string | null;
  created_on: string;
  updated_on: string;
};
export type Page = { items: Notification[]; nextToken: string | null; unread: number };

const NOTIFICATION_FIELDS = 'id kind title link ref_id count read_at created_on updated_on';

export const listMyNotifications = (v: T & { nextToken?: string | null; unread_only?: boolean }) =>
  request(
    op<{ listMyNotifications: Page }, typeof v>(
      `query ListMyNotifications($tenant_uuid: ID!, $nextToken: String, $unread_only: Boolean) {
        listMyNotifications(tenant_uuid: $tenant_uuid, nextToken: $nextToken, unread_only: $unread_only) {
          items { ${NOTIFICATION_FIELDS} } nextToken unread } }`,
    ),
    v,
  ).then((r) => r.listMyNotifications);

export const myUnread = (v: T) =>
  request(
    op<{ myUnreadNotifications: number }, T>(
      'query MyUnreadNotifications($tenant_uuid: ID!) { myUnreadNotifications(tenant_uuid: $tenant_uuid) }',
    ),
    v,
  ).then((r) => r.myUnreadNotifications);

export const markRead = (v: T & { ids?: number[]; all?: boolean }) =>
  request(
    op<{ markNotificationsRead: number }, typeof v>(
      'mutation MarkNotificationsRead($tenant_uuid: ID!, $ids: [Int!], $all: Boolean) { markNotificationsRead(tenant_uuid: $tenant_uuid, ids: $ids, all: $all) }',
    ),
    v,
  ).then((r) => r.markNotificationsRead);

export const pushPublicKey = (v: T) =>
  request(op<{ pushPublicKey: string }, T>('query PushPublicKey($tenant_uuid: ID!) { pushPublicKey(tenant_uuid: $tenant_uuid) }'), v).then(
    (r) => r.pushPublicKey,
  );

export const savePushSubscription = (v: T & { endpoint: string; p256dh: string; auth: string; user_agent?: string }) =>
  request(
    op<{ savePushSubscription: boolean }, typeof v>(
      `mutation SavePushSubscription($tenant_uuid: ID!, $endpoint: String!, $p256dh: String!, $auth: String!, $user_agent: String) {
        savePushSubscription(tenant_uuid: $tenant_uuid, endpoint: $endpoint, p256dh: $p256dh, auth: $auth, user_agent: $user_agent) }`,
    ),
    v,
  );

export const unreadKey = (tenant: string) => ['notifications', tenant, 'unread'] as const;
export const inboxKey = (tenant: string) => ['notifications', tenant, 'inbox'] as const;

export type { NotificationSettings } from '@groundwork/core/notifications';

import type { NotificationSettings } from '@groundwork/core/notifications';

const SETTINGS_FIELDS = 'push_off email_on quiet_start quiet_end time_zone';

export const myNotificationSettings = (v: T) =>
  request(
    op<{ myNotificationSettings: NotificationSettings }, T>(
      `query MyNotificationSettings($tenant_uuid: ID!) { myNotificationSettings(tenant_uuid: $tenant_uuid) { ${SETTINGS_FIELDS} } }`,
    ),
    v,
  ).then((r) => r.myNotificationSettings);

export const saveNotificationSettings = (v: T & { settings: NotificationSettings }) =>
  request(
    op<{ saveNotificationSettings: NotificationSettings }, typeof v>(
      `mutation SaveNotificationSettings($tenant_uuid: ID!, $settings: NotificationSettingsInput!) {
        saveNotificationSettings(tenant_uuid: $tenant_uuid, settings: $settings) { ${SETTINGS_FIELDS} } }`,
    ),
    v,
  ).then((r) => r.saveNotificationSettings);

export const settingsKey = (tenant: string) => ['notifications', tenant, 'settings'] as const;
