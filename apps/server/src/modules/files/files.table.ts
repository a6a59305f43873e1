import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdOn, recordId, tenantUuid, updatedOn } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * Spec §3 File: an uploaded file's record. The bytes live under FILES_DIR/<tenant_uuid>/<server_filename>;
 * source_table/source_uuid say what the file is attached to (an issue, a receipt, …) once it is.
 */
export const files = pgTable(
  'files',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    original_name: text('original_name').notNull(),
    mimetype: text('mimetype').notNull(),
    ext: text('ext').notNull(),
    status: integer('status').notNull().default(1),
    // Who uploaded it; not a foreign key, so removing a person keeps the company's files.
    employees_id: integer('employees_id'),
    server_filename: text('server_filename').notNull(),
    source_table: text('source_table'),
    source_uuid: uuid('source_uuid'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    created_by: integer('created_by'),
    thumbnail_base64: text('thumbnail_base64'),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    uniqueIndex('files_tenant_server_filename_idx').on(t.tenant_uuid, t.server_filename),
    index('files_tenant_source_idx').on(t.tenant_uuid, t.source_table, t.source_uuid).where(sql`source_uuid is not null`),
  ],
);
