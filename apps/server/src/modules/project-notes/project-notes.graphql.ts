import { atField, msg } from '@groundwork/core/messages';
import { parseRecipients } from '@groundwork/core/ordering';
import { accessTo } from '@groundwork/core/permissions';
import { isReportDate, joinReportRecipients, reportFormSchema } from '@groundwork/core/project-notes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../graphql/errors.js';
import { tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { checkLimit, decodeToken, encodeToken, isTextIdKey } from '../../graphql/paging.js';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { sanitiseRichText } from '../../platform/rich-text.js';
import { registerFileSource } from '../files/files.service.js';
import { copyPrevious, draftFromDay, REPORTS_SOURCE, reportWhere, searchReportRows } from './project-notes.service.js';
import { jobsNotes } from './project-notes.table.js';
import { DailyReportConnectionRef, DailyReportInput, DailyReportRef, DraftRef, SaveReportResultRef } from './project-notes.types.js';
import { checkJob, ownOnly, saveReport, setReportsStatus, withPhotos } from './project-notes.writes.js';

/**
 * Daily reports (issue 18; spec §2 /modules/project-notes, §7 Jobsnotes): project_notes_basic writes and sees their
 * own, project_notes_admin and admin_access see and change all. Sending renders the report as a PDF and e-mails it
 * through the mail queue with the full-size photos.
 */

// --- Generic record operations (spec §7 Jobsnotes) ---------------------------------------------------------

defineRecordOperations({
  name: 'Jobsnotes',
  typeName: 'JobsnoteRecord',
  table: jobsNotes,
  area: 'project_notes',
  ownRecords: true,
  orderBy: () => [sql`${jobsNotes.for_date}`],
  readOnly: ['uuid', 'sent_on', 'sent_by', 'sent_to', 'send_count', 'revised', 'manpower', 'photos'],
  validate: reportFormSchema.partial().passthrough() as never,
  async beforeWrite(_tx, _member, action, changes) {
    if (action === 'delete') return;
    for (const c of changes) {
      if (typeof c.patch?.notes_html === 'string') c.patch.notes_html = sanitiseRichText(c.patch.notes_html);
      for (const key of ['email_to', 'cc_email_to'] as const)
        if (typeof c.patch?.[key] === 'string') c.patch[key] = joinReportRecipients(parseRecipients(c.patch[key] as string).emails) || null;
    }
  },
});

// A report's photos are readable by whoever may read the report.
registerFileSource(REPORTS_SOURCE, async (tx, member, uuids) => {
  const access = accessTo(member.permissions, 'project_notes', 'read', member.off);
  if (!access) return new Set();
  const rows = await tx
    .select({ uuid: jobsNotes.uuid })
    .from(jobsNotes)
    .where(
      and(
        eq(jobsNotes.tenant_uuid, member.tenantUuid),
        inArray(jobsNotes.uuid, uuids),
        access === 'own' ? eq(jobsNotes.employees_id, member.employeeId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.uuid));
});

// --- Queries ----------------------------------------------------------------------------------------

tenantQuery(
  'searchDailyReports',
  { area: 'project_notes', action: 'read' },
  {
    type: DailyReportConnectionRef,
    description: 'Daily reports, newest day first, by job and dates; project_notes_basic sees only their own.',
    args: (t) => ({
      jobs_id: t.int({ required: false }),
      from: t.string({ required: false }),
      to: t.string({ required: false }),
      active: t.boolean({ required: false }),
      limit: t.int({ required: false }),
      nextToken: t.string({ required: false }),
    }),
    resolve: async (args, g) => {
      const limit = args.limit ?? 50;
      checkLimit(limit);
      for (const key of ['from', 'to'] as const)
        if (args[key] != null && !isReportDate(args[key]))
          throw new AppError('VALIDATION', atField(key, msg('reports.invalidDate')), { field: key });
      const after = args.nextToken ? decodeToken(args.nextToken, isTextIdKey) : null;
      const { items, more, last } = await searchReportRows(g.tx, g.member.tenantUuid, {
        ...args,
        employees_id: ownOnly(g) ? g.member.employeeId : null,
        limit,
        after: after ? { for_date: after[0], id: after[1] } : null,
      });
      return { items: await withPhotos(g, items), nextToken: more && last ? encodeToken([last.for_date, last.id]) : null };
    },
  },
);

tenantQuery(
  'getDailyReport',
  { area: 'project_notes', action: 'read' },
  {
    type: DailyReportRef,
    nullable: true,
    description: 'One report by id, or the report of a job on a day; null when there is none the caller may read.',
    args: (t) => ({ id: t.int({ required: false }), jobs_id: t.int({ required: false }), for_date: t.string({ required: false }) }),
    resolve: async (args, g) => {
      if (args.id == null && (args.jobs_id == null || !isReportDate(args.for_date)))
        throw new AppError('VALIDATION', msg('reports.giveIdOrJobDay'));
      const where =
        args.id != null
          ? eq(jobsNotes.id, args.id)
          : and(eq(jobsNotes.jobs_id, args.jobs_id as number), eq(jobsNotes.for_date, args.for_date as string));
      const row = await reportWhere(g.tx, g.member.tenantUuid, where as never);
      if (!row || (ownOnly(g) && row.employees_id !== g.member.employeeId)) return null;
      return (await withPhotos(g, [row]))[0];
    },
  },
);

tenantQuery(
  'draftDailyReport',
  { area: 'project_notes', action: 'create' },
  {
    type: DraftRef,
    description:
      "'today': drafted from the job's time entries, schedule, tool moves and deliveries of that day; 'yesterday': the standing sections of the job's last report.",
    args: (t) => ({ jobs_id: t.int({ required: true }), for_date: t.string({ required: true }), from: t.string({ required: false }) }),
    resolve: async (args, g) => {
      if (!isReportDate(args.for_date))
        throw new AppError('VALIDATION', atField('for_date', msg('reports.invalidDate')), { field: 'for_date' });
      await checkJob(g, args.jobs_id);
      if ((args.from ?? 'today') === 'yesterday') {
        const copied = await copyPrevious(g.tx, g.member.tenantUuid, args.jobs_id, args.for_date);
        if (!copied) throw new AppError('NOT_FOUND', msg('reports.noYesterday'));
        return copied;
      }
      return draftFromDay(g.tx, g.member.tenantUuid, args.jobs_id, args.for_date);
    },
  },
);

tenantMutation(
  'saveDailyReport',
  { area: 'project_notes', action: 'create' },
  {
    type: SaveReportResultRef,
    description:
      "Creates (no id) or changes a daily report; with send, renders it as a PDF and e-mails it with the photos to email_to and cc_email_to (split on '; ').",
    args: (t) => ({
      id: t.int({ required: false }),
      report: t({ type: DailyReportInput, required: true }),
      send: t.boolean({ required: false }),
    }),
    resolve: (args, g) => saveReport(args, g),
  },
);

tenantMutation(
  'setDailyReportsStatus',
  { area: 'project_notes', action: 'create' },
  {
    type: [DailyReportRef],
    description: 'Spec §4: archives (0) or restores (1) reports; project_notes_basic only their own. All or nothing.',
    args: (t) => ({ ids: t.intList({ required: true }), status: t.int({ required: true }) }),
    resolve: (args, g) => setReportsStatus(args, g),
  },
);
