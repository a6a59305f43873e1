import { localToday } from '../../lib/dates';
import { linesOf, type Order } from './api';
import { type LineDraft, parseMoney, parseQuantity } from './order-lines';

/** The order dialog's form: what the fields hold as typed. */
export type OrderFormValues = {
  jobs_id: number | null;
  vendor_id: number | null;
  order_date: string;
  deliver_date: string;
  to_emails: string;
  cc_email: string;
  notes: string;
  delivery_address: string;
  lines: LineDraft[];
};

/** A new empty line (quantity 1). */
export const emptyLine = (key: number): LineDraft => ({
  key,
  items_id: null,
  description: '',
  quantity: '1',
  unit: '',
  unit_cost: '',
  costcodes_id: null,
  is_bundle: false,
});

/** The form as the dialog opens: the order's values, or a new order for today with one empty line. */
export function initialOrderForm(order: Order | null, key: () => number): OrderFormValues {
  return {
    jobs_id: order?.jobs_id ?? null,
    vendor_id: order?.vendor_id ?? null,
    order_date: order?.order_date ?? localToday(),
    deliver_date: order?.deliver_date ?? '',
    to_emails: order?.to_emails ?? '',
    cc_email: order?.cc_email ?? '',
    notes: order?.notes ?? '',
    delivery_address: order?.delivery_address ?? '',
    lines: order
      ? linesOf(order).map((l) => ({
          key: key(),
          items_id: l.items_id,
          description: l.description ?? '',
          quantity: String(l.quantity),
          unit: l.unit ?? '',
          unit_cost: l.unit_cost_cents == null ? '' : (l.unit_cost_cents / 100).toFixed(2),
          costcodes_id: l.costcodes_id,
          is_bundle: false,
          bundle: l.bundle ?? null,
        }))
      : [emptyLine(key())],
  };
}

/** The form as the server's input (not yet checked). */
export function orderFormInput(v: OrderFormValues) {
  return {
    jobs_id: v.jobs_id ?? 0,
    vendor_id: v.vendor_id ?? 0,
    order_date: v.order_date,
    deliver_date: v.deliver_date || null,
    to_emails: v.to_emails,
    cc_email: v.cc_email || null,
    notes: v.notes.trim() || null,
    delivery_address: v.delivery_address.trim() || null,
    lines: v.lines.map((l) => ({
      items_id: l.items_id,
      description: l.description.trim() || null,
      quantity: parseQuantity(l.quantity),
      unit: l.unit.trim() || null,
      unit_cost_cents: parseMoney(l.unit_cost),
      costcodes_id: l.costcodes_id,
    })),
  };
}
