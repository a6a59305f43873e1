import {
  CONNECTED,
  ACCOUNTING_MESSAGES as M,
  MAPPING_KINDS,
  type MappingKind,
  SYNC_TYPES,
  type SyncPayload,
  type SyncType,
} from '@groundwork/core/accounting';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { hash } from '../integrations/integrations.oauth.js';
import { orders } from '../ordering/ordering.table.js';
import { receipts } from '../receipts/receipts.table.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { localsOf, mappingsOf } from './accounting.mapping.js';
import { QboApiError } from './accounting.qbo.js';

import { accountingStatus, withApi } from './accounting.service.js';
import { accountingSyncLog } from './accounting.table.js';

/** The dry run and the push: signed time, receipts and sent orders to QuickBooks, once each (issue 23). */
// --- Sync ---------------------------------------------------------------------------------------------------------

export type PlannedOp = {
  record_type: SyncType;
  record_id: number;
  version: string;
  entity: string;
  /** create, update (a newer version of something already pushed) or blocked (what is missing is in error). */
  action: 'create' | 'update' | 'blocked';
  remote_id: string | null;
  summary: string;
  error: string | null;
  body: Record<string, unknown> | null;
};

const dollars = (cents: number) => Math.round(cents) / 100;
const ref = (value: string | undefined) => (value ? { value } : undefined);

/**
 * What a push would do now: every signed time card entry, active receipt and sent order at its current version,
 * less those already pushed at that version. Preview shows this; push carries out exactly this.
 */
async function plan(tx: Tx, tenant: string, p: SyncPayload): Promise<{ ops: PlannedOp[]; unchanged: number }> {
  const types = new Set<SyncType>(p.types ?? (Object.keys(SYNC_TYPES) as SyncType[]));
  const linked = await mappingsOf(tx, tenant);
  const remote = (kind: MappingKind, id: number | null | undefined) => (id == null ? undefined : linked(kind).get(id)?.remote_id);
  const names = {
    person: new Map((await localsOf(tx, tenant, 'person')).map((r) => [r.id, r.name])),
    job: new Map((await localsOf(tx, tenant, 'job')).map((r) => [r.id, r.name])),
    costcode: new Map((await localsOf(tx, tenant, 'costcode')).map((r) => [r.id, r.name])),
  };
  const missing = (kind: MappingKind, _id: number, label: string) =>
    `Link ${label} to a QuickBooks ${MAPPING_KINDS[kind] === 'Item' ? 'item' : MAPPING_KINDS[kind].toLowerCase()} first.`;
  const candidates: Omit<PlannedOp, 'action' | 'remote_id'>[] = [];

  if (types.has('timecard_entry')) {
    const conds = [eq(timecardEntries.tenant_uuid, tenant), isNotNull(usersTimecard.signed_on)];
    if (p.from) conds.push(sql`${timecardEntries.timecard_date} >= ${p.from}`);
    if (p.to) conds.push(sql`${timecardEntries.timecard_date} <= ${p.to}`);
    const rows = await tx
      .select({
        id: timecardEntries.id,
        updated_on: timecardEntries.updated_on,
        date: timecardEntries.timecard_date,
        hours: timecardEntries.hours,
        note: timecardEntries.note,
        employees_id: timecardEntries.employees_id,
        jobs_id: timecardEntries.jobs_id,
        costcodes_id: timecardEntries.costcodes_id,
      })
      .from(timecardEntries)
      .innerJoin(
        usersTimecard,
        and(eq(usersTimecard.tenant_uuid, timecardEntries.tenant_uuid), eq(usersTimecard.id, timecardEntries.users_timecard_id)),
      )
      .where(and(...conds))
      .orderBy(timecardEntries.timecard_date, timecardEntries.id);
    for (const r of rows) {
      const person = names.person.get(r.employees_id) ?? `#${r.employees_id}`;
      const job = names.job.get(r.jobs_id) ?? `#${r.jobs_id}`;
      const employee = remote('person', r.employees_id);
      const customer = remote('job', r.jobs_id);
      const item = remote('costcode', r.costcodes_id);
      const error = !employee ? missing('person', r.employees_id, person) : !customer ? missing('job', r.jobs_id, job) : null;
      const whole = Math.floor(r.hours);
      candidates.push({
        record_type: 'timecard_entry',
        record_id: r.id,
        version: new Date(r.updated_on).toISOString(),
        entity: SYNC_TYPES.timecard_entry,
        summary: `${person}, ${r.date}, ${r.hours} h on ${job}`,
        error,
        body: error
          ? null
          : {
              NameOf: 'Employee',
              EmployeeRef: ref(employee),
              CustomerRef: ref(customer),
              ...(item ? { ItemRef: ref(item) } : {}),
              TxnDate: r.date,
              Hours: whole,
              Minutes: Math.round((r.hours - whole) * 60),
              ...(r.note ? { Description: r.note.slice(0, 4000) } : {}),
            },
      });
    }
  }

  if (types.has('receipt')) {
    const conds = [eq(receipts.tenant_uuid, tenant), eq(receipts.status, 1)];
    if (p.from) conds.push(sql`${receipts.receipt_date} >= ${p.from}`);
    if (p.to) conds.push(sql`${receipts.receipt_date} <= ${p.to}`);
    const rows = await tx
      .select()
      .from(receipts)
      .where(and(...conds))
      .orderBy(receipts.receipt_date, receipts.id);
    for (const r of rows) {
      const code = remote('costcode', r.costcodes_id);
      const customer = remote('job', r.jobs_id);
      const label = `${r.vendor ?? 'Receipt'} ${r.receipt_date}, $${dollars(r.amount_cents).toFixed(2)}`;
      const error =
        r.costcodes_id == null
          ? 'Give the receipt a cost code first.'
          : !code
            ? missing('costcode', r.costcodes_id, names.costcode.get(r.costcodes_id) ?? `#${r.costcodes_id}`)
            : r.jobs_id != null && !customer
              ? missing('job', r.jobs_id, names.job.get(r.jobs_id) ?? `#${r.jobs_id}`)
              : null;
      const amount = dollars(r.amount_cents);
      candidates.push({
        record_type: 'receipt',
        record_id: r.id,
        version: new Date(r.updated_on).toISOString(),
        entity: SYNC_TYPES.receipt,
        summary: label,
        error,
        body: error
          ? null
          : {
              PaymentType: /card|credit|visa|amex|master/i.test(r.payment_method ?? '') ? 'CreditCard' : 'Cash',
              TxnDate: r.receipt_date,
              ...(r.notes ? { PrivateNote: r.notes.slice(0, 4000) } : {}),
              Line: [
                {
                  Amount: amount,
                  DetailType: 'ItemBasedExpenseLineDetail',
                  Description: r.vendor ?? undefined,
                  ItemBasedExpenseLineDetail: {
                    ItemRef: ref(code),
                    Qty: 1,
                    UnitPrice: amount,
                    ...(customer ? { CustomerRef: ref(customer) } : {}),
                  },
                },
              ],
            },
      });
    }
  }

  if (types.has('order')) {
    const conds = [eq(orders.tenant_uuid, tenant), eq(orders.status, 1), isNotNull(orders.sent_on)];
    if (p.from) conds.push(sql`${orders.order_date} >= ${p.from}`);
    if (p.to) conds.push(sql`${orders.order_date} <= ${p.to}`);
    const rows = await tx
      .select()
      .from(orders)
      .where(and(...conds))
      .orderBy(orders.order_date, orders.id);
    const vendorNames = new Map((await localsOf(tx, tenant, 'vendor')).map((r) => [r.id, r.name]));
    const itemNames = new Map((await localsOf(tx, tenant, 'item')).map((r) => [r.id, r.name]));
    for (const o of rows) {
      const vendor = remote('vendor', o.vendor_id);
      const customer = remote('job', o.jobs_id);
      let error =
        o.vendor_id == null
          ? 'Choose the order’s vendor first.'
          : !vendor
            ? missing('vendor', o.vendor_id, vendorNames.get(o.vendor_id) ?? `#${o.vendor_id}`)
            : null;
      const lines = o.lines.map((line) => {
        const item = remote('item', line.items_id) ?? remote('costcode', line.costcodes_id);
        if (!item && !error) {
          error = line.items_id
            ? missing('item', line.items_id, itemNames.get(line.items_id) ?? `#${line.items_id}`)
            : `Link line “${line.description ?? ''}” to a QuickBooks item: map its item or cost code first.`;
        }
        const unit = dollars(line.unit_cost_cents ?? 0);
        return {
          Amount: Math.round(unit * line.quantity * 100) / 100,
          DetailType: 'ItemBasedExpenseLineDetail',
          Description: line.description ?? undefined,
          ItemBasedExpenseLineDetail: {
            ItemRef: ref(item),
            Qty: line.quantity,
            UnitPrice: unit,
            ...(customer ? { CustomerRef: ref(customer) } : {}),
          },
        };
      });
      candidates.push({
        record_type: 'order',
        record_id: o.id,
        version: new Date(o.updated_on).toISOString(),
        entity: SYNC_TYPES.order,
        summary: `PO ${o.po_number}, ${vendorNames.get(o.vendor_id ?? 0) ?? 'no vendor'}, $${dollars(o.total_cents).toFixed(2)}`,
        error,
        body: error ? null : { VendorRef: ref(vendor), TxnDate: o.order_date, DocNumber: String(o.po_number), Line: lines },
      });
    }
  }

  // What was pushed before: the exact version (nothing to do) or an older one (its QuickBooks entity is updated).
  const logged = await tx
    .select({
      record_type: accountingSyncLog.record_type,
      record_id: accountingSyncLog.record_id,
      version: accountingSyncLog.version,
      remote_id: accountingSyncLog.remote_id,
    })
    .from(accountingSyncLog)
    .where(and(eq(accountingSyncLog.tenant_uuid, tenant), eq(accountingSyncLog.status, 'synced')))
    .orderBy(accountingSyncLog.synced_on);
  const synced = new Set(logged.map((l) => `${l.record_type}:${l.record_id}:${l.version}`));
  const remoteOf = new Map(logged.map((l) => [`${l.record_type}:${l.record_id}`, l.remote_id]));
  const ops: PlannedOp[] = [];
  let unchanged = 0;
  for (const c of candidates) {
    if (synced.has(`${c.record_type}:${c.record_id}:${c.version}`)) {
      unchanged++;
      continue;
    }
    const before = remoteOf.get(`${c.record_type}:${c.record_id}`) ?? null;
    ops.push({ ...c, action: c.error ? 'blocked' : before ? 'update' : 'create', remote_id: before });
  }
  return { ops, unchanged };
}

const withoutBody = ({ body: _body, ...op }: PlannedOp) => op;

export async function preview(tx: Tx, config: Config, tenant: string, p: SyncPayload) {
  const state = await accountingStatus(tx, config, tenant);
  if (!state.configured) return { message: M.notConfigured, ops: [], unchanged: 0 };
  if (state.qbo_disconnected) return { message: M.disconnected, ops: [], unchanged: 0 };
  if (!state.connected) return { message: M.notConnected, ops: [], unchanged: 0 };
  const { ops, unchanged } = await plan(tx, tenant, p);
  return { message: CONNECTED, ops: ops.map(withoutBody), unchanged };
}

/** Backoff for a record that failed: 1, 2, 4 … minutes, at most a day. */
const backoff = (attempts: number) => new Date(Date.now() + Math.min(2 ** Math.max(attempts - 1, 0), 1440) * 60_000).toISOString();

/**
 * Carries out the plan. `only` keeps just the planned ops it accepts (the retry's records, never one the admin has
 * not pushed yet); with it, nothing left to do means no call to QuickBooks at all.
 */
export async function push(tx: Tx, config: Config, tenant: string, p: SyncPayload, only?: (op: PlannedOp) => boolean) {
  const planned = await plan(tx, tenant, p);
  const ops = only ? planned.ops.filter(only) : planned.ops;
  const { unchanged } = planned;
  if (only && ops.length === 0) return { message: CONNECTED, results: [], unchanged };
  const outcome = await withApi(tx, config, tenant, async (api) => {
    // Built afresh on each try: a retry after a refreshed token starts over (requestid and the log key keep it single).
    const results: (Omit<PlannedOp, 'body'> & { status: 'synced' | 'failed' })[] = [];
    let bankAccount: string | null | undefined;
    for (const op of ops) {
      let remoteId = op.remote_id;
      let error = op.error;
      if (!error && op.body) {
        try {
          const body: Record<string, unknown> = { ...op.body };
          if (op.record_type === 'receipt') {
            bankAccount ??= (await api.query('Account', "AccountType = 'Bank'"))[0]?.Id ?? null;
            if (!bankAccount) throw new QboApiError('QuickBooks has no bank account to pay receipts from.', 400);
            body.AccountRef = { value: bankAccount };
          }
          const requestId = hash(`${tenant}|${op.record_type}|${op.record_id}|${op.version}`).slice(0, 36);
          if (op.action === 'update' && op.remote_id) {
            const current = await api.read(op.entity, op.remote_id);
            Object.assign(body, { Id: op.remote_id, SyncToken: current.SyncToken, sparse: true });
          }
          remoteId = String((await api.save(op.entity, body, requestId)).Id);
        } catch (err) {
          if (err instanceof QboApiError && err.status === 401) throw err;
          error = err instanceof QboApiError ? err.message : M.unreachable;
        }
      }
      const status = error ? 'failed' : 'synced';
      await tx
        .insert(accountingSyncLog)
        .values({
          tenant_uuid: tenant,
          record_type: op.record_type,
          record_id: op.record_id,
          version: op.version,
          entity: op.entity,
          action: op.action,
          status,
          remote_id: remoteId,
          summary: op.summary,
          error,
          attempts: 1,
          next_attempt_at: error ? backoff(1) : null,
        })
        .onConflictDoUpdate({
          target: [accountingSyncLog.tenant_uuid, accountingSyncLog.record_type, accountingSyncLog.record_id, accountingSyncLog.version],
          set: {
            status,
            remote_id: remoteId,
            error,
            action: op.action,
            summary: op.summary,
            attempts: sql`${accountingSyncLog.attempts} + 1`,
            next_attempt_at: error ? sql`now() + make_interval(mins => least(power(2, ${accountingSyncLog.attempts})::int, 1440))` : null,
            synced_on: sql`now()`,
          },
        });
      results.push({ ...withoutBody(op), remote_id: remoteId, error, status });
    }
    return results;
  });
  if ('message' in outcome) return { message: outcome.message, results: [], unchanged };
  return { message: CONNECTED, results: outcome, unchanged };
}

export async function syncLog(tx: Tx, tenant: string, limit = 100) {
  const rows = await tx
    .select()
    .from(accountingSyncLog)
    .where(eq(accountingSyncLog.tenant_uuid, tenant))
    .orderBy(desc(accountingSyncLog.synced_on), accountingSyncLog.record_type, accountingSyncLog.record_id)
    .limit(limit);
  return rows.map(({ tenant_uuid: _t, ...row }) => row);
}
