import { buildNameIndex, type NameIndex, namesIn } from '@groundwork/core/chatbot-understand';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { readsTogether } from '../../graphql/reads-together.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs } from '../jobs/jobs.table.js';
import { vendors } from '../ordering/ordering.table.js';
import { containers } from '../tools/tools.table.js';

export type JobRow = { id: number; job: string; job_abbr: string | null; label: string; status: number; city: string | null };
export type PersonRow = { id: number; firstname: string | null; lastname: string | null; name: string };
export type Names = {
  jobs: JobRow[];
  people: PersonRow[];
  containers: { id: number; name: string }[];
  vendors: { id: number; name: string }[];
  index: NameIndex;
};

/**
 * The company's names the assistant recognises (jobs, people, containers, vendors, tool words, receipt vendors) and
 * their fuzzy index, cached per company: building the index is the cost of a question on a large company, not the
 * reads. An entry is reused while a cheap signature of the named tables (row counts and last change) is unchanged
 * (checked at most every FRESH_MS), and at most CACHE_MS; the tools' words and receipt vendors (free text on many
 * rows) follow that TTL only.
 */
const CACHE_MS = 600_000;
/** Within this long of its check an entry is used without checking again (a burst of questions, a question's tools). */
const FRESH_MS = 3_000;
const cache = new Map<string, { key: string; at: number; checked: number; names: Names }>();

async function signature(tx: Tx, tenant: string): Promise<string> {
  const res = (await tx.execute(sql`select
    (select count(*) || ':' || coalesce(max(updated_on)::text, '') from jobs where tenant_uuid = ${tenant}) as j,
    (select count(*) || ':' || coalesce(max(updated_on)::text, '') from employees where tenant_uuid = ${tenant}) as e,
    (select count(*) || ':' || coalesce(max(updated_on)::text, '') from containers where tenant_uuid = ${tenant}) as c,
    (select count(*) || ':' || coalesce(max(updated_on)::text, '') from vendors where tenant_uuid = ${tenant}) as v`)) as unknown as {
    rows: Record<string, string>[];
  };
  const r = res.rows[0] ?? {};
  return `${r.j}|${r.e}|${r.c}|${r.v}`;
}

export async function namesOf(tx: Tx, tenant: string): Promise<Names> {
  const hit = cache.get(tenant);
  const now = Date.now();
  if (hit && now - hit.checked < FRESH_MS && now - hit.at < CACHE_MS) return hit.names;
  const key = await signature(tx, tenant);
  if (hit && hit.key === key && now - hit.at < CACHE_MS) {
    hit.checked = now;
    return hit.names;
  }
  const [jobRows, people, boxes, sellers, toolWords, receiptVendors] = await readsTogether(
    tx,
    () =>
      tx
        .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr, label: jobLabelSql, status: jobs.status, city: jobs.city })
        .from(jobs)
        .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.status, [1, 2]))),
    () =>
      tx
        .select({ id: employees.id, firstname: employees.firstname, lastname: employees.lastname, name: employeeName })
        .from(employees)
        .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1))),
    () =>
      tx
        .select({ id: containers.id, name: containers.container_name })
        .from(containers)
        .where(and(eq(containers.tenant_uuid, tenant), eq(containers.status, 1))),
    () =>
      tx
        .select({ id: vendors.id, name: vendors.name })
        .from(vendors)
        .where(and(eq(vendors.tenant_uuid, tenant), eq(vendors.status, 1))),
    () =>
      tx.execute(sql`select distinct lower(w) as w from tools t,
        regexp_split_to_table(concat_ws(' ', t.name, t.make, t.model, t.category), '[^[:alnum:]-]+') w
      where t.tenant_uuid = ${tenant} and t.status = 1 and length(w) > 1 and w !~ '^[0-9]+$' limit 2000`) as unknown as Promise<{
        rows: { w: string }[];
      }>,
    () =>
      tx.execute(sql`select vendor from receipts where tenant_uuid = ${tenant} and status = 1 and vendor is not null
      group by vendor order by count(*) desc limit 200`) as unknown as Promise<{ rows: { vendor: string }[] }>,
  );
  // Active jobs first: a name shared with a finished job means the running one.
  jobRows.sort((a, b) => a.status - b.status || a.id - b.id);
  const index = buildNameIndex({
    jobs: jobRows.map((j) => ({ id: j.id, job: j.job, abbr: j.job_abbr, city: j.city })),
    people: people.map((p) => ({ id: p.id, first: p.firstname, last: p.lastname })),
    containers: boxes,
    vendors: sellers,
    toolWords: toolWords.rows.map((r) => r.w),
    receiptVendors: receiptVendors.rows.map((r) => r.vendor),
  });
  const names: Names = { jobs: jobRows, people, containers: boxes, vendors: sellers, index };
  cache.set(tenant, { key, at: now, checked: now, names });
  return names;
}

/** The job a text names (a model's input or the built-in engine's): its code or name exactly, else the best match. */
export function findJob(names: Names, text: string): JobRow | null {
  const t = text.trim().toLowerCase();
  const exact = names.jobs.find((j) => j.job.toLowerCase() === t || (j.job_abbr ?? '').toLowerCase() === t || j.label.toLowerCase() === t);
  if (exact) return exact;
  const id = namesIn(names.index, text).jobs[0];
  return names.jobs.find((j) => j.id === id) ?? null;
}

/** The person a text names: their full name exactly, else the best match (first or last name, nickname, typo). */
export function findPerson(names: Names, text: string): PersonRow | null {
  const t = text.trim().toLowerCase();
  const exact = names.people.filter((p) => p.name.toLowerCase() === t);
  if (exact.length === 1) return exact[0];
  const found = namesIn(names.index, text);
  if (found.peopleAmbiguous) return null;
  return names.people.find((p) => p.id === found.people[0]) ?? null;
}

/** A container (truck, job box, the shop) a text names. */
export function findContainer(names: Names, text: string): { id: number; name: string } | null {
  const t = text.trim().toLowerCase();
  const exact = names.containers.find((c) => c.name.toLowerCase() === t);
  if (exact) return exact;
  const id = namesIn(names.index, text).containers[0];
  return names.containers.find((c) => c.id === id) ?? null;
}

/** A vendor a text names. */
export function findVendor(names: Names, text: string): { id: number; name: string } | null {
  const t = text.trim().toLowerCase();
  const exact = names.vendors.find((v) => v.name.toLowerCase() === t);
  if (exact) return exact;
  const id = namesIn(names.index, text).vendors[0];
  return names.vendors.find((v) => v.id === id) ?? null;
}
