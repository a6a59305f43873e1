import { msg } from '@groundwork/core/messages';
import { containerRecordSchema, reservationRecordSchema, toolRecordSchema } from '@groundwork/core/tools';
import { sql } from 'drizzle-orm';
import { forbidden, notFound } from '../../graphql/errors.js';
import { tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { checkLimit, decodeToken, encodeToken, textIdPage } from '../../graphql/paging.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import { attachFiles } from '../files/files.service.js';
import { archiveContainer, containerRule, containersWithCounts, restoreContainer, toolCategories } from './tools.containers.js';
import { labelSheet } from './tools.labels.js';
import { reservationRule, reserveTools, stepReservation, toolReservations } from './tools.reservations.js';
import { addTool, checkIds, cleanNote, mayAdmin, toolByIdOrNumber, toolRule, withPhotos } from './tools.rules.js';
import { activeContainer, logRows, moveToolsTo, searchToolRows, TOOLS_SOURCE, toolsByIds } from './tools.service.js';
import { containers, reservations, tools } from './tools.table.js';
import { ContainerRef, ReservationRef, ToolConnectionRef, ToolLogPageRef, ToolRef } from './tools.types.js';

/**
 * Tools (spec §2 /modules/tool20): tool20_basic sees and scans (and moves tools into a container assigned to
 * them: their truck); tool20_admin (and admin_access) creates, edits, moves, archives and manages containers.
 */

// --- Generic record operations (spec §7): Tools, Containers, Reservations -----------------------------

defineRecordOperations({
  name: 'Tools',
  typeName: 'ToolRecord',
  table: tools,
  area: 'tools',
  orderBy: () => [sql`${tools.name}`],
  // Where a tool is changes only by a move, which writes the log (moveTools).
  readOnly: ['container_id', 'last_log', 'created_by', 'uuid'],
  validate: toolRecordSchema,
  beforeWrite: toolRule,
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
  beforeWrite: containerRule,
});

defineRecordOperations({
  name: 'Reservations',
  typeName: 'ReservationRecord',
  table: reservations,
  area: 'tools',
  orderBy: () => [sql`${reservations.start_date}`],
  readOnly: ['created_by'],
  validate: reservationRecordSchema,
  beforeWrite: reservationRule,
});

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
      const page = await textIdPage(args, 'name', (limit, after) =>
        searchToolRows(g.tx, g.member.tenantUuid, { ...args, limit, after, fields: selectedColumns(info, true) }),
      );
      return { ...page, items: await withPhotos(g, page.items, info, true) };
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
    resolve: async (args, g) => toolByIdOrNumber(g, args),
  },
);

tenantQuery(
  'toolCategories',
  { area: 'tools', action: 'read' },
  {
    type: ['String'],
    description: 'The categories in use, for the filter.',
    resolve: async (_a, g) => toolCategories(g),
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
      const before = args.nextToken ? decodeToken(args.nextToken, (v): v is number => Number.isInteger(v)) : null;
      const rows = await logRows(g.tx, g.member.tenantUuid, args.tools_id ?? null, limit + 1, before);
      const more = rows.length > limit;
      const items = more ? rows.slice(0, limit) : rows;
      return { items, nextToken: more ? encodeToken(items[items.length - 1].id) : null };
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
    resolve: async (args, g) => containersWithCounts(g, args.status),
  },
);

tenantQuery(
  'toolReservations',
  { area: 'tools', action: 'read' },
  {
    type: [ReservationRef],
    description: "Reservations of one tool, or the company's active ones (overdue first in time); overdue ones flagged.",
    args: (t) => ({ tools_id: t.int({ required: false }), overdue_only: t.boolean({ required: false }) }),
    resolve: async (args, g) => toolReservations(args, g),
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
    resolve: async (args, g) => (await labelSheet(g, args)).toString('base64'),
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
    resolve: async ({ id }, g) => archiveContainer(g, id),
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
    resolve: async ({ id }, g) => restoreContainer(g, id),
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
    resolve: async (args, g) => reserveTools(args, g),
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
      resolve: async ({ id }, g) => stepReservation(g, id, step),
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
      if (!row) throw notFound(msg('tools.tool'));
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
    resolve: async (args, g) => addTool(args, g),
  },
);
