import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/**
 * Spec §3 Mood: id, employees_id, mood_date, mood (1–5, one per person per day; a second answer replaces the first).
 * `hurt`: the person said they were hurt at work that day. Admins only ever read aggregates of this table.
 */
export const moods = pgTable(
  'moods',
  {
    ...tenantKeyColumns(),
    employees_id: integer('employees_id').notNull(),
    mood_date: date('mood_date', { mode: 'string' }).notNull(),
    mood: integer('mood').notNull(),
    hurt: boolean('hurt').notNull().default(false),
    jobs_id: integer('jobs_id'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    tenantRef(t, t.jobs_id, jobs),
    uniqueIndex('moods_person_day_idx').on(t.tenant_uuid, t.employees_id, t.mood_date),
    index('moods_day_idx').on(t.tenant_uuid, t.mood_date),
    check('moods_mood_check', sql`${t.mood} between 1 and 5`),
  ],
);
