import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn, recordId, tenantUuid, updatedOn } from '../../db/columns.js';
import { employees } from '../employees/employees.table.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * One person's inbox (issue 21): everything addressed to them, with a link to its record. `count` > 1 when several
 * events of one kind arrived within a minute and were batched into this one.
 */
export const notifications = pgTable(
  'notifications',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    employees_id: integer('employees_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    link: text('link'),
    ref_id: integer('ref_id'),
    count: integer('count').notNull().default(1),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'string' }),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }).onDelete('cascade'),
    // The inbox, newest first, and the batching look-up (the person's latest of a kind).
    index('notifications_person_idx').on(t.tenant_uuid, t.employees_id, t.id),
    index('notifications_person_kind_idx').on(t.tenant_uuid, t.employees_id, t.kind, t.updated_on),
  ],
);

/** A device's Web Push subscription (one row per endpoint); removed when the push service answers 410 Gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    employees_id: integer('employees_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    created_on: createdOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }).onDelete('cascade'),
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.tenant_uuid, t.endpoint),
    index('push_subscriptions_person_idx').on(t.tenant_uuid, t.employees_id),
  ],
);
