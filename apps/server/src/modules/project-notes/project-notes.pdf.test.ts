import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { formatDate } from '../../platform/texts.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { okData as ok, useTestApp } from '../../testing/test-app.js';
import { useTempDir } from '../../testing/uploads.js';
import { jobs } from '../jobs/jobs.table.js';
import { reportPdfPath } from './project-notes.pdf.js';

// Issue 46: a daily report's PDF opens from the report itself (GET /api/daily-reports/:id/pdf), behind the same walls
// as getDailyReport, and is the PDF the e-mail carries.

const filesDir = useTempDir('gw-report-pdf-');
const t = useTestApp({ config: { filesDir } });

const SAVE = `mutation($t: ID!, $id: Int, $r: DailyReportInput!, $send: Boolean) {
  saveDailyReport(tenant_uuid: $t, id: $id, report: $r, send: $send) { report { id send_count revised } } }`;
const DAY = '2026-11-27';

let tenant: string;
let owner: TestMember; // project_notes_basic, wrote the report
let foreman: TestMember; // project_notes_admin
let admin: TestMember; // admin_access
let otherBasic: TestMember; // project_notes_basic, not the author
let crew: TestMember; // no project notes at all
let stranger: TestMember; // another company's admin
let reportId: number;
let report: Record<string, unknown>;

const get = (path: string, who: TestMember | null, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
  });
const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db, 'Summit Ridge Builders');
  owner = await createMember(db, tenant, { permissions: ['project_notes_basic'], firstname: 'Luis' });
  foreman = await createMember(db, tenant, { permissions: ['project_notes_admin'], firstname: 'Tom' });
  admin = await createMember(db, tenant, { isAdmin: true, firstname: 'Maria' });
  otherBasic = await createMember(db, tenant, { permissions: ['project_notes_basic'], firstname: 'Ana' });
  crew = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Aisha' });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  const job = await withTenant(
    db,
    tenant,
    async (tx) => (await tx.insert(jobs).values({ tenant_uuid: tenant, job: 'Main Street' }).returning())[0].id,
  );
  report = {
    jobs_id: job,
    for_date: DAY,
    email_to: 'pm@owner.test',
    work_performed: 'Formed and poured the east footing.',
    weather: 'Clear, 41°F',
    manpower: [{ employees_id: null, name: 'Ben Member', hours: 8, costcodes: [{ costcode: '03-100', hours: 8 }] }],
  };
  reportId = ok(await t.gql(SAVE, { t: tenant, r: report }, owner.token)).saveDailyReport.report.id;
});

describe('GET /api/daily-reports/:id/pdf', () => {
  it('gives the author, a project-notes admin and the company admin the PDF, inline, named as in the e-mail', async () => {
    for (const who of [owner, foreman, admin]) {
      const res = await get(reportPdfPath(reportId), who);
      expect(res.statusCode, who.identity).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`inline; filename="Daily report ${DAY}.pdf"`);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(res.rawPayload);
      for (const part of ['Daily report', `Main Street, ${formatDate('en', DAY)}`, 'Ben Member', 'Formed and poured the east footing.'])
        expect(text).toContain(part);
    }
  });

  it('is the PDF the e-mail carries', async () => {
    ok(
      await t.gql(
        SAVE,
        { t: tenant, id: reportId, r: { ...report, notes_html: '<p>Inspector passed the footing.</p>' }, send: true },
        owner.token,
      ),
    );
    const [mail] = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=pm@owner.test', remoteAddress: '127.0.0.1' })).json();
    expect(mail.attachments[0].filename).toBe(`Daily report ${DAY}.pdf`);
    const mailed = await t.app.inject({ method: 'GET', url: mail.attachments[0].url, remoteAddress: '127.0.0.1' });
    const opened = await get(reportPdfPath(reportId), owner);
    expect(opened.statusCode).toBe(200);
    const text = await pdfText(opened.rawPayload);
    expect(text).toContain('Inspector passed the footing.');
    expect(text).toBe(await pdfText(mailed.rawPayload));
  });

  it('is 404 for another company’s person and for a basic member’s colleague, 403 for a member without project notes', async () => {
    expect((await get(reportPdfPath(reportId), stranger)).statusCode).toBe(404);
    // Naming the report's company does not help a person whose session chose another one.
    expect((await get(reportPdfPath(reportId), stranger, { 'x-tenant-uuid': tenant })).statusCode).toBe(404);
    const colleague = await get(reportPdfPath(reportId), otherBasic);
    expect(colleague.statusCode).toBe(404);
    expect(colleague.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Daily report not found.' });
    const denied = await get(reportPdfPath(reportId), crew);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'FORBIDDEN' });
  });

  it('asks a visitor without a session to sign in', async () => {
    const res = await get(reportPdfPath(reportId), null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
  });

  it('answers a bad id with a clear 400 and an unknown one with 404, never 500', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
      const res = await get(`/api/daily-reports/${bad}/pdf`, owner);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        status: 400,
        error: 'VALIDATION',
        message: 'The daily report id must be a whole number.',
      });
    }
    expect((await get(reportPdfPath(2_147_483_647), owner)).statusCode).toBe(404);
  });
});
