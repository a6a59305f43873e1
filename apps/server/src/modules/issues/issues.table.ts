import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdOn, recordUuid, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey } from '../../db/tenant-keys.js';

/** Spec §3 Issue: a problem report sent to support, kept so nothing is lost if the mail fails. */
export const issues = pgTable(
  'issues',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
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
  (t) => [tenantPrimaryKey(t), tenantCascade(t), index('issues_tenant_created_idx').on(t.tenant_uuid, t.created_on)],
);
