import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, recordUuid, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';

/** A milestone on a job's timeline. */
export type Milestone = { title: string; date: string; done?: boolean };

export const jobs = pgTable(
  'jobs',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    job: text('job').notNull(),
    job_abbr: text('job_abbr'),
    description: text('description'),
    customer: text('customer'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    // Timeline: the planned span and its milestones.
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    milestones: jsonb('milestones').$type<Milestone[]>(),
    // 1 active, 2 complete; 0 is a deleted job, kept with all its rows (spec §4 soft delete).
    status: activeStatus(),
    /**
     * The job's budget totals over its active budget lines (jobs_costcodes with status 1): hours budgeted and
     * minutes booked, kept by triggers on jobs_costcodes (migration 0033), so the dashboard's jobs over budget and
     * the labor report's per-job totals read one row per job instead of summing its lines. Never written by clients.
     */
    budget_hours: doublePrecision('budget_hours').notNull().default(0),
    booked_minutes: integer('booked_minutes').notNull().default(0),
    /**
     * The site a punch is measured from (issue 47): a point and the fence's radius in metres (null: the company's
     * default radius, punch_settings). No point: punches on the job are not measured.
     */
    site_latitude: doublePrecision('site_latitude'),
    site_longitude: doublePrecision('site_longitude'),
    site_radius_m: integer('site_radius_m'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    // The sort of spec §9: abbreviation if present, else name.
    index('jobs_tenant_sort_idx').on(t.tenant_uuid, sql`lower(coalesce(nullif(${t.job_abbr}, ''), ${t.job}))`, t.id),
  ],
);

const jobLink = (name: 'jobs_foremen' | 'jobs_pms') =>
  pgTable(
    name,
    {
      ...tenantKeyColumns(),
      jobs_id: integer('jobs_id').notNull(),
      employees_id: integer('employees_id').notNull(),
    },
    (t) => [
      tenantPrimaryKey(t),
      tenantRef(t, t.jobs_id, jobs).onDelete('cascade'),
      tenantRef(t, t.employees_id, employees).onDelete('cascade'),
      uniqueIndex(`${name}_unique_idx`).on(t.tenant_uuid, t.jobs_id, t.employees_id),
      index(`${name}_employee_idx`).on(t.tenant_uuid, t.employees_id),
    ],
  );

export const jobsForemen = jobLink('jobs_foremen');
export const jobsPms = jobLink('jobs_pms');

/** A job as every list labels it: "ABBR · Job" when it has an abbreviation, else its name (core's `jobLabel` in SQL). */
export const jobLabelSql = sql<string>`case when nullif(trim(${jobs.job_abbr}), '') is null then ${jobs.job} else ${jobs.job_abbr} || ' · ' || ${jobs.job} end`;
