import {
  bundleItemRecordSchema,
  insuranceLapsed,
  itemKey,
  itemRecordSchema,
  itemTreeRecordSchema,
  joinRecipients,
  ORDER_STATUS,
  ORDERING_LIMITS,
  ORDERING_MESSAGES,
  type OrderForm,
  type OrderLine,
  orderFormSchema,
  orderRecordSchema,
  orderSendSchema,
  orderTotalCents,
  parseRecipients,
  vendorRecordSchema,
} from '@groundwork/core/ordering';
import { isoDay } from '@groundwork/core/pay-periods';
import { accessTo } from '@groundwork/core/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden } from '../../graphql/errors.js';
import { type Gated, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import { recordTopic } from '../../platform/realtime.js';
import { mayReadFile, registerFileSource } from '../files/files.service.js';
import { files } from '../files/files.table.js';
import { tenants } from '../tenants/tenants.table.js';
import {
  bulkCreateItems,
  existingNames,
  type ItemRow,
  nextPoNumber,
  ORDERS_SOURCE,
  type OrderRow,
  orderById,
  orderForWrite,
  poMail,
  poParts,
  prepareLines,
  renderPoPdf,
  searchItemRows,
  searchOrderRows,
  senderName,
  storePoPdf,
} from './ordering.service.js';
import { bundleItems, itemClasses, items, itemTypes, orders, vendors } from './ordering.table.js';

/**
 * Buying materials (issue 17). The catalogue (/modules/inventory: item types and classes, items, bundles) and
 * vendors are kept by ordering admins and read by whoever orders; purchase orders (/modules/ordering) are seen and
 * added by ordering_basic for themselves only (spec §6, employees_id), by ordering_admin and admin_access for all.
 */

const MAX_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const checkLimit = (limit: number) => {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new AppError('VALIDATION', `limit must be between 1 and ${MAX_LIMIT}.`);
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
const keyOf = (v: unknown): v is [string, number] => Array.isArray(v) && typeof v[0] === 'string' && Number.isInteger(v[1]);

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.');
  throw new AppError('VALIDATION', `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`, { field });
}

// --- Generic record operations (spec §7: Items, Itemtypes, Itemclasses, BundleItems, Orders, Vendors) ----

/** A type or class may not be its own parent, nor its own ancestor. */
function treeModel(name: 'Itemtypes' | 'Itemclasses', table: typeof itemTypes | typeof itemClasses, typeName: string) {
  defineRecordOperations({
    name,
    typeName,
    table,
    area: 'catalogue',
    orderBy: () => [sql`${table.partclass}`],
    validate: itemTreeRecordSchema,
    softDelete: { column: 'status', value: 0 },
    async beforeWrite(tx, member, action, changes) {
      if (action === 'delete') return;
      for (const c of changes) {
        const parent = c.patch?.parent_id as number | null | undefined;
        if (parent == null || c.id === null) continue;
        // Walk up from the new parent: meeting the record itself would close a loop.
        const result = (await tx.execute(sql`
          with recursive up(id, parent_id) as (
            select id, parent_id from ${table} where tenant_uuid = ${member.tenantUuid} and id = ${parent}
            union all
            select t.id, t.parent_id from ${table} t join up on t.tenant_uuid = ${member.tenantUuid} and t.id = up.parent_id
          ) cycle id set looped using path
          select 1 from up where id = ${c.id} limit 1`)) as unknown as { rows: unknown[] };
        if (result.rows.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.parentSelf, { field: 'parent_id' });
      }
    },
  });
}
treeModel('Itemtypes', itemTypes, 'ItemtypeRecord');
treeModel('Itemclasses', itemClasses, 'ItemclassRecord');

defineRecordOperations({
  name: 'Items',
  typeName: 'ItemRecord',
  table: items,
  area: 'catalogue',
  orderBy: () => [sql`${items.item}`],
  readOnly: ['uuid', 'is_bundle'],
  validate: itemRecordSchema,
  softDelete: { column: 'status', value: 0 },
  // Spec §5: a name the catalogue has, or one repeated in the batch, refuses the whole batch.
  async beforeWrite(tx, member, action, changes) {
    if (action === 'delete') return;
    const named = changes.flatMap((c) => (typeof c.patch?.item === 'string' ? [{ id: c.id, item: (c.patch.item as string).trim() }] : []));
    const seen = new Map<string, string>();
    const within: string[] = [];
    for (const n of named) {
      const key = itemKey(n.item);
      if (seen.has(key)) within.push(seen.get(key) as string);
      else seen.set(key, n.item);
    }
    if (within.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.duplicateInBatch([...new Set(within)]), { field: 'item' });
    const taken = await existingNames(
      tx,
      member.tenantUuid,
      named.map((n) => n.item),
      named.flatMap((n) => (n.id === null ? [] : [n.id])),
    );
    if (taken.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.duplicateItems(taken), { field: 'item' });
    for (const c of changes) if (typeof c.patch?.item === 'string') c.patch.item = (c.patch.item as string).trim().replace(/\s+/g, ' ');
  },
});

defineRecordOperations({
  name: 'BundleItems',
  typeName: 'BundleItemRecord',
  table: bundleItems,
  area: 'catalogue',
  orderBy: () => [sql`${bundleItems.bundle_items_id}`],
  validate: bundleItemRecordSchema,
  async beforeWrite(tx, member, action, changes) {
    if (action === 'delete') return;
    const tenant = member.tenantUuid;
    const ids = changes.flatMap((c) => (c.id === null ? [] : [c.id]));
    const stored = ids.length
      ? await tx
          .select()
          .from(bundleItems)
          .where(and(eq(bundleItems.tenant_uuid, tenant), inArray(bundleItems.id, ids)))
      : [];
    // An id that is not the company's is left to the operation, which answers NOT_FOUND.
    const pairs = changes.flatMap((c) => {
      const before = stored.find((s) => s.id === c.id);
      if (c.id !== null && !before) return [];
      return [{ ...before, ...c.patch } as { bundle_items_id: number; items_id: number }];
    });
    if (!pairs.length) return;
    for (const p of pairs) {
      if (p.bundle_items_id === p.items_id) throw new AppError('VALIDATION', ORDERING_MESSAGES.bundleSelf, { field: 'items_id' });
    }
    const bundles = [...new Set(pairs.map((p) => p.bundle_items_id))];
    const parts = [...new Set(pairs.map((p) => p.items_id))];
    // No nesting: a part is never a bundle, a bundle is never a part of another.
    const [nested] = await tx
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.tenant_uuid, tenant), inArray(items.id, parts), eq(items.is_bundle, true)))
      .limit(1);
    const [inside] = await tx
      .select({ id: bundleItems.id })
      .from(bundleItems)
      .where(and(eq(bundleItems.tenant_uuid, tenant), inArray(bundleItems.items_id, bundles)))
      .limit(1);
    if (nested || inside) throw new AppError('VALIDATION', ORDERING_MESSAGES.bundleNested, { field: 'items_id' });
    await tx
      .update(items)
      .set({ is_bundle: true })
      .where(and(eq(items.tenant_uuid, tenant), inArray(items.id, bundles)));
  },
});

defineRecordOperations({
  name: 'Vendors',
  typeName: 'VendorRecord',
  table: vendors,
  area: 'vendors',
  orderBy: () => [sql`${vendors.name}`],
  validate: vendorRecordSchema,
  softDelete: { column: 'status', value: 0 },
});

const ORDER_SERVER_FIELDS = [
  'uuid',
  'po_number',
  'total_cents',
  'sent_on',
  'sent_by',
  'sent_to',
  'send_count',
  'pdf_name',
  'acknowledged_on',
];

defineRecordOperations({
  name: 'Orders',
  typeName: 'OrderRecord',
  table: orders,
  area: 'ordering',
  ownRecords: true,
  orderBy: () => [sql`${orders.order_date}`],
  readOnly: ORDER_SERVER_FIELDS,
  validate: orderRecordSchema,
  async beforeWrite(tx, member, action, changes) {
    if (action === 'delete') return;
    const tenant = member.tenantUuid;
    for (const c of changes) {
      if (!c.patch) continue;
      if (action === 'create') c.patch.po_number = await nextPoNumber(tx, tenant);
      if (Array.isArray(c.patch.lines)) {
        const lines = await prepareLines(tx, tenant, c.patch.lines as OrderLine[]);
        c.patch.lines = lines;
        c.patch.total_cents = orderTotalCents(lines);
      }
      for (const key of ['to_emails', 'cc_email'] as const) {
        if (typeof c.patch[key] === 'string') c.patch[key] = joinRecipients(parseRecipients(c.patch[key] as string).emails) || null;
      }
    }
  },
});

// --- Files: a PO's PDF is readable by whoever may read the order ----------------------------------------

registerFileSource(ORDERS_SOURCE, async (tx, member, uuids) => {
  const access = accessTo(member.permissions, 'ordering', 'read', member.off);
  if (!access) return new Set();
  const rows = await tx
    .select({ uuid: orders.uuid })
    .from(orders)
    .where(
      and(
        eq(orders.tenant_uuid, member.tenantUuid),
        inArray(orders.uuid, uuids),
        access === 'own' ? eq(orders.employees_id, member.employeeId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.uuid));
});

// --- Types ------------------------------------------------------------------------------------------

const ItemRef = builder.objectRef<ItemRow>('Item').implement({
  description: 'A catalogue item with its vendor, type and class names. Money is integer cents.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeID('uuid'),
    item: t.exposeString('item'),
    active: t.exposeString('active', { description: "'true' or 'false' (spec §3)." }),
    status: t.exposeInt('status'),
    acc_id: t.exposeString('acc_id', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    unit: t.exposeString('unit', { nullable: true }),
    unit_cost_cents: t.exposeInt('unit_cost_cents', { nullable: true }),
    vendor_id: t.exposeInt('vendor_id', { nullable: true }),
    vendor_name: t.exposeString('vendor_name', { nullable: true }),
    costcodes_id: t.exposeInt('costcodes_id', { nullable: true }),
    item_type_id: t.exposeInt('item_type_id', { nullable: true }),
    type_name: t.exposeString('type_name', { nullable: true }),
    item_class_id: t.exposeInt('item_class_id', { nullable: true }),
    class_name: t.exposeString('class_name', { nullable: true }),
    is_bundle: t.exposeBoolean('is_bundle'),
  }),
});

const ItemConnectionRef = builder.objectRef<{ items: ItemRow[]; nextToken: string | null }>('ItemConnection').implement({
  fields: (t) => ({
    items: t.field({ type: [ItemRef], resolve: (c) => c.items }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

type OrderView = OrderRow & { pdf_uuid: string | null };

const OrderRef = builder.objectRef<OrderView>('Order').implement({
  description: 'A purchase order with its job, vendor and author names; lines as kept (bundles expanded). Money is integer cents.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeID('uuid'),
    po_number: t.exposeInt('po_number'),
    order_date: t.exposeString('order_date'),
    deliver_date: t.exposeString('deliver_date', { nullable: true }),
    status: t.exposeInt('status', { description: '1 active; anything else archived.' }),
    to_emails: t.exposeString('to_emails', { nullable: true }),
    cc_email: t.exposeString('cc_email', { nullable: true }),
    jobs_id: t.exposeInt('jobs_id', { nullable: true }),
    job_label: t.exposeString('job_label', { nullable: true }),
    vendor_id: t.exposeInt('vendor_id', { nullable: true }),
    vendor_name: t.exposeString('vendor_name', { nullable: true }),
    vendor_insurance_lapsed: t.boolean({
      description: "The vendor's insurance expired before today.",
      resolve: (o) => insuranceLapsed(o.vendor_insurance_expires, isoDay(new Date())),
    }),
    employees_id: t.exposeInt('employees_id'),
    employee_name: t.exposeString('employee_name', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    delivery_address: t.exposeString('delivery_address', { nullable: true }),
    lines: t.field({ type: 'JSON', resolve: (o) => o.lines }),
    total_cents: t.exposeInt('total_cents'),
    sent_on: t.exposeString('sent_on', { nullable: true }),
    sent_to: t.exposeString('sent_to', { nullable: true }),
    send_count: t.exposeInt('send_count'),
    acknowledged_on: t.exposeString('acknowledged_on', { nullable: true }),
    pdf_uuid: t.exposeID('pdf_uuid', { nullable: true, description: "The PO's PDF as last sent: /api/files/<uuid>." }),
  }),
});

const OrderConnectionRef = builder.objectRef<{ items: OrderView[]; nextToken: string | null }>('OrderConnection').implement({
  fields: (t) => ({
    items: t.field({ type: [OrderRef], resolve: (c) => c.items }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const SaveOrderResultRef = builder.objectRef<{ order: OrderView; message: string; warning: string | null }>('SaveOrderResult').implement({
  fields: (t) => ({
    order: t.field({ type: OrderRef, resolve: (r) => r.order }),
    message: t.exposeString('message'),
    warning: t.exposeString('warning', { nullable: true, description: "Set when the vendor's insurance has lapsed." }),
  }),
});

const BulkItemInput = builder.inputType('BulkItemInput', {
  fields: (t) => ({
    item: t.string({ required: true }),
    unit: t.string({ required: false }),
    unit_cost_cents: t.int({ required: false }),
  }),
});

const OrderLineInput = builder.inputType('OrderLineInput', {
  fields: (t) => ({
    items_id: t.int({ required: false }),
    description: t.string({ required: false }),
    quantity: t.float({ required: true }),
    unit: t.string({ required: false }),
    unit_cost_cents: t.int({ required: false }),
    costcodes_id: t.int({ required: false }),
  }),
});

const OrderFormInput = builder.inputType('OrderFormInput', {
  fields: (t) => ({
    jobs_id: t.int({ required: true }),
    vendor_id: t.int({ required: true }),
    order_date: t.string({ required: true }),
    deliver_date: t.string({ required: false }),
    to_emails: t.string({ required: true }),
    cc_email: t.string({ required: false }),
    notes: t.string({ required: false }),
    delivery_address: t.string({ required: false }),
    lines: t.field({ type: [OrderLineInput], required: true }),
  }),
});

// --- Helpers ----------------------------------------------------------------------------------------

const ownOnly = (g: Gated) => g.access === 'own';

async function withPdf(g: Gated, rows: OrderRow[]): Promise<OrderView[]> {
  if (!rows.length) return [];
  const found = await g.tx
    .select({ source_uuid: files.source_uuid, uuid: files.uuid })
    .from(files)
    .where(
      and(
        eq(files.tenant_uuid, g.member.tenantUuid),
        eq(files.source_table, ORDERS_SOURCE),
        inArray(
          files.source_uuid,
          rows.map((r) => r.uuid),
        ),
        eq(files.status, 1),
      ),
    );
  const byOrder = new Map(found.map((f) => [f.source_uuid, f.uuid]));
  return rows.map((r) => ({ ...r, pdf_uuid: byOrder.get(r.uuid) ?? null }));
}

async function checkJobAndVendor(g: Gated, form: { jobs_id: number; vendor_id: number }) {
  const tenant = g.member.tenantUuid;
  const [vendor] = await g.tx
    .select({ name: vendors.name, insurance_expires: vendors.insurance_expires, status: vendors.status })
    .from(vendors)
    .where(and(eq(vendors.tenant_uuid, tenant), eq(vendors.id, form.vendor_id)));
  if (vendor?.status !== 1) throw new AppError('VALIDATION', ORDERING_MESSAGES.vendor, { field: 'vendor_id' });
  const job = (await g.tx.execute(
    sql`select 1 from jobs where tenant_uuid = ${tenant} and id = ${form.jobs_id} and status = 1`,
  )) as unknown as { rows: unknown[] };
  if (!job.rows.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.job, { field: 'jobs_id' });
  const today = isoDay(new Date());
  return insuranceLapsed(vendor.insurance_expires, today) && vendor.insurance_expires
    ? ORDERING_MESSAGES.insuranceLapsed(vendor.name, vendor.insurance_expires)
    : null;
}

/**
 * Renders the PO, stores it as the order's file and queues the e-mail to its recipients once the transaction
 * commits (the mail queue's worker delivers it; nothing waits for SMTP). Records who sent it, when and to whom.
 */
async function sendOrder(g: Gated, order: OrderRow): Promise<OrderRow> {
  const to = parseRecipients(order.to_emails);
  const cc = parseRecipients(order.cc_email);
  if (!to.emails.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.noRecipients, { field: 'to_emails' });
  if (order.status !== ORDER_STATUS.active) throw new AppError('VALIDATION', ORDERING_MESSAGES.archivedOrder);
  const now = new Date();
  const parts = await poParts(g.tx, g.ctx.config, g.member.tenantUuid, order, now);
  const pdf = await renderPoPdf(parts);
  const stored = await storePoPdf(g.tx, g.ctx.config, g.member, order, pdf);
  const sender = await senderName(g.tx, g.member);
  const mail = poMail(parts, sender.name);
  const sentTo = joinRecipients([...to.emails, ...cc.emails]);
  await g.tx
    .update(orders)
    .set({
      sent_on: sql`now()`,
      sent_by: g.member.employeeId,
      sent_to: sentTo,
      send_count: sql`${orders.send_count} + 1`,
      pdf_name: `${parts.order.po_number}.pdf`,
      updated_on: sql`now()`,
    })
    .where(and(eq(orders.tenant_uuid, g.member.tenantUuid), eq(orders.id, order.id)));
  const tenant = g.member.tenantUuid;
  g.afterCommit(() =>
    g.ctx.mailer.send({
      to: to.emails.join(', '),
      cc: cc.emails.join(', ') || null,
      replyTo: sender.email,
      subject: mail.subject,
      text: mail.text,
      attachments: [
        {
          tenant_uuid: tenant,
          object: stored.object,
          filename: `PO-${String(order.po_number).padStart(4, '0')}.pdf`,
          content_type: 'application/pdf',
        },
      ],
    }),
  );
  return (await orderById(g.tx, tenant, order.id)) as OrderRow;
}

function publishOrder(g: Gated, order: OrderRow, event: 'create' | 'update') {
  const topic = recordTopic('Orders', event, g.member.tenantUuid);
  g.afterCommit(() => g.ctx.realtime.publish(topic, { id: order.id, employees_id: order.employees_id }));
}

// --- Catalogue queries and mutations ---------------------------------------------------------------------

tenantQuery(
  'searchItems',
  { area: 'catalogue', action: 'read' },
  {
    type: ItemConnectionRef,
    description: 'The catalogue by name, filtered by text (name, accounting id, description), type, class, vendor, active.',
    args: (t) => ({
      search: t.string({ required: false }),
      item_type_id: t.int({ required: false }),
      item_class_id: t.int({ required: false }),
      vendor_id: t.int({ required: false }),
      active: t.boolean({ required: false }),
      limit: t.int({ required: false }),
      nextToken: t.string({ required: false }),
    }),
    resolve: async (args, g, info) => {
      const limit = args.limit ?? 50;
      checkLimit(limit);
      const after = args.nextToken ? dec(args.nextToken, keyOf) : null;
      if (args.search && args.search.length > ORDERING_LIMITS.name) throw new AppError('VALIDATION', 'Search is too long.');
      const {
        items: rows,
        more,
        last,
      } = await searchItemRows(g.tx, g.member.tenantUuid, {
        ...args,
        limit,
        after: after ? { item: after[0], id: after[1] } : null,
        fields: selectedColumns(info, true),
      });
      return { items: rows, nextToken: more && last ? enc([last.item, last.id]) : null };
    },
  },
);

tenantMutation(
  'bulkCreateItems',
  { area: 'catalogue', action: 'create' },
  {
    type: [ItemRef],
    description:
      "Spec §5 bulk item create: all or nothing; refuses names the catalogue has ('Duplicate items detected: …') or repeated in the batch ('Duplicate items within batch: …').",
    args: (t) => ({
      items: t({ type: [BulkItemInput], required: true }),
      item_type_id: t.int({ required: false }),
      item_class_id: t.int({ required: false }),
      vendor_id: t.int({ required: false }),
      costcodes_id: t.int({ required: false }),
    }),
    resolve: async (args, g) => {
      for (const [i, b] of args.items.entries()) {
        if (b.unit_cost_cents != null && (b.unit_cost_cents < 0 || b.unit_cost_cents > ORDERING_LIMITS.maxCents))
          throw new AppError('VALIDATION', `Record ${i + 1}: unit_cost_cents: ${ORDERING_MESSAGES.cost}`, { index: i });
      }
      const created = await bulkCreateItems(g.tx, g.member.tenantUuid, args.items, args);
      const topic = recordTopic('Items', 'create', g.member.tenantUuid);
      g.afterCommit(() => {
        for (const row of created) g.ctx.realtime.publish(topic, { id: row.id });
      });
      return created.map((r) => ({ ...r, vendor_name: null, type_name: null, class_name: null }));
    },
  },
);

// --- Orders ------------------------------------------------------------------------------------------------

tenantQuery(
  'searchOrders',
  { area: 'ordering', action: 'read' },
  {
    type: OrderConnectionRef,
    description: 'Purchase orders, newest first; ordering_basic sees only their own. Text matches the PO number, vendor, job and notes.',
    args: (t) => ({
      active: t.boolean({ required: false }),
      mine: t.boolean({ required: false }),
      jobs_id: t.int({ required: false }),
      vendor_id: t.int({ required: false }),
      search: t.string({ required: false }),
      limit: t.int({ required: false }),
      nextToken: t.string({ required: false }),
    }),
    resolve: async (args, g, info) => {
      const limit = args.limit ?? 50;
      checkLimit(limit);
      if (args.search && args.search.length > ORDERING_LIMITS.name) throw new AppError('VALIDATION', 'Search is too long.');
      const after = args.nextToken ? dec(args.nextToken, keyOf) : null;
      const fields = selectedColumns(info, true);
      // The insurance flag is worked out from the vendor's expiry date.
      if (fields?.has('vendor_insurance_lapsed')) fields.add('vendor_insurance_expires');
      const {
        items: rows,
        more,
        last,
      } = await searchOrderRows(g.tx, g.member.tenantUuid, {
        ...args,
        employees_id: ownOnly(g) || args.mine ? g.member.employeeId : null,
        limit,
        after: after ? { order_date: after[0], id: after[1] } : null,
        fields,
      });
      // The PDF costs a statement per page: only when asked for.
      const items = !fields || fields.has('pdf_uuid') ? await withPdf(g, rows) : rows.map((r) => ({ ...r, pdf_uuid: null }));
      return { items, nextToken: more && last ? enc([last.order_date, last.id]) : null };
    },
  },
);

tenantQuery(
  'getOrder',
  { area: 'ordering', action: 'read' },
  {
    type: OrderRef,
    nullable: true,
    args: (t) => ({ id: t.int({ required: true }) }),
    resolve: async (args, g) => {
      const order = await orderById(g.tx, g.member.tenantUuid, args.id);
      if (!order || (ownOnly(g) && order.employees_id !== g.member.employeeId)) return null;
      return (await withPdf(g, [order]))[0];
    },
  },
);

tenantMutation(
  'saveOrder',
  { area: 'ordering', action: 'create' },
  {
    type: SaveOrderResultRef,
    description:
      "Creates (no id) or changes an order from the order form; with send, renders the PO as a PDF and e-mails it ('Order added and email sent successfully.').",
    args: (t) => ({
      id: t.int({ required: false }),
      order: t({ type: OrderFormInput, required: true }),
      send: t.boolean({ required: false }),
    }),
    resolve: async (args, g) => {
      const form: OrderForm = parsed(args.send ? orderSendSchema : orderFormSchema, args.order);
      const warning = await checkJobAndVendor(g, form);
      const tenant = g.member.tenantUuid;
      const lines = await prepareLines(g.tx, tenant, form.lines as OrderLine[]);
      const values = {
        jobs_id: form.jobs_id,
        vendor_id: form.vendor_id,
        order_date: form.order_date,
        deliver_date: form.deliver_date ?? null,
        to_emails: joinRecipients(parseRecipients(form.to_emails).emails) || null,
        cc_email: joinRecipients(parseRecipients(form.cc_email).emails) || null,
        notes: form.notes?.trim() || null,
        delivery_address: form.delivery_address?.trim() || null,
        lines,
        total_cents: orderTotalCents(lines),
        updated_on: sql`now()`,
      };
      let order: OrderRow;
      if (args.id != null) {
        const before = await orderForWrite(g.tx, g.member, args.id, ownOnly(g));
        if (before.status !== ORDER_STATUS.active) throw new AppError('VALIDATION', ORDERING_MESSAGES.archivedOrder);
        await g.tx
          .update(orders)
          .set(values)
          .where(and(eq(orders.tenant_uuid, tenant), eq(orders.id, before.id)));
        order = (await orderById(g.tx, tenant, before.id)) as OrderRow;
        publishOrder(g, order, 'update');
      } else {
        const po_number = await nextPoNumber(g.tx, tenant);
        const [row] = await g.tx
          .insert(orders)
          .values({ ...values, tenant_uuid: tenant, po_number, employees_id: g.member.employeeId })
          .returning({ id: orders.id });
        order = (await orderById(g.tx, tenant, row.id)) as OrderRow;
        publishOrder(g, order, 'create');
      }
      if (args.send) order = await sendOrder(g, order);
      const message = args.send ? ORDERING_MESSAGES.sent : ORDERING_MESSAGES.saved;
      return { order: (await withPdf(g, [order]))[0], message, warning };
    },
  },
);

tenantMutation(
  'resendOrder',
  { area: 'ordering', action: 'create' },
  {
    type: SaveOrderResultRef,
    description: 'Sends an order again (a new PDF of it as it is now), optionally to other recipients.',
    args: (t) => ({ id: t.int({ required: true }), to_emails: t.string({ required: false }), cc_email: t.string({ required: false }) }),
    resolve: async (args, g) => {
      let order = await orderForWrite(g.tx, g.member, args.id, ownOnly(g));
      const patch: { to_emails?: string | null; cc_email?: string | null } = {};
      for (const key of ['to_emails', 'cc_email'] as const) {
        const given = args[key];
        if (given == null) continue;
        const { emails, invalid } = parseRecipients(given);
        if (invalid) throw new AppError('VALIDATION', ORDERING_MESSAGES.invalidEmail(invalid), { field: key });
        if (emails.length > ORDERING_LIMITS.recipients)
          throw new AppError('VALIDATION', ORDERING_MESSAGES.tooManyRecipients, { field: key });
        patch[key] = joinRecipients(emails) || null;
      }
      if (Object.keys(patch).length) {
        await g.tx
          .update(orders)
          .set(patch)
          .where(and(eq(orders.tenant_uuid, g.member.tenantUuid), eq(orders.id, order.id)));
        order = (await orderById(g.tx, g.member.tenantUuid, order.id)) as OrderRow;
      }
      order = await sendOrder(g, order);
      publishOrder(g, order, 'update');
      return { order: (await withPdf(g, [order]))[0], message: ORDERING_MESSAGES.resent, warning: null };
    },
  },
);

tenantMutation(
  'duplicateOrder',
  { area: 'ordering', action: 'create' },
  {
    type: OrderRef,
    description: 'A new, unsent order with the same job, vendor, recipients and lines, dated today; the caller owns it.',
    args: (t) => ({ id: t.int({ required: true }) }),
    resolve: async (args, g) => {
      const source = await orderForWrite(g.tx, g.member, args.id, ownOnly(g));
      const tenant = g.member.tenantUuid;
      const po_number = await nextPoNumber(g.tx, tenant);
      const lines = await prepareLines(g.tx, tenant, source.lines);
      const [row] = await g.tx
        .insert(orders)
        .values({
          tenant_uuid: tenant,
          po_number,
          order_date: isoDay(new Date()),
          jobs_id: source.jobs_id,
          vendor_id: source.vendor_id,
          to_emails: source.to_emails,
          cc_email: source.cc_email,
          notes: source.notes,
          delivery_address: source.delivery_address,
          lines,
          total_cents: orderTotalCents(lines),
          employees_id: g.member.employeeId,
        })
        .returning({ id: orders.id });
      const order = (await orderById(g.tx, tenant, row.id)) as OrderRow;
      publishOrder(g, order, 'create');
      return { ...order, pdf_uuid: null };
    },
  },
);

tenantMutation(
  'setOrdersStatus',
  { area: 'ordering', action: 'create' },
  {
    type: [OrderRef],
    description: 'Spec §4: archives (status 0) or unarchives (status 1) orders; ordering_basic only their own.',
    args: (t) => ({ ids: t.intList({ required: true }), status: t.int({ required: true }) }),
    resolve: async (args, g) => {
      if (args.status !== ORDER_STATUS.active && args.status !== ORDER_STATUS.archived)
        throw new AppError('VALIDATION', 'status must be 0 (archived) or 1 (active).', { field: 'status' });
      const ids = [...new Set(args.ids)];
      if (!ids.length) throw new AppError('VALIDATION', 'At least one order is required.');
      if (ids.length > ORDERING_LIMITS.bulk)
        throw new AppError('VALIDATION', `Too many orders: at most ${ORDERING_LIMITS.bulk} in one call.`);
      const tenant = g.member.tenantUuid;
      const changed = await g.tx
        .update(orders)
        .set({ status: args.status, updated_on: sql`now()` })
        .where(
          and(
            eq(orders.tenant_uuid, tenant),
            inArray(orders.id, ids),
            ownOnly(g) ? eq(orders.employees_id, g.member.employeeId) : undefined,
          ),
        )
        .returning({ id: orders.id });
      // All or nothing: an id that is not the caller's to change refuses the whole call.
      if (changed.length !== ids.length) throw new AppError('NOT_FOUND', 'Order not found.');
      const rows = (await Promise.all(ids.map((id) => orderById(g.tx, tenant, id)))) as OrderRow[];
      for (const r of rows) publishOrder(g, r, 'update');
      return withPdf(g, rows);
    },
  },
);

// --- sendEmail (spec §7) -------------------------------------------------------------------------------------

tenantMutation(
  'sendEmail',
  { area: 'self', action: 'read' },
  {
    type: 'Boolean',
    description:
      'Spec §7 sendEmail: queues one e-mail to `emails` with copies to `cc_emails` (split on semicolons), attaching files of the company the caller may read; for people who order or write daily reports.',
    args: (t) => ({
      emails: t.string({ required: true }),
      cc_emails: t.string({ required: false }),
      subject: t.string({ required: true }),
      message: t.string({ required: true }),
      attached_files: t.idList({ required: false }),
      sender: t.string({ required: false }),
      default_email_boilerplate: t.boolean({ required: false }),
    }),
    resolve: async (args, g) => {
      const held = g.member.permissions;
      const may =
        accessTo(held, 'ordering', 'create', g.member.off) !== null || accessTo(held, 'project_notes', 'read', g.member.off) !== null;
      if (!may) throw forbidden();
      const to = parseRecipients(args.emails);
      const cc = parseRecipients(args.cc_emails);
      const invalid = to.invalid ?? cc.invalid;
      if (invalid)
        throw new AppError('VALIDATION', ORDERING_MESSAGES.invalidEmail(invalid), { field: to.invalid ? 'emails' : 'cc_emails' });
      if (!to.emails.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.noRecipients, { field: 'emails' });
      if (to.emails.length + cc.emails.length > ORDERING_LIMITS.recipients)
        throw new AppError('VALIDATION', ORDERING_MESSAGES.tooManyRecipients, { field: 'emails' });
      const subject = args.subject.trim();
      if (!subject || subject.length > ORDERING_LIMITS.name)
        throw new AppError(
          'VALIDATION',
          subject ? `You must enter a maximum of ${ORDERING_LIMITS.name} characters` : ORDERING_MESSAGES.required,
          {
            field: 'subject',
          },
        );
      if (args.message.length > 20_000)
        throw new AppError('VALIDATION', 'You must enter a maximum of 20000 characters', { field: 'message' });
      const wanted = [...new Set((args.attached_files ?? []).map(String))];
      if (wanted.some((u) => !UUID.test(u)))
        throw new AppError('VALIDATION', 'One or more attached files cannot be found.', { field: 'attached_files' });
      if (wanted.length > 10) throw new AppError('VALIDATION', 'At most 10 attachments.', { field: 'attached_files' });
      const tenant = g.member.tenantUuid;
      const found = wanted.length
        ? await g.tx
            .select()
            .from(files)
            .where(and(eq(files.tenant_uuid, tenant), inArray(files.uuid, wanted)))
        : [];
      const readable: (typeof found)[number][] = [];
      for (const f of found) if (await mayReadFile(g.tx, g.member, f)) readable.push(f);
      if (readable.length !== wanted.length)
        throw new AppError('VALIDATION', 'One or more attached files cannot be found.', { field: 'attached_files' });
      const [company] = await g.tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
      const me = await senderName(g.tx, g.member);
      const signature = args.sender?.trim() || me.name || '';
      const boilerplate = args.default_email_boilerplate
        ? `\n\n—\nSent by ${signature || 'a member'} of ${company?.company ?? ''} with Groundwork. Reply to this e-mail to answer them.`
        : '';
      g.afterCommit(() =>
        g.ctx.mailer.send({
          to: to.emails.join(', '),
          cc: cc.emails.join(', ') || null,
          replyTo: me.email,
          subject,
          text: `${args.message}${boilerplate}`,
          attachments: readable.map((f) => ({
            tenant_uuid: tenant,
            object: f.server_filename,
            filename: f.original_name,
            content_type: f.mimetype,
          })),
        }),
      );
      return true;
    },
  },
);

// --- The order form's pick lists, in one round trip -------------------------------------------------------

type Choice = { id: number; label: string };
const ChoiceRef = builder.objectRef<Choice>('OrderChoice').implement({
  fields: (t) => ({ id: t.exposeInt('id'), label: t.exposeString('label') }),
});
const OrderLookupsRef = builder.objectRef<{ jobs: Choice[]; costcodes: Choice[] }>('OrderLookups').implement({
  fields: (t) => ({
    jobs: t.field({ type: [ChoiceRef], resolve: (l) => l.jobs }),
    costcodes: t.field({ type: [ChoiceRef], resolve: (l) => l.costcodes }),
  }),
});

tenantQuery(
  'orderLookups',
  { area: 'ordering', action: 'read' },
  {
    type: OrderLookupsRef,
    description: "The company's active jobs (abbreviation · name) and cost codes, for the order form; whoever may order reads them.",
    resolve: async (_args, g) => {
      const tenant = g.member.tenantUuid;
      const jobRows = (await g.tx.execute(sql`
        select id, concat_ws(' · ', nullif(job_abbr, ''), job) as label from jobs
        where tenant_uuid = ${tenant} and status = 1
        order by lower(coalesce(nullif(job_abbr, ''), job)), id limit 1000`)) as unknown as { rows: Choice[] };
      const codeRows = (await g.tx.execute(sql`
        select id, concat_ws(' ', costcode, description) as label from costcodes
        where tenant_uuid = ${tenant} and status = 1
        order by costcode, id limit 2000`)) as unknown as { rows: Choice[] };
      return { jobs: jobRows.rows, costcodes: codeRows.rows };
    },
  },
);

// --- A bundle's parts with their names --------------------------------------------------------------------

type BundlePartView = { id: number; items_id: number; item: string; unit: string | null; quantity: number };
const BundlePartRef = builder.objectRef<BundlePartView>('BundlePart').implement({
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The bundle item (BundleItems) record.' }),
    items_id: t.exposeInt('items_id'),
    item: t.exposeString('item'),
    unit: t.exposeString('unit', { nullable: true }),
    quantity: t.exposeFloat('quantity'),
  }),
});

tenantQuery(
  'bundleParts',
  { area: 'catalogue', action: 'read' },
  {
    type: [BundlePartRef],
    description: "The active items a bundle is made of, with each one's name and quantity.",
    args: (t) => ({ bundle_items_id: t.int({ required: true }) }),
    resolve: async (args, g) => {
      const rows = await g.tx
        .select({ id: bundleItems.id, items_id: bundleItems.items_id, item: items.item, unit: items.unit, quantity: bundleItems.quantity })
        .from(bundleItems)
        .innerJoin(items, and(eq(items.tenant_uuid, bundleItems.tenant_uuid), eq(items.id, bundleItems.items_id)))
        .where(
          and(
            eq(bundleItems.tenant_uuid, g.member.tenantUuid),
            eq(bundleItems.bundle_items_id, args.bundle_items_id),
            eq(bundleItems.status, 1),
          ),
        )
        .orderBy(bundleItems.id);
      return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
    },
  },
);
