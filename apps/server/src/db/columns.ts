import { sql } from 'drizzle-orm';
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant key every tenant table starts with (DESIGN.md "Tenant walls"). */
export const tenantUuid = () => uuid('tenant_uuid').notNull();

/** Per-table numeric id; unique within the table, paired with tenant_uuid in the primary key. */
export const recordId = () => integer('id').generatedByDefaultAsIdentity().notNull();

export const createdOn = () => timestamp('created_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedOn = () => timestamp('updated_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

export const now = sql`now()`;
