import { z } from 'zod';

/**
 * The external time-card system (spec §7 timecardSystemConnection, timecardSystemApi, setTimecardSystem; issue 23):
 * QuickBooks Time. Its messages, actions and payloads, checked here before anything reaches QuickBooks Time.
 */

/** timecardsystems_id of QuickBooks Time (tenants.timecardsystems_id). */
export const QUICKBOOKS_TIME = { id: 1, title: 'QuickBooks Time' } as const;

import { TIMECARD_SYSTEM_MESSAGES } from '@groundwork/core/accounting';

export { TIMECARD_SYSTEM_MESSAGES };

export const TIMECARD_CONNECTION_EVENTS = ['connect', 'check', 'disconnect'] as const;
export type TimecardConnectionEvent = (typeof TIMECARD_CONNECTION_EVENTS)[number];

export const TIMECARD_API_ACTIONS = ['mapping', 'map', 'preview', 'import', 'log'] as const;

/** user: a QuickBooks Time user to one of our people; jobcode: a jobcode to one of our jobs. */
const TIMECARD_MAPPING_KINDS = ['user', 'jobcode'] as const;
export type TimecardMappingKind = (typeof TIMECARD_MAPPING_KINDS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.');

export const timecardMapSchema = z.object({
  kind: z.enum(TIMECARD_MAPPING_KINDS),
  remote_id: z.string().trim().min(1).max(64),
  remote_name: z.string().max(500).nullable().optional(),
  /** null removes the link. */
  local_id: z.number().int().positive().nullable(),
  costcodes_id: z.number().int().positive().nullable().optional(),
});
export type TimecardMapPayload = z.infer<typeof timecardMapSchema>;

export const importPayloadSchema = z
  .object({ start_date: isoDate, end_date: isoDate })
  .refine((p) => p.start_date <= p.end_date, { message: 'start_date must not be after end_date.', path: ['start_date'] })
  .refine((p) => Date.parse(p.end_date) - Date.parse(p.start_date) <= 30 * 86_400_000, {
    message: TIMECARD_SYSTEM_MESSAGES.periodTooLong,
    path: ['end_date'],
  });
export type ImportPayload = z.infer<typeof importPayloadSchema>;

export const importLogSchema = z.object({ limit: z.number().int().min(1).max(500).optional() });
