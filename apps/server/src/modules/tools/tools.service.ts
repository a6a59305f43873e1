import { msg } from '@groundwork/core/messages';
import { accessTo } from '@groundwork/core/permissions';
import { containerDeletedNote, rangesOverlap, TOOL_MESSAGES } from '@groundwork/core/tools';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { outer } from '../../db/columns.js';
import { AppError } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { pageOf } from '../../graphql/paging.js';
import { selectPrepared } from '../../graphql/prepared.js';
import { employees } from '../employees/employees.table.js';
import { registerFileSource } from '../files/files.service.js';
import { jobs } from '../jobs/jobs.table.js';
import { createHqContainer } from './tools.hq.js';
import { containers, reservations, type ToolLastLog, toolLogs, tools } from './tools.table.js';

/** The files service's source_table for a tool's photos. */
export const TOOLS_SOURCE = 'tools';

const personName = sql<string | null>`nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), '')`;

export type ToolRow = typeof tools.$inferSelect & { container_name: string | null };

export async function toolsByIds(tx: Tx, tenant: string, ids: readonly number[]): Promise<ToolRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ tool: tools, container_name: containers.container_name })
    .from(tools)
    .leftJoin(containers, and(eq(containers.tenant_uuid, tools.tenant_uuid), eq(containers.id, tools.container_id)))
    .where(and(eq(tools.tenant_uuid, tenant), inArray(tools.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.tool.id, { ...r.tool, container_name: r.container_name }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type ToolSearch = {
  search?: string | null;
  container_id?: number | null;
  category?: string | null;
  status?: number | null;
  limit: number;
  after?: { name: string; id: number } | null;
  /** The fields the request selects (null: all). */
  fields?: ReadonlySet<string> | null;
};

/** Always read: the keyset (name, id) and the photos' key (uuid). */
const KEYS = new Set(['id', 'name', 'uuid', 'tenant_uuid']);

/** One page of the company's tools by name (then id), filtered by text, container, category and status. */
export async function searchToolRows(tx: Tx, tenant: string, f: ToolSearch) {
  const active = (f.status ?? 1) === 1;
  const q = f.search?.trim();
  const p = sql.placeholder;
  // Only the columns the request asks for (plus the keyset's and the photos' keys); the container only when its
  // name is asked for.
  const wanted = f.fields;
  const names = Object.keys(getTableColumns(tools)).filter((name) => !wanted || KEYS.has(name) || wanted.has(name));
  const columns = Object.fromEntries(names.map((name) => [name, getTableColumns(tools)[name as keyof typeof tools._.columns]]));
  const withContainer = !wanted || wanted.has('container_name');
  const has = { container: f.container_id != null, category: Boolean(f.category), search: Boolean(q), after: Boolean(f.after) };
  // Each combination of columns and filters is one shape, built once and run as a prepared statement.
  const shape = `searchTools|${names.join(',')}|${withContainer}|${active}|${Object.values(has).map(Number).join('')}`;
  const build = () => {
    const base = tx.select({ ...columns, ...(withContainer ? { container_name: containers.container_name } : {}) }).from(tools);
    return (
      withContainer
        ? base.leftJoin(containers, and(eq(containers.tenant_uuid, tools.tenant_uuid), eq(containers.id, tools.container_id)))
        : base
    )
      .where(
        and(
          eq(tools.tenant_uuid, p('tenant')),
          active ? eq(tools.status, 1) : ne(tools.status, 1),
          has.container ? eq(tools.container_id, p('container')) : undefined,
          has.category ? eq(tools.category, p('category')) : undefined,
          has.search
            ? or(ilike(tools.name, p('pattern')), ilike(tools.tool_number, p('pattern')), ilike(tools.serial, p('pattern')))
            : undefined,
          has.after ? sql`(${tools.name}, ${tools.id}) > (${p('afterName')}, ${p('afterId')})` : undefined,
        ),
      )
      .orderBy(asc(tools.name), asc(tools.id))
      .limit(p('limit'));
  };
  const rows = await selectPrepared<typeof tools.$inferSelect & { container_name: string | null }>(tx, shape, build, {
    tenant,
    container: f.container_id,
    category: f.category,
    pattern: q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : null,
    afterName: f.after?.name,
    afterId: f.after?.id,
    limit: f.limit + 1,
  });
  return pageOf(rows, f.limit);
}

export type LogRow = {
  id: number;
  tools_id: number;
  from_container_id: number | null;
  from_name: string | null;
  to_container_id: number;
  to_name: string | null;
  employees_id: number | null;
  employee_name: string | null;
  note: string | null;
  created_on: string;
};

/** A tool's log (or the company's when toolId is null), newest first, keyset on id. */
export async function logRows(tx: Tx, tenant: string, toolId: number | null, limit: number, before: number | null): Promise<LogRow[]> {
  const from = sql`(select c.container_name from containers c where c.tenant_uuid = ${outer(toolLogs.tenant_uuid)} and c.id = ${outer(toolLogs.from_container_id)})`;
  const to = sql`(select c.container_name from containers c where c.tenant_uuid = ${outer(toolLogs.tenant_uuid)} and c.id = ${outer(toolLogs.to_container_id)})`;
  const p = sql.placeholder;
  // Four shapes (one tool or all, first page or after): each built once and run as a prepared statement.
  const shape = `toolLog|${toolId === null ? 'all' : 'tool'}|${before === null ? 'first' : 'after'}`;
  const build = () =>
    tx
      .select({
        id: toolLogs.id,
        tools_id: toolLogs.tools_id,
        from_container_id: toolLogs.from_container_id,
        from_name: sql<string | null>`${from}`,
        to_container_id: toolLogs.to_container_id,
        to_name: sql<string | null>`${to}`,
        employees_id: toolLogs.employees_id,
        employee_name: personName,
        note: toolLogs.note,
        created_on: toolLogs.created_on,
      })
      .from(toolLogs)
      .leftJoin(employees, and(eq(employees.tenant_uuid, toolLogs.tenant_uuid), eq(employees.id, toolLogs.employees_id)))
      .where(
        and(
          eq(toolLogs.tenant_uuid, p('tenant')),
          toolId === null ? undefined : eq(toolLogs.tools_id, p('tool')),
          before === null ? undefined : lt(toolLogs.id, p('before')),
        ),
      )
      .orderBy(desc(toolLogs.id))
      .limit(p('limit'));
  return selectPrepared<LogRow>(tx, shape, build, { tenant, tool: toolId, before, limit });
}

/** The company's active container `id`, or VALIDATION naming the field. */
export async function activeContainer(tx: Tx, tenant: string, id: number, field = 'container_id') {
  const [row] = await tx
    .select()
    .from(containers)
    .where(and(eq(containers.tenant_uuid, tenant), eq(containers.id, id), eq(containers.status, 1)));
  if (!row) throw new AppError('VALIDATION', msg('tools.container'), { field });
  return row;
}

/**
 * Moves tools to a container: in the caller's transaction, each tool's container_id and last_log change and a
 * log row (from, to, who, when, note) is appended, so a failed move leaves neither. Tools already there are
 * logged too only when a note says why (a check); otherwise skipped.
 */
export async function moveToolsTo(
  tx: Tx,
  member: Member,
  toolIds: readonly number[],
  target: { id: number; container_name: string },
  note: string | null,
): Promise<number[]> {
  const tenant = member.tenantUuid;
  const unique = [...new Set(toolIds)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: tools.id, container_id: tools.container_id })
    .from(tools)
    .where(and(eq(tools.tenant_uuid, tenant), inArray(tools.id, unique)))
    .orderBy(asc(tools.id))
    .for('update');
  if (found.length !== unique.length) throw new AppError('NOT_FOUND', msg('tools.tool'));
  const moving = found.filter((t) => t.container_id !== target.id);
  if (moving.length === 0) return unique;
  const [me] = await tx
    .select({ name: personName })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, member.employeeId)));
  const logs = await tx
    .insert(toolLogs)
    .values(
      moving.map((t) => ({
        tenant_uuid: tenant,
        tools_id: t.id,
        from_container_id: t.container_id,
        to_container_id: target.id,
        employees_id: member.employeeId,
        note,
      })),
    )
    .returning();
  for (const log of logs) {
    const last: ToolLastLog = {
      log_id: log.id,
      from_container_id: log.from_container_id,
      to_container_id: log.to_container_id,
      container_name: target.container_name,
      employees_id: member.employeeId,
      employee_name: me?.name ?? null,
      moved_on: log.created_on,
      note,
    };
    await tx
      .update(tools)
      .set({ container_id: target.id, last_log: last, updated_on: sql`now()` })
      .where(and(eq(tools.tenant_uuid, tenant), eq(tools.id, log.tools_id)));
  }
  return unique;
}

/**
 * Archives (spec §4 "deletes") containers: their tools go to the HQ container with a log note of who moved them
 * and when. HQ itself cannot be archived.
 */
export async function archiveContainers(tx: Tx, member: Member, ids: readonly number[]): Promise<void> {
  const tenant = member.tenantUuid;
  const hqId = await createHqContainer(tx, tenant);
  const rows = await tx
    .select()
    .from(containers)
    .where(and(eq(containers.tenant_uuid, tenant), inArray(containers.id, [...ids])))
    .for('update');
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', msg('tools.containerNotFound'));
  if (rows.some((r) => r.hq)) throw new AppError('VALIDATION', msg('tools.hqDelete'), { field: 'hq' });
  const [hq] = await tx
    .select()
    .from(containers)
    .where(and(eq(containers.tenant_uuid, tenant), eq(containers.id, hqId)));
  const [me] = await tx
    .select({ name: personName })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, member.employeeId)));
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  for (const c of rows) {
    const inside = await tx
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.tenant_uuid, tenant), eq(tools.container_id, c.id)));
    await moveToolsTo(
      tx,
      member,
      inside.map((t) => t.id),
      hq,
      containerDeletedNote(c.container_name, me?.name ?? `#${member.employeeId}`, `${when} UTC`),
    );
  }
  await tx
    .update(containers)
    .set({ status: 0, updated_on: sql`now()` })
    .where(and(eq(containers.tenant_uuid, tenant), inArray(containers.id, [...ids])));
}

export type ReservationRow = typeof reservations.$inferSelect & {
  tool_name: string | null;
  tool_number: string | null;
  employee_name: string | null;
  job_label: string | null;
};

export async function reservationRows(tx: Tx, tenant: string, where: SQL | undefined, limit = 200): Promise<ReservationRow[]> {
  const rows = await tx
    .select({
      r: reservations,
      tool_name: tools.name,
      tool_number: tools.tool_number,
      employee_name: personName,
      job_label: jobs.job,
    })
    .from(reservations)
    .leftJoin(tools, and(eq(tools.tenant_uuid, reservations.tenant_uuid), eq(tools.id, reservations.tools_id)))
    .leftJoin(employees, and(eq(employees.tenant_uuid, reservations.tenant_uuid), eq(employees.id, reservations.employees_id)))
    .leftJoin(jobs, and(eq(jobs.tenant_uuid, reservations.tenant_uuid), eq(jobs.id, reservations.jobs_id)))
    .where(and(eq(reservations.tenant_uuid, tenant), where))
    .orderBy(asc(reservations.start_date), asc(reservations.id))
    .limit(limit);
  return rows.map(({ r, ...rest }) => ({ ...r, ...rest }));
}

/**
 * Refuses a reservation whose days overlap an active reservation of the same tool (Shelf.nu's booking check),
 * naming the tool and the conflict. Tools are locked first so two concurrent bookings cannot both pass.
 */
export async function checkNoOverlap(
  tx: Tx,
  tenant: string,
  wanted: { tools_id: number; start_date: string; end_date: string; exceptId?: number | null }[],
): Promise<void> {
  const ids = [...new Set(wanted.map((w) => w.tools_id))];
  if (ids.length === 0) return;
  await tx
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.tenant_uuid, tenant), inArray(tools.id, ids)))
    .orderBy(asc(tools.id))
    .for('update');
  const existing = await reservationRows(
    tx,
    tenant,
    and(inArray(reservations.tools_id, ids), eq(reservations.status, 1), eq(reservations.is_completed, false)),
    10_000,
  );
  for (const [i, w] of wanted.entries()) {
    const clash =
      existing.find((e) => e.tools_id === w.tools_id && e.id !== w.exceptId && rangesOverlap(e, w)) ??
      wanted.slice(0, i).find((o) => o.tools_id === w.tools_id && rangesOverlap(o, w));
    if (clash) {
      const e = clash as Partial<ReservationRow> & { start_date: string; end_date: string };
      const holder = [e.employee_name, e.job_label].filter(Boolean).join(', ') || null;
      const [tool] = e.tool_name
        ? [{ name: e.tool_name }]
        : await tx
            .select({ name: tools.name })
            .from(tools)
            .where(and(eq(tools.tenant_uuid, tenant), eq(tools.id, w.tools_id)));
      const at = { tool: tool?.name ?? TOOL_MESSAGES.tool, start: e.start_date, end: e.end_date };
      throw new AppError('CONFLICT', holder ? msg('tools.overlapFor', { ...at, holder }) : msg('tools.overlap', at), {
        field: 'start_date',
        index: i,
      });
    }
  }
}

/** Overdue reservations of the company (active, end before today), for the highlight and the notices sweep. */
export const overdueWhere = (today: string) =>
  and(eq(reservations.status, 1), eq(reservations.is_completed, false), lt(reservations.end_date, today));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A tool's photos are readable by whoever may see the company's tools, while the module is on. */
async function readableTools(tx: Tx, member: Member, sourceUuids: string[]): Promise<Set<string>> {
  const access = accessTo(member.permissions, 'tools', 'read', member.off);
  const wanted = [...new Set(sourceUuids.filter((u) => typeof u === 'string' && UUID.test(u)))];
  if (!access || wanted.length === 0) return new Set();
  const rows = await tx
    .select({ uuid: tools.uuid })
    .from(tools)
    .where(and(eq(tools.tenant_uuid, member.tenantUuid), inArray(tools.uuid, wanted)));
  return new Set(rows.map((r) => r.uuid));
}

registerFileSource(TOOLS_SOURCE, readableTools);
