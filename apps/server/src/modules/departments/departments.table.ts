import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { activeStatus, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey } from '../../db/tenant-keys.js';

export const departments = pgTable(
  'departments',
  {
    ...tenantKeyColumns(),
    department: text('department').notNull(),
    status: activeStatus(),
  },
  (t) => [tenantPrimaryKey(t), tenantCascade(t), index('departments_tenant_name_idx').on(t.tenant_uuid, t.department, t.id)],
);
