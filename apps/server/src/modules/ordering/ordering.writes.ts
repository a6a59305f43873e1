import { msg } from '@groundwork/core/messages';
import {
  joinRecipients,
  ORDER_STATUS,
  ORDERING_LIMITS,
  ORDERING_MESSAGES,
  type OrderForm,
  type OrderLine,
  orderFormSchema,
  orderSendSchema,
  orderTotalCents,
  parseRecipients,
} from '@groundwork/core/ordering';
import { isoDay } from '@groundwork/core/pay-periods';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../graphql/errors.js';
import type { Gated } from '../../graphql/gate.js';
import { parsed } from '../../graphql/validation.js';
import { prepareLines } from './ordering.catalogue.js';
import { sendOrder } from './ordering.po.js';
import {
  checkJobAndVendor,
  nextPoNumber,
  type OrderRow,
  type OrderView,
  orderById,
  orderForWrite,
  ownOnly,
  publishOrder,
  withPdf,
} from './ordering.service.js';
import { orders } from './ordering.table.js';

/** Order writes of the order page: saving from the form, sending again, duplicating, archiving. */

type SaveResult = { order: OrderView; message: string; warning: string | null };

/** saveOrder: creates (no id) or changes an order from the order form; with send, sends it. */
export async function saveOrder(args: { id?: number | null; order: unknown; send?: boolean | null }, g: Gated): Promise<SaveResult> {
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
    if (before.status !== ORDER_STATUS.active) throw new AppError('VALIDATION', msg('ordering.archivedOrder'));
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
}

/** resendOrder: sends an order again (a new PDF of it as it is now), optionally to other recipients. */
export async function resendOrder(
  args: { id: number; to_emails?: string | null; cc_email?: string | null },
  g: Gated,
): Promise<SaveResult> {
  let order = await orderForWrite(g.tx, g.member, args.id, ownOnly(g));
  const patch: { to_emails?: string | null; cc_email?: string | null } = {};
  for (const key of ['to_emails', 'cc_email'] as const) {
    const given = args[key];
    if (given == null) continue;
    const { emails, invalid } = parseRecipients(given);
    if (invalid) throw new AppError('VALIDATION', msg('ordering.invalidEmail', { address: invalid }), { field: key });
    if (emails.length > ORDERING_LIMITS.recipients) throw new AppError('VALIDATION', msg('ordering.tooManyRecipients'), { field: key });
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
}

/** duplicateOrder: a new, unsent order like the given one, dated today, owned by the caller. */
export async function duplicateOrder(args: { id: number }, g: Gated): Promise<OrderView> {
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
}

/** setOrdersStatus: archives or unarchives orders, all or nothing. */
export async function setOrdersStatus(args: { ids: number[]; status: number }, g: Gated): Promise<OrderView[]> {
  if (args.status !== ORDER_STATUS.active && args.status !== ORDER_STATUS.archived)
    throw new AppError('VALIDATION', msg('common.statusActive'), { field: 'status' });
  const ids = [...new Set(args.ids)];
  if (!ids.length) throw new AppError('VALIDATION', msg('ordering.atLeastOneOrder'));
  if (ids.length > ORDERING_LIMITS.bulk) throw new AppError('VALIDATION', msg('ordering.tooManyOrders', { max: ORDERING_LIMITS.bulk }));
  const tenant = g.member.tenantUuid;
  const changed = await g.tx
    .update(orders)
    .set({ status: args.status, updated_on: sql`now()` })
    .where(
      and(eq(orders.tenant_uuid, tenant), inArray(orders.id, ids), ownOnly(g) ? eq(orders.employees_id, g.member.employeeId) : undefined),
    )
    .returning({ id: orders.id });
  // All or nothing: an id that is not the caller's to change refuses the whole call.
  if (changed.length !== ids.length) throw new AppError('NOT_FOUND', msg('ordering.orderNotFound'));
  // One after another: on the transaction's connection pg would queue them anyway (graphql/reads-together.ts).
  const rows: OrderRow[] = [];
  for (const id of ids) rows.push((await orderById(g.tx, tenant, id)) as OrderRow);
  for (const r of rows) publishOrder(g, r, 'update');
  return withPdf(g, rows);
}
