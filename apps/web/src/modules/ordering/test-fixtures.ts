import type { Item, Vendor } from './api';

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
