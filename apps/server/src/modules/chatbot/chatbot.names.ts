import { mentions, normalizeText } from '@groundwork/core/chatbot';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs } from '../jobs/jobs.table.js';

export type JobRow = { id: number; job: string; job_abbr: string | null; label: string };
export type PersonRow = { id: number; firstname: string | null; lastname: string | null; name: string };

/** The company's active jobs and people, to find the ones a question names. */
export async function namesOf(tx: Tx, tenant: string): Promise<{ jobs: JobRow[]; people: PersonRow[] }> {
  const [jobRows, people] = await Promise.all([
    tx
      .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr, label: jobLabelSql })
      .from(jobs)
      .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.status, 1))),
    tx
      .select({ id: employees.id, firstname: employees.firstname, lastname: employees.lastname, name: employeeName })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1))),
  ]);
  return { jobs: jobRows, people };
}

/** The job a text names (its abbreviation, its name, or a word of its name that no other job shares). */
export function findJob(all: JobRow[], text: string): JobRow | null {
  const n = normalizeText(text);
  const exact = all.filter((j) => mentions(n, j.job_abbr) || mentions(n, j.job));
  if (exact.length) return exact.sort((a, b) => b.job.length - a.job.length)[0];
  const words = n.split(' ').filter((w) => w.length >= 4);
  const partial = all.filter((j) =>
    normalizeText(j.job)
      .split(' ')
      .some((w) => w.length >= 4 && words.includes(w)),
  );
  return partial.length === 1 ? partial[0] : null;
}

/** The person a text names: first and last name, or a first or last name that only one person has. */
export function findPerson(all: PersonRow[], text: string): PersonRow | null {
  const n = normalizeText(text);
  const full = all.filter((p) => mentions(n, `${p.firstname ?? ''} ${p.lastname ?? ''}`));
  if (full.length === 1) return full[0];
  for (const part of ['firstname', 'lastname'] as const) {
    const one = all.filter((p) => mentions(n, p[part]));
    if (one.length === 1) return one[0];
  }
  return null;
}
