import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, recordId, tenantUuid, updatedOn } from '../../db/columns.js';
import { employees } from '../employees/employees.table.js';
import { tenants } from '../tenants/tenants.table.js';

/** A milestone on a job's timeline. */
export type Milestone = { title: string; date: string; done?: boolean };

export const jobs = pgTable(
  'jobs',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
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
    status: integer('status').notNull().default(1),
    /**
     * The job's budget totals over its active budget lines (jobs_costcodes with status 1): hours budgeted and
     * minutes booked, kept by triggers on jobs_costcodes (migration 0033), so the dashboard's jobs over budget and
     * the labor report's per-job totals read one row per job instead of summing its lines. Never written by clients.
     */
    budget_hours: doublePrecision('budget_hours').notNull().default(0),
    booked_minutes: integer('booked_minutes').notNull().default(0),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    // The sort of spec §9: abbreviation if present, else name.
    index('jobs_tenant_sort_idx').on(t.tenant_uuid, sql`lower(coalesce(nullif(${t.job_abbr}, ''), ${t.job}))`, t.id),
  ],
);

const jobLink = (name: 'jobs_foremen' | 'jobs_pms') =>
  pgTable(
    name,
    {
      tenant_uuid: tenantUuid(),
      id: recordId(),
      jobs_id: integer('jobs_id').notNull(),
      employees_id: integer('employees_id').notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.tenant_uuid, t.id] }),
      foreignKey({ columns: [t.tenant_uuid, t.jobs_id], foreignColumns: [jobs.tenant_uuid, jobs.id] }).onDelete('cascade'),
      foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }).onDelete('cascade'),
      uniqueIndex(`${name}_unique_idx`).on(t.tenant_uuid, t.jobs_id, t.employees_id),
      index(`${name}_employee_idx`).on(t.tenant_uuid, t.employees_id),
    ],
  );

export const jobsForemen = jobLink('jobs_foremen');
export const jobsPms = jobLink('jobs_pms');

/** A job as every list labels it: "ABBR · Job" when it has an abbreviation, else its name (core's `jobLabel` in SQL). */
export const jobLabelSql = sql<string>`case when nullif(trim(${jobs.job_abbr}), '') is null then ${jobs.job} else ${jobs.job_abbr} || ' · ' || ${jobs.job} end`;
