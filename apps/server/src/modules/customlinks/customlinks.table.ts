import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';

/** A person's external links (spec §3 "custom link (per employee)"), shown at /modules/external-links. */
export const customLinks = pgTable(
  'custom_links',
  {
    ...tenantKeyColumns(),
    employees_id: integer('employees_id').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    status: activeStatus(),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    index('custom_links_employee_idx').on(t.tenant_uuid, t.employees_id),
  ],
);
