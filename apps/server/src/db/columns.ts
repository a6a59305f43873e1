import { getTableName, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant key every tenant table starts with (DESIGN.md "Tenant walls"). */
export const tenantUuid = () => uuid('tenant_uuid').notNull();

/** Per-table numeric id; unique within the table, paired with tenant_uuid in the primary key. */
export const recordId = () => integer('id').generatedByDefaultAsIdentity().notNull();

export const createdOn = () => timestamp('created_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedOn = () => timestamp('updated_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

/** The two key columns a tenant record starts with; spread first so they lead the table as the walls expect. */
export const tenantKeyColumns = () => ({ tenant_uuid: tenantUuid(), id: recordId() });

/** A record's random public id (links, file attachments, the API); tables that look it up index it per company. */
export const recordUuid = () => uuid('uuid').notNull().defaultRandom();

/** When a record was made and last changed; spread last, where the tables keep them. */
export const auditColumns = () => ({ created_on: createdOn(), updated_on: updatedOn() });

/** Spec §4 soft delete / archive: 1 active, anything else archived or deleted (rows are kept). */
export const activeStatus = () => integer('status').notNull().default(1);

/**
 * An outer query's column, always written with its table (`"tasks"."tenant_uuid"`), for correlated subqueries.
 * drizzle writes a bare `"tenant_uuid"` when the outer query reads one table, and inside `(select … from jobs j …)`
 * PostgreSQL resolves a bare name to the inner table first: `j.tenant_uuid = "tenant_uuid"` compares j with itself.
 */
export const outer = (column: AnyPgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
