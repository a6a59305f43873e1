import { addDays } from '@groundwork/core/pay-periods';
import { distanceMeters, outsideFence, PUNCH_DEFAULTS } from '@groundwork/core/punches';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { jobs } from '../jobs/jobs.table.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { punchEntries, punchSegments, punchSettings } from './punches.table.js';

/**
 * The demo jobs' sites, in jobs.seed.ts's order: a point in each job's town and a fence radius (metres), each its own,
 * so an end-to-end journey can stand a phone inside a fence (the point itself) or outside it (a kilometre north).
 */
export const DEMO_JOB_SITES: [latitude: number, longitude: number, radius: number][] = [
  [39.753, -104.999, 150], // Riverside Medical Office Building, Denver
  [39.717, -104.953, 200], // Cherry Creek Townhomes Phase 2, Denver
  [39.7294, -104.8319, 250], // Aurora Distribution Center
  [39.7047, -105.0814, 175], // Lakewood Elementary Renovation
  [39.9205, -105.0867, 300], // Highway 36 Culvert Replacement, Broomfield
  [39.7555, -105.2211, 220], // Golden Brewery Expansion
  [40.015, -105.2705, 120], // Boulder Library Reroof
  [39.5186, -104.7614, 350], // Parker Water Treatment Upgrade
  [39.6133, -105.0166, 160], // Littleton Retail Shell
  [39.8367, -105.0372, 180], // Westminster Fire Station 7
  [39.6478, -104.9878, 140], // Englewood Parking Structure
  [39.7684, -104.972, 400], // Shop and Yard, Denver
];

// Luis Hernandez (the foreman) and his crew, by their place in demo-seed.ts's list.
const LUIS = 3;
const CREW = [5, 6, 7]; // Aisha, Ben, Carlos
const BREAK_AFTER_MINUTES = 240;

type Fix = { lat: number; lon: number; acc: number };

/**
 * Punch settings (the defaults, the day in UTC as the demo's time cards are), the jobs' sites, and Luis's crew punching
 * the last few weekdays before `today`: 7:00 in (Luis punched his crew in), a half-hour break after four hours, out
 * when the day's time is done. The segments are the ones the crew's typed days (timecards.seed.ts) would have made, and
 * each entry is linked as the clock's, so the hours are the same whether read from the card or the punches. One of
 * Ben's punches was taken outside the fence. Nobody is on the clock when the demo starts.
 */
export async function seedDemoPunches(tx: Tx, tenant_uuid: string, people: number[], jobIds: number[], today: string): Promise<void> {
  await tx.insert(punchSettings).values({ tenant_uuid, ...PUNCH_DEFAULTS });
  const sites = new Map<number, { latitude: number; longitude: number; radius: number }>();
  for (const [i, [latitude, longitude, radius]] of DEMO_JOB_SITES.entries()) {
    const id = jobIds[i];
    if (id == null) continue;
    await tx
      .update(jobs)
      .set({ site_latitude: latitude, site_longitude: longitude, site_radius_m: radius })
      .where(and(eq(jobs.tenant_uuid, tenant_uuid), eq(jobs.id, id)));
    sites.set(id, { latitude, longitude, radius });
  }

  const crew = CREW.flatMap((i) => (people[i] == null ? [] : [people[i]]));
  const luis = people[LUIS];
  if (!crew.length || luis == null) return;
  const days = [1, 2, 3, 4, 5, 6, 7].map((k) => addDays(today, -k)).filter((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
  const entries = await tx
    .select()
    .from(timecardEntries)
    .where(
      and(
        eq(timecardEntries.tenant_uuid, tenant_uuid),
        inArray(timecardEntries.employees_id, crew),
        inArray(timecardEntries.timecard_date, days),
      ),
    )
    .orderBy(timecardEntries.id);
  const byDay = new Map<string, (typeof entries)[number][]>();
  for (const e of entries)
    byDay.set(`${e.employees_id}|${e.timecard_date}`, [...(byDay.get(`${e.employees_id}|${e.timecard_date}`) ?? []), e]);

  const latest = days[0];
  let n = 0;
  for (const [key, lines] of byDay) {
    const [employees_id, day] = [Number(key.split('|')[0]), key.split('|')[1]];
    // Where the phone was at each punch: at the site, a few metres off; Ben's last clock-in from the road, 700 m north.
    const fixAt = (jobs_id: number, first: boolean): Fix => {
      const site = sites.get(jobs_id) as { latitude: number; longitude: number };
      n++;
      const away = first && day === latest && employees_id === people[6] ? 0.0063 : 0;
      return { lat: site.latitude + away + ((n % 5) - 2) * 0.00012, lon: site.longitude + ((n % 3) - 1) * 0.00015, acc: 6 + (n % 4) * 5 };
    };
    const stampOf = (prefix: 'start' | 'end', jobs_id: number, fix: Fix, at: Date) => {
      const site = sites.get(jobs_id) as { latitude: number; longitude: number; radius: number };
      const distance = Math.round(distanceMeters({ latitude: fix.lat, longitude: fix.lon }, site) * 10) / 10;
      return {
        [`${prefix}_location_status`]: 'GIVEN',
        [`${prefix}_latitude`]: fix.lat,
        [`${prefix}_longitude`]: fix.lon,
        [`${prefix}_accuracy_m`]: fix.acc,
        [`${prefix}_located_at`]: at.toISOString(),
        [`${prefix}_distance_m`]: distance,
        [`${prefix}_outside_fence`]: outsideFence(distance, site.radius, fix.acc),
      };
    };
    // The day's segments: each typed line's minutes worked in order, a break once four hours are worked.
    type Piece = { kind: 'WORK' | 'BREAK'; jobs_id: number; costcodes_id: number; minutes: number };
    const pieces: Piece[] = [];
    let worked = 0;
    for (const line of lines) {
      let left = Math.round(line.hours * 60);
      while (left > 0) {
        const untilBreak = worked < BREAK_AFTER_MINUTES ? BREAK_AFTER_MINUTES - worked : Number.POSITIVE_INFINITY;
        const chunk = Math.min(left, untilBreak);
        pieces.push({ kind: 'WORK', jobs_id: line.jobs_id, costcodes_id: line.costcodes_id, minutes: chunk });
        worked += chunk;
        left -= chunk;
        if (worked === BREAK_AFTER_MINUTES && pieces.every((p) => p.kind === 'WORK')) {
          pieces.push({ kind: 'BREAK', jobs_id: line.jobs_id, costcodes_id: line.costcodes_id, minutes: 30 });
        }
      }
    }
    if (pieces.at(-1)?.kind === 'BREAK') pieces.pop();
    let at = new Date(`${day}T07:00:00Z`);
    let fix = fixAt(pieces[0].jobs_id, true);
    for (const [i, p] of pieces.entries()) {
      const end = new Date(at.getTime() + p.minutes * 60_000);
      const next = fixAt(pieces[i + 1]?.jobs_id ?? p.jobs_id, false);
      await tx.insert(punchSegments).values({
        tenant_uuid,
        employees_id,
        jobs_id: p.jobs_id,
        costcodes_id: p.costcodes_id,
        kind: p.kind,
        started_at: at.toISOString(),
        ended_at: end.toISOString(),
        ...(stampOf('start', p.jobs_id, fix, at) as { start_location_status: string }),
        ...stampOf('end', p.jobs_id, next, end),
        punched_by: i === 0 ? luis : employees_id,
        crew_punch: i === 0,
      });
      at = end;
      fix = next;
    }
    await tx.insert(punchEntries).values(
      lines.map((line) => ({
        tenant_uuid,
        employees_id,
        timecard_date: day,
        jobs_id: line.jobs_id,
        costcodes_id: line.costcodes_id,
        timecard_entries_id: line.id,
        total_minutes: Math.round(line.hours * 60),
      })),
    );
  }
}
