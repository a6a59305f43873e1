import type { OrderLine } from '@groundwork/core/ordering';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, recordId, tenantUuid, updatedOn } from '../../db/columns.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenants } from '../tenants/tenants.table.js';

/** Spec §3 Item type: a tree (`parent_id` another type of the company) named by `partclass`. */
export const itemTypes = pgTable(
  'item_types',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    partclass: text('partclass').notNull(),
    parent_id: integer('parent_id'),
    status: integer('status').notNull().default(1),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.parent_id], foreignColumns: [t.tenant_uuid, t.id] }),
    index('item_types_tenant_name_idx').on(t.tenant_uuid, t.partclass, t.id),
  ],
);

/** Spec §3 Item class: the same shape as types, a second way to group the catalogue (e.g. by trade). */
export const itemClasses = pgTable(
  'item_classes',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    partclass: text('partclass').notNull(),
    parent_id: integer('parent_id'),
    status: integer('status').notNull().default(1),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.parent_id], foreignColumns: [t.tenant_uuid, t.id] }),
    index('item_classes_tenant_name_idx').on(t.tenant_uuid, t.partclass, t.id),
  ],
);

/** Spec §3 Vendor: who the company buys from; `is_supplier` marks material suppliers (others: subcontractors). */
export const vendors = pgTable(
  'vendors',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    name: text('name').notNull(),
    contact_name: text('contact_name'),
    emails: text('emails'),
    phone: text('phone'),
    address: text('address'),
    is_supplier: boolean('is_supplier').notNull().default(true),
    notes: text('notes'),
    insurance_expires: date('insurance_expires', { mode: 'string' }),
    status: integer('status').notNull().default(1),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    index('vendors_tenant_name_idx').on(t.tenant_uuid, t.name, t.id),
  ],
);

/**
 * Spec §3 Item: `item` (the name, unique per company case-insensitively, spec §5), `active` 'true'/'false' (spec's
 * text), status 1 active, `acc_id` (the accounting system's id), a default vendor, unit, unit cost and cost code.
 */
export const items = pgTable(
  'items',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    item: text('item').notNull(),
    active: text('active').notNull().default('true'),
    status: integer('status').notNull().default(1),
    acc_id: text('acc_id'),
    description: text('description'),
    unit: text('unit'),
    unit_cost_cents: integer('unit_cost_cents'),
    vendor_id: integer('vendor_id'),
    costcodes_id: integer('costcodes_id'),
    item_type_id: integer('item_type_id'),
    item_class_id: integer('item_class_id'),
    is_bundle: boolean('is_bundle').notNull().default(false),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.vendor_id], foreignColumns: [vendors.tenant_uuid, vendors.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.costcodes_id], foreignColumns: [costcodes.tenant_uuid, costcodes.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.item_type_id], foreignColumns: [itemTypes.tenant_uuid, itemTypes.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.item_class_id], foreignColumns: [itemClasses.tenant_uuid, itemClasses.id] }),
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
    tenant_uuid: tenantUuid(),
    id: recordId(),
    bundle_items_id: integer('bundle_items_id').notNull(),
    items_id: integer('items_id').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull().default(1),
    status: integer('status').notNull().default(1),
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.bundle_items_id], foreignColumns: [items.tenant_uuid, items.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.items_id], foreignColumns: [items.tenant_uuid, items.id] }).onDelete('cascade'),
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
    tenant_uuid: tenantUuid(),
    id: recordId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    po_number: integer('po_number').notNull(),
    order_date: date('order_date', { mode: 'string' }).notNull(),
    deliver_date: date('deliver_date', { mode: 'string' }),
    status: integer('status').notNull().default(1),
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
    created_on: createdOn(),
    updated_on: updatedOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.jobs_id], foreignColumns: [jobs.tenant_uuid, jobs.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.vendor_id], foreignColumns: [vendors.tenant_uuid, vendors.id] }),
    uniqueIndex('orders_tenant_uuid_idx').on(t.tenant_uuid, t.uuid),
    uniqueIndex('orders_tenant_po_idx').on(t.tenant_uuid, t.po_number),
    // Lists: newest first (scanned backwards), for everyone, one person, one job.
    index('orders_tenant_date_idx').on(t.tenant_uuid, t.status, t.order_date, t.id),
    index('orders_tenant_person_idx').on(t.tenant_uuid, t.employees_id, t.order_date, t.id),
    index('orders_tenant_job_idx').on(t.tenant_uuid, t.jobs_id, t.order_date, t.id),
    check('orders_total_check', sql`${t.total_cents} >= 0`),
  ],
);
