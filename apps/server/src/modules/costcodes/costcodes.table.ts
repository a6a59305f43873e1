import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { activeStatus, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { jobs } from '../jobs/jobs.table.js';

export const costcodes = pgTable(
  'costcodes',
  {
    ...tenantKeyColumns(),
    costcode: text('costcode').notNull(),
    description: text('description'),
    defaultcode: boolean('defaultcode').notNull().default(false),
    status: activeStatus(),
    jobs_id: integer('jobs_id'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    index('costcodes_tenant_code_idx').on(t.tenant_uuid, t.costcode, t.id),
    // A job-specific code belongs to its job; deleting jobs is soft, so this never cascades in practice.
    tenantRef(t, t.jobs_id, jobs),
  ],
);
