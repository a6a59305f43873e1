import { randomUUID } from 'node:crypto';
import { msg } from '@groundwork/core/messages';
import { parseRecipients } from '@groundwork/core/ordering';
import {
  joinReportRecipients,
  REPORT_MESSAGES,
  REPORT_STATUS,
  type ReportForm,
  reportFormSchema,
  reportSendSchema,
} from '@groundwork/core/project-notes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../graphql/errors.js';
import type { Gated } from '../../graphql/gate.js';
import { extendRows, MAX_PAGE_LIMIT } from '../../graphql/paging.js';
import { parsed } from '../../graphql/validation.js';
import { recordTopic } from '../../platform/realtime.js';
import { sanitiseRichText } from '../../platform/rich-text.js';
import { storageFor } from '../../platform/storage.js';
import { employees } from '../employees/employees.table.js';
import { attachFiles } from '../files/files.service.js';
import { files } from '../files/files.table.js';
import { buildReportPdf, reportPdfName } from './project-notes.pdf.js';
import { REPORTS_SOURCE, type ReportRow, reportMailText, reportWhere, searchReportRows } from './project-notes.service.js';
import { jobsNotes } from './project-notes.table.js';
import type { ReportView } from './project-notes.types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// --- Helpers ----------------------------------------------------------------------------------------

export const ownOnly = (g: Gated) => g.access === 'own';
/** The page's photos in one statement (never one per report), each with its caption and thumbnail. */
export async function withPhotos(g: Gated, rows: ReportRow[]): Promise<ReportView[]> {
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
  return extendRows(rows, (r) => ({
    photo_files: r.photos.flatMap((p) => {
      const f = byUuid.get(p.uuid);
      return f && f.source_uuid === r.uuid
        ? [{ uuid: f.uuid, caption: p.caption, thumbnail_base64: f.thumbnail_base64, original_name: f.original_name }]
        : [];
    }),
  }));
}

export async function checkJob(g: Gated, jobId: number) {
  const job = (await g.tx.execute(
    sql`select 1 from jobs where tenant_uuid = ${g.member.tenantUuid} and id = ${jobId} and status <> 0`,
  )) as unknown as { rows: unknown[] };
  if (!job.rows.length) throw new AppError('VALIDATION', msg('reports.job'), { field: 'jobs_id' });
}

async function reportForWrite(g: Gated, id: number): Promise<ReportRow> {
  const row = await reportWhere(g.tx, g.member.tenantUuid, eq(jobsNotes.id, id));
  if (!row || (ownOnly(g) && row.employees_id !== g.member.employeeId)) throw new AppError('NOT_FOUND', msg('reports.notFound'));
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
  if (!to.emails.length) throw new AppError('VALIDATION', msg('reports.noRecipients'), { field: 'email_to' });
  const tenant = g.member.tenantUuid;
  const [me] = await g.tx
    .select({ name: sql<string | null>`nullif(concat_ws(' ', ${employees.firstname}, ${employees.lastname}), '')`, email: employees.email })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, g.member.employeeId)));
  // The same PDF the report opens, prints and shares from in the web (project-notes.pdf.ts).
  // In the sender's language: the report is theirs, and so are its recipients.
  const lang = g.ctx.language ?? 'en';
  const { pdf, company, photos, revised } = await buildReportPdf(g.tx, tenant, report, lang);
  const object = `${randomUUID()}.pdf`;
  await storageFor(g.ctx.config).put(tenant, object, pdf, { bytes: pdf.length, contentType: 'application/pdf' });
  const mail = reportMailText({ company, report, revised, sender: me?.name ?? null, lang });
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
  const fileName = reportPdfName(report, lang);
  // Queued with the report's "sent" mark, in one transaction: both or neither.
  await g.ctx.mailer.send(
    {
      to: to.emails.join(', '),
      cc: cc.emails.join(', ') || null,
      replyTo: me?.email ?? null,
      subject: mail.subject,
      text: mail.text,
      attachments: [
        { tenant_uuid: tenant, object, filename: fileName, content_type: 'application/pdf' },
        ...photos.map((p) => ({ tenant_uuid: tenant, object: p.server_filename, filename: p.original_name, content_type: p.mimetype })),
      ],
    },
    g,
  );
}

export type SaveReportArgs = { id?: number | null; report: unknown; send?: boolean | null };

/** saveDailyReport: creates (no id) or changes a report; with send, renders and e-mails it. */
export async function saveReport(args: SaveReportArgs, g: Gated): Promise<{ report: ReportView; message: string }> {
  const form: ReportForm = parsed(args.send ? reportSendSchema : reportFormSchema, args.report);
  await checkJob(g, form.jobs_id);
  const tenant = g.member.tenantUuid;
  const photos = (form.photos ?? []).map((p) => ({ uuid: p.uuid.toLowerCase(), caption: p.caption?.trim() || null }));
  if (photos.some((p) => !UUID.test(p.uuid))) throw new AppError('VALIDATION', msg('reports.photosMissing'), { field: 'photos' });
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
    if (before.status !== REPORT_STATUS.active) throw new AppError('VALIDATION', msg('reports.archivedReport'));
    const clash = await reportWhere(g.tx, tenant, and(eq(jobsNotes.jobs_id, form.jobs_id), eq(jobsNotes.for_date, form.for_date)) as never);
    if (clash && clash.id !== before.id) throw new AppError('CONFLICT', msg('reports.exists'), { id: clash.id });
    await g.tx
      .update(jobsNotes)
      .set({ ...values, revised: before.send_count > 0 })
      .where(and(eq(jobsNotes.tenant_uuid, tenant), eq(jobsNotes.id, before.id)));
    id = before.id;
    publish(g, before, 'update');
  } else {
    const clash = await reportWhere(g.tx, tenant, and(eq(jobsNotes.jobs_id, form.jobs_id), eq(jobsNotes.for_date, form.for_date)) as never);
    if (clash) throw new AppError('CONFLICT', msg('reports.exists'), { id: clash.id });
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
}

/** setDailyReportsStatus: archives (0) or restores (1) reports, all or nothing. */
export async function setReportsStatus(args: { ids: number[]; status: number }, g: Gated): Promise<ReportView[]> {
  if (args.status !== REPORT_STATUS.active && args.status !== REPORT_STATUS.archived)
    throw new AppError('VALIDATION', msg('common.statusActive'), { field: 'status' });
  const ids = [...new Set(args.ids)];
  if (!ids.length || ids.length > 500) throw new AppError('VALIDATION', msg('reports.giveBetween', { max: 500 }));
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
  if (changed.length !== ids.length) throw new AppError('NOT_FOUND', msg('reports.notFound'));
  for (const r of changed) publish(g, r, 'update');
  const { items } = await searchReportRows(g.tx, tenant, { limit: MAX_PAGE_LIMIT, after: null, active: args.status === 1 });
  return withPhotos(
    g,
    items.filter((r) => ids.includes(r.id)),
  );
}
