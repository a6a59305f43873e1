import { MODULES } from '@groundwork/core/permissions';
import { REPORT_MESSAGES } from '@groundwork/core/project-notes';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { formatDate } from '../../platform/texts.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { describeModelContract } from '../../testing/model-contract.js';
import { errorCode as code, errorMessage as message, okData as ok, useTestApp } from '../../testing/test-app.js';
import { useTempDir } from '../../testing/uploads.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';

const filesDir = useTempDir('gw-reports-');
const t = useTestApp({ config: { filesDir } });

async function makeJob(tenant: string, name: string) {
  return withTenant(
    t.database.db,
    tenant,
    async (tx) => (await tx.insert(jobs).values({ tenant_uuid: tenant, job: name }).returning())[0].id,
  );
}

let contractJob = 0;
describeModelContract(t, {
  name: 'Jobsnotes',
  fields: 'id for_date jobs_id employees_id status weather',
  admin: 'project_notes_admin',
  readOnly: 'project_notes_basic',
  none: 'people_basic',
  valid: { for_date: '2026-11-20', weather: 'Clear, 41°F' },
  invalid: { for_date: '2026-13-01' },
  change: { weather: 'Rain after 2 pm' },
  fixture: async (_t, owner) => {
    contractJob = await makeJob(owner.tenantUuid, `Contract job ${Math.random()}`);
    return { employees_id: owner.employeeId, jobs_id: contractJob };
  },
});

const FIELDS = `id uuid jobs_id job_label employees_id employee_name for_date status email_to cc_email_to notes_html work_performed equipment
  deliveries delays safety weather manpower photos { uuid caption thumbnail_base64 } sent_on sent_to send_count revised`;
const DRAFT = `query($t: ID!, $j: Int!, $d: String!, $from: String) {
  draftDailyReport(tenant_uuid: $t, jobs_id: $j, for_date: $d, from: $from) { manpower work_performed equipment deliveries email_to cc_email_to safety } }`;
const SAVE = `mutation($t: ID!, $id: Int, $r: DailyReportInput!, $send: Boolean) {
  saveDailyReport(tenant_uuid: $t, id: $id, report: $r, send: $send) { message report { ${FIELDS} } } }`;
const SEARCH = `query($t: ID!, $j: Int, $from: String, $to: String, $active: Boolean) {
  searchDailyReports(tenant_uuid: $t, jobs_id: $j, from: $from, to: $to, active: $active) { items { id for_date employees_id job_label } nextToken } }`;
const GET = `query($t: ID!, $id: Int, $j: Int, $d: String) { getDailyReport(tenant_uuid: $t, id: $id, jobs_id: $j, for_date: $d) { ${FIELDS} } }`;
const STATUS = 'mutation($t: ID!, $ids: [Int!]!, $s: Int!) { setDailyReportsStatus(tenant_uuid: $t, ids: $ids, status: $s) { id status } }';

let tenant: string;
let admin: TestMember;
let foreman: TestMember;
let foreman2: TestMember;
let crew: TestMember;
let stranger: TestMember;
let job: number;
let otherJob: number;
const DAY = '2026-11-23';

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db, 'Summit Ridge Builders');
  admin = await createMember(db, tenant, { permissions: ['project_notes_admin'], firstname: 'Maria' });
  foreman = await createMember(db, tenant, { permissions: ['project_notes_basic'], firstname: 'Luis' });
  foreman2 = await createMember(db, tenant, { permissions: ['project_notes_basic'], firstname: 'Tom' });
  crew = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Ben' });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  job = await makeJob(tenant, 'Main Street');
  otherJob = await makeJob(tenant, 'Elm Street');
  // The day's time: Ben 6 h on 03-100 and 2 h on 03-200 on Main Street; Luis 8 h on Elm Street (another job);
  // Ben 5 h on Main Street the day before; another company's person on its own job the same day.
  await withTenant(db, tenant, async (tx) => {
    const [c1, c2] = await tx
      .insert(costcodes)
      .values([
        { tenant_uuid: tenant, costcode: '03-100' },
        { tenant_uuid: tenant, costcode: '03-200' },
      ])
      .returning();
    const card = async (who: number) =>
      (
        await tx
          .insert(usersTimecard)
          .values({ tenant_uuid: tenant, employees_id: who, payperiod_start_date: '2026-11-16', payperiod_end_date: '2026-11-29' })
          .returning()
      )[0].id;
    const ben = await card(crew.employeeId);
    const luis = await card(foreman.employeeId);
    const entry = (card: number, who: number, day: string, j: number, c: number, hours: number, note?: string) => ({
      tenant_uuid: tenant,
      users_timecard_id: card,
      employees_id: who,
      timecard_date: day,
      jobs_id: j,
      costcodes_id: c,
      hours,
      note: note ?? null,
      equipment: j === job && day === DAY ? ['Skid steer'] : null,
    });
    await tx
      .insert(timecardEntries)
      .values([
        entry(ben, crew.employeeId, DAY, job, c1.id, 6, 'Formed the east footing'),
        entry(ben, crew.employeeId, DAY, job, c2.id, 2),
        entry(luis, foreman.employeeId, DAY, otherJob, c1.id, 8, 'Elm street work'),
        entry(ben, crew.employeeId, '2026-11-22', job, c1.id, 5),
      ]);
    await tx.insert(scheduledLabor).values({ tenant_uuid: tenant, jobs_id: job, employees_id: foreman2.employeeId, date: DAY });
  });
});

describe('daily reports: drafted from the day', () => {
  it("pulls the job's people, hours by cost code, notes and equipment for that day, nothing from another job or day", async () => {
    const draft = ok(await t.gql(DRAFT, { t: tenant, j: job, d: DAY }, foreman.token)).draftDailyReport;
    expect(draft.manpower).toEqual([
      {
        employees_id: crew.employeeId,
        name: 'Ben Member',
        hours: 8,
        costcodes: [
          { costcode: '03-100', hours: 6 },
          { costcode: '03-200', hours: 2 },
        ],
      },
      // Scheduled on the job that day but no time booked yet.
      { employees_id: foreman2.employeeId, name: 'Tom Member', hours: 0, costcodes: [] },
    ]);
    expect(draft.work_performed).toBe('- Formed the east footing');
    expect(draft.equipment).toBe('- Skid steer');
    expect(JSON.stringify(draft)).not.toContain('Elm street work');
  });

  it('refuses a job of another company and a bad date; another company cannot draft from this one', async () => {
    const foreignJob = await makeJob(stranger.tenantUuid, 'Elsewhere');
    expect(message(await t.gql(DRAFT, { t: tenant, j: foreignJob, d: DAY }, foreman.token))).toBe(REPORT_MESSAGES.job);
    expect(code(await t.gql(DRAFT, { t: tenant, j: job, d: '2026-02-30' }, foreman.token))).toBe('VALIDATION');
    expect(code(await t.gql(DRAFT, { t: tenant, j: job, d: DAY }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(DRAFT, { t: stranger.tenantUuid, j: job, d: DAY }, stranger.token))).toBe('VALIDATION');
    expect(code(await t.gql(DRAFT, { t: tenant, j: job, d: DAY }, crew.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(DRAFT, { t: tenant, j: job, d: DAY }))).toBe('UNAUTHENTICATED');
  });
});

const report = (extra: Record<string, unknown> = {}) => ({
  jobs_id: job,
  for_date: DAY,
  email_to: 'pm@owner.test; super@summit.test, PM@owner.test',
  cc_email_to: 'office@summit.test',
  work_performed: 'Formed and poured the east footing.',
  weather: 'Clear, 41°F',
  manpower: [{ employees_id: null, name: 'Ben Member', hours: 8, costcodes: [{ costcode: '03-100', hours: 8 }] }],
  ...extra,
});

describe('daily reports: save, send and own records', () => {
  let saved: { id: number; uuid: string };

  it('sanitises the notes: no script, no event handlers, no javascript: links', async () => {
    const res = ok(
      await t.gql(
        SAVE,
        {
          t: tenant,
          r: report({
            notes_html:
              '<p onclick="steal()">Poured <strong>12 yd</strong><script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://example.com">plans</a>',
          }),
        },
        foreman.token,
      ),
    ).saveDailyReport;
    saved = res.report;
    expect(res.message).toBe(REPORT_MESSAGES.saved);
    const html: string = res.report.notes_html;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(html).toContain('<strong>12 yd</strong>');
    expect(html).toContain('href="https://example.com"');
    // Recipients split on '; ' (and commas), de-duplicated, stored with the spec's separator.
    expect(res.report.email_to).toBe('pm@owner.test; super@summit.test');
  });

  it('one report per job and day; invalid recipients named', async () => {
    const again = await t.gql(SAVE, { t: tenant, r: report() }, foreman2.token);
    expect(code(again)).toBe('CONFLICT');
    expect(message(again)).toBe(REPORT_MESSAGES.exists);
    expect(
      message(await t.gql(SAVE, { t: tenant, r: report({ for_date: '2026-11-24', email_to: 'pm@owner.test; pm@' }) }, foreman.token)),
    ).toBe('email_to: Invalid email address: pm@');
    expect(message(await t.gql(SAVE, { t: tenant, r: report({ for_date: '2026-11-24', email_to: '' }), send: true }, foreman.token))).toBe(
      `email_to: ${REPORT_MESSAGES.noRecipients}`,
    );
  });

  it('sends: the PDF (job, date, crew hours, notes) and the e-mail through the queue; a later edit is marked revised', async () => {
    const res = ok(
      await t.gql(
        SAVE,
        { t: tenant, id: saved.id, r: report({ notes_html: '<p>Inspector passed the footing.</p>' }), send: true },
        foreman.token,
      ),
    ).saveDailyReport;
    expect(res.message).toBe(REPORT_MESSAGES.sent);
    expect(res.report).toMatchObject({ send_count: 1, revised: false, sent_to: 'pm@owner.test; super@summit.test; office@summit.test' });
    const [mail] = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=pm@owner.test', remoteAddress: '127.0.0.1' })).json();
    expect(mail.subject).toBe(`Summit Ridge Builders: daily report Main Street, ${formatDate('en', DAY)}`);
    expect(mail.cc).toBe('office@summit.test');
    const pdf = await t.app.inject({ method: 'GET', url: mail.attachments[0].url, remoteAddress: '127.0.0.1' });
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    for (const part of [
      'Daily report',
      `Main Street, ${formatDate('en', DAY)}`,
      'Ben Member',
      '8 h',
      '03-100',
      'Inspector passed the footing.',
      'Clear, 41°F',
    ])
      expect(text).toContain(part);
    const edited = ok(await t.gql(SAVE, { t: tenant, id: saved.id, r: report({ delays: 'Concrete truck 40 min late' }) }, foreman.token))
      .saveDailyReport.report;
    expect(edited.revised).toBe(true);
  });

  it('project_notes_basic sees and changes only their own; the admin sees all; another company sees nothing', async () => {
    const theirs = ok(await t.gql(SAVE, { t: tenant, r: report({ jobs_id: otherJob }) }, foreman2.token)).saveDailyReport.report;
    const mine = ok(await t.gql(SEARCH, { t: tenant }, foreman.token)).searchDailyReports.items as { id: number; employees_id: number }[];
    expect(mine.every((r) => r.employees_id === foreman.employeeId)).toBe(true);
    expect(mine.map((r) => r.id)).not.toContain(theirs.id);
    const all = ok(await t.gql(SEARCH, { t: tenant }, admin.token)).searchDailyReports.items as { id: number }[];
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([saved.id, theirs.id]));
    expect(ok(await t.gql(GET, { t: tenant, id: theirs.id }, foreman.token)).getDailyReport).toBeNull();
    expect(code(await t.gql(SAVE, { t: tenant, id: theirs.id, r: report({ jobs_id: otherJob }) }, foreman.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(STATUS, { t: tenant, ids: [saved.id, theirs.id], s: 0 }, foreman.token))).toBe('NOT_FOUND');
    expect(ok(await t.gql(GET, { t: tenant, j: job, d: DAY }, foreman.token)).getDailyReport.status).toBe(1);
    expect(code(await t.gql(SEARCH, { t: tenant }, crew.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SEARCH, { t: tenant }, stranger.token))).toBe('NOT_FOUND');
    expect(ok(await t.gql(SEARCH, { t: stranger.tenantUuid }, stranger.token)).searchDailyReports.items).toEqual([]);
  });

  it('filters by job and month; archives and restores', async () => {
    const byJob = ok(await t.gql(SEARCH, { t: tenant, j: job, from: '2026-11-01', to: '2026-11-30' }, admin.token)).searchDailyReports
      .items;
    expect(byJob.map((r: { id: number }) => r.id)).toEqual([saved.id]);
    expect(
      ok(await t.gql(SEARCH, { t: tenant, j: job, from: '2026-12-01', to: '2026-12-31' }, admin.token)).searchDailyReports.items,
    ).toEqual([]);
    expect(code(await t.gql(SEARCH, { t: tenant, from: 'soon' }, admin.token))).toBe('VALIDATION');
    ok(await t.gql(STATUS, { t: tenant, ids: [saved.id], s: 0 }, foreman.token));
    expect(
      ok(await t.gql(SEARCH, { t: tenant, active: false }, foreman.token)).searchDailyReports.items.map((r: { id: number }) => r.id),
    ).toContain(saved.id);
    expect(message(await t.gql(SAVE, { t: tenant, id: saved.id, r: report() }, foreman.token))).toBe(REPORT_MESSAGES.archivedReport);
    ok(await t.gql(STATUS, { t: tenant, ids: [saved.id], s: 1 }, foreman.token));
  });

  it("copies yesterday's standing sections and recipients", async () => {
    const copied = ok(await t.gql(DRAFT, { t: tenant, j: job, d: '2026-11-24', from: 'yesterday' }, foreman.token)).draftDailyReport;
    expect(copied).toMatchObject({ email_to: 'pm@owner.test; super@summit.test', safety: null, work_performed: null, manpower: [] });
    expect(message(await t.gql(DRAFT, { t: tenant, j: job, d: '2026-11-01', from: 'yesterday' }, foreman.token))).toBe(
      REPORT_MESSAGES.noYesterday,
    );
  });

  it('module off refuses everything', async () => {
    const db = t.database.db;
    const company = await createTenant(db);
    const boss = await createMember(db, company, { isAdmin: true });
    await withTenant(db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.project_notes, status: 0 }),
    );
    expect(code(await t.gql(SEARCH, { t: company }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(DRAFT, { t: company, j: 1, d: DAY }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SAVE, { t: company, r: report() }, boss.token))).toBe('FORBIDDEN');
  });
});

describe('daily reports in the sender’s language (issue 46)', () => {
  it('sends in the sender’s language: a Spanish-speaking foreman’s report, its e-mail and PDF, dates and hours as Spanish writes them', async () => {
    const capataz = await createMember(t.database.db, tenant, { permissions: ['project_notes_basic'], firstname: 'Rocío' });
    ok(
      await t.gql(
        `mutation($t: ID!, $c: String!) { updateEmployeeUserInfo(tenant_uuid: $t, cognito_uuid: $c, employee: { language: "es" }) { id } }`,
        { t: tenant, c: capataz.identity },
        capataz.token,
      ),
    );
    const day = '2026-11-20';
    const manpower = [{ employees_id: null, name: 'Ben Member', hours: 7.5, costcodes: [{ costcode: '03-100', hours: 7.5 }] }];
    ok(
      await t.gql(
        SAVE,
        { t: tenant, r: report({ for_date: day, email_to: 'obra@owner.test', cc_email_to: '', manpower, delays: 'Lluvia' }), send: true },
        capataz.token,
      ),
    );
    const [mail] = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=obra@owner.test', remoteAddress: '127.0.0.1' })).json();
    expect(formatDate('es', day)).toBe('20 de noviembre de 2026');
    expect(mail.subject).toBe('Summit Ridge Builders: reporte diario Main Street, 20 de noviembre de 2026');
    expect(mail.text).toContain('Reporte diario de Main Street del 20 de noviembre de 2026.');
    expect(mail.text).toContain('Cuadrilla: 1 persona, 7,5 h.');
    expect(mail.text).toContain('El reporte va adjunto en PDF, con las fotos en tamaño completo.');
    expect(mail.text).toContain('Rocío Member, Summit Ridge Builders');
    expect(mail.attachments[0].filename).toBe(`Reporte diario ${day}.pdf`);
    const pdf = await t.app.inject({ method: 'GET', url: mail.attachments[0].url, remoteAddress: '127.0.0.1' });
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    for (const part of [
      'Reporte diario',
      'Main Street, 20 de noviembre de 2026',
      'Por Rocío Member · Clima: Clear, 41°F',
      'Personal (7,5 h)',
      'Trabajo realizado',
      'Retrasos',
      'Página 1 de 1',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/Daily report|Work performed|Manpower|Page 1 of/);
  });
});
