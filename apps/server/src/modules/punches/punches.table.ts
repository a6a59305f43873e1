import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns, tenantUuid, updatedOn } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * Punches (issue 47) as segments: [started_at, ended_at) of WORK or BREAK on one job and cost code. Clock in opens a
 * WORK segment; a switch, a break and its end close one and open the next; clock out closes the open one. At most one
 * open segment per person (the unique partial index). Closed WORK segments write the person's time card through
 * punch_entries.
 */
export const punchSegments = pgTable(
  'punch_segments',
  {
    ...tenantKeyColumns(),
    employees_id: integer('employees_id').notNull(),
    jobs_id: integer('jobs_id').notNull(),
    costcodes_id: integer('costcodes_id').notNull(),
    kind: text('kind').notNull(),
    started_at: instant('started_at').notNull(),
    ended_at: instant('ended_at'),
    // One fix of the phone's position per punch, stamped on the segment it closes (end_*) and the one it opens
    // (start_*): GIVEN, DENIED, UNAVAILABLE or NOT_ASKED (core punches.ts), the fix and when it was taken, and the
    // distance from the job's site when both were known. The retention sweep drops the fix; status, distance and
    // the fence flag stay.
    start_location_status: text('start_location_status').notNull(),
    start_latitude: doublePrecision('start_latitude'),
    start_longitude: doublePrecision('start_longitude'),
    start_accuracy_m: doublePrecision('start_accuracy_m'),
    start_located_at: instant('start_located_at'),
    start_distance_m: doublePrecision('start_distance_m'),
    start_outside_fence: boolean('start_outside_fence').notNull().default(false),
    end_location_status: text('end_location_status'),
    end_latitude: doublePrecision('end_latitude'),
    end_longitude: doublePrecision('end_longitude'),
    end_accuracy_m: doublePrecision('end_accuracy_m'),
    end_located_at: instant('end_located_at'),
    end_distance_m: doublePrecision('end_distance_m'),
    end_outside_fence: boolean('end_outside_fence').notNull().default(false),
    /** Who punched: the person, or the foreman or admin of a crew punch. */
    punched_by: integer('punched_by').notNull(),
    crew_punch: boolean('crew_punch').notNull().default(false),
    /** Set by the day-end sweep on a segment left open past its day (punches.sweep.ts). */
    missed_clock_out: boolean('missed_clock_out').notNull().default(false),
    /** Its hours are not on the card: the card was signed (or the day closed to time) when they were to be written. */
    card_locked: boolean('card_locked').notNull().default(false),
    original_started_at: instant('original_started_at'),
    original_ended_at: instant('original_ended_at'),
    corrected_by: integer('corrected_by'),
    corrected_on: instant('corrected_on'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.costcodes_id, costcodes),
    // A person's open segment: at most one.
    uniqueIndex('punch_segments_open_person_idx').on(t.tenant_uuid, t.employees_id).where(sql`${t.ended_at} is null`),
    // A person's days (their state, their list, the card's derivation) and a job's days (a foreman's list).
    index('punch_segments_person_idx').on(t.tenant_uuid, t.employees_id, t.started_at),
    index('punch_segments_job_idx').on(t.tenant_uuid, t.jobs_id, t.started_at),
    // Who is on the clock now, company-wide (the office view, the day-end sweep).
    index('punch_segments_open_idx').on(t.tenant_uuid, t.started_at).where(sql`${t.ended_at} is null`),
    check('punch_segments_kind_check', sql`${t.kind} in ('WORK', 'BREAK')`),
    check('punch_segments_order_check', sql`${t.ended_at} is null or ${t.ended_at} >= ${t.started_at}`),
  ],
);

/**
 * The time entry the clock wrote for a person's day, job and cost code, and how many of that day's punched minutes it
 * carries: re-derived from the day's closed WORK segments on every close and correction, so it never counts an hour
 * twice. Entries typed by hand are never touched. When the day was rewritten by hand (the entry is gone), the minutes
 * punched so far count as covered by what was typed (`base_minutes`) and only later punches are written.
 */
export const punchEntries = pgTable(
  'punch_entries',
  {
    tenant_uuid: tenantUuid(),
    employees_id: integer('employees_id').notNull(),
    timecard_date: date('timecard_date', { mode: 'string' }).notNull(),
    jobs_id: integer('jobs_id').notNull(),
    costcodes_id: integer('costcodes_id').notNull(),
    /** The entry written (timecard_entries.id), null while it carries nothing. No key: a hand-written day deletes it. */
    timecard_entries_id: integer('timecard_entries_id'),
    base_minutes: integer('base_minutes').notNull().default(0),
    /** The punched minutes (rounded to the increment) of the last derivation. */
    total_minutes: integer('total_minutes').notNull().default(0),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.employees_id, t.timecard_date, t.jobs_id, t.costcodes_id] }),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.costcodes_id, costcodes),
  ],
);

/** A company's punch settings (issue 47); a company without a row has the defaults (core punches.ts). */
export const punchSettings = pgTable(
  'punch_settings',
  {
    tenant_uuid: tenantUuid(),
    ask_location: boolean('ask_location').notNull().default(true),
    default_radius_m: integer('default_radius_m').notNull().default(150),
    location_retention_days: integer('location_retention_days').notNull().default(90),
    /** The IANA zone that decides a punch's day ("today", the day-end sweep, the card's day). */
    time_zone: text('time_zone').notNull().default('UTC'),
    updated_by: integer('updated_by'),
    updated_on: updatedOn(),
  },
  (t) => [primaryKey({ columns: [t.tenant_uuid] }), tenantCascade(t)],
);
