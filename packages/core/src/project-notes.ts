import { z } from 'zod';
import { parseRecipients } from './ordering.js';

/**
 * Daily reports (spec §2 /modules/project-notes, §3 Daily report: uuid, for_date, email_to, cc_email_to, status,
 * jobs_id, employees_id; §6 project_notes_admin / project_notes_basic with own records): the rules the server and the
 * web app share. A report is one job on one day; its recipients are split on '; ' (spec) like every recipients field.
 */

export const REPORT_STATUS = { archived: 0, active: 1 } as const;
export const REPORT_LIMITS = { text: 8000, notes: 50_000, photos: 20, caption: 200, recipients: 20 } as const;

/** The written sections of a report, in the order they print. */
export const REPORT_SECTIONS = ['work_performed', 'equipment', 'deliveries', 'delays', 'safety'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
/** Sections that carry over when copying yesterday's report: what stays true from one day to the next. */
export const STANDING_SECTIONS: readonly ReportSection[] = ['equipment', 'delays', 'safety'];

export const REPORT_MESSAGES = {
  saved: 'Daily report saved.',
  sent: 'Daily report sent.',
  archived: 'Daily report archived.',
  restored: 'Daily report restored.',
  fetchError: 'There was a problem fetching daily reports.',
  required: 'Required.',
  invalidDate: 'Enter a valid date.',
  job: 'Choose one of the company’s jobs.',
  exists: 'There is already a report for this job and day: open it instead.',
  noRecipients: 'Enter at least one e-mail address to send to.',
  invalidEmail: (address: string) => `Invalid email address: ${address}`,
  tooManyRecipients: `Too many recipients: at most ${20}.`,
  archivedReport: 'That report is archived: restore it first.',
  noYesterday: 'There is no earlier report on this job to copy.',
} as const;

/** One person's hours on the job that day, by cost code (minutes summed, shown as hours). */
export type ManpowerLine = { employees_id: number | null; name: string; hours: number; costcodes: { costcode: string; hours: number }[] };
export type ReportPhoto = { uuid: string; caption: string | null };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isReportDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2999 && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const text = (max: number) => z.string().max(max, `You must enter a maximum of ${max} characters`).nullable().optional();
const recipients = z
  .string()
  .max(4000)
  .superRefine((value, ctx) => {
    const { emails, invalid } = parseRecipients(value);
    if (invalid) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.invalidEmail(invalid) });
    else if (emails.length > REPORT_LIMITS.recipients) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.tooManyRecipients });
  });

const manpowerLine = z.object({
  employees_id: z.number().int().positive().nullable(),
  name: z.string().trim().min(1).max(200),
  hours: z.number().min(0).max(24),
  costcodes: z.array(z.object({ costcode: z.string().max(100), hours: z.number().min(0).max(24) })).max(50),
});

/** The report form (and saveDailyReport's input). */
export const reportFormSchema = z.object({
  jobs_id: z.number({ message: REPORT_MESSAGES.job }).int().positive(REPORT_MESSAGES.job),
  for_date: z.string().refine(isReportDate, REPORT_MESSAGES.invalidDate),
  email_to: recipients.nullable().optional(),
  cc_email_to: recipients.nullable().optional(),
  notes_html: text(REPORT_LIMITS.notes),
  work_performed: text(REPORT_LIMITS.text),
  equipment: text(REPORT_LIMITS.text),
  deliveries: text(REPORT_LIMITS.text),
  delays: text(REPORT_LIMITS.text),
  safety: text(REPORT_LIMITS.text),
  weather: text(500),
  manpower: z.array(manpowerLine).max(500).optional(),
  photos: z
    .array(z.object({ uuid: z.string().uuid(), caption: z.string().max(REPORT_LIMITS.caption).nullable().optional() }))
    .max(REPORT_LIMITS.photos, `At most ${REPORT_LIMITS.photos} photos.`)
    .optional(),
});
export type ReportForm = z.infer<typeof reportFormSchema>;

/** Sending needs someone to send to. */
export const reportSendSchema = reportFormSchema.refine((r) => parseRecipients(r.email_to).emails.length > 0, {
  message: REPORT_MESSAGES.noRecipients,
  path: ['email_to'],
});

/** The spec's recipients spelling: '; ' between addresses. */
export const joinReportRecipients = (emails: readonly string[]) => emails.join('; ');

/** Total crew hours of a report's manpower. */
export const manpowerHours = (lines: readonly ManpowerLine[]) => Math.round(lines.reduce((s, l) => s + l.hours, 0) * 100) / 100;

/** "7.5 h", "8 h": hours as a report prints them. */
export const formatHours = (h: number) => `${Math.round(h * 100) / 100} h`;

/** The report's title line: "MS · Main Street, 2026-11-23". */
export const reportTitle = (job: string, date: string) => `${job}, ${date}`;
