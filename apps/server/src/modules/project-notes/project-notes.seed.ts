import { addDays, isoDay } from '@groundwork/core/pay-periods';
import type { ManpowerLine } from '@groundwork/core/project-notes';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Storage } from '../../platform/storage.js';
import { files } from '../files/files.table.js';
import { storeDemoPhotos } from './demo-photos.js';
import { REPORTS_SOURCE } from './project-notes.service.js';
import { jobsNotes } from './project-notes.table.js';

const WORK = [
  'Formed and poured footings on grid lines A–C.',
  'Stripped forms on the east wall; backfilled and compacted in 8 in lifts.',
  'Framed level 2 exterior walls; set headers over the storefront openings.',
  'Set anchor bolts and hold-downs; layout for level 3.',
  'Hung and taped drywall in the north wing corridor.',
  'Roof sheathing and underlayment on the south slope.',
  'Underground plumbing rough-in and inspection prep.',
];
const WEATHER = [
  'Clear, 38°F at start, 55°F by noon',
  'Overcast, light wind',
  'Snow flurries until 9 am',
  'Sunny and dry',
  'Rain after 2 pm',
];
const DELAYS = [null, null, 'Concrete truck 40 min late.', null, 'Inspector rescheduled to tomorrow.', null];
const SAFETY = [null, 'Toolbox talk: ladder safety.', null, 'Reminded crew about guardrails on level 2.', null];

/**
 * The demo company's daily reports (issue 18): weekdays of the last month on three of the first four jobs, written
 * by the foremen, most sent, a couple revised, one archived. The first job's last two weeks are left open, for
 * someone to write (and the end-to-end test to start from the crew's time).
 */
export async function seedDemoReports(
  tx: Tx,
  tenant_uuid: string,
  people: number[],
  jobs: number[],
  storage?: Storage,
  today = isoDay(new Date()),
) {
  const writers = [people[3], people[4], people[3]];
  const crew = (i: number): ManpowerLine[] =>
    [people[5], people[6], people[7]].slice(0, 2 + (i % 2)).map((id, k) => ({
      employees_id: id,
      name: ['Aisha Johnson', 'Ben Miller', 'Carlos Ramirez'][k] ?? 'Crew',
      hours: 8,
      costcodes: [{ costcode: ['03-100', '06-100', '09-250'][(i + k) % 3], hours: 8 }],
    }));
  const rows = [];
  for (let back = 1; back <= 30; back += 1) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const [j, jobsId] of [jobs[0], jobs[1], jobs[2]].entries()) {
      if (j === 0 && back <= 14) continue;
      const i = back + j;
      rows.push({
        tenant_uuid,
        jobs_id: jobsId,
        employees_id: writers[j],
        for_date: day,
        status: i === 17 ? 0 : 1,
        email_to: 'owner.rep@client.test; maria.alvarez@summitridge.test',
        work_performed: WORK[i % WORK.length],
        weather: WEATHER[i % WEATHER.length],
        delays: DELAYS[i % DELAYS.length],
        safety: SAFETY[i % SAFETY.length],
        equipment: i % 3 === 0 ? '- Skid steer\n- Concrete vibrator (Job box A)' : null,
        notes_html: i % 4 === 0 ? '<p>Owner walked the site; <strong>no open items</strong>.</p>' : null,
        manpower: crew(i),
        sent_on: back > 1 ? `${day}T23:${String(10 + (i % 40)).padStart(2, '0')}:00Z` : null,
        sent_by: back > 1 ? writers[j] : null,
        sent_to: back > 1 ? 'owner.rep@client.test; maria.alvarez@summitridge.test' : null,
        send_count: back > 1 ? 1 : 0,
        revised: back > 1 && i % 9 === 0,
      });
    }
  }
  if (rows.length === 0) return;
  const saved = await tx.insert(jobsNotes).values(rows).returning({ uuid: jobsNotes.uuid, writer: jobsNotes.employees_id });
  if (!storage) return;
  // A site photo on each report, two on every third: stored as uploads are, attached to the report, captioned.
  const counts = saved.map((_r, i) => (i % 3 === 0 ? 2 : 1));
  const photos = await storeDemoPhotos(
    storage,
    tenant_uuid,
    counts.reduce((a, b) => a + b, 0),
  );
  let next = 0;
  for (const [i, report] of saved.entries()) {
    const mine = photos.slice(next, next + counts[i]);
    next += counts[i];
    await tx.insert(files).values(
      mine.map((p) => ({
        tenant_uuid,
        uuid: p.uuid,
        original_name: p.original_name,
        mimetype: 'image/jpeg',
        ext: 'jpg',
        employees_id: report.writer,
        created_by: report.writer,
        server_filename: p.server_filename,
        source_table: REPORTS_SOURCE,
        source_uuid: report.uuid,
        bytes: p.bytes,
        thumbnail_base64: p.thumbnail_base64,
      })),
    );
    await tx
      .update(jobsNotes)
      .set({ photos: mine.map((p) => ({ uuid: p.uuid, caption: p.caption })) })
      .where(and(eq(jobsNotes.tenant_uuid, tenant_uuid), eq(jobsNotes.uuid, report.uuid)));
  }
}
