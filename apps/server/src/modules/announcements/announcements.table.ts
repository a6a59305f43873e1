import type { Audience } from '@groundwork/core/announcements';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, tenantKeyColumns, tenantUuid } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { departments } from '../departments/departments.table.js';
import { divisions } from '../divisions/divisions.table.js';
import { employees } from '../employees/employees.table.js';

/**
 * Spec §3 Announcement: id, exp_date, start_date, employee_id (the author), status (1 active), is_default (the one
 * pinned on the dashboard), on_app (shown in the app; otherwise e-mail only). Issue 21 adds the title, a sanitised
 * HTML body, the audience and "requires acknowledgement". Shown from start_date through exp_date.
 */
export const announcements = pgTable(
  'announcements',
  {
    ...tenantKeyColumns(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    exp_date: date('exp_date', { mode: 'string' }).notNull(),
    employee_id: integer('employee_id'),
    status: activeStatus(),
    is_default: boolean('is_default').notNull().default(false),
    on_app: boolean('on_app').notNull().default(true),
    requires_ack: boolean('requires_ack').notNull().default(false),
    audience: text('audience').$type<Audience>().notNull().default('everyone'),
    audience_ids: jsonb('audience_ids').$type<number[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employee_id, employees),
    // The readers' list: active ones whose window holds today.
    index('announcements_window_idx').on(t.tenant_uuid, t.status, t.exp_date, t.start_date),
    // One pinned announcement per company.
    uniqueIndex('announcements_one_default_idx').on(t.tenant_uuid).where(sql`${t.is_default} and ${t.status} = 1`),
    check('announcements_dates_check', sql`${t.exp_date} >= ${t.start_date}`),
    check('announcements_audience_check', sql`${t.audience} in ('everyone', 'departments', 'divisions', 'jobs', 'usergroups')`),
  ],
);

/** Who has seen an announcement (first opened it) and who acknowledged it, when. */
export const announcementReceipts = pgTable(
  'announcement_receipts',
  {
    tenant_uuid: tenantUuid(),
    announcements_id: integer('announcements_id').notNull(),
    employees_id: integer('employees_id').notNull(),
    seen_on: timestamp('seen_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    acked_on: timestamp('acked_on', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.announcements_id, t.employees_id] }),
    tenantRef(t, t.announcements_id, announcements).onDelete('cascade'),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    index('announcement_receipts_person_idx').on(t.tenant_uuid, t.employees_id),
  ],
);

/**
 * Who is in which department and division: the employees table has no such column, and an audience needs it.
 * Kept here until the people module takes it over.
 */
export const departmentMembers = pgTable(
  'department_members',
  {
    tenant_uuid: tenantUuid(),
    departments_id: integer('departments_id').notNull(),
    employees_id: integer('employees_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.departments_id, t.employees_id] }),
    tenantRef(t, t.departments_id, departments).onDelete('cascade'),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    index('department_members_person_idx').on(t.tenant_uuid, t.employees_id),
  ],
);

export const divisionMembers = pgTable(
  'division_members',
  {
    tenant_uuid: tenantUuid(),
    divisions_id: integer('divisions_id').notNull(),
    employees_id: integer('employees_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.divisions_id, t.employees_id] }),
    tenantRef(t, t.divisions_id, divisions).onDelete('cascade'),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    index('division_members_person_idx').on(t.tenant_uuid, t.employees_id),
  ],
);
