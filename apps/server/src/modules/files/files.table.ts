import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, recordUuid, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey } from '../../db/tenant-keys.js';

/**
 * Spec §3 File: an uploaded file's record. The bytes live under FILES_DIR/<tenant_uuid>/<server_filename>;
 * source_table/source_uuid say what the file is attached to (an issue, a receipt, …) once it is.
 */
export const files = pgTable(
  'files',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    original_name: text('original_name').notNull(),
    mimetype: text('mimetype').notNull(),
    ext: text('ext').notNull(),
    status: activeStatus(),
    // Who uploaded it; not a foreign key, so removing a person keeps the company's files.
    employees_id: integer('employees_id'),
    server_filename: text('server_filename').notNull(),
    source_table: text('source_table'),
    source_uuid: uuid('source_uuid'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    created_by: integer('created_by'),
    thumbnail_base64: text('thumbnail_base64'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    uniqueIndex('files_tenant_server_filename_idx').on(t.tenant_uuid, t.server_filename),
    index('files_tenant_source_idx').on(t.tenant_uuid, t.source_table, t.source_uuid).where(sql`source_uuid is not null`),
  ],
);
