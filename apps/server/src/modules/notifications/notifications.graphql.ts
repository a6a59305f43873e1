import { fromText, msg } from '@groundwork/core/messages';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  type NotificationKind,
  type NotificationSettings,
  notificationSettingsProblem,
} from '@groundwork/core/notifications';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { type Rule, tenantMutation, tenantQuery, tenantSubscription } from '../../graphql/gate.js';
import { ownRows } from '../employees/membership.js';
import { inboxTopic, type NotificationRow, settingsOf, titleIn, unreadCount } from './notifications.service.js';
import { notificationSettings, notifications, pushSubscriptions } from './notifications.table.js';
import { vapidKeys } from './push.js';
import { mayStorePushEndpoint } from './push-endpoint.js';

/**
 * The notifications inbox (issue 21, route /notifications): every operation reads and changes only the signed-in
 * person's own notifications in their selected company; there is no argument naming another person.
 */

const OWN: Rule = { area: 'self', action: 'read' };

const NotificationRef = builder.objectRef<NotificationRow>('Notification').implement({
  description: 'Something addressed to the signed-in person, with a link to its record.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    kind: t.exposeString('kind'),
    title: t.string({
      description: "In the reader's saved language (the English stored with older rows).",
      // The language came with the session (graphql/context.ts): no statement per row.
      resolve: (row, _args, ctx) => titleIn(row, ctx.language ?? 'en'),
    }),
    link: t.exposeString('link', { nullable: true }),
    ref_id: t.exposeInt('ref_id', { nullable: true }),
    count: t.exposeInt('count', { description: 'More than 1: several events of this kind within a minute, batched.' }),
    read_at: t.exposeString('read_at', { nullable: true }),
    created_on: t.exposeString('created_on'),
    updated_on: t.exposeString('updated_on'),
  }),
});

type Page = { items: NotificationRow[]; nextToken: string | null; unread: number };
const NotificationPageRef = builder.objectRef<Page>('NotificationPage').implement({
  fields: (t) => ({
    items: t.field({ type: [NotificationRef], resolve: (p) => p.items }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
    unread: t.exposeInt('unread', { description: "The person's unread notifications in this company." }),
  }),
});

function decodeToken(token: string): number {
  const id = Number(Buffer.from(token, 'base64url').toString('utf8'));
  if (!Number.isInteger(id) || id < 1 || id >= 2 ** 31) throw new AppError('VALIDATION', msg('common.invalidNextToken'));
  return id;
}

tenantQuery('listMyNotifications', OWN, {
  type: NotificationPageRef,
  description: "The signed-in person's notifications, newest first, with their unread count.",
  args: (t) => ({
    limit: t.int({ required: false }),
    nextToken: t.string({ required: false }),
    unread_only: t.boolean({ required: false }),
  }),
  resolve: async (args, g) => {
    const limit = args.limit ?? NOTIFICATION_LIMITS.pageDefault;
    if (!Number.isInteger(limit) || limit < 1 || limit > NOTIFICATION_LIMITS.pageMax) {
      throw new AppError('VALIDATION', msg('common.limitRange', { max: NOTIFICATION_LIMITS.pageMax }));
    }
    const tenant = g.member.tenantUuid;
    const me = g.member.employeeId;
    const before = args.nextToken ? decodeToken(args.nextToken) : null;
    const rows = await g.tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.tenant_uuid, tenant),
          eq(notifications.employees_id, me),
          before ? lt(notifications.id, before) : undefined,
          args.unread_only ? isNull(notifications.read_at) : undefined,
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(limit + 1);
    const more = rows.length > limit;
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items,
      nextToken: more && last ? Buffer.from(String(last.id)).toString('base64url') : null,
      unread: await unreadCount(g.tx, tenant, me),
    };
  },
});

tenantQuery('myUnreadNotifications', OWN, {
  type: 'Int',
  description: "The signed-in person's unread notifications in this company: the app bar's badge.",
  resolve: (_args, g) => unreadCount(g.tx, g.member.tenantUuid, g.member.employeeId),
});

tenantMutation('markNotificationsRead', OWN, {
  type: 'Int',
  description: "Marks the person's own notifications read: the ids given, or all of them (all: true). Returns the unread count left.",
  args: (t) => ({ ids: t.intList({ required: false }), all: t.boolean({ required: false }) }),
  resolve: async ({ ids, all }, g) => {
    const tenant = g.member.tenantUuid;
    const me = g.member.employeeId;
    if (!all && (!ids || ids.length === 0)) throw new AppError('VALIDATION', msg('notifications.giveIdsOrAll'));
    if (ids && ids.length > NOTIFICATION_LIMITS.markMax)
      throw new AppError('VALIDATION', msg('common.atMostIds', { max: NOTIFICATION_LIMITS.markMax }));
    await g.tx
      .update(notifications)
      .set({ read_at: sql`now()` })
      .where(
        and(
          eq(notifications.tenant_uuid, tenant),
          eq(notifications.employees_id, me),
          isNull(notifications.read_at),
          all ? undefined : inArray(notifications.id, ids ?? []),
        ),
      );
    const unread = await unreadCount(g.tx, tenant, me);
    g.afterCommit(() => g.ctx.realtime.publish(inboxTopic(tenant, me), { read: true, unread } as never));
    return unread;
  },
});

tenantSubscription('onMyNotification', OWN, {
  type: NotificationRef,
  description:
    "The signed-in person's new (or batched) notifications as they arrive. A change of read state arrives as a " +
    'row with id 0 and kind "read": refetch the count.',
  source: (member, _access, ctx) => ctx.realtime.subscribe(inboxTopic(member.tenantUuid, member.employeeId)) as AsyncIterable<never>,
  resolve: (row: NotificationRow | { read: true; unread: number }) =>
    'read' in row
      ? ({
          id: 0,
          kind: 'read',
          title: '',
          text_key: null,
          text_values: null,
          link: null,
          ref_id: row.unread,
          count: 0,
          read_at: null,
          created_on: '',
          updated_on: '',
          employees_id: 0,
          tenant_uuid: '',
          push_held: false,
          emailed_at: null,
        } satisfies NotificationRow)
      : row,
});

// --- Web Push -------------------------------------------------------------------------------------

tenantQuery('pushPublicKey', OWN, {
  type: 'String',
  description: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey.",
  resolve: (_args, g) => vapidKeys(g.ctx.config.dataDir).publicKey,
});

tenantMutation('savePushSubscription', OWN, {
  type: 'Boolean',
  description: "Stores this device's push subscription for the signed-in person (one row per endpoint; saving again replaces it).",
  args: (t) => ({
    endpoint: t.string({ required: true }),
    p256dh: t.string({ required: true }),
    auth: t.string({ required: true }),
    user_agent: t.string({ required: false }),
  }),
  resolve: async (args, g) => {
    let url: URL;
    try {
      url = new URL(args.endpoint);
    } catch {
      throw new AppError('VALIDATION', msg('notifications.endpointUrl'), { field: 'endpoint' });
    }
    if (!/^https?:$/.test(url.protocol) || args.endpoint.length > 2000 || args.p256dh.length > 200 || args.auth.length > 100) {
      throw new AppError('VALIDATION', msg('notifications.invalidSubscription'));
    }
    // Each notification makes the server POST to this address: only a push service's (issue 50).
    if (!(await mayStorePushEndpoint(args.endpoint, g.ctx.config.push))) {
      throw new AppError('VALIDATION', msg('notifications.notPushService'), { field: 'endpoint' });
    }
    const tenant = g.member.tenantUuid;
    await g.tx
      .insert(pushSubscriptions)
      .values({
        tenant_uuid: tenant,
        employees_id: g.member.employeeId,
        endpoint: args.endpoint,
        p256dh: args.p256dh,
        auth: args.auth,
        user_agent: args.user_agent?.slice(0, 300) ?? null,
      })
      .onConflictDoUpdate({
        target: [pushSubscriptions.tenant_uuid, pushSubscriptions.endpoint],
        set: {
          employees_id: g.member.employeeId,
          p256dh: args.p256dh,
          auth: args.auth,
          user_agent: args.user_agent?.slice(0, 300) ?? null,
        },
      });
    return true;
  },
});

tenantMutation('deletePushSubscription', OWN, {
  type: 'Boolean',
  description: "Removes one of the signed-in person's devices from push.",
  args: (t) => ({ endpoint: t.string({ required: true }) }),
  resolve: async ({ endpoint }, g) => {
    const rows = await g.tx
      .delete(pushSubscriptions)
      .where(and(ownRows(pushSubscriptions, g.member), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  },
});

// --- Channels and quiet hours -----------------------------------------------------------------------

const NotificationSettingsRef = builder.objectRef<NotificationSettings>('NotificationSettings').implement({
  description: "The signed-in person's channels per kind and quiet hours. The inbox always gets everything.",
  fields: (t) => ({
    kinds: t.stringList({ description: 'Every kind of notification, in display order.', resolve: () => [...NOTIFICATION_KINDS] }),
    push_off: t.stringList({ description: 'Kinds not pushed to this person’s devices.', resolve: (s) => s.push_off }),
    email_on: t.stringList({ description: 'Kinds e-mailed in a digest when left unread.', resolve: (s) => s.email_on }),
    quiet_start: t.exposeString('quiet_start', { nullable: true, description: '"HH:MM": pushes wait from here…' }),
    quiet_end: t.exposeString('quiet_end', { nullable: true, description: '…to here (may pass midnight).' }),
    time_zone: t.exposeString('time_zone', { description: 'IANA zone the quiet hours are read in.' }),
  }),
});

const NotificationSettingsInputRef = builder.inputType('NotificationSettingsInput', {
  fields: (t) => ({
    push_off: t.stringList({ required: true }),
    email_on: t.stringList({ required: true }),
    quiet_start: t.string({ required: false }),
    quiet_end: t.string({ required: false }),
    time_zone: t.string({ required: true }),
  }),
});

tenantQuery('myNotificationSettings', OWN, {
  type: NotificationSettingsRef,
  description: "The signed-in person's notification settings in this company (the defaults until they save some).",
  resolve: async (_args, g) => {
    const all = await settingsOf(g.tx, g.member.tenantUuid, [g.member.employeeId]);
    return all.get(g.member.employeeId) as NotificationSettings;
  },
});

tenantMutation('saveNotificationSettings', OWN, {
  type: NotificationSettingsRef,
  description: "Saves the signed-in person's channels per kind and quiet hours (only their own).",
  args: (arg) => ({ settings: arg({ type: NotificationSettingsInputRef, required: true }) }),
  resolve: async ({ settings }, g) => {
    const value: NotificationSettings = {
      push_off: [...new Set(settings.push_off)] as NotificationKind[],
      email_on: [...new Set(settings.email_on)] as NotificationKind[],
      quiet_start: settings.quiet_start || null,
      quiet_end: settings.quiet_end || null,
      time_zone: settings.time_zone.trim(),
    };
    const problem = notificationSettingsProblem(value);
    if (problem) throw new AppError('VALIDATION', fromText(problem.message), { field: problem.field });
    const row = { ...value, updated_on: sql`now()` };
    await g.tx
      .insert(notificationSettings)
      .values({ tenant_uuid: g.member.tenantUuid, employees_id: g.member.employeeId, ...row })
      .onConflictDoUpdate({ target: [notificationSettings.tenant_uuid, notificationSettings.employees_id], set: row });
    return value;
  },
});
