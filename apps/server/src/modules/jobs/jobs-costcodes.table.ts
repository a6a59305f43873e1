import { doublePrecision, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, tenantKeyColumns } from '../../db/columns.js';
import { tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobs } from './jobs.table.js';

// Apart from jobs.table.ts: cost codes may belong to a job (costcodes.table.ts refers to jobs), and budget lines refer
// to both, so keeping them with jobs made the two table files import each other.
const amount = (name: string) => doublePrecision(name).notNull().default(0);

/** A cost-code budget line of a job: six amounts that start at zero (spec §9), switched on and off. */
export const jobsCostcodes = pgTable(
  'jobs_costcodes',
  {
    ...tenantKeyColumns(),
    jobs_id: integer('jobs_id').notNull(),
    costcodes_id: integer('costcodes_id').notNull(),
    hrsbdg: amount('hrsbdg'),
    matbdg: amount('matbdg'),
    labbdg: amount('labbdg'),
    eqpbdg: amount('eqpbdg'),
    subbdg: amount('subbdg'),
    othbdg: amount('othbdg'),
    status: activeStatus(),
    /**
     * Minutes booked to this job and cost code on time cards, kept by triggers on timecard_entries
     * (migration 0029), so budget totals read one row instead of summing the entries. Never written by clients.
     */
    booked_minutes: integer('booked_minutes').notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantRef(t, t.jobs_id, jobs).onDelete('cascade'),
    tenantRef(t, t.costcodes_id, costcodes).onDelete('cascade'),
    uniqueIndex('jobs_costcodes_unique_idx').on(t.tenant_uuid, t.jobs_id, t.costcodes_id),
  ],
);
