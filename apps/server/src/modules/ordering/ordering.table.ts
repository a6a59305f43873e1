import type { OrderLine } from '@groundwork/core/ordering';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, recordUuid, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/** Spec §3 Item type and item class: a tree (`parent_id` another of the company's) named by `partclass`. */
const catalogueTree = (name: 'item_types' | 'item_classes') =>
  pgTable(
    name,
    {
      ...tenantKeyColumns(),
      partclass: text('partclass').notNull(),
      parent_id: integer('parent_id'),
      status: activeStatus(),
      ...auditColumns(),
    },
    (t) => [
      tenantPrimaryKey(t),
      tenantCascade(t),
      tenantRef(t, t.parent_id, t),
      index(`${name}_tenant_name_idx`).on(t.tenant_uuid, t.partclass, t.id),
    ],
  );

export const itemTypes = catalogueTree('item_types');
/** Item classes: the same shape as types, a second way to group the catalogue (e.g. by trade). */
export const itemClasses = catalogueTree('item_classes');

/** Spec §3 Vendor: who the company buys from; `is_supplier` marks material suppliers (others: subcontractors). */
export const vendors = pgTable(
  'vendors',
  {
    ...tenantKeyColumns(),
    name: text('name').notNull(),
    contact_name: text('contact_name'),
    emails: text('emails'),
    phone: text('phone'),
    address: text('address'),
    is_supplier: boolean('is_supplier').notNull().default(true),
    notes: text('notes'),
    insurance_expires: date('insurance_expires', { mode: 'string' }),
    status: activeStatus(),
    ...auditColumns(),
  },
  (t) => [tenantPrimaryKey(t), tenantCascade(t), index('vendors_tenant_name_idx').on(t.tenant_uuid, t.name, t.id)],
);

/**
 * Spec §3 Item: `item` (the name, unique per company case-insensitively, spec §5), `active` 'true'/'false' (spec's
 * text), status 1 active, `acc_id` (the accounting system's id), a default vendor, unit, unit cost and cost code.
 */
export const items = pgTable(
  'items',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    item: text('item').notNull(),
    active: text('active').notNull().default('true'),
    status: activeStatus(),
    acc_id: text('acc_id'),
    description: text('description'),
    unit: text('unit'),
    unit_cost_cents: integer('unit_cost_cents'),
    vendor_id: integer('vendor_id'),
    costcodes_id: integer('costcodes_id'),
    item_type_id: integer('item_type_id'),
    item_class_id: integer('item_class_id'),
    is_bundle: boolean('is_bundle').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.vendor_id, vendors),
    tenantRef(t, t.costcodes_id, costcodes),
    tenantRef(t, t.item_type_id, itemTypes),
    tenantRef(t, t.item_class_id, itemClasses),
    uniqueIndex('items_tenant_uuid_idx').on(t.tenant_uuid, t.uuid),
    // Spec §5: one name per company, compared case-insensitively; also the search's prefix index.
    uniqueIndex('items_tenant_key_idx').on(t.tenant_uuid, sql`lower(${t.item})`),
    index('items_tenant_name_idx').on(t.tenant_uuid, t.status, t.item, t.id),
    index('items_tenant_type_idx').on(t.tenant_uuid, t.item_type_id, t.item, t.id),
    check('items_active_check', sql`${t.active} in ('true', 'false')`),
    check('items_cost_check', sql`${t.unit_cost_cents} is null or ${t.unit_cost_cents} >= 0`),
  ],
);

/** Spec §3 Bundle item: `bundle_items_id` (the bundle, an item) holds `items_id` `quantity` times (default 1). */
export const bundleItems = pgTable(
  'bundle_items',
  {
    ...tenantKeyColumns(),
    bundle_items_id: integer('bundle_items_id').notNull(),
    items_id: integer('items_id').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull().default(1),
    status: activeStatus(),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.bundle_items_id, items).onDelete('cascade'),
    tenantRef(t, t.items_id, items).onDelete('cascade'),
    uniqueIndex('bundle_items_pair_idx').on(t.tenant_uuid, t.bundle_items_id, t.items_id),
    check('bundle_items_quantity_check', sql`${t.quantity} > 0`),
    check('bundle_items_self_check', sql`${t.bundle_items_id} <> ${t.items_id}`),
  ],
);

/**
 * Spec §3 Order: a purchase order for a job from a vendor, owned by `employees_id` (spec §6 own records). Its lines
 * are kept on the order as sent (bundles expanded, names and costs copied), so a later catalogue change never
 * rewrites a PO a vendor already has. `po_number` is the company's running number.
 */
export const orders = pgTable(
  'orders',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    po_number: integer('po_number').notNull(),
    order_date: date('order_date', { mode: 'string' }).notNull(),
    deliver_date: date('deliver_date', { mode: 'string' }),
    status: activeStatus(),
    to_emails: text('to_emails'),
    cc_email: text('cc_email'),
    jobs_id: integer('jobs_id'),
    employees_id: integer('employees_id').notNull(),
    vendor_id: integer('vendor_id'),
    notes: text('notes'),
    delivery_address: text('delivery_address'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull().default(sql`'[]'::jsonb`),
    total_cents: integer('total_cents').notNull().default(0),
    sent_on: timestamp('sent_on', { withTimezone: true, mode: 'string' }),
    sent_by: integer('sent_by'),
    sent_to: text('sent_to'),
    send_count: integer('send_count').notNull().default(0),
    pdf_name: text('pdf_name'),
    acknowledged_on: timestamp('acknowledged_on', { withTimezone: true, mode: 'string' }),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.vendor_id, vendors),
    uniqueIndex('orders_tenant_uuid_idx').on(t.tenant_uuid, t.uuid),
    uniqueIndex('orders_tenant_po_idx').on(t.tenant_uuid, t.po_number),
    // Lists: newest first (scanned backwards), for everyone, one person, one job.
    index('orders_tenant_date_idx').on(t.tenant_uuid, t.status, t.order_date, t.id),
    index('orders_tenant_person_idx').on(t.tenant_uuid, t.employees_id, t.order_date, t.id),
    index('orders_tenant_job_idx').on(t.tenant_uuid, t.jobs_id, t.order_date, t.id),
    check('orders_total_check', sql`${t.total_cents} >= 0`),
  ],
);
