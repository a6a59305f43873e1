import { createHmac, timingSafeEqual } from 'node:crypto';
import { msg } from '@groundwork/core/messages';
import {
  ACK_LINK_DAYS,
  insuranceLapsed,
  joinRecipients,
  ORDER_ACK_PATH,
  ORDERING_MESSAGES,
  type OrderLine,
  orderTotalCents,
  parseRecipients,
} from '@groundwork/core/ordering';
import { isoDay } from '@groundwork/core/pay-periods';
import { and, desc, eq, getTableColumns, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { outer } from '../../db/columns.js';
import { AppError } from '../../graphql/errors.js';
import type { Gated, Member } from '../../graphql/gate.js';
import { extendRows, pageOf } from '../../graphql/paging.js';
import { selectPrepared } from '../../graphql/prepared.js';
import type { BeforeWrite } from '../../graphql/record-operations.js';
import { recordTopic } from '../../platform/realtime.js';
import { files } from '../files/files.table.js';
import { escapeLike, pickColumns, prepareLines } from './ordering.catalogue.js';
import { orders, vendors } from './ordering.table.js';

export const ORDERS_SOURCE = 'orders';

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
  fields?: ReadonlySet<string> | null;
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
  const p = sql.placeholder;
  const selection = pickColumns(orderColumns, orderExtras, f.fields, ['id', 'order_date', 'uuid']);
  const has = {
    person: f.employees_id != null,
    job: f.jobs_id != null,
    vendor: f.vendor_id != null,
    search: Boolean(q),
    po: Boolean(po),
    after: Boolean(f.after),
  };
  // Each combination of columns and filters is one shape, built once and run as a prepared statement.
  const shape = `searchOrders|${Object.keys(selection).join(',')}|${active}|${Object.values(has).map(Number).join('')}`;
  const build = () =>
    tx
      .select(selection)
      .from(orders)
      .where(
        and(
          eq(orders.tenant_uuid, p('tenant')),
          active ? eq(orders.status, 1) : ne(orders.status, 1),
          has.person ? eq(orders.employees_id, p('person')) : undefined,
          has.job ? eq(orders.jobs_id, p('job')) : undefined,
          has.vendor ? eq(orders.vendor_id, p('vendor')) : undefined,
          has.search
            ? or(
                has.po ? eq(orders.po_number, p('po')) : undefined,
                ilike(orders.notes, p('pattern')),
                sql`exists (select 1 from vendors v where v.tenant_uuid = ${outer(orders.tenant_uuid)} and v.id = ${outer(orders.vendor_id)} and v.name ilike ${p('pattern')})`,
                sql`exists (select 1 from jobs j where j.tenant_uuid = ${outer(orders.tenant_uuid)} and j.id = ${outer(orders.jobs_id)} and (j.job ilike ${p('pattern')} or j.job_abbr ilike ${p('pattern')}))`,
              )
            : undefined,
          has.after ? sql`(${orders.order_date}, ${orders.id}) < (${p('afterDate')}, ${p('afterId')})` : undefined,
        ),
      )
      .orderBy(desc(orders.order_date), desc(orders.id))
      .limit(p('limit'));
  const rows = await selectPrepared<OrderRow>(tx, shape, build, {
    tenant,
    person: f.employees_id,
    job: f.jobs_id,
    vendor: f.vendor_id,
    po: po ? Number(po[1]) : null,
    pattern: q ? escapeLike(q) : null,
    afterDate: f.after?.order_date,
    afterId: f.after?.id,
    limit: f.limit + 1,
  });
  return pageOf(rows, f.limit);
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
  if (!order || (ownOnly && order.employees_id !== member.employeeId)) throw new AppError('NOT_FOUND', msg('ordering.orderNotFound'));
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

// --- Helpers of the order operations -----------------------------------------------------------------

export type OrderView = OrderRow & { pdf_uuid: string | null };

export const ownOnly = (g: Gated) => g.access === 'own';

export async function withPdf(g: Gated, rows: OrderRow[]): Promise<OrderView[]> {
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
  return extendRows(rows, (r) => ({ pdf_uuid: byOrder.get(r.uuid) ?? null }));
}

export async function checkJobAndVendor(g: Gated, form: { jobs_id: number; vendor_id: number }) {
  const tenant = g.member.tenantUuid;
  const [vendor] = await g.tx
    .select({ name: vendors.name, insurance_expires: vendors.insurance_expires, status: vendors.status })
    .from(vendors)
    .where(and(eq(vendors.tenant_uuid, tenant), eq(vendors.id, form.vendor_id)));
  if (vendor?.status !== 1) throw new AppError('VALIDATION', msg('ordering.vendor'), { field: 'vendor_id' });
  const job = (await g.tx.execute(
    sql`select 1 from jobs where tenant_uuid = ${tenant} and id = ${form.jobs_id} and status = 1`,
  )) as unknown as { rows: unknown[] };
  if (!job.rows.length) throw new AppError('VALIDATION', msg('ordering.job'), { field: 'jobs_id' });
  const today = isoDay(new Date());
  return insuranceLapsed(vendor.insurance_expires, today) && vendor.insurance_expires
    ? ORDERING_MESSAGES.insuranceLapsed(vendor.name, vendor.insurance_expires)
    : null;
}

export function publishOrder(g: Gated, order: OrderRow, event: 'create' | 'update') {
  const topic = recordTopic('Orders', event, g.member.tenantUuid);
  g.afterCommit(() => g.ctx.realtime.publish(topic, { id: order.id, employees_id: order.employees_id }));
}

/** The record operations' rules for Orders: numbered on create; lines priced and bundles expanded; recipients tidied. */
export const orderRecordRule: BeforeWrite = async (tx, member, action, changes) => {
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
};

type Choice = { id: number; label: string };

/** The company's active jobs (abbreviation · name) and cost codes, for the order form. */
export async function orderLookups(tx: Tx, tenant: string): Promise<{ jobs: Choice[]; costcodes: Choice[] }> {
  const jobRows = (await tx.execute(sql`
    select id, concat_ws(' · ', nullif(job_abbr, ''), job) as label from jobs
    where tenant_uuid = ${tenant} and status = 1
    order by lower(coalesce(nullif(job_abbr, ''), job)), id limit 1000`)) as unknown as { rows: Choice[] };
  const codeRows = (await tx.execute(sql`
    select id, concat_ws(' ', costcode, description) as label from costcodes
    where tenant_uuid = ${tenant} and status = 1
    order by costcode, id limit 2000`)) as unknown as { rows: Choice[] };
  return { jobs: jobRows.rows, costcodes: codeRows.rows };
}
