import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { activeStatus, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey } from '../../db/tenant-keys.js';

export const divisions = pgTable(
  'divisions',
  {
    ...tenantKeyColumns(),
    division: text('division').notNull(),
    status: activeStatus(),
  },
  (t) => [tenantPrimaryKey(t), tenantCascade(t), index('divisions_tenant_name_idx').on(t.tenant_uuid, t.division, t.id)],
);
