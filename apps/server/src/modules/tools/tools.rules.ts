import { fromText, msg } from '@groundwork/core/messages';
import { accessTo } from '@groundwork/core/permissions';
import { formatToolNumber, TOOL_LIMITS, toolRecordSchema } from '@groundwork/core/tools';
import { and, eq, sql } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { AppError } from '../../graphql/errors.js';
import type { Gated } from '../../graphql/gate.js';
import { extendRows } from '../../graphql/paging.js';
import { type BeforeWrite, selectedColumns } from '../../graphql/record-operations.js';
import { filesOf } from '../files/files.service.js';
import { createHqContainer } from './tools.hq.js';
import { TOOLS_SOURCE, type ToolRow, toolsByIds } from './tools.service.js';
import { tools } from './tools.table.js';
import type { ToolView } from './tools.types.js';

export const mayAdmin = (g: Gated) => accessTo(g.member.permissions, 'tools', 'write', g.member.off) === 'all';
export const checkIds = (ids: readonly number[]) => {
  if (ids.length === 0) throw new AppError('VALIDATION', msg('tools.atLeastOne'));
  if (ids.length > TOOL_LIMITS.maxIds) throw new AppError('VALIDATION', msg('tools.tooMany', { max: TOOL_LIMITS.maxIds }));
};
export const cleanNote = (note: string | null | undefined) => {
  const n = note?.trim() || null;
  if (n && n.length > TOOL_LIMITS.note) throw new AppError('VALIDATION', msg('form.max', { max: TOOL_LIMITS.note }), { field: 'note' });
  return n;
};

export async function withPhotos(g: Gated, rows: ToolRow[], info?: GraphQLResolveInfo, underItems = false): Promise<ToolView[]> {
  // Photos cost a query per page: only when the request selected them.
  const fields = info ? selectedColumns(info, underItems) : null;
  if (fields && !fields.has('photos')) return rows;
  const photos = await filesOf(
    g.tx,
    g.member.tenantUuid,
    TOOLS_SOURCE,
    rows.map((r) => r.uuid),
  );
  return extendRows(rows, (r) => ({ photos: photos.get(r.uuid) ?? [] }));
}

async function nextToolNumbers(g: { tx: Gated['tx'] }, tenant: string, n: number): Promise<string[]> {
  const [{ max }] = await g.tx
    .select({ max: sql<number>`coalesce(max(nullif(regexp_replace(${tools.tool_number}, '\\D', '', 'g'), '')::int), 0)::int` })
    .from(tools)
    .where(eq(tools.tenant_uuid, tenant));
  return Array.from({ length: n }, (_, i) => formatToolNumber(max + i + 1));
}

/** Tools' record operations: a new tool starts in HQ with the next free number. */
export const toolRule: BeforeWrite = async (tx, member, action, changes) => {
  if (action !== 'create') return;
  const hq = await createHqContainer(tx, member.tenantUuid);
  const numbers = await nextToolNumbers({ tx }, member.tenantUuid, changes.length);
  for (const [i, c] of changes.entries()) {
    if (!c.patch) continue;
    c.patch.container_id = hq;
    c.patch.created_by = member.employeeId;
    if (!c.patch.tool_number) c.patch.tool_number = numbers[i];
  }
};

/** getTool: one tool by id or by its tool number; null when not the company's. */
export async function toolByIdOrNumber(g: Gated, args: { id?: number | null; tool_number?: string | null }): Promise<ToolView | null> {
  const tenant = g.member.tenantUuid;
  let id = args.id ?? null;
  if (id === null && args.tool_number) {
    const [row] = await g.tx
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.tenant_uuid, tenant), eq(tools.tool_number, args.tool_number.trim().toUpperCase())));
    id = row?.id ?? null;
  }
  if (id === null) return null;
  const [row] = await toolsByIds(g.tx, tenant, [id]);
  return row ? (await withPhotos(g, [row]))[0] : null;
}

export type NewTool = {
  name: string;
  category?: string | null;
  make?: string | null;
  model?: string | null;
  serial?: string | null;
  description?: string | null;
};

/** addTool: a tool in the HQ container with the next free tool number. */
export async function addTool(args: NewTool, g: Gated): Promise<ToolView> {
  const parsed = toolRecordSchema.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION', fromText(issue.message), { field: issue.path.join('.') });
  }
  const tenant = g.member.tenantUuid;
  const hq = await createHqContainer(g.tx, tenant);
  const [number] = await nextToolNumbers({ tx: g.tx }, tenant, 1);
  const blank = (v: string | null | undefined) => v?.trim() || null;
  const [row] = await g.tx
    .insert(tools)
    .values({
      tenant_uuid: tenant,
      tool_number: number,
      name: args.name.trim(),
      category: blank(args.category),
      make: blank(args.make),
      model: blank(args.model),
      serial: blank(args.serial),
      description: blank(args.description),
      container_id: hq,
      created_by: g.member.employeeId,
    })
    .returning({ id: tools.id });
  const [view] = await toolsByIds(g.tx, tenant, [row.id]);
  return { ...view, photos: [] };
}
