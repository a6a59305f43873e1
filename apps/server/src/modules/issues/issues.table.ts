import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdOn, recordId, tenantUuid } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.table.js';

/** Spec §3 Issue: a problem report sent to support, kept so nothing is lost if the mail fails. */
export const issues = pgTable(
  'issues',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    // Who reported it; not a foreign key, so removing a person keeps their reports.
    employees_id: integer('employees_id'),
    user_name: text('user_name').notNull(),
    user_email: text('user_email').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    attached_files: text('attached_files').array().notNull().default([]),
    /** When the e-mail to support went out; null when sending failed and it still has to. */
    emailed_on: timestamp('emailed_on', { withTimezone: true, mode: 'string' }),
    created_on: createdOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    index('issues_tenant_created_idx').on(t.tenant_uuid, t.created_on),
  ],
);
