import { formatPoNumber } from '@groundwork/core/ordering';
import { type ManpowerLine, manpowerHours, REPORT_SECTIONS, STANDING_SECTIONS } from '@groundwork/core/project-notes';
import { and, asc, desc, eq, getTableColumns, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { Tx } from '../../db/client.js';
import { outer } from '../../db/columns.js';
import { pageOf } from '../../graphql/paging.js';
import { selectPrepared } from '../../graphql/prepared.js';
import { renderPdf } from '../../platform/pdf.js';
import { richTextToPlain } from '../../platform/rich-text.js';
import { authored, joined, type Language, type PlainKey, plain, tCount, t as text } from '../../platform/texts.js';
import { files } from '../files/files.table.js';
import { jobsNotes } from './project-notes.table.js';

export const REPORTS_SOURCE = 'jobs_notes';

export type ReportRow = typeof jobsNotes.$inferSelect & { job_label: string | null; employee_name: string | null };

const { tenant_uuid: _t, ...reportColumns } = getTableColumns(jobsNotes);
const reportExtras = {
  job_label: sql<
    string | null
  >`(select concat_ws(' · ', nullif(j.job_abbr, ''), j.job) from jobs j where j.tenant_uuid = ${outer(jobsNotes.tenant_uuid)} and j.id = ${outer(jobsNotes.jobs_id)})`,
  employee_name: sql<
    string | null
  >`(select concat_ws(' ', e.firstname, e.lastname) from employees e where e.tenant_uuid = ${outer(jobsNotes.tenant_uuid)} and e.id = ${outer(jobsNotes.employees_id)})`,
};

export type ReportSearch = {
  active?: boolean | null;
  employees_id?: number | null;
  jobs_id?: number | null;
  from?: string | null;
  to?: string | null;
  limit: number;
  after: { for_date: string; id: number } | null;
};

/** Reports newest day first, keyset pages; `employees_id` set for own-records access. */
export async function searchReportRows(tx: Tx, tenant: string, f: ReportSearch) {
  const p = sql.placeholder;
  const active = f.active ?? true;
  const has = { person: f.employees_id != null, job: f.jobs_id != null, from: Boolean(f.from), to: Boolean(f.to), after: Boolean(f.after) };
  // Each combination of filters is one shape, built once and run as a prepared statement.
  const shape = `searchDailyReports|${active}|${Object.values(has).map(Number).join('')}`;
  const build = () =>
    tx
      .select({ ...reportColumns, ...reportExtras })
      .from(jobsNotes)
      .where(
        and(
          eq(jobsNotes.tenant_uuid, p('tenant')),
          active ? eq(jobsNotes.status, 1) : ne(jobsNotes.status, 1),
          has.person ? eq(jobsNotes.employees_id, p('person')) : undefined,
          has.job ? eq(jobsNotes.jobs_id, p('job')) : undefined,
          has.from ? sql`${jobsNotes.for_date} >= ${p('from')}` : undefined,
          has.to ? sql`${jobsNotes.for_date} <= ${p('to')}` : undefined,
          has.after ? sql`(${jobsNotes.for_date}, ${jobsNotes.id}) < (${p('afterDate')}, ${p('afterId')})` : undefined,
        ),
      )
      .orderBy(desc(jobsNotes.for_date), desc(jobsNotes.id))
      .limit(p('limit'));
  const rows = await selectPrepared<ReportRow>(tx, shape, build, {
    tenant,
    person: f.employees_id,
    job: f.jobs_id,
    from: f.from,
    to: f.to,
    afterDate: f.after?.for_date,
    afterId: f.after?.id,
    limit: f.limit + 1,
  });
  return pageOf(rows, f.limit);
}

export async function reportWhere(tx: Tx, tenant: string, where: SQL): Promise<ReportRow | null> {
  const [row] = (await tx
    .select({ ...reportColumns, ...reportExtras })
    .from(jobsNotes)
    .where(and(eq(jobsNotes.tenant_uuid, tenant), where))
    .limit(1)) as ReportRow[];
  return row ?? null;
}

export type Draft = {
  manpower: ManpowerLine[];
  work_performed: string | null;
  equipment: string | null;
  deliveries: string | null;
  delays: string | null;
  safety: string | null;
  weather: string | null;
  email_to: string | null;
  cc_email_to: string | null;
};

type Rows<T> = { rows: T[] };

/**
 * "Start from today": what the app already knows about this job on this day — who booked time and how much, by
 * cost code (and who was scheduled but booked none), the time entries' notes as work performed, equipment on the
 * time entries and tools moved into the job's containers, and orders due for delivery — for the writer to edit.
 * Everything is read for this job and day only, in the company's walled transaction.
 */
export async function draftFromDay(tx: Tx, tenant: string, jobId: number, day: string): Promise<Draft> {
  const booked = (await tx.execute(sql`
    select te.employees_id, concat_ws(' ', e.firstname, e.lastname) as name, c.costcode, sum(te.hours)::float8 as hours
    from timecard_entries te
    join employees e on e.tenant_uuid = te.tenant_uuid and e.id = te.employees_id
    join costcodes c on c.tenant_uuid = te.tenant_uuid and c.id = te.costcodes_id
    where te.tenant_uuid = ${tenant} and te.jobs_id = ${jobId} and te.timecard_date = ${day}
    group by te.employees_id, e.firstname, e.lastname, c.costcode
    order by e.lastname, e.firstname, c.costcode`)) as unknown as Rows<{
    employees_id: number;
    name: string;
    costcode: string;
    hours: number;
  }>;
  const people = new Map<number, ManpowerLine>();
  for (const r of booked.rows) {
    const line = people.get(r.employees_id) ?? { employees_id: r.employees_id, name: r.name, hours: 0, costcodes: [] };
    line.costcodes.push({ costcode: r.costcode, hours: Number(r.hours) });
    line.hours = Math.round((line.hours + Number(r.hours)) * 100) / 100;
    people.set(r.employees_id, line);
  }
  const scheduled = (await tx.execute(sql`
    select s.employees_id, concat_ws(' ', e.firstname, e.lastname) as name
    from scheduled_labor s join employees e on e.tenant_uuid = s.tenant_uuid and e.id = s.employees_id
    where s.tenant_uuid = ${tenant} and s.jobs_id = ${jobId} and s.date = ${day} and s.event_type = 'Work'
      and s.confirmation_status <> 'declined'
    order by e.lastname, e.firstname`)) as unknown as Rows<{ employees_id: number; name: string }>;
  for (const s of scheduled.rows) {
    if (!people.has(s.employees_id)) people.set(s.employees_id, { employees_id: s.employees_id, name: s.name, hours: 0, costcodes: [] });
  }
  const notes = (await tx.execute(sql`
    select distinct te.note from timecard_entries te
    where te.tenant_uuid = ${tenant} and te.jobs_id = ${jobId} and te.timecard_date = ${day} and coalesce(te.note, '') <> ''
    order by te.note limit 50`)) as unknown as Rows<{ note: string }>;
  const equipment = (await tx.execute(sql`
    select distinct x.item from (
      select jsonb_array_elements_text(coalesce(te.equipment, '[]'::jsonb)) as item from timecard_entries te
      where te.tenant_uuid = ${tenant} and te.jobs_id = ${jobId} and te.timecard_date = ${day}
      union all
      select concat(t.name, ' (', c.container_name, ')') from tool_logs l
      join containers c on c.tenant_uuid = l.tenant_uuid and c.id = l.to_container_id and c.jobs_id = ${jobId}
      join tools t on t.tenant_uuid = l.tenant_uuid and t.id = l.tools_id
      where l.tenant_uuid = ${tenant} and l.created_on >= ${day}::date and l.created_on < ${day}::date + 1
    ) x where x.item <> '' order by x.item limit 100`)) as unknown as Rows<{ item: string }>;
  const deliveries = (await tx.execute(sql`
    select o.po_number, v.name as vendor, jsonb_array_length(o.lines) as lines from orders o
    left join vendors v on v.tenant_uuid = o.tenant_uuid and v.id = o.vendor_id
    where o.tenant_uuid = ${tenant} and o.jobs_id = ${jobId} and o.deliver_date = ${day} and o.status = 1
    order by o.po_number`)) as unknown as Rows<{ po_number: number; vendor: string | null; lines: number }>;
  const last = await previousReport(tx, tenant, jobId, day);
  return {
    manpower: [...people.values()],
    work_performed: notes.rows.map((n) => `- ${n.note}`).join('\n') || null,
    equipment: equipment.rows.map((e) => `- ${e.item}`).join('\n') || null,
    deliveries:
      deliveries.rows.map((d) => `- ${formatPoNumber(d.po_number)}${d.vendor ? ` from ${d.vendor}` : ''} (${d.lines} lines)`).join('\n') ||
      null,
    delays: null,
    safety: null,
    weather: null,
    // Who the job's reports go to stays the same from day to day.
    email_to: last?.email_to ?? null,
    cc_email_to: last?.cc_email_to ?? null,
  };
}

async function previousReport(tx: Tx, tenant: string, jobId: number, day: string) {
  const [row] = await tx
    .select()
    .from(jobsNotes)
    .where(and(eq(jobsNotes.tenant_uuid, tenant), eq(jobsNotes.jobs_id, jobId), lt(jobsNotes.for_date, day), eq(jobsNotes.status, 1)))
    .orderBy(desc(jobsNotes.for_date))
    .limit(1);
  return row ?? null;
}

/** "Copy yesterday's": the standing sections and recipients of the job's last report before this day. */
export async function copyPrevious(tx: Tx, tenant: string, jobId: number, day: string): Promise<Draft | null> {
  const last = await previousReport(tx, tenant, jobId, day);
  if (!last) return null;
  const standing = Object.fromEntries(REPORT_SECTIONS.map((s) => [s, STANDING_SECTIONS.includes(s) ? last[s] : null]));
  return {
    manpower: [],
    work_performed: null,
    equipment: null,
    deliveries: null,
    delays: null,
    safety: null,
    ...standing,
    weather: last.weather,
    email_to: last.email_to,
    cc_email_to: last.cc_email_to,
  } as Draft;
}

type PhotoFile = { uuid: string; server_filename: string; original_name: string; mimetype: string; thumbnail_base64: string | null };

/** The report's photos as files of the company, in the report's order. */
export async function reportPhotos(tx: Tx, tenant: string, report: Pick<ReportRow, 'uuid' | 'photos'>): Promise<PhotoFile[]> {
  const uuids = report.photos.map((p) => p.uuid);
  if (!uuids.length) return [];
  const rows = await tx
    .select({
      uuid: files.uuid,
      server_filename: files.server_filename,
      original_name: files.original_name,
      mimetype: files.mimetype,
      thumbnail_base64: files.thumbnail_base64,
    })
    .from(files)
    .where(
      and(
        eq(files.tenant_uuid, tenant),
        inArray(files.uuid, uuids),
        eq(files.source_table, REPORTS_SOURCE),
        eq(files.source_uuid, report.uuid),
        eq(files.status, 1),
      ),
    )
    .orderBy(asc(files.id));
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  return uuids.flatMap((u) => (byUuid.get(u) ? [byUuid.get(u) as PhotoFile] : []));
}

const SECTION_TITLES: Record<(typeof REPORT_SECTIONS)[number], PlainKey> = {
  work_performed: 'daily.work_performed',
  equipment: 'daily.equipment',
  deliveries: 'daily.deliveries',
  delays: 'daily.delays',
  safety: 'daily.safety',
};

/** Hours as the language writes them: "7.5 h", "7,5 h". */
const hoursIn = (lang: Language, h: number) => text(lang, 'daily.hours', { hours: h });

/**
 * The report as a PDF (the platform renderer): company, job, date, author, weather, manpower, sections, notes, photos;
 * in `lang` (the requester's, or the sender's for the e-mail), its date and hours formatted for it.
 */
export function renderReportPdf(p: {
  company: string;
  report: ReportRow;
  photos: PhotoFile[];
  revised: boolean;
  lang: Language;
}): Promise<Buffer> {
  const r = p.report;
  const lang = p.lang;
  const lead = { job: r.job_label ?? '', date: { date: r.for_date } };
  const by = { name: r.employee_name ?? '' };
  const content: Content[] = [
    { text: text(lang, p.revised ? 'daily.lead_revised' : 'daily.lead', lead), style: 'lead' },
    {
      text: r.weather ? text(lang, 'daily.by_weather', { ...by, weather: r.weather }) : text(lang, 'daily.by', by),
      style: 'small',
      margin: [0, 0, 0, 12],
    },
  ];
  if (r.manpower.length) {
    content.push({
      text: text(lang, 'daily.manpower', { hours: hoursIn(lang, manpowerHours(r.manpower)) }),
      bold: true,
      margin: [0, 8, 0, 4],
    });
    content.push({
      table: {
        headerRows: 1,
        widths: ['*', 'auto', '*'],
        body: [
          [
            { text: plain(lang, 'daily.person'), bold: true },
            { text: plain(lang, 'daily.hours_column'), bold: true },
            { text: plain(lang, 'daily.costcodes'), bold: true },
          ],
          ...r.manpower.map((m) => [
            m.name,
            { text: hoursIn(lang, m.hours), alignment: 'right' as const },
            m.costcodes.map((c) => `${c.costcode}: ${hoursIn(lang, c.hours)}`).join(', '),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    });
  }
  for (const s of REPORT_SECTIONS) {
    const value = r[s];
    if (!value?.trim()) continue;
    content.push({ text: plain(lang, SECTION_TITLES[s]), bold: true, margin: [0, 12, 0, 4] }, { text: value });
  }
  const notes = r.notes_html ? richTextToPlain(r.notes_html) : '';
  if (notes) content.push({ text: plain(lang, 'daily.notes'), bold: true, margin: [0, 12, 0, 4] }, { text: notes });
  const thumbs = p.photos.flatMap((ph) => {
    const data = ph.thumbnail_base64?.match(/^data:image\/jpeg;base64,[A-Za-z0-9+/=]+$/)?.[0];
    if (!data) return [];
    const caption = r.photos.find((x) => x.uuid === ph.uuid)?.caption ?? '';
    return [
      {
        stack: [
          { image: data, fit: [150, 150] as [number, number] },
          { text: caption, style: 'small' },
        ],
        width: 160,
      },
    ];
  });
  if (thumbs.length) {
    content.push({ text: plain(lang, 'daily.photos'), bold: true, margin: [0, 12, 0, 4] });
    for (let i = 0; i < thumbs.length; i += 3) content.push({ columns: thumbs.slice(i, i + 3), columnGap: 8, margin: [0, 0, 0, 8] });
  }
  return renderPdf({ brand: { company: p.company }, lang, title: plain(lang, 'daily.title'), content });
}

/** The report's e-mail, in `lang` (the sender's). */
export function reportMailText(p: { company: string; report: ReportRow; revised: boolean; sender: string | null; lang: Language }) {
  const r = p.report;
  const lang = p.lang;
  const what = { job: r.job_label ?? '', date: { date: r.for_date } };
  const subject = text(lang, p.revised ? 'daily.mail_subject_revised' : 'daily.mail_subject', { ...what, company: p.company });
  const lines = [
    text(lang, p.revised ? 'daily.mail_intro_revised' : 'daily.mail_intro', what),
    ...(r.manpower.length ? [tCount(lang, 'daily.mail_crew', r.manpower.length, { hours: hoursIn(lang, manpowerHours(r.manpower)) })] : []),
    plain(lang, 'daily.mail_attached'),
    authored(''),
    p.sender ? text(lang, 'mail.signature', { sender: p.sender, company: p.company }) : authored(p.company),
  ];
  return { subject, text: joined(lines, '\n') };
}
