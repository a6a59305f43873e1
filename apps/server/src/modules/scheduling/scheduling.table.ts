import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/**
 * Spec §3 Scheduled labor: a person on a job for a day (event_type 'Work'), or a day taken by another scheduled
 * event type (Vacation, Sick Leave, Holiday…; jobs_id may then be empty). The worker answers with
 * confirmation_status (pending, confirmed, declined), the time of the answer and an optional reason.
 */
export const scheduledLabor = pgTable(
  'scheduled_labor',
  {
    ...tenantKeyColumns(),
    jobs_id: integer('jobs_id'),
    employees_id: integer('employees_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    event_type: text('event_type').notNull().default('Work'),
    confirmation_status: text('confirmation_status').notNull().default('pending'),
    confirmed_on: timestamp('confirmed_on', { withTimezone: true, mode: 'string' }),
    confirmation_reason: text('confirmation_reason'),
    created_by: integer('created_by'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    tenantRef(t, t.jobs_id, jobs).onDelete('cascade'),
    // The board: every entry of a date range; a person's days (My Schedule, double-booking); a job's crew.
    index('scheduled_labor_tenant_date_idx').on(t.tenant_uuid, t.date, t.employees_id),
    index('scheduled_labor_tenant_person_idx').on(t.tenant_uuid, t.employees_id, t.date),
    index('scheduled_labor_tenant_job_idx').on(t.tenant_uuid, t.jobs_id, t.date),
    // The same person twice on the same job and day is never meant; two jobs the same day is (once confirmed).
    uniqueIndex('scheduled_labor_unique_idx').on(t.tenant_uuid, t.employees_id, t.date, t.jobs_id).where(sql`jobs_id is not null`),
    check('scheduled_labor_status_check', sql`${t.confirmation_status} in ('pending', 'confirmed', 'declined')`),
    check('scheduled_labor_job_check', sql`${t.jobs_id} is not null or ${t.event_type} <> 'Work'`),
  ],
);
