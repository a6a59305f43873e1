import { insuranceLapsed } from '@groundwork/core/ordering';
import { isoDay } from '@groundwork/core/pay-periods';
import { builder } from '../../graphql/builder.js';
import { pageRef } from '../../graphql/paging.js';
import type { ItemRow } from './ordering.catalogue.js';
import type { OrderView } from './ordering.service.js';

export const ItemRef = builder.objectRef<ItemRow>('Item').implement({
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

export const ItemConnectionRef = pageRef('ItemConnection', ItemRef);

export const OrderRef = builder.objectRef<OrderView>('Order').implement({
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

export const OrderConnectionRef = pageRef('OrderConnection', OrderRef);

export const SaveOrderResultRef = builder
  .objectRef<{ order: OrderView; message: string; warning: string | null }>('SaveOrderResult')
  .implement({
    fields: (t) => ({
      order: t.field({ type: OrderRef, resolve: (r) => r.order }),
      message: t.exposeString('message'),
      warning: t.exposeString('warning', { nullable: true, description: "Set when the vendor's insurance has lapsed." }),
    }),
  });

export const BulkItemInput = builder.inputType('BulkItemInput', {
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

export const OrderFormInput = builder.inputType('OrderFormInput', {
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

type Choice = { id: number; label: string };
const ChoiceRef = builder.objectRef<Choice>('OrderChoice').implement({
  fields: (t) => ({ id: t.exposeInt('id'), label: t.exposeString('label') }),
});
export const OrderLookupsRef = builder.objectRef<{ jobs: Choice[]; costcodes: Choice[] }>('OrderLookups').implement({
  fields: (t) => ({
    jobs: t.field({ type: [ChoiceRef], resolve: (l) => l.jobs }),
    costcodes: t.field({ type: [ChoiceRef], resolve: (l) => l.costcodes }),
  }),
});

type BundlePartView = { id: number; items_id: number; item: string; unit: string | null; quantity: number };
export const BundlePartRef = builder.objectRef<BundlePartView>('BundlePart').implement({
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The bundle item (BundleItems) record.' }),
    items_id: t.exposeInt('items_id'),
    item: t.exposeString('item'),
    unit: t.exposeString('unit', { nullable: true }),
    quantity: t.exposeFloat('quantity'),
  }),
});
