import { isoDay } from '@groundwork/core/pay-periods';
import { accessTo } from '@groundwork/core/permissions';
import {
  containerRecordSchema,
  formatToolNumber,
  isToolDate,
  RESERVATION_DEFAULT_STATUS,
  reservationRecordSchema,
  TOOL_LIMITS,
  TOOL_MESSAGES,
  toolRecordSchema,
} from '@groundwork/core/tools';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { type Gated, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import { employees } from '../employees/employees.table.js';
import { attachFiles, type FileSummary, filesOf } from '../files/files.service.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { createHqContainer } from './tools.hq.js';
import { renderLabelSheet } from './tools.labels.js';
import {
  activeContainer,
  archiveContainers,
  checkNoOverlap,
  type LogRow,
  logRows,
  moveToolsTo,
  overdueWhere,
  type ReservationRow,
  reservationRows,
  searchToolRows,
  TOOLS_SOURCE,
  type ToolRow,
  toolsByIds,
} from './tools.service.js';
import { containers, reservations, tools } from './tools.table.js';

/**
 * Tools (spec §2 /modules/tool20): tool20_basic sees and scans (and moves tools into a container assigned to
 * them: their truck); tool20_admin (and admin_access) creates, edits, moves, archives and manages containers.
 */

const MAX_LIMIT = 200;

// --- Generic record operations (spec §7): Tools, Containers, Reservations -----------------------------

async function nextToolNumbers(g: { tx: Gated['tx'] }, tenant: string, n: number): Promise<string[]> {
  const [{ max }] = await g.tx
    .select({ max: sql<number>`coalesce(max(nullif(regexp_replace(${tools.tool_number}, '\\D', '', 'g'), '')::int), 0)::int` })
    .from(tools)
    .where(eq(tools.tenant_uuid, tenant));
  return Array.from({ length: n }, (_, i) => formatToolNumber(max + i + 1));
}

defineRecordOperations({
  name: 'Tools',
  typeName: 'ToolRecord',
  table: tools,
  area: 'tools',
  orderBy: () => [sql`${tools.name}`],
  // Where a tool is changes only by a move, which writes the log (moveTools).
  readOnly: ['container_id', 'last_log', 'created_by', 'uuid'],
  validate: toolRecordSchema,
  async beforeWrite(tx, member, action, changes) {
    if (action !== 'create') return;
    const hq = await createHqContainer(tx, member.tenantUuid);
    const numbers = await nextToolNumbers({ tx }, member.tenantUuid, changes.length);
    for (const [i, c] of changes.entries()) {
      if (!c.patch) continue;
      c.patch.container_id = hq;
      c.patch.created_by = member.employeeId;
      if (!c.patch.tool_number) c.patch.tool_number = numbers[i];
    }
  },
});

defineRecordOperations({
  name: 'Containers',
  typeName: 'ContainerRecord',
  table: containers,
  area: 'tools',
  orderBy: () => [sql`${containers.container_name}`],
  readOnly: ['hq'],
  validate: containerRecordSchema,
  // Spec §4: deleting a container archives it and moves its tools to HQ (beforeWrite).
  softDelete: { column: 'status', value: 0 },
  async beforeWrite(tx, member, action, changes) {
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
  },
});

defineRecordOperations({
  name: 'Reservations',
  typeName: 'ReservationRecord',
  table: reservations,
  area: 'tools',
  orderBy: () => [sql`${reservations.start_date}`],
  readOnly: ['created_by'],
  validate: reservationRecordSchema,
  async beforeWrite(tx, member, action, changes) {
    if (action === 'delete') return;
    const tenant = member.tenantUuid;
    const ids = changes.flatMap((c) => (c.id === null ? [] : [c.id]));
    const stored = ids.length
      ? await tx
          .select()
          .from(reservations)
          .where(and(eq(reservations.tenant_uuid, tenant), inArray(reservations.id, ids)))
      : [];
    const wanted = changes.flatMap((c) => {
      const before = stored.find((s) => s.id === c.id);
      const merged = { ...before, ...c.patch } as Record<string, unknown>;
      if (action === 'create' && c.patch) c.patch.created_by = member.employeeId;
      if (merged.status !== undefined && merged.status !== 1) return [];
      if (merged.is_completed === true) return [];
      const start = merged.start_date as string;
      const end = merged.end_date as string;
      if (!isToolDate(start) || !isToolDate(end)) return [];
      if (end < start) throw new AppError('VALIDATION', TOOL_MESSAGES.endBeforeStart, { field: 'end_date' });
      return [{ tools_id: merged.tools_id as number, start_date: start, end_date: end, exceptId: c.id }];
    });
    await checkNoOverlap(tx, tenant, wanted);
  },
});

// --- Types ------------------------------------------------------------------------------------------

const ToolPhotoRef = builder.objectRef<FileSummary>('ToolPhoto').implement({
  fields: (t) => ({
    uuid: t.exposeID('uuid'),
    original_name: t.exposeString('original_name'),
    mimetype: t.exposeString('mimetype'),
    thumbnail_base64: t.exposeString('thumbnail_base64', { nullable: true }),
  }),
});

type ToolView = ToolRow & { photos?: FileSummary[] };

const ToolRef = builder.objectRef<ToolView>('Tool').implement({
  description: 'A tool with the name of the container it is in. Money is integer cents.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeID('uuid'),
    tool_number: t.exposeString('tool_number'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    category: t.exposeString('category', { nullable: true }),
    make: t.exposeString('make', { nullable: true }),
    model: t.exposeString('model', { nullable: true }),
    serial: t.exposeString('serial', { nullable: true }),
    purchase_date: t.exposeString('purchase_date', { nullable: true }),
    purchase_cost_cents: t.exposeInt('purchase_cost_cents', { nullable: true }),
    status: t.exposeInt('status', { description: '1 active; anything else archived.' }),
    container_id: t.exposeInt('container_id'),
    container_name: t.exposeString('container_name', { nullable: true }),
    last_log: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.last_log ?? null }),
    photos: t.field({
      type: [ToolPhotoRef],
      resolve: (r) => r.photos ?? [],
    }),
  }),
});

const ToolConnectionRef = builder.objectRef<{ items: ToolView[]; nextToken: string | null }>('ToolConnection').implement({
  fields: (t) => ({
    items: t.field({ type: [ToolRef], resolve: (c) => c.items }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const ToolLogRef = builder.objectRef<LogRow>('ToolLog').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    tools_id: t.exposeInt('tools_id'),
    from_container_id: t.exposeInt('from_container_id', { nullable: true }),
    from_name: t.exposeString('from_name', { nullable: true }),
    to_container_id: t.exposeInt('to_container_id'),
    to_name: t.exposeString('to_name', { nullable: true }),
    employees_id: t.exposeInt('employees_id', { nullable: true }),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    created_on: t.exposeString('created_on'),
  }),
});

const ToolLogPageRef = builder.objectRef<{ items: LogRow[]; nextToken: string | null }>('ToolLogPage').implement({
  fields: (t) => ({
    items: t.field({ type: [ToolLogRef], resolve: (c) => c.items }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

type ContainerView = typeof containers.$inferSelect & { tool_count: number; job_label: string | null; employee_name: string | null };
const ContainerRef = builder.objectRef<ContainerView>('Container').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    container_name: t.exposeString('container_name'),
    hq: t.exposeBoolean('hq'),
    status: t.exposeInt('status'),
    jobs_id: t.exposeInt('jobs_id', { nullable: true }),
    employees_id: t.exposeInt('employees_id', { nullable: true }),
    job_label: t.exposeString('job_label', { nullable: true }),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    tool_count: t.exposeInt('tool_count'),
  }),
});

const ReservationRef = builder.objectRef<ReservationRow & { overdue: boolean }>('Reservation').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    tools_id: t.exposeInt('tools_id'),
    tool_name: t.exposeString('tool_name', { nullable: true }),
    tool_number: t.exposeString('tool_number', { nullable: true }),
    start_date: t.exposeString('start_date'),
    end_date: t.exposeString('end_date'),
    status: t.exposeInt('status'),
    is_completed: t.exposeBoolean('is_completed'),
    employees_id: t.exposeInt('employees_id', { nullable: true }),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    jobs_id: t.exposeInt('jobs_id', { nullable: true }),
    job_label: t.exposeString('job_label', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    checked_out_on: t.exposeString('checked_out_on', { nullable: true }),
    checked_in_on: t.exposeString('checked_in_on', { nullable: true }),
    overdue: t.exposeBoolean('overdue', { description: 'Active and past its end date.' }),
  }),
});

// --- Helpers ----------------------------------------------------------------------------------------

const mayAdmin = (g: Gated) => accessTo(g.member.permissions, 'tools', 'write', g.member.off) === 'all';
const today = () => isoDay(new Date());
const withOverdue = (rows: ReservationRow[]) => {
  const now = today();
  return rows.map((r) => ({ ...r, overdue: r.status === 1 && !r.is_completed && r.end_date < now }));
};

const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
function dec<T>(token: string, ok: (v: unknown) => v is T): T {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (ok(v)) return v;
  } catch {
    // not ours
  }
  throw new AppError('VALIDATION', 'Invalid nextToken.');
}
const checkLimit = (limit: number) => {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new AppError('VALIDATION', `limit must be between 1 and ${MAX_LIMIT}.`);
};
const checkIds = (ids: readonly number[]) => {
  if (ids.length === 0) throw new AppError('VALIDATION', 'At least one tool is required.');
  if (ids.length > TOOL_LIMITS.maxIds) throw new AppError('VALIDATION', `Too many tools: at most ${TOOL_LIMITS.maxIds} in one call.`);
};
const cleanNote = (note: string | null | undefined) => {
  const n = note?.trim() || null;
  if (n && n.length > TOOL_LIMITS.note)
    throw new AppError('VALIDATION', `You must enter a maximum of ${TOOL_LIMITS.note} characters`, { field: 'note' });
  return n;
};

async function withPhotos(g: Gated, rows: ToolRow[], info?: GraphQLResolveInfo, underItems = false): Promise<ToolView[]> {
  // Photos cost a query per page: only when the request selected them.
  const fields = info ? selectedColumns(info, underItems) : null;
  if (fields && !fields.has('photos')) return rows;
  const photos = await filesOf(
    g.tx,
    g.member.tenantUuid,
    TOOLS_SOURCE,
    rows.map((r) => r.uuid),
  );
  return rows.map((r) => ({ ...r, photos: photos.get(r.uuid) ?? [] }));
}

// --- Queries ----------------------------------------------------------------------------------------

tenantQuery(
  'searchTools',
  { area: 'tools', action: 'read' },
  {
    type: ToolConnectionRef,
    description: "The company's tools by name, filtered by text (name, number, serial), container, category and status (absent: active).",
    args: (t) => ({
      search: t.string({ required: false }),
      container_id: t.int({ required: false }),
      category: t.string({ required: false }),
      status: t.int({ required: false }),
      limit: t.int({ required: false }),
      nextToken: t.string({ required: false }),
    }),
    resolve: async (args, g, info) => {
      const limit = args.limit ?? 50;
      checkLimit(limit);
      const after = args.nextToken
        ? dec(args.nextToken, (v): v is [string, number] => Array.isArray(v) && typeof v[0] === 'string' && Number.isInteger(v[1]))
        : null;
      const { items, more, last } = await searchToolRows(g.tx, g.member.tenantUuid, {
        ...args,
        limit,
        after: after ? { name: after[0], id: after[1] } : null,
        fields: selectedColumns(info, true),
      });
      return { items: await withPhotos(g, items, info, true), nextToken: more && last ? enc([last.name, last.id]) : null };
    },
  },
);

tenantQuery(
  'getTool',
  { area: 'tools', action: 'read' },
  {
    type: ToolRef,
    nullable: true,
    description: 'One tool by id or by its tool number (a scanned label or a typed number); null when not the company’s.',
    args: (t) => ({ id: t.int({ required: false }), tool_number: t.string({ required: false }) }),
    resolve: async (args, g) => {
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
    },
  },
);

tenantQuery(
  'toolCategories',
  { area: 'tools', action: 'read' },
  {
    type: ['String'],
    description: 'The categories in use, for the filter.',
    resolve: async (_a, g) => {
      const rows = await g.tx
        .selectDistinct({ category: tools.category })
        .from(tools)
        .where(and(eq(tools.tenant_uuid, g.member.tenantUuid), sql`${tools.category} is not null`))
        .orderBy(tools.category);
      return rows.map((r) => r.category as string);
    },
  },
);

tenantQuery(
  'toolLog',
  { area: 'tools', action: 'read' },
  {
    type: ToolLogPageRef,
    description: "A tool's moves (or the company's, without tools_id), newest first.",
    args: (t) => ({ tools_id: t.int({ required: false }), limit: t.int({ required: false }), nextToken: t.string({ required: false }) }),
    resolve: async (args, g) => {
      const limit = args.limit ?? 50;
      checkLimit(limit);
      const before = args.nextToken ? dec(args.nextToken, (v): v is number => Number.isInteger(v)) : null;
      const rows = await logRows(g.tx, g.member.tenantUuid, args.tools_id ?? null, limit + 1, before);
      const more = rows.length > limit;
      const items = more ? rows.slice(0, limit) : rows;
      return { items, nextToken: more ? enc(items[items.length - 1].id) : null };
    },
  },
);

tenantQuery(
  'toolContainers',
  { area: 'tools', action: 'read' },
  {
    type: [ContainerRef],
    description: "The company's containers (HQ first) with how many active tools each holds; archived ones with status 0.",
    args: (t) => ({ status: t.int({ required: false }) }),
    resolve: async (args, g) => {
      const tenant = g.member.tenantUuid;
      await createHqContainer(g.tx, tenant);
      const active = (args.status ?? 1) === 1;
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
    },
  },
);

tenantQuery(
  'toolReservations',
  { area: 'tools', action: 'read' },
  {
    type: [ReservationRef],
    description: "Reservations of one tool, or the company's active ones (overdue first in time); overdue ones flagged.",
    args: (t) => ({ tools_id: t.int({ required: false }), overdue_only: t.boolean({ required: false }) }),
    resolve: async (args, g) => {
      const now = today();
      const where = args.overdue_only
        ? overdueWhere(now)
        : args.tools_id != null
          ? eq(reservations.tools_id, args.tools_id)
          : and(eq(reservations.status, 1), eq(reservations.is_completed, false));
      return withOverdue(await reservationRows(g.tx, g.member.tenantUuid, where, 500));
    },
  },
);

tenantQuery(
  'toolLabelSheet',
  { area: 'tools', action: 'read' },
  {
    type: 'String',
    description: 'The printable sheet of QR labels (PDF, base64) for the given tools (absent: every active tool) and containers.',
    args: (t) => ({
      tool_ids: t.intList({ required: false }),
      container_ids: t.intList({ required: false }),
      lang: t.string({ required: false }),
    }),
    resolve: async (args, g) => {
      const tenant = g.member.tenantUuid;
      if ((args.tool_ids?.length ?? 0) > 2000) throw new AppError('VALIDATION', 'Too many labels: at most 2000 in one sheet.');
      const ts = await g.tx
        .select({ id: tools.id, number: tools.tool_number, name: tools.name })
        .from(tools)
        .where(
          and(
            eq(tools.tenant_uuid, tenant),
            args.tool_ids ? inArray(tools.id, args.tool_ids.length ? args.tool_ids : [-1]) : eq(tools.status, 1),
          ),
        )
        .orderBy(tools.tool_number)
        .limit(2000);
      const cs = args.container_ids?.length
        ? await g.tx
            .select({ id: containers.id, name: containers.container_name })
            .from(containers)
            .where(and(eq(containers.tenant_uuid, tenant), inArray(containers.id, args.container_ids)))
        : [];
      const [company] = await g.tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
      const pdf = await renderLabelSheet(
        company?.company ?? '',
        [
          ...ts.map((t) => ({ kind: 'tool' as const, number: t.number, name: t.name, id: t.id })),
          ...cs.map((c) => ({ kind: 'container' as const, number: c.name, name: '', id: c.id })),
        ],
        args.lang === 'es' ? 'es' : 'en',
      );
      return pdf.toString('base64');
    },
  },
);

// --- Mutations --------------------------------------------------------------------------------------

tenantMutation(
  'moveTools',
  { area: 'tools', action: 'read' },
  {
    type: [ToolRef],
    description:
      "Moves tools to a container with an optional note; each move appends to the tool's log and sets last_log in " +
      'the same transaction. tool20_admin moves anything; tool20_basic only into a container assigned to them (their truck).',
    args: (t) => ({ ids: t.intList({ required: true }), container_id: t.int({ required: true }), note: t.string({ required: false }) }),
    resolve: async (args, g) => {
      checkIds(args.ids);
      const target = await activeContainer(g.tx, g.member.tenantUuid, args.container_id);
      if (!mayAdmin(g) && target.employees_id !== g.member.employeeId) throw forbidden();
      const ids = await moveToolsTo(g.tx, g.member, args.ids, target, cleanNote(args.note));
      return withPhotos(g, await toolsByIds(g.tx, g.member.tenantUuid, ids));
    },
  },
);

tenantMutation(
  'archiveContainer',
  { area: 'tools', action: 'write' },
  {
    type: 'Int',
    description:
      'Archives (deletes, spec §4) a container: its tools move to HQ with a log note of who moved them and when. Answers how many moved.',
    args: (t) => ({ id: t.int({ required: true }) }),
    resolve: async ({ id }, g) => {
      const [{ n }] = await g.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(tools)
        .where(and(eq(tools.tenant_uuid, g.member.tenantUuid), eq(tools.container_id, id)));
      await archiveContainers(g.tx, g.member, [id]);
      return n;
    },
  },
);

tenantMutation(
  'restoreContainer',
  { area: 'tools', action: 'write' },
  {
    type: 'Boolean',
    description:
      'Brings an archived container back, empty (its tools moved to HQ when it was archived); tool20_admin. ' +
      'The generic updateContainers does not see archived containers (spec §4 archive pattern).',
    args: (t) => ({ id: t.int({ required: true }) }),
    resolve: async ({ id }, g) => {
      const rows = await g.tx
        .update(containers)
        .set({ status: 1 })
        .where(and(eq(containers.tenant_uuid, g.member.tenantUuid), eq(containers.id, id), sql`${containers.status} <> 1`))
        .returning({ id: containers.id });
      if (!rows.length) throw notFound();
      return true;
    },
  },
);

tenantMutation(
  'reserveTools',
  { area: 'tools', action: 'write' },
  {
    type: [ReservationRef],
    description:
      'Reserves tools (a kit) for a person and/or a job from start_date to end_date, both days included. All or nothing: ' +
      'a tool already reserved on any of those days refuses the call, naming the conflict; adjacent days are fine.',
    args: (t) => ({
      tool_ids: t.intList({ required: true }),
      start_date: t.string({ required: true }),
      end_date: t.string({ required: true }),
      employees_id: t.int({ required: false }),
      jobs_id: t.int({ required: false }),
      note: t.string({ required: false }),
    }),
    resolve: async (args, g) => {
      checkIds(args.tool_ids);
      const tenant = g.member.tenantUuid;
      if (!isToolDate(args.start_date)) throw new AppError('VALIDATION', TOOL_MESSAGES.invalidDate, { field: 'start_date' });
      if (!isToolDate(args.end_date)) throw new AppError('VALIDATION', TOOL_MESSAGES.invalidDate, { field: 'end_date' });
      if (args.end_date < args.start_date) throw new AppError('VALIDATION', TOOL_MESSAGES.endBeforeStart, { field: 'end_date' });
      if (args.employees_id == null && args.jobs_id == null) throw new AppError('VALIDATION', TOOL_MESSAGES.holder, { field: 'jobs_id' });
      if (args.employees_id != null) {
        const [p] = await g.tx
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, args.employees_id)));
        if (!p) throw new AppError('VALIDATION', TOOL_MESSAGES.person, { field: 'employees_id' });
      }
      if (args.jobs_id != null) {
        const [j] = await g.tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.id, args.jobs_id), sql`${jobs.status} <> 0`));
        if (!j) throw new AppError('VALIDATION', TOOL_MESSAGES.job, { field: 'jobs_id' });
      }
      const ids = [...new Set(args.tool_ids)];
      const found = await g.tx
        .select({ id: tools.id })
        .from(tools)
        .where(and(eq(tools.tenant_uuid, tenant), inArray(tools.id, ids), eq(tools.status, 1)));
      if (found.length !== ids.length) throw new AppError('NOT_FOUND', TOOL_MESSAGES.tool);
      await checkNoOverlap(
        g.tx,
        tenant,
        ids.map((tools_id) => ({ tools_id, start_date: args.start_date, end_date: args.end_date })),
      );
      const rows = await g.tx
        .insert(reservations)
        .values(
          ids.map((tools_id) => ({
            tenant_uuid: tenant,
            tools_id,
            start_date: args.start_date,
            end_date: args.end_date,
            status: RESERVATION_DEFAULT_STATUS,
            employees_id: args.employees_id ?? null,
            jobs_id: args.jobs_id ?? null,
            note: cleanNote(args.note),
            created_by: g.member.employeeId,
          })),
        )
        .returning({ id: reservations.id });
      return withOverdue(
        await reservationRows(
          g.tx,
          tenant,
          inArray(
            reservations.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    },
  },
);

function reservationStep(name: string, step: 'out' | 'in', description: string) {
  tenantMutation(
    name,
    { area: 'tools', action: 'write' },
    {
      type: ReservationRef,
      description,
      args: (t) => ({ id: t.int({ required: true }) }),
      resolve: async ({ id }, g) => {
        const tenant = g.member.tenantUuid;
        const [r] = await g.tx
          .select()
          .from(reservations)
          .where(and(eq(reservations.tenant_uuid, tenant), eq(reservations.id, id)))
          .for('update');
        if (!r) throw notFound('Reservation not found.');
        if (r.is_completed || r.status !== 1) throw new AppError('VALIDATION', TOOL_MESSAGES.completed);
        const now = new Date().toISOString();
        await g.tx
          .update(reservations)
          .set(
            step === 'out'
              ? { checked_out_on: now, updated_on: sql`now()` }
              : { checked_in_on: now, is_completed: true, updated_on: sql`now()` },
          )
          .where(and(eq(reservations.tenant_uuid, tenant), eq(reservations.id, id)));
        const [view] = withOverdue(await reservationRows(g.tx, tenant, eq(reservations.id, id)));
        return view;
      },
    },
  );
}
reservationStep('checkOutReservation', 'out', 'Marks a reservation picked up (checked_out_on).');
reservationStep('checkInReservation', 'in', 'Marks a reservation returned: checked_in_on, and it is completed (archived, spec §4).');

tenantMutation(
  'setToolPhotos',
  { area: 'tools', action: 'write' },
  {
    type: ToolRef,
    description: "A tool's photos, all of them (uploaded through the files service); photos left out are detached.",
    args: (t) => ({ id: t.int({ required: true }), file_uuids: t.idList({ required: true }) }),
    resolve: async ({ id, file_uuids }, g) => {
      const [row] = await toolsByIds(g.tx, g.member.tenantUuid, [id]);
      if (!row) throw notFound(TOOL_MESSAGES.tool);
      await attachFiles(g.tx, g.member, TOOLS_SOURCE, row.uuid, file_uuids.map(String));
      return (await withPhotos(g, [row]))[0];
    },
  },
);

tenantMutation(
  'addTool',
  { area: 'tools', action: 'write' },
  {
    type: ToolRef,
    description: 'Adds a tool to the HQ container with the next free tool number (T-0001…); admins only.',
    args: (t) => ({
      name: t.string({ required: true }),
      category: t.string({ required: false }),
      make: t.string({ required: false }),
      model: t.string({ required: false }),
      serial: t.string({ required: false }),
      description: t.string({ required: false }),
    }),
    resolve: async (args, g) => {
      const parsed = toolRecordSchema.safeParse(args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('VALIDATION', issue.message, { field: issue.path.join('.') });
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
    },
  },
);
