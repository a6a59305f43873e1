import { createHash, randomBytes } from 'node:crypto';
import {
  CONNECTED,
  type ConnectionEvent,
  ACCOUNTING_MESSAGES as M,
  MAPPING_KINDS,
  type MapPayload,
  type MappingKind,
  mappingKinds,
  QUICKBOOKS_ONLINE,
  SYNC_TYPES,
  type SyncPayload,
  type SyncType,
  suggestRemote,
} from '@groundwork/core/accounting';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config, QboConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { AppError } from '../../graphql/errors.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { items, orders, vendors } from '../ordering/ordering.table.js';
import { receipts } from '../receipts/receipts.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { decryptSecret, encryptSecret } from './accounting.crypto.js';
import {
  authorizeUri,
  exchangeCode,
  QboApi,
  QboApiError,
  type QboEntity,
  QboGrantError,
  refreshTokens,
  revokeToken,
  type Tokens,
} from './accounting.qbo.js';
import { accountingConnections, accountingMappings, accountingSyncLog } from './accounting.table.js';

export const QBO_CALLBACK_PATH = '/api/qbo/callback';
const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh a little before the access token's hour is up, so a call never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

type Connection = typeof accountingConnections.$inferSelect;

export const redirectUriOf = (config: Config) => `${config.appOrigin}${QBO_CALLBACK_PATH}`;
const SETTINGS_PATH = '/dashboard?settings=true&component=company-setup&dialog=accounting-system-dialog';
/** Where the admin lands after QuickBooks: the page connect was asked from (same origin only), or the dialog. */
const settingsUrl = (config: Config, result: string, back = SETTINGS_PATH) => {
  const url = new URL(back, config.appOrigin);
  url.searchParams.set('qbo', result);
  return url.toString();
};

/**
 * Spec §7 'connect (with redirect_uri)': the page the app wants the admin returned to. Only a path on this app's own
 * origin is taken (never another site: an open redirect); anything else is a VALIDATION error.
 */
export function returnPathOf(config: Config, redirectUri: string | null | undefined): string {
  if (!redirectUri) return SETTINGS_PATH;
  let url: URL;
  try {
    url = new URL(redirectUri, config.appOrigin);
  } catch {
    throw new AppError('VALIDATION', M.badRedirect);
  }
  if (url.origin !== config.appOrigin || redirectUri.length > 1000) throw new AppError('VALIDATION', M.badRedirect);
  url.searchParams.delete('qbo');
  return `${url.pathname}${url.search}`;
}
const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
const notConfigured = () => new AppError('VALIDATION', M.notConfigured);
const qboOf = (config: Config): QboConfig => {
  if (!config.qbo) throw notConfigured();
  return config.qbo;
};

async function readConnection(tx: Tx, tenant: string): Promise<Connection | null> {
  const [row] = await tx.select().from(accountingConnections).where(eq(accountingConnections.tenant_uuid, tenant));
  return row ?? null;
}

async function upsertConnection(tx: Tx, tenant: string, set: Partial<Connection>) {
  await tx
    .insert(accountingConnections)
    .values({ tenant_uuid: tenant, ...set })
    .onConflictDoUpdate({ target: accountingConnections.tenant_uuid, set: { ...set, updated_on: sql`now()` } });
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

function sealed(config: Config, tokens: Tokens): Partial<Connection> {
  return {
    access_token: encryptSecret(config.encryptionKey, tokens.access_token),
    refresh_token: encryptSecret(config.encryptionKey, tokens.refresh_token),
    access_expires_at: inSeconds(tokens.expires_in),
    refresh_expires_at: inSeconds(tokens.x_refresh_token_expires_in),
  };
}

/** QuickBooks refused our grant: forget the tokens and raise the company's flag (the admins' next start shows it). */
async function markDisconnected(tx: Tx, tenant: string, reason: string) {
  await upsertConnection(tx, tenant, {
    access_token: null,
    refresh_token: null,
    access_expires_at: null,
    refresh_expires_at: null,
    qbo_disconnected: true,
    disconnected_reason: reason,
  });
}

export type ConnectionResult = { message: string | null; redirect_uri: string | null };

/** Spec §7 accountingSystemConnection: connect answers redirect_uri, check 'Connected' or the reason, disconnect revokes. */
export async function accountingSystemConnection(
  tx: Tx,
  config: Config,
  tenant: string,
  employeeId: number,
  event: ConnectionEvent,
  redirectUri?: string | null,
): Promise<ConnectionResult> {
  if (event === 'connect') return connect(tx, config, tenant, employeeId, returnPathOf(config, redirectUri));
  if (event === 'check') return { message: await check(tx, config, tenant), redirect_uri: null };
  return { message: await disconnect(tx, config, tenant), redirect_uri: null };
}

async function connect(tx: Tx, config: Config, tenant: string, employeeId: number, back: string): Promise<ConnectionResult> {
  const qbo = qboOf(config);
  // The company travels in the state so the callback can open its walled transaction; the random part is checked
  // there, and the page to return to rides along (the whole state is compared, so it cannot be swapped).
  const state = `${tenant}.${randomBytes(24).toString('base64url')}.${Buffer.from(back).toString('base64url')}`;
  await upsertConnection(tx, tenant, {
    oauth_state: hash(state),
    oauth_state_expires_at: new Date(Date.now() + STATE_TTL_MS).toISOString(),
    connected_by: employeeId,
  });
  return { message: null, redirect_uri: authorizeUri(qbo, redirectUriOf(config), state) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/qbo/callback: QuickBooks sends the admin back with code, state and realmId. The state must be the one
 * this company's connect stored (once, within 10 minutes); then the code becomes tokens, stored encrypted.
 * Answers where to send the browser: the accounting-system dialog, with qbo=connected or qbo=error.
 */
export async function completeConnect(db: Db, config: Config, query: Record<string, unknown>, log: (err: unknown) => void) {
  const { code, state, realmId, error } = query;
  if (!config.qbo) return settingsUrl(config, 'error');
  const [tenant, , encodedBack] = typeof state === 'string' ? state.split('.') : [];
  if (!tenant || !UUID.test(tenant) || typeof state !== 'string') return settingsUrl(config, 'error');
  const claimed = await withTenant(db, tenant, async (tx) => {
    const row = await readConnection(tx, tenant);
    const valid = row?.oauth_state === hash(state) && row.oauth_state_expires_at && Date.parse(row.oauth_state_expires_at) > Date.now();
    if (!row || !valid) return false;
    await upsertConnection(tx, tenant, { oauth_state: null, oauth_state_expires_at: null });
    return true;
  });
  if (!claimed) return settingsUrl(config, 'error');
  const back = encodedBack ? Buffer.from(encodedBack, 'base64url').toString('utf8') : SETTINGS_PATH;
  if (error || typeof code !== 'string' || typeof realmId !== 'string' || !/^\d{1,32}$/.test(realmId)) {
    return settingsUrl(config, error === 'access_denied' ? 'denied' : 'error', back);
  }
  let tokens: Tokens;
  try {
    tokens = await exchangeCode(config.qbo, redirectUriOf(config), code, realmId);
  } catch (err) {
    log(err);
    return settingsUrl(config, 'error', back);
  }
  await withTenant(db, tenant, async (tx) => {
    const before = await readConnection(tx, tenant);
    // Links made for another QuickBooks company point at ids that mean nothing in this one.
    if (before?.mapped_realm_id && before.mapped_realm_id !== realmId) {
      await tx.delete(accountingMappings).where(eq(accountingMappings.tenant_uuid, tenant));
    }
    await upsertConnection(tx, tenant, {
      ...sealed(config, tokens),
      realm_id: realmId,
      mapped_realm_id: realmId,
      connected_on: new Date().toISOString(),
      qbo_disconnected: false,
      disconnected_reason: null,
    });
  });
  await withTenant(db, tenant, (tx) =>
    tx
      .update(tenants)
      .set({ accountingsystems_id: QUICKBOOKS_ONLINE.id })
      .where(and(eq(tenants.tenant_uuid, tenant), sql`${tenants.accountingsystems_id} is null`)),
  );
  return settingsUrl(config, 'connected', back);
}

type Access = { api: QboApi } | { message: string };

/** The company's API with a fresh access token, refreshing (and storing the rotated tokens) when it is due. */
async function access(tx: Tx, config: Config, tenant: string, force = false): Promise<Access> {
  if (!config.qbo) return { message: M.notConfigured };
  const row = await readConnection(tx, tenant);
  if (row?.qbo_disconnected) return { message: M.disconnected };
  if (!row?.realm_id || !row.refresh_token || !row.access_token) return { message: M.notConnected };
  let accessToken = decryptSecret(config.encryptionKey, row.access_token);
  const due = !row.access_expires_at || Date.parse(row.access_expires_at) - REFRESH_MARGIN_MS < Date.now();
  if (force || due) {
    try {
      const tokens = await refreshTokens(config.qbo, redirectUriOf(config), decryptSecret(config.encryptionKey, row.refresh_token));
      await upsertConnection(tx, tenant, sealed(config, tokens));
      accessToken = tokens.access_token;
    } catch (err) {
      if (err instanceof QboGrantError) {
        await markDisconnected(tx, tenant, 'invalid_grant');
        return { message: M.disconnected };
      }
      return { message: M.unreachable };
    }
  }
  return { api: new QboApi(config.qbo, row.realm_id, accessToken) };
}

/** Runs `fn` with the API; a 401 (a token revoked early) gets one forced refresh and one more try. */
async function withApi<T>(tx: Tx, config: Config, tenant: string, fn: (api: QboApi) => Promise<T>): Promise<T | { message: string }> {
  const first = await access(tx, config, tenant);
  if ('message' in first) return first;
  try {
    return await fn(first.api);
  } catch (err) {
    if (!(err instanceof QboApiError) || err.status !== 401) throw err;
    const again = await access(tx, config, tenant, true);
    if ('message' in again) return again;
    return fn(again.api);
  }
}

async function check(tx: Tx, config: Config, tenant: string): Promise<string> {
  try {
    const result = await withApi(tx, config, tenant, (api) => api.query('CompanyInfo'));
    return 'message' in result ? result.message : CONNECTED;
  } catch (err) {
    return err instanceof QboApiError ? err.message : M.unreachable;
  }
}

async function disconnect(tx: Tx, config: Config, tenant: string): Promise<string> {
  const qbo = qboOf(config);
  const row = await readConnection(tx, tenant);
  if (row?.refresh_token) {
    // Revoking at QuickBooks is best effort: the tokens are forgotten here either way.
    await revokeToken(qbo, redirectUriOf(config), decryptSecret(config.encryptionKey, row.refresh_token)).catch(() => undefined);
  }
  await upsertConnection(tx, tenant, {
    realm_id: null,
    access_token: null,
    refresh_token: null,
    access_expires_at: null,
    refresh_expires_at: null,
    connected_on: null,
    qbo_disconnected: false,
    disconnected_reason: null,
    oauth_state: null,
    oauth_state_expires_at: null,
  });
  return M.disconnectedDone;
}

export type AccountingStatus = {
  configured: boolean;
  connected: boolean;
  qbo_disconnected: boolean;
  realm_id: string | null;
  connected_on: string | null;
  accountingsystems_id: number | null;
};

/** What the dialog and the admins' start-up read, without calling QuickBooks. */
export async function accountingStatus(tx: Tx, config: Config, tenant: string): Promise<AccountingStatus> {
  const row = await readConnection(tx, tenant);
  const [company] = await tx.select({ id: tenants.accountingsystems_id }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  return {
    configured: Boolean(config.qbo),
    connected: Boolean(row?.refresh_token && row.realm_id && !row.qbo_disconnected),
    qbo_disconnected: row?.qbo_disconnected ?? false,
    realm_id: row?.realm_id ?? null,
    connected_on: row?.connected_on ?? null,
    accountingsystems_id: company?.id ?? null,
  };
}

/** Spec §7 setAccountingSystem. 0 clears it; otherwise the id and title must name a system we integrate with. */
export async function setAccountingSystem(tx: Tx, tenant: string, id: number, title: string) {
  if (id !== 0 && (id !== QUICKBOOKS_ONLINE.id || title.trim() !== QUICKBOOKS_ONLINE.title)) {
    throw new AppError('VALIDATION', M.unknownSystem);
  }
  await tx
    .update(tenants)
    .set({ accountingsystems_id: id === 0 ? null : id })
    .where(eq(tenants.tenant_uuid, tenant));
  return { accounting_system_id: id === 0 ? null : id, accounting_system_title: id === 0 ? null : QUICKBOOKS_ONLINE.title };
}

// --- Mapping ------------------------------------------------------------------------------------------------------

type Named = { id: number; name: string };

async function localsOf(tx: Tx, tenant: string, kind: MappingKind): Promise<Named[]> {
  switch (kind) {
    case 'person':
      return (
        await tx
          .select({ id: employees.id, first: employees.firstname, last: employees.lastname, username: employees.username })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1)))
          .orderBy(employees.firstname, employees.lastname)
      ).map((r) => ({ id: r.id, name: [r.first, r.last].filter(Boolean).join(' ') || (r.username ?? `#${r.id}`) }));
    case 'job':
      return tx
        .select({ id: jobs.id, name: jobs.job })
        .from(jobs)
        .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.status, 1)))
        .orderBy(jobs.job);
    case 'costcode':
      return (
        await tx
          .select({ id: costcodes.id, code: costcodes.costcode, description: costcodes.description })
          .from(costcodes)
          .where(and(eq(costcodes.tenant_uuid, tenant), eq(costcodes.status, 1)))
          .orderBy(costcodes.costcode)
      ).map((r) => ({ id: r.id, name: r.description ? `${r.code} ${r.description}` : r.code }));
    case 'vendor':
      return tx
        .select({ id: vendors.id, name: vendors.name })
        .from(vendors)
        .where(and(eq(vendors.tenant_uuid, tenant), eq(vendors.status, 1)))
        .orderBy(vendors.name);
    case 'item':
      return tx
        .select({ id: items.id, name: items.item })
        .from(items)
        .where(and(eq(items.tenant_uuid, tenant), eq(items.status, 1)))
        .orderBy(items.item);
  }
}

const remoteName = (e: QboEntity) => String(e.DisplayName ?? e.FullyQualifiedName ?? e.Name ?? e.Id);

async function remotesOf(api: QboApi, kind: MappingKind): Promise<{ id: string; name: string }[]> {
  const where = kind === 'costcode' ? "Type = 'Service'" : '';
  const rows = await api.query(MAPPING_KINDS[kind], where);
  return rows.filter((r) => r.Active !== false).map((r) => ({ id: String(r.Id), name: remoteName(r) }));
}

async function mappingsOf(tx: Tx, tenant: string) {
  const rows = await tx.select().from(accountingMappings).where(eq(accountingMappings.tenant_uuid, tenant));
  const byKind = new Map<string, Map<number, { remote_id: string; remote_name: string | null }>>();
  for (const r of rows) {
    if (!byKind.has(r.kind)) byKind.set(r.kind, new Map());
    byKind.get(r.kind)?.set(r.local_id, { remote_id: r.remote_id, remote_name: r.remote_name });
  }
  return (kind: MappingKind) => byKind.get(kind) ?? new Map();
}

export async function mapping(tx: Tx, config: Config, tenant: string) {
  const linked = await mappingsOf(tx, tenant);
  const result = await withApi(tx, config, tenant, async (api) => {
    const kinds = [];
    for (const kind of mappingKinds) {
      const remotes = await remotesOf(api, kind);
      const locals = (await localsOf(tx, tenant, kind)).map((local) => {
        const link = linked(kind).get(local.id);
        return {
          id: local.id,
          name: local.name,
          remote_id: link?.remote_id ?? null,
          remote_name: link?.remote_name ?? null,
          suggestion: link ? null : suggestRemote(local.name, remotes),
        };
      });
      kinds.push({ kind, entity: MAPPING_KINDS[kind], locals, remotes });
    }
    return { kinds };
  });
  return 'message' in result ? { message: result.message, kinds: [] } : { message: CONNECTED, ...result };
}

export async function map(tx: Tx, tenant: string, p: MapPayload) {
  const exists = (await localsOf(tx, tenant, p.kind)).some((l) => l.id === p.local_id);
  if (!exists) throw new AppError('NOT_FOUND', M.unknownRecord);
  if (p.remote_id === null) {
    await tx
      .delete(accountingMappings)
      .where(
        and(eq(accountingMappings.tenant_uuid, tenant), eq(accountingMappings.kind, p.kind), eq(accountingMappings.local_id, p.local_id)),
      );
  } else {
    const set = { remote_id: p.remote_id, remote_name: p.remote_name ?? null };
    await tx
      .insert(accountingMappings)
      .values({ tenant_uuid: tenant, kind: p.kind, local_id: p.local_id, ...set })
      .onConflictDoUpdate({
        target: [accountingMappings.tenant_uuid, accountingMappings.kind, accountingMappings.local_id],
        set: { ...set, updated_on: sql`now()` },
      });
  }
  return { kind: p.kind, local_id: p.local_id, remote_id: p.remote_id };
}

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

export async function push(tx: Tx, config: Config, tenant: string, p: SyncPayload) {
  const { ops, unchanged } = await plan(tx, tenant, p);
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
