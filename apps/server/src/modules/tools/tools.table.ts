import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdOn, recordId, tenantUuid, updatedOn } from '../../db/columns.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * Spec §3 Container: where tools are (the shop, a truck, a job box, a site). Exactly one HQ per company
 * (a partial unique index); a container may be "at" a job or assigned to a person (a foreman's truck).
 */
export const containers = pgTable(
  'containers',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    container_name: text('container_name').notNull(),
    hq: boolean('hq').notNull().default(false),
    // 1 active; anything else archived (spec §4).
    status: integer('status').notNull().default(1),
    jobs_id: integer('jobs_id'),
    employees_id: integer('employees_id'),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.jobs_id], foreignColumns: [jobs.tenant_uuid, jobs.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }),
    uniqueIndex('containers_one_hq_idx').on(t.tenant_uuid).where(sql`${t.hq}`),
    index('containers_tenant_name_idx').on(t.tenant_uuid, t.status, t.container_name, t.id),
  ],
);

/** Who moved a tool where, when (spec §3 Tool.last_log holds the latest of these). */
export type ToolLastLog = {
  log_id: number;
  from_container_id: number | null;
  to_container_id: number;
  container_name: string;
  employees_id: number | null;
  employee_name: string | null;
  moved_on: string;
  note: string | null;
};

/** Spec §3 Tool: status (1 active, 0 archived), container_id, last_log. */
export const tools = pgTable(
  'tools',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    tool_number: text('tool_number').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category'),
    make: text('make'),
    model: text('model'),
    serial: text('serial'),
    purchase_date: date('purchase_date', { mode: 'string' }),
    purchase_cost_cents: integer('purchase_cost_cents'),
    status: integer('status').notNull().default(1),
    container_id: integer('container_id').notNull(),
    last_log: jsonb('last_log').$type<ToolLastLog>(),
    created_by: integer('created_by'),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.container_id], foreignColumns: [containers.tenant_uuid, containers.id] }),
    uniqueIndex('tools_tenant_uuid_idx').on(t.tenant_uuid, t.uuid),
    uniqueIndex('tools_tenant_number_idx').on(t.tenant_uuid, t.tool_number),
    index('tools_tenant_name_idx').on(t.tenant_uuid, t.status, t.name, t.id),
    index('tools_tenant_container_idx').on(t.tenant_uuid, t.container_id, t.name, t.id),
    index('tools_tenant_category_idx').on(t.tenant_uuid, t.category, t.name, t.id),
    check('tools_cost_check', sql`${t.purchase_cost_cents} is null or ${t.purchase_cost_cents} >= 0`),
  ],
);

/** Every move of a tool: from, to, who, when, note. Written in the move's transaction. */
export const toolLogs = pgTable(
  'tool_logs',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    tools_id: integer('tools_id').notNull(),
    from_container_id: integer('from_container_id'),
    to_container_id: integer('to_container_id').notNull(),
    employees_id: integer('employees_id'),
    note: text('note'),
    created_on: createdOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.tools_id], foreignColumns: [tools.tenant_uuid, tools.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.from_container_id], foreignColumns: [containers.tenant_uuid, containers.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.to_container_id], foreignColumns: [containers.tenant_uuid, containers.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }),
    index('tool_logs_tool_idx').on(t.tenant_uuid, t.tools_id, t.id),
    index('tool_logs_tenant_idx').on(t.tenant_uuid, t.id),
  ],
);

/** Spec §3 Reservation: start_date, end_date, status, is_completed; for a person and/or a job. */
export const reservations = pgTable(
  'reservations',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    tools_id: integer('tools_id').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    // Spec §9: default status 1.
    status: integer('status').notNull().default(1),
    is_completed: boolean('is_completed').notNull().default(false),
    employees_id: integer('employees_id'),
    jobs_id: integer('jobs_id'),
    note: text('note'),
    checked_out_on: text('checked_out_on'),
    checked_in_on: text('checked_in_on'),
    created_by: integer('created_by'),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.tools_id], foreignColumns: [tools.tenant_uuid, tools.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.jobs_id], foreignColumns: [jobs.tenant_uuid, jobs.id] }),
    index('reservations_tool_idx').on(t.tenant_uuid, t.tools_id, t.start_date),
    index('reservations_tenant_start_idx').on(t.tenant_uuid, t.start_date, t.id),
    check('reservations_dates_check', sql`${t.end_date} >= ${t.start_date}`),
  ],
);
