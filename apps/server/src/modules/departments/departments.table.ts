import { foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { recordId, tenantUuid } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.table.js';

export const departments = pgTable(
  'departments',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    department: text('department').notNull(),
    status: integer('status').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    index('departments_tenant_name_idx').on(t.tenant_uuid, t.department, t.id),
  ],
);
