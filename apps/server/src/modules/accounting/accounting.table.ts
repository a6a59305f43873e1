import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantUuid, updatedOn } from '../../db/columns.js';
import { at, companyForeignKey, connectedColumns, oauthStateColumns, oauthTokenColumns } from '../integrations/integrations.table.js';

/**
 * The company's QuickBooks Online connection (issue 23): one row per company. Tokens are AES-256-GCM ciphertexts
 * (integrations.crypto.ts), never plain. `qbo_disconnected` is set when QuickBooks refuses the refresh token
 * (invalid_grant: revoked or expired), which is what opens 'QuickBooks Disconnected' for admins at the next start.
 * `oauth_state` is the one-time state of a connect in progress; the callback must bring it back before it expires.
 */
export const accountingConnections = pgTable(
  'accounting_connections',
  {
    tenant_uuid: tenantUuid(),
    realm_id: text('realm_id'),
    // The QuickBooks company the mappings were made for: connecting another one starts the mapping afresh.
    mapped_realm_id: text('mapped_realm_id'),
    ...oauthTokenColumns(),
    refresh_expires_at: at('refresh_expires_at'),
    ...connectedColumns(),
    qbo_disconnected: boolean('qbo_disconnected').notNull().default(false),
    disconnected_reason: text('disconnected_reason'),
    ...oauthStateColumns(),
    updated_on: updatedOn(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid] }), companyForeignKey(t)],
);

/**
 * A link between one of the company's records and a QuickBooks entity: kind is person (Employee), job (Customer
 * or project), costcode (service Item), vendor (Vendor) or item (Item); local_id is the record's id here.
 */
export const accountingMappings = pgTable(
  'accounting_mappings',
  {
    tenant_uuid: tenantUuid(),
    kind: text('kind').notNull(),
    local_id: integer('local_id').notNull(),
    remote_id: text('remote_id').notNull(),
    remote_name: text('remote_name'),
    updated_on: updatedOn(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid, t.kind, t.local_id] }), companyForeignKey(t)],
);

/**
 * What each push did, keyed by record and version: a signed time card entry, a receipt or an order at the version
 * it had (its updated_on), so pushing the same version again finds its row and creates nothing twice. status is
 * 'synced' or 'failed' (error kept per record; attempts counts tries, next_attempt_at is the backoff).
 */
export const accountingSyncLog = pgTable(
  'accounting_sync_log',
  {
    tenant_uuid: tenantUuid(),
    record_type: text('record_type').notNull(),
    record_id: integer('record_id').notNull(),
    version: text('version').notNull(),
    entity: text('entity').notNull(),
    action: text('action').notNull(),
    status: text('status').notNull(),
    remote_id: text('remote_id'),
    summary: text('summary'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at'),
    synced_on: at('synced_on').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.record_type, t.record_id, t.version] }),
    companyForeignKey(t),
    index('accounting_sync_log_recent_idx').on(t.tenant_uuid, t.synced_on),
  ],
);
