import { z } from 'zod';

/**
 * Announcements (spec §2 /modules/announcements, §3 Announcement: id, exp_date, start_date, employee_id, status,
 * is_default, on_app; issue 21): the rules the server's operations and the web form share. Dates are 'YYYY-MM-DD';
 * an announcement is shown from start_date through exp_date, both included.
 */

/** Status: 1 active; anything else archived (spec §4). */
export const ANNOUNCEMENT_STATUS = { archived: 0, active: 1 } as const;

/** Who an announcement is for: everyone, or the people in the listed departments, divisions, jobs or user groups. */
export const AUDIENCES = ['everyone', 'departments', 'divisions', 'jobs', 'usergroups'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const ANNOUNCEMENT_LIMITS = { title: 200, body: 20_000, audienceIds: 200 } as const;

/** The spec's message patterns and green success texts; the web app translates them (en, es). */
export const ANNOUNCEMENT_MESSAGES = {
  fetchError: 'There was a problem fetching announcements.',
  addError: 'Failed to add the announcement.',
  updateError: 'Failed to update the announcement.',
  deleteError: 'Failed to delete the announcement.',
  added: 'Announcement added.',
  updated: 'Announcement updated.',
  deleted: 'Announcement deleted.',
  acknowledged: 'Announcement acknowledged.',
  archived: 'Announcement archived.',
  restored: 'Announcement restored.',
  required: 'This field is required.',
  invalidDate: 'Enter a valid date.',
  dateOrder: 'The end date must be on or after the start date.',
  audienceIds: 'Choose at least one for this audience.',
  tooLong: 'This is too long.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written 'YYYY-MM-DD'. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Whether an announcement is shown on `today` (inclusive window, active status). */
export function isCurrent(a: { start_date: string; exp_date: string; status?: number }, today: string): boolean {
  return (a.status ?? 1) === ANNOUNCEMENT_STATUS.active && a.start_date <= today && today <= a.exp_date;
}

const day = z.string().refine(isDay, ANNOUNCEMENT_MESSAGES.invalidDate);

/** The announcement form and saveAnnouncement's input. body is HTML; the server sanitises it. */
export const announcementFields = z
  .object({
    id: z.number().int().positive().nullish(),
    title: z.string().trim().min(1, ANNOUNCEMENT_MESSAGES.required).max(ANNOUNCEMENT_LIMITS.title, ANNOUNCEMENT_MESSAGES.tooLong),
    body: z.string().max(ANNOUNCEMENT_LIMITS.body, ANNOUNCEMENT_MESSAGES.tooLong),
    start_date: day,
    exp_date: day,
    audience: z.enum(AUDIENCES),
    audience_ids: z.array(z.number().int().positive()).max(ANNOUNCEMENT_LIMITS.audienceIds),
    is_default: z.boolean(),
    on_app: z.boolean(),
    requires_ack: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (isDay(v.start_date) && isDay(v.exp_date) && v.exp_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['exp_date'], message: ANNOUNCEMENT_MESSAGES.dateOrder });
    }
    if (v.audience !== 'everyone' && v.audience_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['audience_ids'], message: ANNOUNCEMENT_MESSAGES.audienceIds });
    }
  });
export type AnnouncementInput = z.infer<typeof announcementFields>;

/** The generic record operations' rules (createAnnouncements…): partial rows, checked field by field. */
export const announcementRecordSchema = z
  .object({
    title: z.string().trim().min(1, ANNOUNCEMENT_MESSAGES.required).max(ANNOUNCEMENT_LIMITS.title).optional(),
    body: z.string().max(ANNOUNCEMENT_LIMITS.body).nullish(),
    start_date: day.optional(),
    exp_date: day.optional(),
    audience: z.enum(AUDIENCES).optional(),
    audience_ids: z.array(z.number().int().positive()).max(ANNOUNCEMENT_LIMITS.audienceIds).nullish(),
  })
  .passthrough()
  .superRefine((v, ctx) => {
    if (v.start_date && v.exp_date && v.exp_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['exp_date'], message: ANNOUNCEMENT_MESSAGES.dateOrder });
    }
  });

/** "1 of 12 acknowledged": the share an admin sees. */
export function ackSummary(s: { audience: number; seen: number; acknowledged: number }) {
  const pct = s.audience === 0 ? 0 : Math.round((s.acknowledged / s.audience) * 100);
  return { ...s, percent: pct };
}
