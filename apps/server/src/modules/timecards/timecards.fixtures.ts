import type { Tx } from '../../db/client.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';

/**
 * Tests' job site: two jobs (Main Street, Elm Yard) and two cost codes, 03-300 budgeted on both jobs
 * (`hours` on the first) and 09-900 budgeted on neither.
 */
export async function seedTimecardSite(tx: Tx, tenant: string, hours?: number) {
  const [j1, j2] = await tx
    .insert(jobs)
    .values([
      { tenant_uuid: tenant, job: 'Main Street' },
      { tenant_uuid: tenant, job: 'Elm Yard' },
    ])
    .returning({ id: jobs.id });
  const [c1, c2] = await tx
    .insert(costcodes)
    .values([
      { tenant_uuid: tenant, costcode: '03-300' },
      { tenant_uuid: tenant, costcode: '09-900' },
    ])
    .returning({ id: costcodes.id });
  await tx.insert(jobsCostcodes).values([
    { tenant_uuid: tenant, jobs_id: j1.id, costcodes_id: c1.id, ...(hours ? { hrsbdg: hours } : {}) },
    { tenant_uuid: tenant, jobs_id: j2.id, costcodes_id: c1.id },
  ]);
  return { job: j1.id, otherJob: j2.id, code: c1.id, unbudgeted: c2.id };
}
