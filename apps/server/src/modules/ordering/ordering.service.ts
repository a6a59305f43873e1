import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ACK_LINK_DAYS,
  type BulkItem,
  duplicatesWithin,
  expandBundles,
  formatCents,
  formatPoNumber,
  itemKey,
  lineTotalCents,
  ORDER_ACK_PATH,
  ORDERING_LIMITS,
  ORDERING_MESSAGES,
  type OrderLine,
} from '@groundwork/core/ordering';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { outer } from '../../db/columns.js';
import { AppError } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { renderPdf } from '../../platform/pdf.js';
import { storageFor } from '../../platform/storage.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { files } from '../files/files.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { bundleItems, items, orders, vendors } from './ordering.table.js';

export const ORDERS_SOURCE = 'orders';
const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

// --- Catalogue --------------------------------------------------------------------------------------

export type ItemSearch = {
  search?: string | null;
  item_type_id?: number | null;
  item_class_id?: number | null;
  vendor_id?: number | null;
  /** Absent: active items (status 1 and active 'true'); false: the archived and inactive ones. */
  active?: boolean | null;
  limit: number;
  after: { item: string; id: number } | null;
  /** The fields the request selected (null: all); only those are read. */
  fields?: Set<string> | null;
};

/** The table's columns and the joined names the request asked for, plus the keyset's keys; everything when unknown. */
function pickColumns<C extends Record<string, unknown>, E extends Record<string, unknown>>(
  columns: C,
  extras: E,
  fields: Set<string> | null | undefined,
  keys: string[],
): C & E {
  if (!fields) return { ...columns, ...extras };
  const wanted = (k: string) => fields.has(k) || keys.includes(k);
  return Object.fromEntries([...Object.entries(columns), ...Object.entries(extras)].filter(([k]) => wanted(k))) as C & E;
}

export type ItemRow = typeof items.$inferSelect & { vendor_name: string | null; type_name: string | null; class_name: string | null };

/** The catalogue by name, filtered; keyset pages on (item, id), served by items_tenant_name_idx. */
export async function searchItemRows(tx: Tx, tenant: string, f: ItemSearch) {
  const active = f.active ?? true;
  const q = f.search?.trim();
  const rows = (await tx
    .select(pickColumns(itemColumns, itemExtras, f.fields, ['id', 'item']))
    .from(items)
    .where(
      and(
        eq(items.tenant_uuid, tenant),
        active ? and(eq(items.status, 1), eq(items.active, 'true')) : or(ne(items.status, 1), eq(items.active, 'false')),
        f.item_type_id != null ? eq(items.item_type_id, f.item_type_id) : undefined,
        f.item_class_id != null ? eq(items.item_class_id, f.item_class_id) : undefined,
        f.vendor_id != null ? eq(items.vendor_id, f.vendor_id) : undefined,
        q ? or(ilike(items.item, escapeLike(q)), ilike(items.acc_id, escapeLike(q)), ilike(items.description, escapeLike(q))) : undefined,
        f.after ? sql`(${items.item}, ${items.id}) > (${f.after.item}, ${f.after.id})` : undefined,
      ),
    )
    .orderBy(asc(items.item), asc(items.id))
    .limit(f.limit + 1)) as ItemRow[];
  const more = rows.length > f.limit;
  const page = more ? rows.slice(0, f.limit) : rows;
  return { items: page, more, last: page[page.length - 1] ?? null };
}
const { tenant_uuid: _t, ...itemColumns } = getTableColumns(items);
const itemExtras = {
  vendor_name: sql<
    string | null
  >`(select v.name from vendors v where v.tenant_uuid = ${outer(items.tenant_uuid)} and v.id = ${outer(items.vendor_id)})`,
  type_name: sql<
    string | null
  >`(select t.partclass from item_types t where t.tenant_uuid = ${outer(items.tenant_uuid)} and t.id = ${outer(items.item_type_id)})`,
  class_name: sql<
    string | null
  >`(select c.partclass from item_classes c where c.tenant_uuid = ${outer(items.tenant_uuid)} and c.id = ${outer(items.item_class_id)})`,
};

/** Names among `names` the catalogue already has (spec §5, case-insensitively), as the catalogue spells them. */
export async function existingNames(tx: Tx, tenant: string, names: readonly string[], exceptIds: readonly number[] = []) {
  const keys = [...new Set(names.map(itemKey))];
  if (!keys.length) return [];
  const rows = await tx
    .select({ item: items.item })
    .from(items)
    .where(
      and(
        eq(items.tenant_uuid, tenant),
        sql`lower(${items.item}) in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
        exceptIds.length
          ? sql`${items.id} not in (${sql.join(
              exceptIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : undefined,
      ),
    )
    .orderBy(asc(items.item));
  return rows.map((r) => r.item);
}

/**
 * Spec §5 bulk item create: refuses the whole batch when a name repeats within it ('Duplicate items within batch')
 * or is already in the catalogue ('Duplicate items detected'); new items are active 'true', status 1.
 */
export async function bulkCreateItems(
  tx: Tx,
  tenant: string,
  batch: readonly BulkItem[],
  defaults: { item_type_id?: number | null; item_class_id?: number | null; vendor_id?: number | null; costcodes_id?: number | null },
) {
  if (!batch.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.noItems);
  if (batch.length > ORDERING_LIMITS.bulk) throw new AppError('VALIDATION', ORDERING_MESSAGES.tooManyItems);
  const names = batch.map((b) => b.item.trim().replace(/\s+/g, ' '));
  const empty = names.findIndex((n) => !n);
  if (empty >= 0) throw new AppError('VALIDATION', `Record ${empty + 1}: item: ${ORDERING_MESSAGES.required}`, { index: empty });
  const long = names.findIndex((n) => n.length > ORDERING_LIMITS.name);
  if (long >= 0)
    throw new AppError('VALIDATION', `Record ${long + 1}: item: You must enter a maximum of ${ORDERING_LIMITS.name} characters`, {
      index: long,
    });
  const within = duplicatesWithin(names);
  if (within.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.duplicateInBatch(within), { field: 'items' });
  const existing = await existingNames(tx, tenant, names);
  if (existing.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.duplicateItems(existing), { field: 'items' });
  await checkDefaults(tx, tenant, defaults);
  return tx
    .insert(items)
    .values(
      batch.map((b, i) => ({
        tenant_uuid: tenant,
        item: names[i],
        active: 'true',
        status: 1,
        unit: b.unit?.trim().slice(0, ORDERING_LIMITS.unit) || null,
        unit_cost_cents: b.unit_cost_cents ?? null,
        item_type_id: defaults.item_type_id ?? null,
        item_class_id: defaults.item_class_id ?? null,
        vendor_id: defaults.vendor_id ?? null,
        costcodes_id: defaults.costcodes_id ?? null,
      })),
    )
    .returning();
}

/** The batch's type, class, vendor and cost code: each the company's, or the whole batch is refused. */
async function checkDefaults(
  tx: Tx,
  tenant: string,
  d: { item_type_id?: number | null; item_class_id?: number | null; vendor_id?: number | null; costcodes_id?: number | null },
) {
  const refs: [number | null | undefined, string, string][] = [
    [d.item_type_id, 'item_types', 'item_type_id'],
    [d.item_class_id, 'item_classes', 'item_class_id'],
    [d.vendor_id, 'vendors', 'vendor_id'],
    [d.costcodes_id, 'costcodes', 'costcodes_id'],
  ];
  for (const [id, table, field] of refs) {
    if (id == null) continue;
    const found = (await tx.execute(
      sql`select 1 from ${sql.identifier(table)} where tenant_uuid = ${tenant} and id = ${id} and status = 1`,
    )) as unknown as { rows: unknown[] };
    if (!found.rows.length) throw new AppError('VALIDATION', `${field}: choose one of the company’s records.`, { field });
  }
}

type BundlePart = { items_id: number; quantity: number; item: string; unit: string | null; unit_cost_cents: number | null };

/** The active parts of the bundles among `ids`, with each part's catalogue name, unit and cost. */
export async function bundlesOf(tx: Tx, tenant: string, ids: readonly number[]) {
  const out = new Map<number, { name: string; parts: BundlePart[] }>();
  if (!ids.length) return out;
  const rows = await tx
    .select({
      bundle_id: bundleItems.bundle_items_id,
      bundle_name: sql<string>`(select b.item from items b where b.tenant_uuid = ${outer(bundleItems.tenant_uuid)} and b.id = ${outer(bundleItems.bundle_items_id)})`,
      items_id: bundleItems.items_id,
      quantity: bundleItems.quantity,
      item: items.item,
      unit: items.unit,
      unit_cost_cents: items.unit_cost_cents,
    })
    .from(bundleItems)
    .innerJoin(items, and(eq(items.tenant_uuid, bundleItems.tenant_uuid), eq(items.id, bundleItems.items_id)))
    .where(and(eq(bundleItems.tenant_uuid, tenant), inArray(bundleItems.bundle_items_id, [...ids]), eq(bundleItems.status, 1)))
    .orderBy(asc(bundleItems.id));
  for (const r of rows) {
    const entry = out.get(r.bundle_id) ?? { name: r.bundle_name, parts: [] };
    entry.parts.push({
      items_id: r.items_id,
      quantity: Number(r.quantity),
      item: r.item,
      unit: r.unit,
      unit_cost_cents: r.unit_cost_cents,
    });
    out.set(r.bundle_id, entry);
  }
  return out;
}

/**
 * An order's lines as they are kept: every item and cost code the company's, catalogue lines named and priced from
 * the catalogue where the line leaves them out, bundles expanded into their parts.
 */
export async function prepareLines(tx: Tx, tenant: string, lines: readonly OrderLine[]): Promise<OrderLine[]> {
  const itemIds = [...new Set(lines.flatMap((l) => (l.items_id ? [l.items_id] : [])))];
  const codeIds = [...new Set(lines.flatMap((l) => (l.costcodes_id ? [l.costcodes_id] : [])))];
  const known = itemIds.length
    ? await tx
        .select({ id: items.id, item: items.item, unit: items.unit, unit_cost_cents: items.unit_cost_cents, is_bundle: items.is_bundle })
        .from(items)
        .where(and(eq(items.tenant_uuid, tenant), inArray(items.id, itemIds)))
    : [];
  if (known.length !== itemIds.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.item, { field: 'lines' });
  if (codeIds.length) {
    const codes = await tx
      .select({ id: costcodes.id })
      .from(costcodes)
      .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)));
    if (codes.length !== codeIds.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.costcode, { field: 'lines' });
  }
  const byId = new Map(known.map((k) => [k.id, k]));
  const filled = lines.map((l) => {
    const k = l.items_id ? byId.get(l.items_id) : undefined;
    return {
      items_id: l.items_id ?? null,
      description: l.description?.trim() || k?.item || null,
      quantity: l.quantity,
      unit: l.unit?.trim() || k?.unit || null,
      unit_cost_cents: l.unit_cost_cents ?? k?.unit_cost_cents ?? null,
      costcodes_id: l.costcodes_id ?? null,
    };
  });
  const bundles = await bundlesOf(
    tx,
    tenant,
    known.filter((k) => k.is_bundle).map((k) => k.id),
  );
  const expanded = expandBundles(filled, bundles);
  if (expanded.length > ORDERING_LIMITS.lines) throw new AppError('VALIDATION', ORDERING_MESSAGES.tooManyLines, { field: 'lines' });
  return expanded;
}

export async function nextPoNumber(tx: Tx, tenant: string): Promise<number> {
  // Two orders saved at once must not take the same number: the company's orders are numbered one at a time.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders:${tenant}`}))`);
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${orders.po_number}), 0)::int` })
    .from(orders)
    .where(eq(orders.tenant_uuid, tenant));
  return max + 1;
}

// --- Orders -----------------------------------------------------------------------------------------

export type OrderSearch = {
  /** Absent: active orders; false: archived. */
  active?: boolean | null;
  employees_id?: number | null;
  jobs_id?: number | null;
  vendor_id?: number | null;
  search?: string | null;
  limit: number;
  after: { order_date: string; id: number } | null;
  fields?: Set<string> | null;
};

export type OrderRow = typeof orders.$inferSelect & {
  job_label: string | null;
  vendor_name: string | null;
  vendor_insurance_expires: string | null;
  employee_name: string | null;
};

const orderExtras = {
  job_label: sql<
    string | null
  >`(select concat_ws(' · ', j.job_abbr, j.job) from jobs j where j.tenant_uuid = ${outer(orders.tenant_uuid)} and j.id = ${outer(orders.jobs_id)})`,
  vendor_name: sql<
    string | null
  >`(select v.name from vendors v where v.tenant_uuid = ${outer(orders.tenant_uuid)} and v.id = ${outer(orders.vendor_id)})`,
  vendor_insurance_expires: sql<
    string | null
  >`(select v.insurance_expires::text from vendors v where v.tenant_uuid = ${outer(orders.tenant_uuid)} and v.id = ${outer(orders.vendor_id)})`,
  employee_name: sql<
    string | null
  >`(select concat_ws(' ', e.firstname, e.lastname) from employees e where e.tenant_uuid = ${outer(orders.tenant_uuid)} and e.id = ${outer(orders.employees_id)})`,
};

/** Orders, newest first (order date, then id), keyset pages; `employees_id` set for own-records access. */
export async function searchOrderRows(tx: Tx, tenant: string, f: OrderSearch) {
  const active = f.active ?? true;
  const q = f.search?.trim();
  const po = q ? /^(?:po-?)?(\d{1,9})$/i.exec(q) : null;
  const where: (SQL | undefined)[] = [
    eq(orders.tenant_uuid, tenant),
    active ? eq(orders.status, 1) : ne(orders.status, 1),
    f.employees_id != null ? eq(orders.employees_id, f.employees_id) : undefined,
    f.jobs_id != null ? eq(orders.jobs_id, f.jobs_id) : undefined,
    f.vendor_id != null ? eq(orders.vendor_id, f.vendor_id) : undefined,
    q
      ? or(
          po ? eq(orders.po_number, Number(po[1])) : undefined,
          ilike(orders.notes, escapeLike(q)),
          sql`exists (select 1 from vendors v where v.tenant_uuid = ${outer(orders.tenant_uuid)} and v.id = ${outer(orders.vendor_id)} and v.name ilike ${escapeLike(q)})`,
          sql`exists (select 1 from jobs j where j.tenant_uuid = ${outer(orders.tenant_uuid)} and j.id = ${outer(orders.jobs_id)} and (j.job ilike ${escapeLike(q)} or j.job_abbr ilike ${escapeLike(q)}))`,
        )
      : undefined,
    f.after ? sql`(${orders.order_date}, ${orders.id}) < (${f.after.order_date}, ${f.after.id})` : undefined,
  ];
  const rows = (await tx
    .select(pickColumns(orderColumns, orderExtras, f.fields, ['id', 'order_date', 'uuid']))
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.order_date), desc(orders.id))
    .limit(f.limit + 1)) as OrderRow[];
  const more = rows.length > f.limit;
  const page = more ? rows.slice(0, f.limit) : rows;
  return { items: page, more, last: page[page.length - 1] ?? null };
}

const { tenant_uuid: _ot, ...orderColumns } = getTableColumns(orders);

export async function orderById(tx: Tx, tenant: string, id: number): Promise<OrderRow | null> {
  const [row] = (await tx
    .select({ ...orderColumns, ...orderExtras })
    .from(orders)
    .where(and(eq(orders.tenant_uuid, tenant), eq(orders.id, id)))) as OrderRow[];
  return row ?? null;
}

/** The order the member may change: the company's, and their own unless they administer ordering. */
export async function orderForWrite(tx: Tx, member: Member, id: number, ownOnly: boolean): Promise<OrderRow> {
  const order = await orderById(tx, member.tenantUuid, id);
  if (!order || (ownOnly && order.employees_id !== member.employeeId)) throw new AppError('NOT_FOUND', 'Order not found.');
  return order;
}

// --- The acknowledgement link ---------------------------------------------------------------------

/** The key ack links are signed with: derived from the server's secret, for this purpose only. */
const ackKey = (config: Pick<Config, 'authSecret'>) => createHmac('sha256', config.authSecret).update('order-ack:v1').digest();

const uuidBytes = (u: string) => Buffer.from(u.replace(/-/g, ''), 'hex');
const uuidText = (b: Buffer) => b.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const sign = (config: Pick<Config, 'authSecret'>, data: Buffer) =>
  createHmac('sha256', ackKey(config)).update(data).digest().subarray(0, 16);

/**
 * A signed, expiring token naming one order of one company: the company's and the order's uuids and the expiry
 * (36 bytes) with 16 bytes of HMAC-SHA256, base64url: 70 characters, short enough for a URL path segment.
 */
export function ackToken(config: Pick<Config, 'authSecret'>, tenant: string, orderUuid: string, now: Date): string {
  const exp = Buffer.alloc(4);
  exp.writeUInt32BE(Math.floor(now.getTime() / 1000) + ACK_LINK_DAYS * 86_400);
  const data = Buffer.concat([uuidBytes(tenant), uuidBytes(orderUuid), exp]);
  return Buffer.concat([data, sign(config, data)]).toString('base64url');
}

/** The company and order a token names, when its signature is ours and it has not expired; null otherwise. */
export function readAckToken(config: Pick<Config, 'authSecret'>, token: string, now: Date): { tenant: string; orderUuid: string } | null {
  if (typeof token !== 'string' || !/^[\w-]{70}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 52) return null;
  const data = raw.subarray(0, 36);
  if (!timingSafeEqual(raw.subarray(36), sign(config, data))) return null;
  if (data.readUInt32BE(32) * 1000 < now.getTime()) return null;
  return { tenant: uuidText(data.subarray(0, 16)), orderUuid: uuidText(data.subarray(16, 32)) };
}

export const ackUrl = (config: Pick<Config, 'appOrigin'>, token: string) => `${config.appOrigin}${ORDER_ACK_PATH}/${token}`;

// --- The PO document and its e-mail ---------------------------------------------------------------

type PoParts = {
  company: string;
  order: OrderRow;
  job: {
    job: string;
    job_abbr: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
  } | null;
  vendor: { name: string; contact_name: string | null; address: string | null; phone: string | null } | null;
  costcodes: Map<number, string>;
  ackLink: string;
};

export async function poParts(tx: Tx, config: Config, tenant: string, order: OrderRow, now: Date): Promise<PoParts> {
  const [company] = await tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  const [job] = order.jobs_id
    ? await tx
        .select({ job: jobs.job, job_abbr: jobs.job_abbr, street: jobs.street, city: jobs.city, state: jobs.state, zip: jobs.zip })
        .from(jobs)
        .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.id, order.jobs_id)))
    : [];
  const [vendor] = order.vendor_id
    ? await tx
        .select({ name: vendors.name, contact_name: vendors.contact_name, address: vendors.address, phone: vendors.phone })
        .from(vendors)
        .where(and(eq(vendors.tenant_uuid, tenant), eq(vendors.id, order.vendor_id)))
    : [];
  const codeIds = [...new Set(order.lines.flatMap((l) => (l.costcodes_id ? [l.costcodes_id] : [])))];
  const codes = codeIds.length
    ? await tx
        .select({ id: costcodes.id, costcode: costcodes.costcode })
        .from(costcodes)
        .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)))
    : [];
  return {
    company: company?.company ?? '',
    order,
    job: job ?? null,
    vendor: vendor ?? null,
    costcodes: new Map(codes.map((c) => [c.id, c.costcode])),
    ackLink: ackUrl(config, ackToken(config, tenant, order.uuid, now)),
  };
}

const address = (j: PoParts['job']) =>
  j ? [j.street, [j.city, j.state].filter(Boolean).join(', '), j.zip].filter(Boolean).join(' ') || null : null;

/** The purchase order as a PDF: company, PO number, dates, job and delivery address, vendor, lines and total. */
export function renderPoPdf(p: PoParts): Promise<Buffer> {
  const o = p.order;
  const deliverTo = o.delivery_address || address(p.job);
  const facts: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: 'Vendor', style: 'small' },
          { text: p.vendor?.name ?? '—', bold: true },
          ...(p.vendor?.contact_name ? [{ text: p.vendor.contact_name }] : []),
          ...(p.vendor?.address ? [{ text: p.vendor.address }] : []),
          ...(p.vendor?.phone ? [{ text: p.vendor.phone }] : []),
        ],
      },
      {
        width: '*',
        stack: [
          { text: 'Job', style: 'small' },
          { text: p.job ? [p.job.job_abbr, p.job.job].filter(Boolean).join(' · ') : '—', bold: true },
          { text: 'Deliver to', style: 'small', margin: [0, 6, 0, 0] },
          { text: deliverTo ?? '—' },
        ],
      },
      {
        width: 'auto',
        stack: [
          { text: 'Order date', style: 'small' },
          { text: o.order_date },
          { text: 'Deliver by', style: 'small', margin: [0, 6, 0, 0] },
          { text: o.deliver_date ?? '—' },
        ],
      },
    ],
    columnGap: 16,
    margin: [0, 0, 0, 16],
  };
  const body = [
    ['Item', 'Cost code', 'Qty', 'Unit', 'Unit cost', 'Total'].map((h) => ({ text: h, bold: true })),
    ...o.lines.map((l) => [
      { text: [l.description ?? '', ...(l.bundle ? [{ text: `\n(${l.bundle})`, style: 'small' }] : [])] },
      l.costcodes_id ? (p.costcodes.get(l.costcodes_id) ?? '') : '',
      { text: String(l.quantity), alignment: 'right' as const },
      l.unit ?? '',
      { text: formatCents(l.unit_cost_cents ?? 0), alignment: 'right' as const },
      { text: formatCents(lineTotalCents(l)), alignment: 'right' as const },
    ]),
    [
      { text: 'Total', bold: true, colSpan: 5 },
      '',
      '',
      '',
      '',
      { text: formatCents(o.total_cents), bold: true, alignment: 'right' as const },
    ],
  ];
  const content: Content[] = [
    facts,
    { table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'], body }, layout: 'lightHorizontalLines' },
    ...(o.notes ? [{ text: 'Notes', style: 'small', margin: [0, 16, 0, 0] } as Content, { text: o.notes }] : []),
    { text: 'Please acknowledge this order:', style: 'small', margin: [0, 16, 0, 0] },
    { text: p.ackLink, link: p.ackLink, color: '#1d4ed8', style: 'small' },
  ];
  return renderPdf({ brand: { company: p.company }, lang: 'en', title: `Purchase order ${formatPoNumber(o.po_number)}`, content });
}

export function poMail(p: PoParts, sender: string | null) {
  const o = p.order;
  const po = formatPoNumber(o.po_number);
  const job = p.job ? [p.job.job_abbr, p.job.job].filter(Boolean).join(' · ') : null;
  const text = [
    `${p.company} purchase order ${po}${job ? ` for ${job}` : ''}.`,
    '',
    `Order date: ${o.order_date}${o.deliver_date ? `; deliver by ${o.deliver_date}` : ''}.`,
    `${o.lines.length} line${o.lines.length === 1 ? '' : 's'}, total ${formatCents(o.total_cents)}. The PO is attached as a PDF.`,
    ...(o.notes ? ['', o.notes] : []),
    '',
    `Please acknowledge the order here: ${p.ackLink}`,
    '',
    sender ? `${sender}, ${p.company}` : p.company,
  ].join('\n');
  return { subject: `${p.company}: purchase order ${po}`, text };
}

/** Stores the PO's PDF through the storage port as a file of the order (the previous one is retired). */
export async function storePoPdf(tx: Tx, config: Config, member: Member, order: OrderRow, pdf: Buffer) {
  const uuid = randomUUID();
  const object = `${uuid}.pdf`;
  await storageFor(config).put(member.tenantUuid, object, pdf, { bytes: pdf.length, contentType: 'application/pdf' });
  await tx
    .update(files)
    .set({ status: 0, updated_on: sql`now()` })
    .where(and(eq(files.tenant_uuid, member.tenantUuid), eq(files.source_table, ORDERS_SOURCE), eq(files.source_uuid, order.uuid)));
  await tx.insert(files).values({
    tenant_uuid: member.tenantUuid,
    uuid,
    original_name: `${formatPoNumber(order.po_number)}.pdf`,
    mimetype: 'application/pdf',
    ext: 'pdf',
    employees_id: member.employeeId,
    created_by: member.employeeId,
    server_filename: object,
    source_table: ORDERS_SOURCE,
    source_uuid: order.uuid,
    bytes: pdf.length,
  });
  return { uuid, object };
}

export async function senderName(tx: Tx, member: Member): Promise<{ name: string | null; email: string | null }> {
  const [e] = await tx
    .select({ name: sql<string | null>`nullif(concat_ws(' ', ${employees.firstname}, ${employees.lastname}), '')`, email: employees.email })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, member.tenantUuid), eq(employees.id, member.employeeId)));
  return { name: e?.name ?? null, email: e?.email ?? null };
}
