import { randomUUID } from 'node:crypto';
import { parseRecipients } from '@groundwork/core/ordering';
import { accessTo } from '@groundwork/core/permissions';
import {
  isReportDate,
  joinReportRecipients,
  REPORT_MESSAGES,
  REPORT_STATUS,
  type ReportForm,
  reportFormSchema,
  reportSendSchema,
} from '@groundwork/core/project-notes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { type Gated, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { recordTopic } from '../../platform/realtime.js';
import { sanitiseRichText } from '../../platform/rich-text.js';
import { storageFor } from '../../platform/storage.js';
import { employees } from '../employees/employees.table.js';
import { attachFiles, registerFileSource } from '../files/files.service.js';
import { files } from '../files/files.table.js';
import { tenants } from '../tenants/tenants.table.js';
import {
  copyPrevious,
  type Draft,
  draftFromDay,
  REPORTS_SOURCE,
  type ReportRow,
  renderReportPdf,
  reportMailText,
  reportPhotos,
  reportWhere,
  searchReportRows,
} from './project-notes.service.js';
import { jobsNotes } from './project-notes.table.js';

/**
 * Daily reports (issue 18; spec §2 /modules/project-notes, §7 Jobsnotes): project_notes_basic writes and sees their
 * own, project_notes_admin and admin_access see and change all. Sending renders the report as a PDF and e-mails it
 * through the mail queue with the full-size photos.
 */

const MAX_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.');
  throw new AppError('VALIDATION', `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`, { field });
}

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

// --- Types ------------------------------------------------------------------------------------------

type PhotoView = { uuid: string; caption: string | null; thumbnail_base64: string | null; original_name: string };
type ReportView = ReportRow & { photo_files?: PhotoView[] };

const ReportPhotoRef = builder.objectRef<PhotoView>('DailyReportPhoto').implement({
  fields: (t) => ({
    uuid: t.exposeID('uuid'),
    caption: t.exposeString('caption', { nullable: true }),
    original_name: t.exposeString('original_name'),
    thumbnail_base64: t.exposeString('thumbnail_base64', { nullable: true }),
  }),
});

const DailyReportRef = builder.objectRef<ReportView>('DailyReport').implement({
  description: 'A daily report: one job on one day, with its sections, crew hours and photos.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeID('uuid'),
    jobs_id: t.exposeInt('jobs_id'),
    job_label: t.exposeString('job_label', { nullable: true }),
    employees_id: t.exposeInt('employees_id'),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    for_date: t.exposeString('for_date'),
    status: t.exposeInt('status', { description: '1 active; anything else archived.' }),
    email_to: t.exposeString('email_to', { nullable: true }),
    cc_email_to: t.exposeString('cc_email_to', { nullable: true }),
    notes_html: t.exposeString('notes_html', { nullable: true }),
    work_performed: t.exposeString('work_performed', { nullable: true }),
    equipment: t.exposeString('equipment', { nullable: true }),
    deliveries: t.exposeString('deliveries', { nullable: true }),
    delays: t.exposeString('delays', { nullable: true }),
    safety: t.exposeString('safety', { nullable: true }),
    weather: t.exposeString('weather', { nullable: true }),
    manpower: t.field({ type: 'JSON', resolve: (r) => r.manpower }),
    photos: t.field({ type: [ReportPhotoRef], resolve: (r) => r.photo_files ?? [] }),
    sent_on: t.exposeString('sent_on', { nullable: true }),
    sent_to: t.exposeString('sent_to', { nullable: true }),
    send_count: t.exposeInt('send_count'),
    revised: t.exposeBoolean('revised', { description: 'Changed after it was sent.' }),
  }),
});

const DailyReportConnectionRef = builder.objectRef<{ items: ReportView[]; nextToken: string | null }>('DailyReportConnection').implement({
  fields: (t) => ({
    items: t.field({ type: [DailyReportRef], resolve: (c) => c.items }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const DraftRef = builder.objectRef<Draft>('DailyReportDraft').implement({
  description: 'What the app already knows for a job and day (or yesterday’s standing sections), for the writer to edit.',
  fields: (t) => ({
    manpower: t.field({ type: 'JSON', resolve: (d) => d.manpower }),
    work_performed: t.exposeString('work_performed', { nullable: true }),
    equipment: t.exposeString('equipment', { nullable: true }),
    deliveries: t.exposeString('deliveries', { nullable: true }),
    delays: t.exposeString('delays', { nullable: true }),
    safety: t.exposeString('safety', { nullable: true }),
    weather: t.exposeString('weather', { nullable: true }),
    email_to: t.exposeString('email_to', { nullable: true }),
    cc_email_to: t.exposeString('cc_email_to', { nullable: true }),
  }),
});

const SaveReportResultRef = builder.objectRef<{ report: ReportView; message: string }>('SaveDailyReportResult').implement({
  fields: (t) => ({
    report: t.field({ type: DailyReportRef, resolve: (r) => r.report }),
    message: t.exposeString('message'),
  }),
});

const ManpowerCodeInput = builder.inputType('ManpowerCodeInput', {
  fields: (t) => ({ costcode: t.string({ required: true }), hours: t.float({ required: true }) }),
});
const ManpowerInput = builder.inputType('ManpowerInput', {
  fields: (t) => ({
    employees_id: t.int({ required: false }),
    name: t.string({ required: true }),
    hours: t.float({ required: true }),
    costcodes: t.field({ type: [ManpowerCodeInput], required: true }),
  }),
});
const ReportPhotoInput = builder.inputType('DailyReportPhotoInput', {
  fields: (t) => ({ uuid: t.string({ required: true }), caption: t.string({ required: false }) }),
});
const DailyReportInput = builder.inputType('DailyReportInput', {
  fields: (t) => ({
    jobs_id: t.int({ required: true }),
    for_date: t.string({ required: true }),
    email_to: t.string({ required: false }),
    cc_email_to: t.string({ required: false }),
    notes_html: t.string({ required: false }),
    work_performed: t.string({ required: false }),
    equipment: t.string({ required: false }),
    deliveries: t.string({ required: false }),
    delays: t.string({ required: false }),
    safety: t.string({ required: false }),
    weather: t.string({ required: false }),
    manpower: t.field({ type: [ManpowerInput], required: false }),
    photos: t.field({ type: [ReportPhotoInput], required: false }),
  }),
});

// --- Helpers ----------------------------------------------------------------------------------------

const ownOnly = (g: Gated) => g.access === 'own';
const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
function decKey(token: string): [string, number] {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(v) && typeof v[0] === 'string' && Number.isInteger(v[1])) return v as [string, number];
  } catch {
    // not ours
  }
  throw new AppError('VALIDATION', 'Invalid nextToken.');
}

/** The page's photos in one statement (never one per report), each with its caption and thumbnail. */
async function withPhotos(g: Gated, rows: ReportRow[]): Promise<ReportView[]> {
  const uuids = rows.flatMap((r) => r.photos.map((p) => p.uuid));
  const found = uuids.length
    ? await g.tx
        .select({
          uuid: files.uuid,
          source_uuid: files.source_uuid,
          original_name: files.original_name,
          thumbnail_base64: files.thumbnail_base64,
        })
        .from(files)
        .where(
          and(
            eq(files.tenant_uuid, g.member.tenantUuid),
            inArray(files.uuid, uuids),
            eq(files.source_table, REPORTS_SOURCE),
            eq(files.status, 1),
          ),
        )
    : [];
  const byUuid = new Map(found.map((f) => [f.uuid, f]));
  return rows.map((r) => ({
    ...r,
    photo_files: r.photos.flatMap((p) => {
      const f = byUuid.get(p.uuid);
      return f && f.source_uuid === r.uuid
        ? [{ uuid: f.uuid, caption: p.caption, thumbnail_base64: f.thumbnail_base64, original_name: f.original_name }]
        : [];
    }),
  }));
}

async function checkJob(g: Gated, jobId: number) {
  const job = (await g.tx.execute(
    sql`select 1 from jobs where tenant_uuid = ${g.member.tenantUuid} and id = ${jobId} and status <> 0`,
  )) as unknown as { rows: unknown[] };
  if (!job.rows.length) throw new AppError('VALIDATION', REPORT_MESSAGES.job, { field: 'jobs_id' });
}

async function reportForWrite(g: Gated, id: number): Promise<ReportRow> {
  const row = await reportWhere(g.tx, g.member.tenantUuid, eq(jobsNotes.id, id));
  if (!row || (ownOnly(g) && row.employees_id !== g.member.employeeId)) throw new AppError('NOT_FOUND', 'Daily report not found.');
  return row;
}

function publish(g: Gated, row: { id: number; employees_id: number }, event: 'create' | 'update') {
  const topic = recordTopic('Jobsnotes', event, g.member.tenantUuid);
  g.afterCommit(() => g.ctx.realtime.publish(topic, { id: row.id, employees_id: row.employees_id }));
}

/** Renders the report, stores the PDF through the storage port and queues the e-mail with it and the photos. */
async function sendReport(g: Gated, report: ReportRow): Promise<void> {
  const to = parseRecipients(report.email_to);
  const cc = parseRecipients(report.cc_email_to);
  if (!to.emails.length) throw new AppError('VALIDATION', REPORT_MESSAGES.noRecipients, { field: 'email_to' });
  const tenant = g.member.tenantUuid;
  const [company] = await g.tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  const [me] = await g.tx
    .select({ name: sql<string | null>`nullif(concat_ws(' ', ${employees.firstname}, ${employees.lastname}), '')`, email: employees.email })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, g.member.employeeId)));
  const photos = await reportPhotos(g.tx, tenant, report);
  const revised = report.send_count > 0 && report.revised;
  const pdf = await renderReportPdf({ company: company?.company ?? '', report, photos, revised });
  const object = `${randomUUID()}.pdf`;
  await storageFor(g.ctx.config).put(tenant, object, pdf, { bytes: pdf.length, contentType: 'application/pdf' });
  const mail = reportMailText({ company: company?.company ?? '', report, revised, sender: me?.name ?? null });
  await g.tx
    .update(jobsNotes)
    .set({
      sent_on: sql`now()`,
      sent_by: g.member.employeeId,
      sent_to: joinReportRecipients([...to.emails, ...cc.emails]),
      send_count: sql`${jobsNotes.send_count} + 1`,
      revised: false,
    })
    .where(and(eq(jobsNotes.tenant_uuid, tenant), eq(jobsNotes.id, report.id)));
  const fileName = `Daily report ${report.for_date}.pdf`;
  g.afterCommit(() =>
    g.ctx.mailer.send({
      to: to.emails.join(', '),
      cc: cc.emails.join(', ') || null,
      replyTo: me?.email ?? null,
      subject: mail.subject,
      text: mail.text,
      attachments: [
        { tenant_uuid: tenant, object, filename: fileName, content_type: 'application/pdf' },
        ...photos.map((p) => ({ tenant_uuid: tenant, object: p.server_filename, filename: p.original_name, content_type: p.mimetype })),
      ],
    }),
  );
}

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
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
        throw new AppError('VALIDATION', `limit must be between 1 and ${MAX_LIMIT}.`);
      for (const key of ['from', 'to'] as const)
        if (args[key] != null && !isReportDate(args[key]))
          throw new AppError('VALIDATION', `${key}: ${REPORT_MESSAGES.invalidDate}`, { field: key });
      const after = args.nextToken ? decKey(args.nextToken) : null;
      const { items, more, last } = await searchReportRows(g.tx, g.member.tenantUuid, {
        ...args,
        employees_id: ownOnly(g) ? g.member.employeeId : null,
        limit,
        after: after ? { for_date: after[0], id: after[1] } : null,
      });
      return { items: await withPhotos(g, items), nextToken: more && last ? enc([last.for_date, last.id]) : null };
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
        throw new AppError('VALIDATION', 'Give an id, or a job and a day.');
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
      if (!isReportDate(args.for_date)) throw new AppError('VALIDATION', `for_date: ${REPORT_MESSAGES.invalidDate}`, { field: 'for_date' });
      await checkJob(g, args.jobs_id);
      if ((args.from ?? 'today') === 'yesterday') {
        const copied = await copyPrevious(g.tx, g.member.tenantUuid, args.jobs_id, args.for_date);
        if (!copied) throw new AppError('NOT_FOUND', REPORT_MESSAGES.noYesterday);
        return copied;
      }
      return draftFromDay(g.tx, g.member.tenantUuid, args.jobs_id, args.for_date);
    },
  },
);

// --- Mutations ----------------------------------------------------------------------------------------

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
    resolve: async (args, g) => {
      const form: ReportForm = parsed(args.send ? reportSendSchema : reportFormSchema, args.report);
      await checkJob(g, form.jobs_id);
      const tenant = g.member.tenantUuid;
      const photos = (form.photos ?? []).map((p) => ({ uuid: p.uuid.toLowerCase(), caption: p.caption?.trim() || null }));
      if (photos.some((p) => !UUID.test(p.uuid)))
        throw new AppError('VALIDATION', 'One or more photos cannot be found.', { field: 'photos' });
      const values = {
        jobs_id: form.jobs_id,
        for_date: form.for_date,
        email_to: joinReportRecipients(parseRecipients(form.email_to).emails) || null,
        cc_email_to: joinReportRecipients(parseRecipients(form.cc_email_to).emails) || null,
        notes_html: form.notes_html ? sanitiseRichText(form.notes_html) || null : null,
        work_performed: form.work_performed?.trim() || null,
        equipment: form.equipment?.trim() || null,
        deliveries: form.deliveries?.trim() || null,
        delays: form.delays?.trim() || null,
        safety: form.safety?.trim() || null,
        weather: form.weather?.trim() || null,
        manpower: form.manpower ?? [],
        photos,
        updated_on: sql`now()`,
      };
      let id: number;
      if (args.id != null) {
        const before = await reportForWrite(g, args.id);
        if (before.status !== REPORT_STATUS.active) throw new AppError('VALIDATION', REPORT_MESSAGES.archivedReport);
        const clash = await reportWhere(
          g.tx,
          tenant,
          and(eq(jobsNotes.jobs_id, form.jobs_id), eq(jobsNotes.for_date, form.for_date)) as never,
        );
        if (clash && clash.id !== before.id) throw new AppError('CONFLICT', REPORT_MESSAGES.exists, { id: clash.id });
        await g.tx
          .update(jobsNotes)
          .set({ ...values, revised: before.send_count > 0 })
          .where(and(eq(jobsNotes.tenant_uuid, tenant), eq(jobsNotes.id, before.id)));
        id = before.id;
        publish(g, before, 'update');
      } else {
        const clash = await reportWhere(
          g.tx,
          tenant,
          and(eq(jobsNotes.jobs_id, form.jobs_id), eq(jobsNotes.for_date, form.for_date)) as never,
        );
        if (clash) throw new AppError('CONFLICT', REPORT_MESSAGES.exists, { id: clash.id });
        const [row] = await g.tx
          .insert(jobsNotes)
          .values({ ...values, tenant_uuid: tenant, employees_id: g.member.employeeId })
          .returning({ id: jobsNotes.id, uuid: jobsNotes.uuid, employees_id: jobsNotes.employees_id });
        id = row.id;
        publish(g, row, 'create');
      }
      const saved = (await reportWhere(g.tx, tenant, eq(jobsNotes.id, id))) as ReportRow;
      // The photos become the report's files: each the caller's own upload or already this report's.
      await attachFiles(
        g.tx,
        g.member,
        REPORTS_SOURCE,
        saved.uuid,
        photos.map((p) => p.uuid),
      );
      if (args.send) await sendReport(g, saved);
      const report = (await reportWhere(g.tx, tenant, eq(jobsNotes.id, id))) as ReportRow;
      return { report: (await withPhotos(g, [report]))[0], message: args.send ? REPORT_MESSAGES.sent : REPORT_MESSAGES.saved };
    },
  },
);

tenantMutation(
  'setDailyReportsStatus',
  { area: 'project_notes', action: 'create' },
  {
    type: [DailyReportRef],
    description: 'Spec §4: archives (0) or restores (1) reports; project_notes_basic only their own. All or nothing.',
    args: (t) => ({ ids: t.intList({ required: true }), status: t.int({ required: true }) }),
    resolve: async (args, g) => {
      if (args.status !== REPORT_STATUS.active && args.status !== REPORT_STATUS.archived)
        throw new AppError('VALIDATION', 'status must be 0 (archived) or 1 (active).', { field: 'status' });
      const ids = [...new Set(args.ids)];
      if (!ids.length || ids.length > 500) throw new AppError('VALIDATION', 'Give between 1 and 500 reports.');
      const tenant = g.member.tenantUuid;
      const changed = await g.tx
        .update(jobsNotes)
        .set({ status: args.status, updated_on: sql`now()` })
        .where(
          and(
            eq(jobsNotes.tenant_uuid, tenant),
            inArray(jobsNotes.id, ids),
            ownOnly(g) ? eq(jobsNotes.employees_id, g.member.employeeId) : undefined,
          ),
        )
        .returning({ id: jobsNotes.id, employees_id: jobsNotes.employees_id });
      if (changed.length !== ids.length) throw new AppError('NOT_FOUND', 'Daily report not found.');
      for (const r of changed) publish(g, r, 'update');
      const { items } = await searchReportRows(g.tx, tenant, { limit: MAX_LIMIT, after: null, active: args.status === 1 });
      return withPhotos(
        g,
        items.filter((r) => ids.includes(r.id)),
      );
    },
  },
);
