import { ACCOUNTING_MESSAGES as M, suggestRemote } from '@groundwork/core/accounting';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type QboConfig } from '../../config.js';
import { withTenant } from '../../db/with-tenant.js';
import type { TestMember } from '../../testing/factories.js';
import { startQboStandIn } from '../../testing/qbo-stand-in.js';
import { testConfig, useTestApp } from '../../testing/test-app.js';
import { employees } from '../employees/employees.table.js';
import { decryptSecret, encryptSecret } from '../integrations/integrations.crypto.js';
import { caller, code, expectAdminsOnly, integrationMembers, throughConsent, useStandIn } from '../integrations/integrations.fixtures.js';
import { items, orders, vendors } from '../ordering/ordering.table.js';
import { receipts } from '../receipts/receipts.table.js';
import { seedTimecardSite } from '../timecards/timecards.fixtures.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { accountingConnections, accountingMappings, accountingSyncLog } from './accounting.table.js';

const qbo: QboConfig = { clientId: 'qbo-client-id', clientSecret: 'qbo-client-secret', environment: 'sandbox' };
const standIn = useStandIn(startQboStandIn, (s) => {
  qbo.baseUrl = s.url;
});

const t = useTestApp({ config: { qbo } });

const Q = {
  status:
    'query($t: ID!) { accountingSystemStatus(tenant_uuid: $t) { configured connected qbo_disconnected realm_id accountingsystems_id } }',
  connection:
    'mutation($t: ID!, $e: String!, $r: String) { accountingSystemConnection(tenant_uuid: $t, event_type: $e, redirect_uri: $r) { message redirect_uri } }',
  set: 'mutation($t: ID!, $id: Int!, $title: String!) { setAccountingSystem(tenant_uuid: $t, accounting_system_id: $id, accounting_system_title: $title) { accounting_system_id accounting_system_title } }',
  api: 'mutation($t: ID!, $a: String!, $p: JSON) { accountingSystemApi(tenant_uuid: $t, action: $a, payload: $p) { action message data } }',
};
const ALL: [string, Record<string, unknown>][] = [
  [Q.status, {}],
  [Q.connection, { e: 'connect' }],
  [Q.connection, { e: 'check' }],
  [Q.connection, { e: 'disconnect' }],
  [Q.set, { id: 1, title: 'QuickBooks Online' }],
  ...['mapping', 'preview', 'push', 'log'].map((a) => [Q.api, { a }] as [string, Record<string, unknown>]),
  [Q.api, { a: 'map', p: { kind: 'job', local_id: 1, remote_id: '1' } }],
];

let members: Awaited<ReturnType<typeof integrationMembers>>;
let admin: TestMember;
let worker: TestMember;
let foreign: TestMember;
let site: Awaited<ReturnType<typeof seedTimecardSite>>;
let dana: number;
let signedEntry: number;
let unmappedEntry: number;
const call = caller(t, () => admin);
const api = async (a: string, p?: unknown) => {
  const res = await call(Q.api, { a, p }, admin);
  expect(res.errors).toBeUndefined();
  return res.data?.accountingSystemApi as { action: string; message: string | null; data: any };
};
const connection = async (e: string, who = admin, r?: string) => {
  const res = await call(Q.connection, { e, r }, who);
  expect(res.errors).toBeUndefined();
  return res.data?.accountingSystemConnection as { message: string | null; redirect_uri: string | null };
};
const rowOf = (tenant: string) =>
  withTenant(
    t.database.db,
    tenant,
    async (tx) => (await tx.select().from(accountingConnections).where(eq(accountingConnections.tenant_uuid, tenant)))[0],
  );

/** connect, then follow QuickBooks' consent page back to our callback, as the browser would. */
async function connectThroughQuickBooks(who = admin, returnTo?: string) {
  const { redirect_uri } = await connection('connect', who, returnTo);
  expect(redirect_uri).toMatch(new RegExp(`^${standIn.url}/connect/oauth2\\?`));
  return throughConsent(t, redirect_uri, '/api/qbo/callback');
}

beforeAll(async () => {
  members = await integrationMembers(t.database.db, 'Ledger Builders');
  ({ admin, worker, foreign } = members);
  const a = members.tenant;
  const db = t.database.db;
  await withTenant(db, a, async (tx) => {
    site = await seedTimecardSite(tx, a);
    const [d] = await tx
      .insert(employees)
      .values({ tenant_uuid: a, firstname: 'Dana', lastname: 'Field', cognito_status: 'CONFIRMED' })
      .returning({ id: employees.id });
    dana = d?.id as number;
    const [card] = await tx
      .insert(usersTimecard)
      .values({
        tenant_uuid: a,
        employees_id: dana,
        payperiod_start_date: '2026-11-02',
        payperiod_end_date: '2026-11-15',
        signed_on: '2026-11-16T08:00:00Z',
        signed_by: dana,
      })
      .returning({ id: usersTimecard.id });
    const [workerCard] = await tx
      .insert(usersTimecard)
      .values({
        tenant_uuid: a,
        employees_id: worker.employeeId,
        payperiod_start_date: '2026-11-02',
        payperiod_end_date: '2026-11-15',
        signed_on: '2026-11-16T09:00:00Z',
      })
      .returning({ id: usersTimecard.id });
    // An unsigned card: never pushed.
    const [open] = await tx
      .insert(usersTimecard)
      .values({ tenant_uuid: a, employees_id: dana, payperiod_start_date: '2026-11-16', payperiod_end_date: '2026-11-29' })
      .returning({ id: usersTimecard.id });
    const entry = (users_timecard_id: number, employees_id: number, timecard_date: string, hours: number) => ({
      tenant_uuid: a,
      users_timecard_id,
      employees_id,
      timecard_date,
      jobs_id: site.job,
      costcodes_id: site.code,
      hours,
    });
    const [e1, e2] = await tx
      .insert(timecardEntries)
      .values([entry(card?.id as number, dana, '2026-11-03', 7.5), entry(workerCard?.id as number, worker.employeeId, '2026-11-03', 8)])
      .returning({ id: timecardEntries.id });
    signedEntry = e1?.id as number;
    unmappedEntry = e2?.id as number;
    await tx.insert(timecardEntries).values(entry(open?.id as number, dana, '2026-11-17', 4));
  });
});

describe('QuickBooks Online (issue 23)', () => {
  it('refuses unauthenticated callers, every non-admin and another company, before any call to QuickBooks', async () => {
    await expectAdminsOnly(t, members, ALL);
    expect(standIn.requests).toEqual([]);
  });

  it('answers malformed input with a clear VALIDATION error', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [Q.connection, { e: 'reconnect' }, M.badEvent],
      [Q.api, { a: 'delete-everything' }, M.badAction],
      [Q.api, { a: 'map', p: { kind: 'planet', local_id: 1, remote_id: '5' } }, 'kind'],
      [Q.api, { a: 'map', p: { kind: 'job', local_id: -1, remote_id: '5' } }, 'local_id'],
      [Q.api, { a: 'preview', p: { from: 'yesterday' } }, 'from: Dates are YYYY-MM-DD.'],
      [Q.api, { a: 'preview', p: { from: '2026-12-01', to: '2026-11-01' } }, 'from must not be after to.'],
      [Q.api, { a: 'push', p: { types: ['invoice'] } }, 'types'],
      [Q.api, { a: 'log', p: { limit: 100000 } }, 'limit'],
      [Q.api, { a: 'preview', p: 'everything' }, 'Invalid input'],
      [Q.set, { id: 7, title: 'Ledgerly' }, M.unknownSystem],
      [Q.connection, { e: 'connect', r: 'https://evil.test/steal' }, M.badRedirect],
      [Q.connection, { e: 'connect', r: '//evil.test/steal' }, M.badRedirect],
    ];
    for (const [q, vars, message] of cases) {
      const res = await call(q, vars, admin);
      expect(code(res), JSON.stringify(vars)).toBe('VALIDATION');
      expect(res.errors?.[0]?.message).toContain(message);
    }
    const missing = await call(Q.api, { a: 'map', p: { kind: 'job', local_id: 999_999, remote_id: '5' } }, admin);
    expect(code(missing)).toBe('NOT_FOUND');
  });

  it('says not connected before connecting; setAccountingSystem sets and clears the company’s system', async () => {
    expect((await connection('check')).message).toBe(M.notConnected);
    expect((await api('preview')).message).toBe(M.notConnected);
    const set = await call(Q.set, { id: 1, title: 'QuickBooks Online' }, admin);
    expect(set.data?.setAccountingSystem).toEqual({ accounting_system_id: 1, accounting_system_title: 'QuickBooks Online' });
    expect((await call(Q.status, {}, admin)).data?.accountingSystemStatus).toMatchObject({ accountingsystems_id: 1, connected: false });
    await call(Q.set, { id: 0, title: '' }, admin);
    expect((await call(Q.status, {}, admin)).data?.accountingSystemStatus.accountingsystems_id).toBeNull();
  });

  it('connects through OAuth: the callback stores encrypted tokens, and check answers Connected', async () => {
    const { res, callback } = await connectThroughQuickBooks();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain(
      '/dashboard?settings=true&component=company-setup&dialog=accounting-system-dialog&qbo=connected',
    );
    const row = await rowOf(admin.tenantUuid);
    expect(row?.realm_id).toBe(standIn.realmId);
    expect(row?.access_token).toMatch(/^v1\./);
    expect(row?.refresh_token).toMatch(/^v1\./);
    const refresh = decryptSecret(testConfig().encryptionKey, row?.refresh_token as string);
    expect(standIn.refreshTokens.has(refresh)).toBe(true);
    expect(row?.refresh_token).not.toContain(refresh);
    expect(row?.oauth_state).toBeNull();
    // The one-time state cannot be used again, and a forged one gets nowhere.
    const replay = await t.app.inject({ method: 'GET', url: callback });
    expect(replay.headers.location).toContain('qbo=error');
    const forged = await t.app.inject({ method: 'GET', url: `/api/qbo/callback?code=x&realmId=1&state=${admin.tenantUuid}.guess` });
    expect(forged.headers.location).toContain('qbo=error');
    expect((await connection('check')).message).toBe('Connected');
    expect((await call(Q.status, {}, admin)).data?.accountingSystemStatus).toEqual({
      configured: true,
      connected: true,
      qbo_disconnected: false,
      realm_id: standIn.realmId,
      accountingsystems_id: 1,
    });
  });

  it('refreshes the access token when it is due or refused, and stores the rotated refresh token', async () => {
    const before = (await rowOf(admin.tenantUuid))?.refresh_token;
    standIn.expireAccess();
    expect((await connection('check')).message).toBe('Connected');
    const afterRefused = (await rowOf(admin.tenantUuid))?.refresh_token;
    expect(afterRefused).not.toBe(before);
    await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx
        .update(accountingConnections)
        .set({ access_expires_at: '2000-01-01T00:00:00Z' })
        .where(eq(accountingConnections.tenant_uuid, admin.tenantUuid)),
    );
    const tokenCalls = standIn.requests.filter((r) => r.path === '/oauth2/v1/tokens/bearer').length;
    expect((await connection('check')).message).toBe('Connected');
    expect(standIn.requests.filter((r) => r.path === '/oauth2/v1/tokens/bearer').length).toBe(tokenCalls + 1);
    expect(Date.parse((await rowOf(admin.tenantUuid))?.access_expires_at as string)).toBeGreaterThan(Date.now());
  });

  it('lists both sides for mapping with suggestions by name, and links records', async () => {
    const danaQbo = standIn.add('Employee', { DisplayName: 'Dana Field', Active: true });
    standIn.add('Employee', { DisplayName: 'Someone Else', Active: true });
    const mainQbo = standIn.add('Customer', { DisplayName: 'Main Street', Active: true });
    const concrete = standIn.add('Item', { Name: 'Concrete 03-300', Type: 'Service', Active: true });
    standIn.add('Item', { Name: 'Rebar', Type: 'Inventory', Active: true });
    const res = await api('mapping');
    expect(res.message).toBe('Connected');
    const kind = (k: string) => res.data.kinds.find((x: { kind: string }) => x.kind === k);
    expect(res.data.kinds.map((k: { kind: string }) => k.kind)).toEqual(['person', 'job', 'costcode', 'vendor', 'item']);
    expect(kind('person').locals.find((l: { id: number }) => l.id === dana)).toMatchObject({
      name: 'Dana Field',
      remote_id: null,
      suggestion: { id: danaQbo.Id, name: 'Dana Field' },
    });
    expect(kind('job').locals.find((l: { id: number }) => l.id === site.job).suggestion).toEqual({ id: mainQbo.Id, name: 'Main Street' });
    // Cost codes link to service items only.
    expect(kind('costcode').remotes).toEqual([{ id: concrete.Id, name: 'Concrete 03-300' }]);
    expect(kind('costcode').locals.find((l: { id: number }) => l.id === site.code).suggestion?.id).toBe(concrete.Id);

    for (const p of [
      { kind: 'person', local_id: dana, remote_id: danaQbo.Id, remote_name: 'Dana Field' },
      { kind: 'job', local_id: site.job, remote_id: mainQbo.Id, remote_name: 'Main Street' },
      { kind: 'costcode', local_id: site.code, remote_id: concrete.Id, remote_name: 'Concrete 03-300' },
    ]) {
      expect((await api('map', p)).data).toEqual({ kind: p.kind, local_id: p.local_id, remote_id: p.remote_id });
    }
    const again = await api('mapping');
    expect(again.data.kinds[0].locals.find((l: { id: number }) => l.id === dana)).toMatchObject({
      remote_id: danaQbo.Id,
      suggestion: null,
    });
  });

  it('previews signed time cards, and the push does exactly what the preview listed', async () => {
    const preview = await api('preview', { types: ['timecard_entry'] });
    expect(preview.message).toBe('Connected');
    const ops = preview.data.ops;
    expect(ops.map((o: { record_id: number; action: string }) => [o.record_id, o.action])).toEqual([
      [signedEntry, 'create'],
      [unmappedEntry, 'blocked'],
    ]);
    expect(ops[1].error).toBe('Link Test Member to a QuickBooks employee first.');
    expect(ops[0].summary).toBe('Dana Field, 2026-11-03, 7.5 h on Main Street');
    expect(standIn.entities.get('TimeActivity')?.size).toBe(0);

    const pushed = await api('push', { types: ['timecard_entry'] });
    const results = pushed.data.results;
    expect(results.map((r: { record_id: number; action: string; version: string }) => [r.record_id, r.action, r.version])).toEqual(
      ops.map((o: { record_id: number; action: string; version: string }) => [o.record_id, o.action, o.version]),
    );
    expect(results.map((r: { status: string }) => r.status)).toEqual(['synced', 'failed']);
    const created = [...(standIn.entities.get('TimeActivity')?.values() ?? [])];
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      NameOf: 'Employee',
      TxnDate: '2026-11-03',
      Hours: 7,
      Minutes: 30,
      EmployeeRef: { value: expect.any(String) },
      CustomerRef: { value: expect.any(String) },
      ItemRef: { value: expect.any(String) },
    });
    expect(results[0].remote_id).toBe(created[0]?.Id);
  });

  it('re-syncing creates nothing twice; a changed entry updates its TimeActivity', async () => {
    const again = await api('preview', { types: ['timecard_entry'] });
    expect(again.data.unchanged).toBe(1);
    expect(again.data.ops.map((o: { action: string }) => o.action)).toEqual(['blocked']);
    await api('push', { types: ['timecard_entry'] });
    await api('push', { types: ['timecard_entry'] });
    expect(standIn.entities.get('TimeActivity')?.size).toBe(1);

    await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx.update(timecardEntries).set({ hours: 8.25, updated_on: sql`now()` }).where(eq(timecardEntries.id, signedEntry)),
    );
    const changed = await api('preview', { types: ['timecard_entry'] });
    const [remoteId] = [...(standIn.entities.get('TimeActivity')?.keys() ?? [])];
    expect(changed.data.ops[0]).toMatchObject({ record_id: signedEntry, action: 'update', remote_id: remoteId });
    const pushed = await api('push', { types: ['timecard_entry'] });
    expect(pushed.data.results[0]).toMatchObject({ action: 'update', status: 'synced', remote_id: remoteId });
    expect(standIn.entities.get('TimeActivity')?.size).toBe(1);
    expect(standIn.entities.get('TimeActivity')?.get(remoteId as string)).toMatchObject({ Hours: 8, Minutes: 15, SyncToken: '1' });

    const log = await api('log', { limit: 10 });
    const entries = log.data.entries as { record_id: number; status: string; error: string | null; attempts: number }[];
    expect(entries.filter((e) => e.record_id === signedEntry).map((e) => e.status)).toEqual(['synced', 'synced']);
    expect(entries.find((e) => e.record_id === unmappedEntry)).toMatchObject({
      status: 'failed',
      error: 'Link Test Member to a QuickBooks employee first.',
      attempts: 4,
    });
  });

  it('pushes receipts as Purchases and sent orders as PurchaseOrders', async () => {
    const supplier = standIn.add('Vendor', { DisplayName: 'Valley Supply', Active: true });
    const lumber = standIn.add('Item', { Name: 'Lumber 2x4', Type: 'NonInventory', Active: true });
    const ids = await withTenant(t.database.db, admin.tenantUuid, async (tx) => {
      const [r] = await tx
        .insert(receipts)
        .values({
          tenant_uuid: admin.tenantUuid,
          receipt_date: '2026-11-04',
          employees_id: dana,
          jobs_id: site.job,
          costcodes_id: site.code,
          vendor: 'Valley Supply',
          amount_cents: 12_345,
        })
        .returning({ id: receipts.id });
      const [v] = await tx.insert(vendors).values({ tenant_uuid: admin.tenantUuid, name: 'Valley Supply' }).returning({ id: vendors.id });
      const [i] = await tx.insert(items).values({ tenant_uuid: admin.tenantUuid, item: 'Lumber 2x4' }).returning({ id: items.id });
      const [o] = await tx
        .insert(orders)
        .values({
          tenant_uuid: admin.tenantUuid,
          po_number: 1001,
          order_date: '2026-11-05',
          employees_id: dana,
          jobs_id: site.job,
          vendor_id: v?.id,
          lines: [{ items_id: i?.id, description: 'Lumber 2x4', quantity: 10, unit: 'ea', unit_cost_cents: 450 }],
          total_cents: 4500,
          sent_on: '2026-11-05T10:00:00Z',
        })
        .returning({ id: orders.id });
      return { receipt: r?.id as number, vendor: v?.id as number, item: i?.id as number, order: o?.id as number };
    });
    const blocked = await api('preview', { types: ['order'] });
    expect(blocked.data.ops[0]).toMatchObject({ action: 'blocked', error: 'Link Valley Supply to a QuickBooks vendor first.' });
    await api('map', { kind: 'vendor', local_id: ids.vendor, remote_id: supplier.Id });
    await api('map', { kind: 'item', local_id: ids.item, remote_id: lumber.Id });

    const preview = await api('preview', { types: ['receipt', 'order'] });
    expect(preview.data.ops.map((o: { record_type: string; action: string }) => [o.record_type, o.action])).toEqual([
      ['receipt', 'create'],
      ['order', 'create'],
    ]);
    const pushed = await api('push', { types: ['receipt', 'order'] });
    expect(pushed.data.results.map((r: { status: string }) => r.status)).toEqual(['synced', 'synced']);
    const [purchase] = [...(standIn.entities.get('Purchase')?.values() ?? [])];
    expect(purchase).toMatchObject({ TxnDate: '2026-11-04', AccountRef: { value: expect.any(String) }, Line: [{ Amount: 123.45 }] });
    const [po] = [...(standIn.entities.get('PurchaseOrder')?.values() ?? [])];
    expect(po).toMatchObject({
      DocNumber: '1001',
      VendorRef: { value: supplier.Id },
      Line: [{ Amount: 45, ItemBasedExpenseLineDetail: { Qty: 10, UnitPrice: 4.5 } }],
    });
    await api('push', { types: ['receipt', 'order'] });
    expect(standIn.entities.get('Purchase')?.size).toBe(1);
    expect(standIn.entities.get('PurchaseOrder')?.size).toBe(1);
  });

  it('keeps another company out: its admin sees none of this connection, mapping or log', async () => {
    expect((await call(Q.status, {}, foreign)).data?.accountingSystemStatus).toMatchObject({ connected: false, realm_id: null });
    expect((await call(Q.api, { a: 'log' }, foreign)).data?.accountingSystemApi.data).toEqual({ entries: [] });
    const seen = await withTenant(t.database.db, foreign.tenantUuid, async (tx) => ({
      connections: (await tx.select().from(accountingConnections)).length,
      mappings: (await tx.select().from(accountingMappings)).length,
      log: (await tx.select().from(accountingSyncLog)).length,
    }));
    expect(seen).toEqual({ connections: 0, mappings: 0, log: 0 });
    // Writing a row for another company is refused by the walls.
    await expect(
      withTenant(t.database.db, foreign.tenantUuid, (tx) =>
        tx.insert(accountingMappings).values({ tenant_uuid: admin.tenantUuid, kind: 'job', local_id: 1, remote_id: '1' }),
      ),
    ).rejects.toThrow();
  });

  it('a revoked grant (invalid_grant on refresh) sets the disconnected flag; reconnecting clears it', async () => {
    standIn.revokeAll();
    expect((await connection('check')).message).toBe(M.disconnected);
    const status = (await call(Q.status, {}, admin)).data?.accountingSystemStatus;
    expect(status).toMatchObject({ connected: false, qbo_disconnected: true });
    const row = await rowOf(admin.tenantUuid);
    expect(row).toMatchObject({ access_token: null, refresh_token: null, disconnected_reason: 'invalid_grant' });
    expect((await api('push')).message).toBe(M.disconnected);
    expect((await api('preview')).message).toBe(M.disconnected);

    // Reconnecting from another page of the app (spec §7 connect with redirect_uri) comes back to that page.
    const { res } = await connectThroughQuickBooks(admin, 'http://localhost:3000/jobs?tab=2&qbo=stale');
    expect(res.headers.location).toBe('http://localhost:3000/jobs?tab=2&qbo=connected');
    expect((await call(Q.status, {}, admin)).data?.accountingSystemStatus).toMatchObject({ connected: true, qbo_disconnected: false });
    expect((await connection('check')).message).toBe('Connected');
  });

  it('disconnect revokes the token at QuickBooks and forgets it here', async () => {
    const before = standIn.revoked.length;
    expect((await connection('disconnect')).message).toBe('Disconnected');
    expect(standIn.revoked.length).toBe(before + 1);
    expect(standIn.refreshTokens.size).toBe(0);
    expect(await rowOf(admin.tenantUuid)).toMatchObject({
      realm_id: null,
      access_token: null,
      refresh_token: null,
      qbo_disconnected: false,
    });
    expect((await connection('check')).message).toBe(M.notConnected);
  });
});

describe('QuickBooks settings, token encryption and name suggestions', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', AUTH_SECRET: 'a'.repeat(40) };

  it('reads QBO_* and ENCRYPTION_KEY, and refuses half a QuickBooks setup', () => {
    expect(loadConfig(base).qbo).toBeUndefined();
    expect(loadConfig(base).encryptionKey).toBe('a'.repeat(40));
    const full = loadConfig({
      ...base,
      QBO_CLIENT_ID: 'client',
      QBO_CLIENT_SECRET: 'secret',
      QBO_ENVIRONMENT: 'production',
      ENCRYPTION_KEY: 'k'.repeat(32),
    });
    expect(full.qbo).toEqual({ clientId: 'client', clientSecret: 'secret', environment: 'production' });
    expect(full.encryptionKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ ...base, QBO_CLIENT_ID: 'client' })).toThrow('QBO_CLIENT_SECRET: required with the other QuickBooks setting');
    expect(() => loadConfig({ ...base, QBO_ENVIRONMENT: 'staging' })).toThrow('QBO_ENVIRONMENT');
  });

  it('encrypts tokens with AES-256-GCM: a fresh IV each time, and a changed byte or another key fails', () => {
    const one = encryptSecret('key-one', 'refresh_abc');
    expect(one).not.toContain('refresh_abc');
    expect(encryptSecret('key-one', 'refresh_abc')).not.toBe(one);
    expect(decryptSecret('key-one', one)).toBe('refresh_abc');
    expect(() => decryptSecret('key-two', one)).toThrow();
    const [v, iv, tag, body] = one.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(() => decryptSecret('key-one', [v, iv, tag, flipped].join('.'))).toThrow();
  });

  it('suggests by name only when one QuickBooks entity fits', () => {
    const remotes = [
      { id: '1', name: 'Dana Field' },
      { id: '2', name: 'Concrete 03-300' },
      { id: '3', name: 'Main Street Lofts' },
      { id: '4', name: 'Main Street Garage' },
    ];
    expect(suggestRemote('dana  FIELD', remotes)?.id).toBe('1');
    expect(suggestRemote('03-300', remotes)?.id).toBe('2');
    expect(suggestRemote('Main Street', remotes)).toBeNull();
    expect(suggestRemote('', remotes)).toBeNull();
  });
});
