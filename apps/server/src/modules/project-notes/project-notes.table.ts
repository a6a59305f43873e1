import type { ManpowerLine, ReportPhoto } from '@groundwork/core/project-notes';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, recordUuid, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/**
 * Spec §3 Daily report ("Jobsnotes"): one job on one day, written by `employees_id` (its owner, spec §6 own records).
 * Rich notes are sanitised HTML; the sections are plain text; manpower is drafted from the day's time entries and
 * kept as written. Photos are files (source_table 'jobs_notes', source_uuid this uuid), their captions here.
 */
export const jobsNotes = pgTable(
  'jobs_notes',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    jobs_id: integer('jobs_id').notNull(),
    employees_id: integer('employees_id').notNull(),
    for_date: date('for_date', { mode: 'string' }).notNull(),
    status: activeStatus(),
    email_to: text('email_to'),
    cc_email_to: text('cc_email_to'),
    notes_html: text('notes_html'),
    work_performed: text('work_performed'),
    equipment: text('equipment'),
    deliveries: text('deliveries'),
    delays: text('delays'),
    safety: text('safety'),
    weather: text('weather'),
    manpower: jsonb('manpower').$type<ManpowerLine[]>().notNull().default(sql`'[]'::jsonb`),
    photos: jsonb('photos').$type<ReportPhoto[]>().notNull().default(sql`'[]'::jsonb`),
    sent_on: timestamp('sent_on', { withTimezone: true, mode: 'string' }),
    sent_by: integer('sent_by'),
    sent_to: text('sent_to'),
    send_count: integer('send_count').notNull().default(0),
    // Changed after it was sent: the next send says "revised".
    revised: boolean('revised').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.employees_id, employees),
    uniqueIndex('jobs_notes_tenant_uuid_idx').on(t.tenant_uuid, t.uuid),
    // One report per job and day.
    uniqueIndex('jobs_notes_job_day_idx').on(t.tenant_uuid, t.jobs_id, t.for_date),
    index('jobs_notes_tenant_date_idx').on(t.tenant_uuid, t.status, t.for_date, t.id),
    index('jobs_notes_tenant_person_idx').on(t.tenant_uuid, t.employees_id, t.for_date, t.id),
  ],
);
