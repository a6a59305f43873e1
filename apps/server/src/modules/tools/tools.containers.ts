import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../graphql/errors.js';
import type { Gated } from '../../graphql/gate.js';
import type { BeforeWrite } from '../../graphql/record-operations.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { createHqContainer } from './tools.hq.js';
import { archiveContainers } from './tools.service.js';
import { containers, tools } from './tools.table.js';

/** toolContainers: HQ first, with how many active tools each holds; archived ones with status 0. */
export async function containersWithCounts(g: Gated, status: number | null | undefined) {
  const tenant = g.member.tenantUuid;
  await createHqContainer(g.tx, tenant);
  const active = (status ?? 1) === 1;
  const rows = await g.tx
    .select({
      c: containers,
      job_label: jobs.job,
      employee_name: sql<string | null>`nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), '')`,
      tool_count: sql<number>`(select count(*)::int from tools t where t.tenant_uuid = ${containers.tenant_uuid} and t.container_id = ${containers.id} and t.status = 1)`,
    })
    .from(containers)
    .leftJoin(jobs, and(eq(jobs.tenant_uuid, containers.tenant_uuid), eq(jobs.id, containers.jobs_id)))
    .leftJoin(employees, and(eq(employees.tenant_uuid, containers.tenant_uuid), eq(employees.id, containers.employees_id)))
    .where(and(eq(containers.tenant_uuid, tenant), active ? eq(containers.status, 1) : sql`${containers.status} <> 1`))
    .orderBy(sql`${containers.hq} desc`, containers.container_name, containers.id);
  return rows.map(({ c, ...rest }) => ({ ...c, ...rest }));
}

/** archiveContainer: archives a container (its tools move to HQ); answers how many tools moved. */
export async function archiveContainer(g: Gated, id: number): Promise<number> {
  const [{ n }] = await g.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tools)
    .where(and(eq(tools.tenant_uuid, g.member.tenantUuid), eq(tools.container_id, id)));
  await archiveContainers(g.tx, g.member, [id]);
  return n;
}

/** restoreContainer: an archived container back, empty. */
export async function restoreContainer(g: Gated, id: number): Promise<boolean> {
  const rows = await g.tx
    .update(containers)
    .set({ status: 1 })
    .where(and(eq(containers.tenant_uuid, g.member.tenantUuid), eq(containers.id, id), sql`${containers.status} <> 1`))
    .returning({ id: containers.id });
  if (!rows.length) throw notFound();
  return true;
}

/** toolCategories: the categories in use. */
export async function toolCategories(g: Gated): Promise<string[]> {
  const rows = await g.tx
    .selectDistinct({ category: tools.category })
    .from(tools)
    .where(and(eq(tools.tenant_uuid, g.member.tenantUuid), sql`${tools.category} is not null`))
    .orderBy(tools.category);
  return rows.map((r) => r.category as string);
}

/** Containers' record operations: HQ exists once any container does; archiving one moves its tools to HQ. */
export const containerRule: BeforeWrite = async (tx, member, action, changes) => {
  if (action === 'create') {
    await createHqContainer(tx, member.tenantUuid);
    return;
  }
  const leaving = changes.filter((c) => action === 'delete' || (c.patch && 'status' in c.patch && c.patch.status !== 1));
  if (leaving.length)
    await archiveContainers(
      tx,
      member,
      leaving.map((c) => c.id as number),
    );
};
