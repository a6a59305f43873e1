import { atField, atRecord, msg } from '@groundwork/core/messages';
import {
  bundleItemRecordSchema,
  itemRecordSchema,
  itemTreeRecordSchema,
  ORDERING_LIMITS,
  orderRecordSchema,
  vendorRecordSchema,
} from '@groundwork/core/ordering';
import { accessTo } from '@groundwork/core/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../graphql/errors.js';
import { tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { checkLimit, decodeToken, encodeToken, extendRows, isTextIdKey, textIdPage } from '../../graphql/paging.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import { recordTopic } from '../../platform/realtime.js';
import { registerFileSource } from '../files/files.service.js';
import { bulkCreateItems, bundleItemRule, bundlePartsOf, itemNameRule, searchItemRows, treeLoopRule } from './ordering.catalogue.js';
import { sendEmail } from './ordering.mail.js';
import { ORDERS_SOURCE, orderById, orderLookups, orderRecordRule, ownOnly, searchOrderRows, withPdf } from './ordering.service.js';
import { bundleItems, itemClasses, items, itemTypes, orders, vendors } from './ordering.table.js';
import {
  BulkItemInput,
  BundlePartRef,
  ItemConnectionRef,
  ItemRef,
  OrderConnectionRef,
  OrderFormInput,
  OrderLookupsRef,
  OrderRef,
  SaveOrderResultRef,
} from './ordering.types.js';
import { duplicateOrder, resendOrder, saveOrder, setOrdersStatus } from './ordering.writes.js';

/**
 * Buying materials (issue 17). The catalogue (/modules/inventory: item types and classes, items, bundles) and
 * vendors are kept by ordering admins and read by whoever orders; purchase orders (/modules/ordering) are seen and
 * added by ordering_basic for themselves only (spec §6, employees_id), by ordering_admin and admin_access for all.
 */

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
    beforeWrite: treeLoopRule(table),
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
  beforeWrite: itemNameRule,
});

defineRecordOperations({
  name: 'BundleItems',
  typeName: 'BundleItemRecord',
  table: bundleItems,
  area: 'catalogue',
  orderBy: () => [sql`${bundleItems.bundle_items_id}`],
  validate: bundleItemRecordSchema,
  beforeWrite: bundleItemRule,
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
  beforeWrite: orderRecordRule,
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
    resolve: (args, g, info) =>
      textIdPage(args, 'item', (limit, after) => {
        if (args.search && args.search.length > ORDERING_LIMITS.name) throw new AppError('VALIDATION', msg('common.searchTooLong'));
        return searchItemRows(g.tx, g.member.tenantUuid, { ...args, limit, after, fields: selectedColumns(info, true) });
      }),
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
          throw new AppError('VALIDATION', atRecord(i, atField('unit_cost_cents', msg('ordering.cost'))), { index: i });
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
      if (args.search && args.search.length > ORDERING_LIMITS.name) throw new AppError('VALIDATION', msg('common.searchTooLong'));
      const after = args.nextToken ? decodeToken(args.nextToken, isTextIdKey) : null;
      const asked = selectedColumns(info, true);
      // The insurance flag is worked out from the vendor's expiry date.
      const fields = asked?.has('vendor_insurance_lapsed') ? new Set([...asked, 'vendor_insurance_expires']) : asked;
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
      const items = !fields || fields.has('pdf_uuid') ? await withPdf(g, rows) : extendRows(rows, () => ({ pdf_uuid: null }));
      return { items, nextToken: more && last ? encodeToken([last.order_date, last.id]) : null };
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
    resolve: (args, g) => saveOrder(args, g),
  },
);

tenantMutation(
  'resendOrder',
  { area: 'ordering', action: 'create' },
  {
    type: SaveOrderResultRef,
    description: 'Sends an order again (a new PDF of it as it is now), optionally to other recipients.',
    args: (t) => ({ id: t.int({ required: true }), to_emails: t.string({ required: false }), cc_email: t.string({ required: false }) }),
    resolve: (args, g) => resendOrder(args, g),
  },
);

tenantMutation(
  'duplicateOrder',
  { area: 'ordering', action: 'create' },
  {
    type: OrderRef,
    description: 'A new, unsent order with the same job, vendor, recipients and lines, dated today; the caller owns it.',
    args: (t) => ({ id: t.int({ required: true }) }),
    resolve: (args, g) => duplicateOrder(args, g),
  },
);

tenantMutation(
  'setOrdersStatus',
  { area: 'ordering', action: 'create' },
  {
    type: [OrderRef],
    description: 'Spec §4: archives (status 0) or unarchives (status 1) orders; ordering_basic only their own.',
    args: (t) => ({ ids: t.intList({ required: true }), status: t.int({ required: true }) }),
    resolve: (args, g) => setOrdersStatus(args, g),
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
    resolve: (args, g) => sendEmail(args, g),
  },
);

// --- The order form's pick lists, in one round trip -------------------------------------------------------

tenantQuery(
  'orderLookups',
  { area: 'ordering', action: 'read' },
  {
    type: OrderLookupsRef,
    description: "The company's active jobs (abbreviation · name) and cost codes, for the order form; whoever may order reads them.",
    resolve: (_args, g) => orderLookups(g.tx, g.member.tenantUuid),
  },
);

// --- A bundle's parts with their names --------------------------------------------------------------------

tenantQuery(
  'bundleParts',
  { area: 'catalogue', action: 'read' },
  {
    type: [BundlePartRef],
    description: "The active items a bundle is made of, with each one's name and quantity.",
    args: (t) => ({ bundle_items_id: t.int({ required: true }) }),
    resolve: (args, g) => bundlePartsOf(g.tx, g.member.tenantUuid, args.bundle_items_id),
  },
);
