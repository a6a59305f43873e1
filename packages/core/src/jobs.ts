import { z } from 'zod';
import { MESSAGES } from './people.js';

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
