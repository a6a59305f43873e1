import { date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantUuid, updatedOn } from '../../db/columns.js';
import { at, companyForeignKey, connectedColumns, oauthStateColumns, oauthTokenColumns } from '../integrations/integrations.table.js';

/**
 * The company's QuickBooks Time connection (issue 23): one row per company. Tokens are AES-256-GCM ciphertexts
 * (integrations.crypto.ts), never plain. `disconnected_reason` is set when QuickBooks Time refuses the refresh token
 * (revoked or expired): the connection then answers that reason instead of 'Connected' until an admin reconnects.
 */
export const timecardSystemConnections = pgTable(
  'timecard_system_connections',
  {
    tenant_uuid: tenantUuid(),
    // QuickBooks Time's company id (the grant's company_id): mappings made for another one are dropped.
    remote_company_id: text('remote_company_id'),
    mapped_company_id: text('mapped_company_id'),
    ...oauthTokenColumns(),
    ...connectedColumns(),
    disconnected_reason: text('disconnected_reason'),
    ...oauthStateColumns(),
    updated_on: updatedOn(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid] }), companyForeignKey(t)],
);

/**
 * A QuickBooks Time user linked to one of our people (kind 'user', local_id employees.id) or a jobcode linked to
 * one of our jobs (kind 'jobcode', local_id jobs.id, with the cost code its hours go to, else the job's first).
 * Keyed by the remote side: an import reads timesheets and asks whose and which job each one is.
 */
export const timecardSystemMappings = pgTable(
  'timecard_system_mappings',
  {
    tenant_uuid: tenantUuid(),
    kind: text('kind').notNull(),
    remote_id: text('remote_id').notNull(),
    remote_name: text('remote_name'),
    local_id: integer('local_id').notNull(),
    costcodes_id: integer('costcodes_id'),
    updated_on: updatedOn(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid, t.kind, t.remote_id] }), companyForeignKey(t)],
);

/**
 * Every QuickBooks Time timesheet imported, keyed by its remote id: importing the pay period again finds it here
 * and creates nothing twice. timecard_entries_id is the time entry it became (an entry with this id is the
 * import's own, so it is never reported as a conflict with itself).
 */
export const timecardSystemImports = pgTable(
  'timecard_system_imports',
  {
    tenant_uuid: tenantUuid(),
    remote_id: text('remote_id').notNull(),
    timecard_entries_id: integer('timecard_entries_id').notNull(),
    employees_id: integer('employees_id').notNull(),
    jobs_id: integer('jobs_id').notNull(),
    timecard_date: date('timecard_date', { mode: 'string' }).notNull(),
    hours: doublePrecision('hours').notNull(),
    imported_by: integer('imported_by'),
    imported_on: at('imported_on').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.remote_id] }),
    companyForeignKey(t),
    index('timecard_system_imports_entry_idx').on(t.tenant_uuid, t.timecard_entries_id),
    index('timecard_system_imports_recent_idx').on(t.tenant_uuid, t.imported_on),
  ],
);
