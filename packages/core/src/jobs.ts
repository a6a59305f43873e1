import { z } from 'zod';
import { MESSAGES } from './people.js';
import { PUNCH_LIMITS, PUNCH_MESSAGES } from './punches.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid format');

/** Job status: 1 active, 2 complete. 0 (deleted) is reached only through deleteJobs, a soft delete. */
export const JOB_STATUS = { deleted: 0, active: 1, complete: 2 } as const;

export const JOB_MESSAGES = {
  endBeforeStart: 'The end date cannot be before the start date.',
  negative: 'Budget amounts cannot be negative.',
} as const;

export const milestoneSchema = z.object({
  title: z.string().trim().min(1, MESSAGES.required).max(200, MESSAGES.max(200)),
  date: isoDate,
  done: z.boolean().optional(),
});

export const jobFields = z
  .object({
    job: z.string().trim().min(1, MESSAGES.required).max(200, MESSAGES.max(200)),
    job_abbr: z.string().trim().max(20, MESSAGES.max(20)).nullable(),
    description: z.string().max(4000, MESSAGES.max(4000)).nullable(),
    customer: z.string().max(200, MESSAGES.max(200)).nullable(),
    start_date: isoDate.nullable(),
    end_date: isoDate.nullable(),
    milestones: z.array(milestoneSchema).max(100).nullable(),
    status: z.union([z.literal(JOB_STATUS.active), z.literal(JOB_STATUS.complete)]),
    // The site punches are measured from (issue 47; setJobSite checks a point has both coordinates).
    site_latitude: z.number().min(-90, PUNCH_MESSAGES.latitudeRange).max(90, PUNCH_MESSAGES.latitudeRange).nullable(),
    site_longitude: z.number().min(-180, PUNCH_MESSAGES.longitudeRange).max(180, PUNCH_MESSAGES.longitudeRange).nullable(),
    site_radius_m: z
      .number()
      .int(PUNCH_MESSAGES.radiusRange)
      .min(PUNCH_LIMITS.radiusMin, PUNCH_MESSAGES.radiusRange)
      .max(PUNCH_LIMITS.radiusMax, PUNCH_MESSAGES.radiusRange)
      .nullable(),
  })
  .partial()
  .loose()
  .refine((j) => !j.start_date || !j.end_date || j.start_date <= j.end_date, {
    message: JOB_MESSAGES.endBeforeStart,
    path: ['end_date'],
  });

const amount = z.number().finite().min(0, JOB_MESSAGES.negative).max(1e12);

/** A cost-code budget line: six amounts that start at zero; status toggles between 1 (on) and 0 (off). */
export const budgetLineFields = z
  .object({
    hrsbdg: amount,
    matbdg: amount,
    labbdg: amount,
    eqpbdg: amount,
    subbdg: amount,
    othbdg: amount,
    status: z.union([z.literal(0), z.literal(1)]),
  })
  .partial()
  .loose();

export const BUDGET_AMOUNTS = ['hrsbdg', 'matbdg', 'labbdg', 'eqpbdg', 'subbdg', 'othbdg'] as const;
export type BudgetAmount = (typeof BUDGET_AMOUNTS)[number];

/** Spec §9 job sort: by abbreviation if present, else name. */
export const jobSortKey = (j: { job: string; job_abbr?: string | null }) => (j.job_abbr?.trim() || j.job).toLowerCase();
