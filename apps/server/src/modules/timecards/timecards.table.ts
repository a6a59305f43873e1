import { date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../db/columns.js';
import { tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/** One person's time card for one pay period; signing locks it until an admin reopens it. */
export const usersTimecard = pgTable(
  'users_timecard',
  {
    ...tenantKeyColumns(),
    employees_id: integer('employees_id').notNull(),
    payperiod_start_date: date('payperiod_start_date', { mode: 'string' }).notNull(),
    payperiod_end_date: date('payperiod_end_date', { mode: 'string' }).notNull(),
    signed_on: timestamp('signed_on', { withTimezone: true, mode: 'string' }),
    signed_by: integer('signed_by'),
    // A PNG data URL of the signature drawn on screen.
    signature_image: text('signature_image'),
    usernote: text('usernote'),
    /**
     * How many time entries the card holds, kept by triggers on timecard_entries (migration 0034), so "time in
     * the period and not signed" (the dashboard's unsigned cards) reads the period's cards instead of probing
     * every person's days. Never written by clients.
     */
    entries: integer('entries').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantRef(t, t.employees_id, employees),
    uniqueIndex('users_timecard_period_idx').on(t.tenant_uuid, t.employees_id, t.payperiod_start_date),
    // A pay period's cards across the company (the dashboard's unsigned cards).
    index('users_timecard_tenant_period_idx').on(t.tenant_uuid, t.payperiod_start_date),
  ],
);

/** Hours on one day, for one job and cost code, with the equipment used. */
export const timecardEntries = pgTable(
  'timecard_entries',
  {
    ...tenantKeyColumns(),
    users_timecard_id: integer('users_timecard_id').notNull(),
    employees_id: integer('employees_id').notNull(),
    timecard_date: date('timecard_date', { mode: 'string' }).notNull(),
    jobs_id: integer('jobs_id').notNull(),
    costcodes_id: integer('costcodes_id').notNull(),
    hours: doublePrecision('hours').notNull(),
    equipment: jsonb('equipment').$type<string[]>(),
    note: text('note'),
    created_by: integer('created_by'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantRef(t, t.users_timecard_id, usersTimecard).onDelete('cascade'),
    tenantRef(t, t.employees_id, employees),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.costcodes_id, costcodes),
    // A person's days (their card, a crew's cards) and a job's cost codes (actual hours beside the budget).
    index('timecard_entries_person_day_idx').on(t.tenant_uuid, t.employees_id, t.timecard_date),
    index('timecard_entries_job_code_idx').on(t.tenant_uuid, t.jobs_id, t.costcodes_id),
    // A foreman's crew in a window: who worked their jobs on those days, without reading the job's history.
    index('timecard_entries_job_day_idx').on(t.tenant_uuid, t.jobs_id, t.timecard_date, t.employees_id),
    // A window of the whole company's time (the hours report for admins): who booked time in it, by day.
    index('timecard_entries_day_idx').on(t.tenant_uuid, t.timecard_date, t.employees_id),
  ],
);
