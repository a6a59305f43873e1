import type { Tx } from '../../db/client.js';
import { jobs, jobsForemen, jobsPms } from './jobs.table.js';
import { jobsCostcodes } from './jobs-costcodes.table.js';

const JOBS: [string, string | null, string, number][] = [
  ['Riverside Medical Office Building', 'RMOB', 'Denver', 1],
  ['Cherry Creek Townhomes Phase 2', 'CCT2', 'Denver', 1],
  ['Aurora Distribution Center', 'ADC', 'Aurora', 1],
  ['Lakewood Elementary Renovation', 'LER', 'Lakewood', 1],
  ['Highway 36 Culvert Replacement', null, 'Broomfield', 1],
  ['Golden Brewery Expansion', 'GBX', 'Golden', 1],
  ['Boulder Library Reroof', 'BLR', 'Boulder', 2],
  ['Parker Water Treatment Upgrade', 'PWT', 'Parker', 1],
  ['Littleton Retail Shell', null, 'Littleton', 1],
  ['Westminster Fire Station 7', 'WFS7', 'Westminster', 1],
  ['Englewood Parking Structure', 'EPS', 'Englewood', 1],
  ['Shop and Yard', 'SHOP', 'Denver', 1],
];

/**
 * Hours budgeted per budget line where a job's differ from the pattern: the Golden Brewery's shutdown work was
 * budgeted for two weekends and has run on (the demo's time cards book more), so the dashboard has a job over budget.
 */
const HOURS_BUDGET: Record<string, number[]> = { GBX: [8, 40, 8, 8, 16] };

/** A dozen demo jobs with foremen, PMs and budget lines over the given people and cost codes. */
export async function seedDemoJobs(tx: Tx, tenant_uuid: string, people: number[], codes: number[]): Promise<number[]> {
  const year = new Date().getFullYear();
  const rows = await tx
    .insert(jobs)
    .values(
      JOBS.map(([job, job_abbr, city, status], i) => {
        const start = new Date(Date.UTC(year, i % 12, 1 + ((i * 7) % 20)));
        const end = new Date(start.getTime() + (60 + i * 15) * 86_400_000);
        const iso = (d: Date) => d.toISOString().slice(0, 10);
        return {
          tenant_uuid,
          job,
          job_abbr,
          city,
          state: 'CO',
          status,
          start_date: iso(start),
          end_date: iso(end),
          milestones: [
            { title: 'Mobilize', date: iso(start) },
            { title: 'Substantial completion', date: iso(new Date(end.getTime() - 14 * 86_400_000)) },
          ],
        };
      }),
    )
    .returning({ id: jobs.id });
  const pick = (i: number, list: number[]) => list[i % list.length];
  await tx.insert(jobsForemen).values(rows.map((j, i) => ({ tenant_uuid, jobs_id: j.id, employees_id: pick(3 + (i % 2), people) })));
  await tx.insert(jobsPms).values(rows.map((j, i) => ({ tenant_uuid, jobs_id: j.id, employees_id: pick(i % 2, people) })));
  await tx.insert(jobsCostcodes).values(
    rows.flatMap((j, i) =>
      codes.slice(0, 4 + (i % 4)).map((costcodes_id, k) => ({
        tenant_uuid,
        jobs_id: j.id,
        costcodes_id,
        hrsbdg: HOURS_BUDGET[JOBS[i][1] ?? '']?.[k] ?? 80 * (k + 1) + i * 10,
        matbdg: 2500 * (k + 1),
        labbdg: 4000 * (k + 1),
        eqpbdg: k % 2 ? 1200 : 0,
        subbdg: k === 3 ? 15000 : 0,
        othbdg: 0,
      })),
    ),
  );
  return rows.map((r) => r.id);
}
