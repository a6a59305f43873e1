import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn, recordId, tenantUuid, updatedOn } from '../../db/columns.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * Spec §3 Mood: id, employees_id, mood_date, mood (1–5, one per person per day; a second answer replaces the first).
 * `hurt`: the person said they were hurt at work that day. Admins only ever read aggregates of this table.
 */
export const moods = pgTable(
  'moods',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    employees_id: integer('employees_id').notNull(),
    mood_date: date('mood_date', { mode: 'string' }).notNull(),
    mood: integer('mood').notNull(),
    hurt: boolean('hurt').notNull().default(false),
    jobs_id: integer('jobs_id'),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.jobs_id], foreignColumns: [jobs.tenant_uuid, jobs.id] }),
    uniqueIndex('moods_person_day_idx').on(t.tenant_uuid, t.employees_id, t.mood_date),
    index('moods_day_idx').on(t.tenant_uuid, t.mood_date),
    check('moods_mood_check', sql`${t.mood} between 1 and 5`),
  ],
);
