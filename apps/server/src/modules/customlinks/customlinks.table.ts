import { foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdOn, recordId, tenantUuid, updatedOn } from '../../db/columns.js';
import { employees } from '../employees/employees.table.js';
import { tenants } from '../tenants/tenants.table.js';

/** A person's external links (spec §3 "custom link (per employee)"), shown at /modules/external-links. */
export const customLinks = pgTable(
  'custom_links',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    employees_id: integer('employees_id').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    status: integer('status').notNull().default(1),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }).onDelete('cascade'),
    index('custom_links_employee_idx').on(t.tenant_uuid, t.employees_id),
  ],
);
