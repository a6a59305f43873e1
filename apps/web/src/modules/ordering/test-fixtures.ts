import type { Item, Order, Vendor } from './api';

/** A catalogue item as the API answers it, with `extra` over plain defaults. */
export const item = (id: number, itemName: string, extra: Partial<Item> = {}): Item => ({
  id,
  uuid: `i${id}`,
  item: itemName,
  active: 'true',
  status: 1,
  acc_id: null,
  description: null,
  unit: null,
  unit_cost_cents: null,
  vendor_id: null,
  vendor_name: null,
  costcodes_id: null,
  item_type_id: null,
  type_name: null,
  item_class_id: null,
  class_name: null,
  is_bundle: false,
  ...extra,
});

/** A vendor as the API answers it, with `extra` over plain defaults. */
export const vendor = (id: number, vendorName: string, extra: Partial<Vendor> = {}): Vendor => ({
  id,
  name: vendorName,
  contact_name: null,
  emails: null,
  phone: null,
  address: null,
  is_supplier: true,
  notes: null,
  insurance_expires: null,
  status: 1,
  ...extra,
});

/** An order as the API answers it: saved, not sent, for job 7 from vendor 1 (Acme Lumber) with one catalogue line; `extra` over that. */
export const order = (extra: Partial<Order> = {}): Order => ({
  id: 42,
  uuid: 'o42',
  po_number: 42,
  order_date: '2026-11-02',
  deliver_date: null,
  status: 1,
  to_emails: 'orders@acme.test',
  cc_email: null,
  jobs_id: 7,
  job_label: 'MS · Main Street',
  vendor_id: 1,
  vendor_name: 'Acme Lumber',
  vendor_insurance_lapsed: false,
  employees_id: 1,
  employee_name: 'Luis Hernandez',
  notes: null,
  delivery_address: null,
  lines: [{ items_id: 5, description: 'Plywood 3/4 CDX', quantity: 10, unit: 'sheet', unit_cost_cents: 5250, costcodes_id: 3 }],
  total_cents: 52500,
  sent_on: null,
  sent_to: null,
  send_count: 0,
  acknowledged_on: null,
  pdf_uuid: null,
  ...extra,
});
