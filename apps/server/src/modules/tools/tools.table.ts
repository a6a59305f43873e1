import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, createdOn, recordUuid, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/**
 * Spec §3 Container: where tools are (the shop, a truck, a job box, a site). Exactly one HQ per company
 * (a partial unique index); a container may be "at" a job or assigned to a person (a foreman's truck).
 */
export const containers = pgTable(
  'containers',
  {
    ...tenantKeyColumns(),
    container_name: text('container_name').notNull(),
    hq: boolean('hq').notNull().default(false),
    // 1 active; anything else archived (spec §4).
    status: activeStatus(),
    jobs_id: integer('jobs_id'),
    employees_id: integer('employees_id'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.employees_id, employees),
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
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    tool_number: text('tool_number').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category'),
    make: text('make'),
    model: text('model'),
    serial: text('serial'),
    purchase_date: date('purchase_date', { mode: 'string' }),
    purchase_cost_cents: integer('purchase_cost_cents'),
    status: activeStatus(),
    container_id: integer('container_id').notNull(),
    last_log: jsonb('last_log').$type<ToolLastLog>(),
    created_by: integer('created_by'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.container_id, containers),
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
    ...tenantKeyColumns(),
    tools_id: integer('tools_id').notNull(),
    from_container_id: integer('from_container_id'),
    to_container_id: integer('to_container_id').notNull(),
    employees_id: integer('employees_id'),
    note: text('note'),
    created_on: createdOn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.tools_id, tools).onDelete('cascade'),
    tenantRef(t, t.from_container_id, containers),
    tenantRef(t, t.to_container_id, containers),
    tenantRef(t, t.employees_id, employees),
    index('tool_logs_tool_idx').on(t.tenant_uuid, t.tools_id, t.id),
    index('tool_logs_tenant_idx').on(t.tenant_uuid, t.id),
  ],
);

/** Spec §3 Reservation: start_date, end_date, status, is_completed; for a person and/or a job. */
export const reservations = pgTable(
  'reservations',
  {
    ...tenantKeyColumns(),
    tools_id: integer('tools_id').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    // Spec §9: default status 1.
    status: activeStatus(),
    is_completed: boolean('is_completed').notNull().default(false),
    employees_id: integer('employees_id'),
    jobs_id: integer('jobs_id'),
    note: text('note'),
    checked_out_on: text('checked_out_on'),
    checked_in_on: text('checked_in_on'),
    created_by: integer('created_by'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.tools_id, tools).onDelete('cascade'),
    tenantRef(t, t.employees_id, employees),
    tenantRef(t, t.jobs_id, jobs),
    index('reservations_tool_idx').on(t.tenant_uuid, t.tools_id, t.start_date),
    index('reservations_tenant_start_idx').on(t.tenant_uuid, t.start_date, t.id),
    check('reservations_dates_check', sql`${t.end_date} >= ${t.start_date}`),
  ],
);
