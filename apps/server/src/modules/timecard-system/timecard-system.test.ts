import { CONNECTED } from '@groundwork/core/accounting';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type QbtConfig } from '../../config.js';
import { withTenant } from '../../db/with-tenant.js';
import type { TestMember } from '../../testing/factories.js';
import { startQbtStandIn } from '../../testing/qbt-stand-in.js';
import { testConfig, useTestApp } from '../../testing/test-app.js';
import { employees } from '../employees/employees.table.js';
import { decryptSecret } from '../integrations/integrations.crypto.js';
import { caller, code, expectAdminsOnly, integrationMembers, throughConsent, useStandIn } from '../integrations/integrations.fixtures.js';
import { seedTimecardSite } from '../timecards/timecards.fixtures.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { TIMECARD_SYSTEM_MESSAGES as M } from './timecard-system.rules.js';
import { timecardSystemConnections, timecardSystemImports, timecardSystemMappings } from './timecard-system.table.js';

const qbt: QbtConfig = { clientId: 'qbt-client-id', clientSecret: 'qbt-client-secret' };
const standIn = useStandIn(startQbtStandIn, (s) => {
  qbt.apiBase = s.url;
});

const t = useTestApp({ config: { qbt } });

const Q = {
  status: 'query($t: ID!) { timecardSystemStatus(tenant_uuid: $t) { configured connected disconnected_reason timecardsystems_id } }',
  connection:
    'mutation($t: ID!, $e: String!, $r: String) { timecardSystemConnection(tenant_uuid: $t, event_type: $e, redirect_uri: $r) { message redirect_uri } }',
  set: 'mutation($t: ID!, $id: Int!) { setTimecardSystem(tenant_uuid: $t, timecardsystems_id: $id) { timecardsystems_id timecardsystems_title } }',
  api: 'mutation($t: ID!, $a: String!, $p: JSON) { timecardSystemApi(tenant_uuid: $t, action: $a, payload: $p) { action message data } }',
};
const PERIOD = { start_date: '2026-11-02', end_date: '2026-11-08' };
const ALL: [string, Record<string, unknown>][] = [
  [Q.status, {}],
  [Q.connection, { e: 'connect' }],
  [Q.connection, { e: 'check' }],
  [Q.connection, { e: 'disconnect' }],
  [Q.set, { id: 1 }],
  [Q.api, { a: 'mapping' }],
  [Q.api, { a: 'log' }],
  [Q.api, { a: 'preview', p: PERIOD }],
  [Q.api, { a: 'import', p: PERIOD }],
  [Q.api, { a: 'map', p: { kind: 'user', remote_id: '1', local_id: 1 } }],
];

let members: Awaited<ReturnType<typeof integrationMembers>>;
let admin: TestMember;
let foreign: TestMember;
let site: Awaited<ReturnType<typeof seedTimecardSite>>;
let dana: number;
let sam: number;
let typedEntry: number;
let signedCard: number;
const call = caller(t, () => admin);
const api = async (a: string, p?: unknown) => {
  const res = await call(Q.api, { a, p }, admin);
  expect(res.errors).toBeUndefined();
  return res.data?.timecardSystemApi as { action: string; message: string | null; data: any };
};
const connection = async (e: string, r?: string) => {
  const res = await call(Q.connection, { e, r }, admin);
  expect(res.errors).toBeUndefined();
  return res.data?.timecardSystemConnection as { message: string | null; redirect_uri: string | null };
};
const rowOf = (tenant: string) => withTenant(t.database.db, tenant, async (tx) => (await tx.select().from(timecardSystemConnections))[0]);
const entriesOf = (tenant: string) =>
  withTenant(t.database.db, tenant, (tx) => tx.select().from(timecardEntries).where(eq(timecardEntries.tenant_uuid, tenant)));

/** connect, then follow QuickBooks Time's consent page back to our callback, as the browser would. */
async function connectThroughQuickBooksTime(returnTo?: string) {
  const { redirect_uri } = await connection('connect', returnTo);
  expect(redirect_uri).toMatch(new RegExp(`^${standIn.url}/api/v1/authorize\\?`));
  return throughConsent(t, redirect_uri, '/api/qbt/callback');
}

let remote: { dana: number; sam: number; stranger: number; main: number; elm: number; sheets: Record<string, number> };

beforeAll(async () => {
  members = await integrationMembers(t.database.db, 'Clockwise Builders');
  ({ admin, foreign } = members);
  const a = members.tenant;
  await withTenant(t.database.db, a, async (tx) => {
    site = await seedTimecardSite(tx, a);
    const [d, s] = await tx
      .insert(employees)
      .values([
        { tenant_uuid: a, firstname: 'Dana', lastname: 'Field', cognito_status: 'CONFIRMED' },
        { tenant_uuid: a, firstname: 'Sam', lastname: 'Stone', cognito_status: 'CONFIRMED' },
      ])
      .returning({ id: employees.id });
    dana = d?.id as number;
    sam = s?.id as number;
    // Dana typed 6 h on Elm Yard on Wednesday in the app; Sam's card for the week is signed.
    const [danaCard, samCard] = await tx
      .insert(usersTimecard)
      .values([
        { tenant_uuid: a, employees_id: dana, payperiod_start_date: '2026-11-02', payperiod_end_date: '2026-11-08' },
        {
          tenant_uuid: a,
          employees_id: sam,
          payperiod_start_date: '2026-11-02',
          payperiod_end_date: '2026-11-08',
          signed_on: '2026-11-09T08:00:00Z',
          signed_by: sam,
        },
      ])
      .returning({ id: usersTimecard.id });
    signedCard = samCard?.id as number;
    const [typed] = await tx
      .insert(timecardEntries)
      .values({
        tenant_uuid: a,
        users_timecard_id: danaCard?.id as number,
        employees_id: dana,
        timecard_date: '2026-11-04',
        jobs_id: site.otherJob,
        costcodes_id: site.code,
        hours: 6,
      })
      .returning({ id: timecardEntries.id });
    typedEntry = typed?.id as number;
  });
  const u = {
    dana: standIn.addUser('Dana', 'Field').id,
    sam: standIn.addUser('Sam', 'Stone').id,
    stranger: standIn.addUser('Pat', 'Nobody').id,
  };
  const j = { main: standIn.addJobcode('Main Street').id, elm: standIn.addJobcode('Elm Yard').id };
  const sheet = (user_id: number, jobcode_id: number, date: string, hours: number, on_the_clock = false) =>
    standIn.addTimesheet({ user_id, jobcode_id, date, duration: hours * 3600, on_the_clock }).id;
  remote = {
    ...u,
    ...j,
    sheets: {
      danaMain: sheet(u.dana, j.main, '2026-11-03', 7.5),
      danaElm: sheet(u.dana, j.elm, '2026-11-04', 8),
      samMain: sheet(u.sam, j.main, '2026-11-03', 8),
      stranger: sheet(u.stranger, j.main, '2026-11-05', 4),
      running: sheet(u.dana, j.main, '2026-11-06', 2, true),
      later: sheet(u.dana, j.main, '2026-11-20', 8),
    },
  };
});

describe('QuickBooks Time, the external time-card system (issue 23)', () => {
  it('refuses unauthenticated callers, every non-admin and another company, before any call to QuickBooks Time', async () => {
    await expectAdminsOnly(t, members, ALL);
    expect(standIn.requests).toEqual([]);
  });

  it('answers malformed input with a clear VALIDATION error, never an internal one', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [Q.connection, { e: 'reconnect' }, M.badEvent],
      [Q.api, { a: 'sync-everything' }, M.badAction],
      [Q.api, { a: 'map', p: { kind: 'planet', remote_id: '5', local_id: 1 } }, 'kind'],
      [Q.api, { a: 'map', p: { kind: 'user', remote_id: '', local_id: 1 } }, 'remote_id'],
      [Q.api, { a: 'map', p: { kind: 'user', remote_id: '5', local_id: -1 } }, 'local_id'],
      [Q.api, { a: 'preview', p: { start_date: 'monday', end_date: '2026-11-08' } }, 'start_date: Dates are YYYY-MM-DD.'],
      [Q.api, { a: 'preview' }, 'start_date'],
      [Q.api, { a: 'import', p: { start_date: '2026-11-09', end_date: '2026-11-02' } }, 'start_date must not be after end_date.'],
      [Q.api, { a: 'import', p: { start_date: '2026-01-01', end_date: '2026-12-31' } }, M.periodTooLong],
      [Q.api, { a: 'import', p: 'last week' }, 'Invalid input'],
      [Q.api, { a: 'log', p: { limit: 100000 } }, 'limit'],
      [Q.set, { id: 7 }, M.unknownSystem],
      [Q.connection, { e: 'connect', r: 'https://evil.test/steal' }, M.badRedirect],
    ];
    for (const [q, vars, message] of cases) {
      const res = await call(q, vars, admin);
      expect(code(res), JSON.stringify(vars)).toBe('VALIDATION');
      expect(res.errors?.[0]?.message).toContain(message);
    }
    const missing = await call(Q.api, { a: 'map', p: { kind: 'jobcode', remote_id: '5', local_id: 999_999 } }, admin);
    expect(code(missing)).toBe('NOT_FOUND');
  });

  it('says not connected before connecting; setTimecardSystem sets and clears the company’s system', async () => {
    expect((await connection('check')).message).toBe(M.notConnected);
    expect((await api('preview', PERIOD)).message).toBe(M.notConnected);
    const set = await call(Q.set, { id: 1 }, admin);
    expect(set.data?.setTimecardSystem).toEqual({ timecardsystems_id: 1, timecardsystems_title: 'QuickBooks Time' });
    expect((await call(Q.status, {}, admin)).data?.timecardSystemStatus).toMatchObject({ timecardsystems_id: 1, connected: false });
    await call(Q.set, { id: 0 }, admin);
    expect((await call(Q.status, {}, admin)).data?.timecardSystemStatus.timecardsystems_id).toBeNull();
  });

  it('connects through OAuth: the callback stores encrypted tokens, and check answers Connected', async () => {
    const { res, callback } = await connectThroughQuickBooksTime();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('/dashboard?settings=true&component=company-setup&dialog=timecard-system-dialog&qbt=connected');
    const row = await rowOf(admin.tenantUuid);
    expect(row?.remote_company_id).toBe(standIn.companyId);
    expect(row?.access_token).toMatch(/^v1\./);
    const refresh = decryptSecret(testConfig().encryptionKey, row?.refresh_token as string);
    expect(standIn.refreshTokens.has(refresh)).toBe(true);
    expect(row?.refresh_token).not.toContain(refresh);
    expect(row?.oauth_state).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: callback })).headers.location).toContain('qbt=error');
    const forged = await t.app.inject({ method: 'GET', url: `/api/qbt/callback?code=x&state=${admin.tenantUuid}.guess` });
    expect(forged.headers.location).toContain('qbt=error');
    expect((await connection('check')).message).toBe(CONNECTED);
    expect((await call(Q.status, {}, admin)).data?.timecardSystemStatus).toEqual({
      configured: true,
      connected: true,
      disconnected_reason: null,
      timecardsystems_id: 1,
    });
    // Nothing secret in what the browser can read.
    const status = JSON.stringify(await call(Q.status, {}, admin));
    expect(status).not.toMatch(/access|refresh|v1\./);
  });

  it('refreshes the access token when it is due or refused, and stores the rotated refresh token', async () => {
    const before = (await rowOf(admin.tenantUuid))?.refresh_token;
    standIn.expireAccess();
    expect((await connection('check')).message).toBe(CONNECTED);
    expect((await rowOf(admin.tenantUuid))?.refresh_token).not.toBe(before);
    await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx
        .update(timecardSystemConnections)
        .set({ access_expires_at: '2000-01-01T00:00:00Z' })
        .where(eq(timecardSystemConnections.tenant_uuid, admin.tenantUuid)),
    );
    const grants = standIn.requests.filter((r) => r.path === '/api/v1/grant').length;
    expect((await connection('check')).message).toBe(CONNECTED);
    expect(standIn.requests.filter((r) => r.path === '/api/v1/grant').length).toBe(grants + 1);
    expect(Date.parse((await rowOf(admin.tenantUuid))?.access_expires_at as string)).toBeGreaterThan(Date.now());
  });

  it('lists users and jobcodes beside people and jobs with suggestions by name, and links them', async () => {
    const res = await api('mapping');
    expect(res.message).toBe(CONNECTED);
    const user = (id: number) => res.data.users.find((u: { remote_id: string }) => u.remote_id === String(id));
    expect(user(remote.dana)).toEqual({
      remote_id: String(remote.dana),
      name: 'Dana Field',
      local_id: null,
      suggestion: { id: dana, name: 'Dana Field' },
    });
    expect(user(remote.stranger).suggestion).toBeNull();
    const main = res.data.jobcodes.find((j: { remote_id: string }) => j.remote_id === String(remote.main));
    expect(main.suggestion).toEqual({ id: site.job, name: 'Main Street' });
    expect(res.data.people.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Dana Field', 'Sam Stone']));
    for (const p of [
      { kind: 'user', remote_id: String(remote.dana), local_id: dana, remote_name: 'Dana Field' },
      { kind: 'user', remote_id: String(remote.sam), local_id: sam },
      { kind: 'jobcode', remote_id: String(remote.main), local_id: site.job },
      { kind: 'jobcode', remote_id: String(remote.elm), local_id: site.otherJob },
    ]) {
      expect((await api('map', p)).data).toEqual({ kind: p.kind, remote_id: p.remote_id, local_id: p.local_id });
    }
    const again = await api('mapping');
    expect(again.data.users.find((u: { remote_id: string }) => u.remote_id === String(remote.dana))).toMatchObject({
      local_id: dana,
      suggestion: null,
    });
  });

  it('previews a pay period, and the import does exactly what the preview listed', async () => {
    const before = await entriesOf(admin.tenantUuid);
    const preview = await api('preview', PERIOD);
    expect(preview.message).toBe(CONNECTED);
    const ops = preview.data.ops as {
      remote_id: string;
      action: string;
      error: string | null;
      summary: string;
      conflict_entry_id: number | null;
    }[];
    const s = remote.sheets;
    expect(ops.map((o) => [o.remote_id, o.action])).toEqual([
      [String(s.danaMain), 'create'],
      [String(s.samMain), 'blocked'],
      [String(s.danaElm), 'conflict'],
      [String(s.stranger), 'blocked'],
      [String(s.running), 'skip'],
    ]);
    expect(ops[0]?.summary).toBe('Dana Field, 2026-11-03, 7.5 h on Main Street');
    expect(ops[1]?.error).toBe('The time card of Sam Stone for 2026-11-02 to 2026-11-08 is signed.');
    expect(ops[2]).toMatchObject({
      conflict_entry_id: typedEntry,
      error: 'Dana Field already has 6 h on Elm Yard on 2026-11-04 typed in the app; not overwritten.',
    });
    expect(ops[3]?.error).toBe('Link the QuickBooks Time user Pat Nobody to a person first.');
    expect(await entriesOf(admin.tenantUuid)).toEqual(before);

    const imported = await api('import', PERIOD);
    const results = imported.data.results as ((typeof ops)[number] & { status: string; timecard_entries_id: number | null })[];
    expect(results.map((r) => [r.remote_id, r.action])).toEqual(ops.map((o) => [o.remote_id, o.action]));
    expect(results.map((r) => r.status)).toEqual(['imported', 'blocked', 'conflict', 'blocked', 'skipped']);
    const after = await entriesOf(admin.tenantUuid);
    expect(after).toHaveLength(before.length + 1);
    const created = after.find((e) => e.id === results[0]?.timecard_entries_id);
    expect(created).toMatchObject({
      employees_id: dana,
      jobs_id: site.job,
      costcodes_id: site.code,
      timecard_date: '2026-11-03',
      hours: 7.5,
    });
    // The entry typed in the app is untouched, and nothing was written into Sam's signed card.
    expect(after.find((e) => e.id === typedEntry)).toEqual(before.find((e) => e.id === typedEntry));
    expect(after.filter((e) => e.users_timecard_id === signedCard)).toEqual([]);
  });

  it('importing the pay period again creates nothing twice; conflicts are still reported', async () => {
    const count = (await entriesOf(admin.tenantUuid)).length;
    const again = await api('preview', PERIOD);
    expect(again.data.unchanged).toBe(1);
    expect(again.data.ops.map((o: { action: string }) => o.action)).toEqual(['blocked', 'conflict', 'blocked', 'skip']);
    const imported = await api('import', PERIOD);
    expect(imported.data.unchanged).toBe(1);
    expect(imported.data.results.filter((r: { status: string }) => r.status === 'imported')).toEqual([]);
    await api('import', PERIOD);
    expect(await entriesOf(admin.tenantUuid)).toHaveLength(count);
    const log = await api('log', { limit: 10 });
    expect(log.data.entries.map((e: { remote_id: string }) => e.remote_id)).toEqual([String(remote.sheets.danaMain)]);
  });

  it('keeps another company out: its admin sees none of the connection, links or imports', async () => {
    expect((await call(Q.status, {}, foreign)).data?.timecardSystemStatus).toMatchObject({ connected: false });
    expect((await call(Q.api, { a: 'log' }, foreign)).data?.timecardSystemApi.data).toEqual({ entries: [] });
    expect((await call(Q.connection, { e: 'check' }, foreign)).data?.timecardSystemConnection.message).toBe(M.notConnected);
    const seen = await withTenant(t.database.db, foreign.tenantUuid, async (tx) => ({
      connections: (await tx.select().from(timecardSystemConnections)).length,
      mappings: (await tx.select().from(timecardSystemMappings)).length,
      imports: (await tx.select().from(timecardSystemImports)).length,
    }));
    expect(seen).toEqual({ connections: 0, mappings: 0, imports: 0 });
    await expect(
      withTenant(t.database.db, foreign.tenantUuid, (tx) =>
        tx.insert(timecardSystemMappings).values({ tenant_uuid: admin.tenantUuid, kind: 'user', remote_id: '1', local_id: 1 }),
      ),
    ).rejects.toThrow();
    // Its own link to another company's person is refused as not found.
    const res = await call(Q.api, { a: 'map', p: { kind: 'user', remote_id: '1', local_id: dana } }, foreign);
    expect(code(res)).toBe('NOT_FOUND');
  });

  it('an expired or revoked refresh token leaves it not connected, with the reason; reconnecting clears it', async () => {
    standIn.revokeAll();
    expect((await connection('check')).message).toBe(M.expired);
    expect((await call(Q.status, {}, admin)).data?.timecardSystemStatus).toMatchObject({
      connected: false,
      disconnected_reason: M.expired,
    });
    expect(await rowOf(admin.tenantUuid)).toMatchObject({ access_token: null, refresh_token: null });
    expect((await api('import', PERIOD)).message).toBe(M.expired);
    const { res } = await connectThroughQuickBooksTime('http://localhost:3000/modules/timecards?qbt=stale');
    expect(res.headers.location).toBe('http://localhost:3000/modules/timecards?qbt=connected');
    expect((await call(Q.status, {}, admin)).data?.timecardSystemStatus).toMatchObject({ connected: true, disconnected_reason: null });
    // The links were made for this same QuickBooks Time company, so they stay.
    const links = await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx
        .select()
        .from(timecardSystemMappings)
        .where(and(eq(timecardSystemMappings.tenant_uuid, admin.tenantUuid))),
    );
    expect(links).toHaveLength(4);
    expect((await connection('check')).message).toBe(CONNECTED);
  });

  it('disconnect revokes the token at QuickBooks Time and forgets it here', async () => {
    const before = standIn.revoked.length;
    expect((await connection('disconnect')).message).toBe('Disconnected');
    expect(standIn.revoked.length).toBe(before + 1);
    expect(standIn.refreshTokens.size).toBe(0);
    expect(await rowOf(admin.tenantUuid)).toMatchObject({ access_token: null, refresh_token: null, disconnected_reason: null });
    expect((await connection('check')).message).toBe(M.notConnected);
  });

  it('reads QBT_* and refuses half a QuickBooks Time setup', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', AUTH_SECRET: 'a'.repeat(40) };
    expect(loadConfig(base).qbt).toBeUndefined();
    expect(loadConfig({ ...base, QBT_CLIENT_ID: 'client', QBT_CLIENT_SECRET: 'secret' }).qbt).toEqual({
      clientId: 'client',
      clientSecret: 'secret',
    });
    expect(
      loadConfig({ ...base, QBT_CLIENT_ID: 'client', QBT_CLIENT_SECRET: 'secret', QBT_API_BASE: 'http://127.0.0.1:9' }).qbt?.apiBase,
    ).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ ...base, QBT_CLIENT_ID: 'client' })).toThrow(
      'QBT_CLIENT_SECRET: required with the other QuickBooks Time setting',
    );
  });
});
