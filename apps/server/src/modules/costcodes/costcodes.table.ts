import { boolean, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { recordId, tenantUuid } from '../../db/columns.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenants } from '../tenants/tenants.table.js';

export const costcodes = pgTable(
  'costcodes',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    costcode: text('costcode').notNull(),
    description: text('description'),
    defaultcode: boolean('defaultcode').notNull().default(false),
    status: integer('status').notNull().default(1),
    jobs_id: integer('jobs_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    index('costcodes_tenant_code_idx').on(t.tenant_uuid, t.costcode, t.id),
    // A job-specific code belongs to its job; deleting jobs is soft, so this never cascades in practice.
    foreignKey({ columns: [t.tenant_uuid, t.jobs_id], foreignColumns: [jobs.tenant_uuid, jobs.id] }),
  ],
);
