import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { gateOnly, type TenantGate } from '../../graphql/gate.js';
import type { LiveSession } from '../../identity/session.js';
import { type Language, t as text } from '../../platform/texts.js';
import { TENANT_HEADER } from '../files/files.routes.js';
import { tenants } from '../tenants/tenants.table.js';
import { type ReportRow, renderReportPdf, reportPhotos, reportWhere } from './project-notes.service.js';
import { jobsNotes } from './project-notes.table.js';

/**
 * A daily report's PDF, as the e-mail carries it and as the report opens, prints and shares from the web (issue 46):
 * one builder for both, so what the foreman opens is what the recipients get. `revised` marks a report changed since
 * it was last sent.
 */
export async function buildReportPdf(tx: Tx, tenant: string, report: ReportRow, lang: Language) {
  const [row] = await tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  const company = row?.company ?? '';
  const photos = await reportPhotos(tx, tenant, report);
  const revised = report.send_count > 0 && report.revised;
  const pdf = await renderReportPdf({ company, report, photos, revised, lang });
  return { pdf, company, photos, revised };
}

/** The PDF's file name, in the e-mail and in the browser alike (its date as a sortable day). */
export const reportPdfName = (report: Pick<ReportRow, 'for_date'>, lang: Language = 'en') =>
  text(lang, 'daily.file_name', { day: report.for_date });

/** Where the web opens a report's PDF. */
export const reportPdfPath = (id: number) => `/api/daily-reports/${id}/pdf`;

type Refusal = { status: number; error: string; message: string };
const refuse = (reply: FastifyReply, r: Refusal) =>
  reply
    .status(r.status)
    .header('cache-control', 'no-store')
    .send({ statusCode: r.status, ...r });
const UNAUTHENTICATED: Refusal = { status: 401, error: 'UNAUTHENTICATED', message: 'Please sign back in.' };
const FORBIDDEN: Refusal = { status: 403, error: 'FORBIDDEN', message: 'You do not have permission to do that.' };
const NOT_FOUND: Refusal = { status: 404, error: 'NOT_FOUND', message: 'Daily report not found.' };
const BAD_ID: Refusal = { status: 400, error: 'VALIDATION', message: 'The daily report id must be a whole number.' };
/** Postgres integer ids. */
const MAX_ID = 2_147_483_647;

/**
 * GET /api/daily-reports/:id/pdf: the report's PDF (inline, so a plain link opens it in the browser's viewer), behind
 * the same walls as getDailyReport: a session, its selected company (named again in x-tenant-uuid when the caller can
 * send headers), an active membership allowed to read project notes, and, for project_notes_basic, a report of their
 * own. Another company's report, or someone else's for a basic member, is 404, as if it did not exist.
 */
export function registerDailyReportPdfRoute(
  app: FastifyInstance,
  { gate, sessionOf }: { gate: TenantGate; sessionOf: (req: FastifyRequest) => Promise<LiveSession | null> },
) {
  app.get<{ Params: { id: string } }>('/api/daily-reports/:id/pdf', async (req, reply) => {
    const session = await sessionOf(req);
    if (!session) return refuse(reply, UNAUTHENTICATED);
    if (!/^[1-9]\d{0,9}$/.test(req.params.id) || Number(req.params.id) > MAX_ID) return refuse(reply, BAD_ID);
    const id = Number(req.params.id);
    const named = req.headers[TENANT_HEADER];
    const tenant = typeof named === 'string' ? named : session.claims.tid;
    if (!tenant || tenant !== session.claims.tid) return refuse(reply, NOT_FOUND);
    let found: { pdf: Buffer; name: string } | null;
    try {
      found = await gateOnly(
        { session: session.claims, gate },
        tenant,
        { area: 'project_notes', action: 'read' },
        async (tx, member, access) => {
          const report = await reportWhere(tx, member.tenantUuid, eq(jobsNotes.id, id));
          if (!report || (access === 'own' && report.employees_id !== member.employeeId)) return null;
          // In the requester's saved language.
          const lang = session.language ?? 'en';
          return { pdf: (await buildReportPdf(tx, member.tenantUuid, report, lang)).pdf, name: reportPdfName(report, lang) };
        },
        true,
      );
    } catch (err) {
      if (err instanceof AppError) {
        const code = err.extensions.code;
        return refuse(reply, code === 'FORBIDDEN' ? FORBIDDEN : code === 'UNAUTHENTICATED' ? UNAUTHENTICATED : NOT_FOUND);
      }
      throw err;
    }
    if (!found) return refuse(reply, NOT_FOUND);
    const ascii = found.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', found.pdf.length)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(found.name)}`)
      .send(found.pdf);
  });
}
