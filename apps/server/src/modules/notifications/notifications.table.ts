import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, createdOn, tenantKeyColumns, tenantUuid, updatedOn } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';

/**
 * One person's inbox (issue 21): everything addressed to them, with a link to its record. `count` > 1 when several
 * events of one kind arrived within a minute and were batched into this one.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantKeyColumns(),
    employees_id: integer('employees_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    // The server's text (platform/texts.ts) and its values: the inbox renders it in the reader's language.
    // Null on rows written before them: `title` (English) is shown instead.
    text_key: text('text_key'),
    text_values: jsonb('text_values').$type<Record<string, unknown>>(),
    link: text('link'),
    ref_id: integer('ref_id'),
    count: integer('count').notNull().default(1),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'string' }),
    // Arrived in the person's quiet hours: pushed as one summary when they end.
    push_held: boolean('push_held').notNull().default(false),
    // Went out in an e-mail digest (only kinds the person asked for, unread for a while).
    emailed_at: timestamp('emailed_at', { withTimezone: true, mode: 'string' }),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    // The inbox, newest first, and the batching look-up (the person's latest of a kind).
    index('notifications_person_idx').on(t.tenant_uuid, t.employees_id, t.id),
    index('notifications_person_kind_idx').on(t.tenant_uuid, t.employees_id, t.kind, t.updated_on),
    // The sweeps' look-ups: pushes held for quiet hours, and unread rows not yet in a digest.
    index('notifications_held_idx').on(t.tenant_uuid, t.employees_id).where(sql`${t.push_held}`),
    index('notifications_undigested_idx').on(t.tenant_uuid, t.employees_id).where(sql`${t.read_at} is null and ${t.emailed_at} is null`),
  ],
);

/** A device's Web Push subscription (one row per endpoint); removed when the push service answers 410 Gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    ...tenantKeyColumns(),
    employees_id: integer('employees_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    created_on: createdOn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.tenant_uuid, t.endpoint),
    index('push_subscriptions_person_idx').on(t.tenant_uuid, t.employees_id),
  ],
);

/** A person's channels per kind and quiet hours (no row: the defaults in core's DEFAULT_NOTIFICATION_SETTINGS). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    tenant_uuid: tenantUuid(),
    employees_id: integer('employees_id').notNull(),
    push_off: text('push_off').array().notNull().default([]),
    email_on: text('email_on').array().notNull().default([]),
    quiet_start: text('quiet_start'),
    quiet_end: text('quiet_end'),
    time_zone: text('time_zone').notNull().default('UTC'),
    updated_on: updatedOn(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid, t.employees_id] }), tenantRef(t, t.employees_id, employees).onDelete('cascade')],
);

/**
 * What the sweeps have already told (a reservation due on its start day, a pay period's card to sign, a digest
 * hour): a key is claimed with INSERT … ON CONFLICT DO NOTHING, so a sweep run twice, or on two instances at once,
 * tells each person once.
 */
export const noticeKeys = pgTable(
  'notice_keys',
  {
    tenant_uuid: tenantUuid(),
    key: text('key').notNull(),
    created_on: createdOn(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid, t.key] }), tenantCascade(t)],
);
