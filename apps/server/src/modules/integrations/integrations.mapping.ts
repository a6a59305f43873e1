import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/** The company's records an integration links to remote ones, as the mapping screens name them (issue 23). */

export type Named = { id: number; name: string };

/** Active people, by full name (else username, else #id). */
export async function peopleOf(tx: Tx, tenant: string): Promise<Named[]> {
  const rows = await tx
    .select({ id: employees.id, first: employees.firstname, last: employees.lastname, username: employees.username })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1)))
    .orderBy(employees.firstname, employees.lastname);
  return rows.map((r) => ({ id: r.id, name: [r.first, r.last].filter(Boolean).join(' ') || (r.username ?? `#${r.id}`) }));
}

/** Active jobs, by name. */
export async function jobsOf(tx: Tx, tenant: string): Promise<Named[]> {
  return tx
    .select({ id: jobs.id, name: jobs.job })
    .from(jobs)
    .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.status, 1)))
    .orderBy(jobs.job);
}
