import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QboConfig } from '../../config.js';
import { withTenant } from '../../db/with-tenant.js';
import { createMailer } from '../../platform/mail.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { startQboStandIn } from '../../testing/qbo-stand-in.js';
import { testConfig, useTestApp } from '../../testing/test-app.js';
import { throughConsent, useStandIn } from '../integrations/integrations.fixtures.js';
import { runSweeps, type SweepDeps, type SweepReport, sweepCompany } from '../notifications/sweeps.js';
import { seedTimecardSite } from '../timecards/timecards.fixtures.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { accountingConnections, accountingSyncLog } from './accounting.table.js';

/**
 * Issue 23's background retry: a push that failed is tried again by the company's sweep once its backoff is over,
 * only that record (never one the admin has not pushed), once, in the company's own walled transaction.
 */

const qbo: QboConfig = { clientId: 'qbo-client-id', clientSecret: 'qbo-client-secret', environment: 'sandbox' };
const standIn = useStandIn(startQboStandIn, (s) => {
  qbo.baseUrl = s.url;
});

const t = useTestApp({ config: { qbo } });

const API =
  'mutation($t: ID!, $a: String!, $p: JSON) { accountingSystemApi(tenant_uuid: $t, action: $a, payload: $p) { action message data } }';
const CONNECTION =
  'mutation($t: ID!, $e: String!) { accountingSystemConnection(tenant_uuid: $t, event_type: $e) { message redirect_uri } }';

type Company = { admin: TestMember; entries: Record<string, number> };
let a: Company;
let b: Company;
let deps: SweepDeps;
let remote: { employee: string; customer: string; item: string };

const api = async (who: TestMember, action: string, payload?: unknown) => {
  const res = await t.gql(API, { t: who.tenantUuid, a: action, p: payload }, who.token);
  expect(res.errors).toBeUndefined();
  return res.data?.accountingSystemApi as { message: string | null; data: any };
};
const logOf = (tenant: string) =>
  withTenant(t.database.db, tenant, (tx) =>
    tx.select().from(accountingSyncLog).where(eq(accountingSyncLog.tenant_uuid, tenant)).orderBy(accountingSyncLog.synced_on),
  );
const rowsOf = async (c: Company, entry: string) => (await logOf(c.admin.tenantUuid)).filter((r) => r.record_id === c.entries[entry]);
const timeActivities = () => [...(standIn.entities.get('TimeActivity')?.values() ?? [])];
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
const report = (): SweepReport => ({ companies: 0, skipped: 0, told: {}, summaries: 0, digests: 0 });
/** Pushes one day's signed time, as the admin does by hand. */
const pushDay = (c: Company, day: string) => api(c.admin, 'push', { types: ['timecard_entry'], from: day, to: day });

/** A company with an admin connected to the stand-in, its links made, and signed time on three days. */
async function company(): Promise<Company> {
  const db = t.database.db;
  const tenant = await createTenant(db);
  const admin = await createMember(db, tenant, { isAdmin: true });
  const { site, entries } = await withTenant(db, tenant, async (tx) => {
    const site = await seedTimecardSite(tx, tenant);
    const [card] = await tx
      .insert(usersTimecard)
      .values({
        tenant_uuid: tenant,
        employees_id: admin.employeeId,
        payperiod_start_date: '2026-11-02',
        payperiod_end_date: '2026-11-15',
        signed_on: '2026-11-16T08:00:00Z',
      })
      .returning({ id: usersTimecard.id });
    const rows = await tx
      .insert(timecardEntries)
      .values(
        ['2026-11-03', '2026-11-04', '2026-11-05'].map((timecard_date) => ({
          tenant_uuid: tenant,
          users_timecard_id: card?.id as number,
          employees_id: admin.employeeId,
          timecard_date,
          jobs_id: site.job,
          costcodes_id: site.code,
          hours: 8,
        })),
      )
      .returning({ id: timecardEntries.id, date: timecardEntries.timecard_date });
    return { site, entries: Object.fromEntries(rows.map((r) => [r.date, r.id])) };
  });
  // Connect through the stand-in's consent page and our callback, as the browser would.
  const connect = await t.gql(CONNECTION, { t: tenant, e: 'connect' }, admin.token);
  const { res } = await throughConsent(t, connect.data?.accountingSystemConnection.redirect_uri, '/api/qbo/callback');
  expect(res.headers.location).toContain('qbo=connected');
  for (const [kind, local_id, remote_id] of [
    ['person', admin.employeeId, remote.employee],
    ['job', site.job, remote.customer],
    ['costcode', site.code, remote.item],
  ] as const) {
    await api(admin, 'map', { kind, local_id, remote_id });
  }
  return { admin, entries };
}

beforeAll(async () => {
  remote = {
    employee: standIn.add('Employee', { DisplayName: 'Test Member', Active: true }).Id as string,
    customer: standIn.add('Customer', { DisplayName: 'Main Street', Active: true }).Id as string,
    item: standIn.add('Item', { Name: 'Concrete 03-300', Type: 'Service', Active: true }).Id as string,
  };
  a = await company();
  b = await company();
  const db = t.database.db;
  deps = {
    db,
    realtime: { publish: () => {} } as never,
    dataDir: 'memory://',
    log: console,
    mailer: createMailer({ from: 'noreply@groundwork.test', db, now: () => new Date() }),
    appOrigin: 'https://app.groundwork.test',
    config: { ...testConfig(), qbo },
  };
}, 60_000);

describe('retrying failed QuickBooks pushes (issue 23)', () => {
  it('a push QuickBooks answers with a 5xx leaves the record failed, with its next attempt set', async () => {
    standIn.failSaves('TimeActivity', 503);
    for (const c of [a, b]) {
      const pushed = await pushDay(c, '2026-11-03');
      expect(pushed.data.results).toMatchObject([{ record_id: c.entries['2026-11-03'], status: 'failed' }]);
      expect(pushed.data.results[0].error).toContain('unavailable');
    }
    // And one more of A's, which will change before its retry.
    await pushDay(a, '2026-11-05');
    standIn.failSaves('TimeActivity', null);
    expect(timeActivities()).toHaveLength(0);
    const [row] = await rowsOf(a, '2026-11-03');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, action: 'create' });
    const next = Date.parse(row?.next_attempt_at as string);
    expect(next).toBeGreaterThan(Date.now());
    expect(next).toBeLessThanOrEqual(Date.now() + 61_000);
  });

  it('a sweep before the next attempt calls QuickBooks not at all', async () => {
    const before = standIn.requests.length;
    const r = report();
    expect(await sweepCompany(deps, a.admin.tenantUuid, new Date(), r)).toBe(true);
    expect(standIn.requests.length).toBe(before);
    expect(r.qbo).toEqual({ retried: 0, synced: 0, failed: 0 });
    expect((await rowsOf(a, '2026-11-03'))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('nothing happens without QuickBooks configured', async () => {
    const before = standIn.requests.length;
    const r = report();
    await sweepCompany({ ...deps, config: { ...testConfig() } }, a.admin.tenantUuid, minutesFromNow(5), r);
    await sweepCompany({ ...deps, config: undefined }, a.admin.tenantUuid, minutesFromNow(5), r);
    expect(standIn.requests.length).toBe(before);
    expect(r.qbo).toBeUndefined();
    expect((await rowsOf(a, '2026-11-03'))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a retry that throws is logged and breaks neither the sweep nor the other companies', async () => {
    const errors: unknown[][] = [];
    const log = { warn: () => {}, error: (...args: unknown[]) => void errors.push(args) };
    // Tokens sealed under another key cannot be opened: the retry throws inside its transaction.
    const broken = { ...deps, log, config: { ...testConfig(), qbo, encryptionKey: 'another-key-another-key-another-key' } };
    const before = standIn.requests.length;
    const r = await runSweeps(broken, minutesFromNow(5));
    expect(r.companies).toBe(2);
    expect(r.qbo).toBeUndefined();
    expect(errors.map(([, message]) => message)).toEqual([
      'QuickBooks push retry failed for a company',
      'QuickBooks push retry failed for a company',
    ]);
    expect(standIn.requests.length).toBe(before);
    expect((await rowsOf(a, '2026-11-03'))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('after it, the sweep pushes the record once, at its current version, and nothing the admin has not pushed', async () => {
    // The 5 November entry changed since its push failed: the retry pushes its new version.
    await withTenant(t.database.db, a.admin.tenantUuid, (tx) =>
      tx
        .update(timecardEntries)
        .set({ hours: 6.5, updated_on: sql`now() + interval '1 second'` })
        .where(eq(timecardEntries.id, a.entries['2026-11-05'] as number)),
    );
    // An access token QuickBooks no longer takes (401): refreshed on the way, as any push does.
    standIn.expireAccess();
    const r = report();
    expect(await sweepCompany(deps, a.admin.tenantUuid, minutesFromNow(5), r)).toBe(true);
    expect(r.qbo).toEqual({ retried: 2, synced: 2, failed: 0 });

    const created = timeActivities();
    expect(created).toHaveLength(2);
    expect(created.map((x) => [x.TxnDate, x.Hours, x.Minutes])).toEqual([
      ['2026-11-03', 8, 0],
      ['2026-11-05', 6, 30],
    ]);
    const [third] = await rowsOf(a, '2026-11-03');
    expect(third).toMatchObject({ status: 'synced', attempts: 2, error: null, next_attempt_at: null, remote_id: created[0]?.Id });
    // The failed version stops being due; the new one is synced.
    const fifth = await rowsOf(a, '2026-11-05');
    expect(fifth.map((x) => [x.status, x.attempts, x.next_attempt_at])).toEqual([
      ['failed', 1, null],
      ['synced', 1, null],
    ]);
    // Never pushed by the admin: not pushed by the retry either.
    expect(await rowsOf(a, '2026-11-04')).toEqual([]);
    // Another company's failed row is not touched.
    expect((await rowsOf(b, '2026-11-03'))[0]).toMatchObject({ status: 'failed', attempts: 1 });

    // Nothing left due: a later sweep calls QuickBooks not at all, and creates nothing twice.
    const before = standIn.requests.length;
    const again = report();
    await sweepCompany(deps, a.admin.tenantUuid, minutesFromNow(60), again);
    expect(standIn.requests.length).toBe(before);
    expect(again.qbo).toEqual({ retried: 0, synced: 0, failed: 0 });
    expect(timeActivities()).toHaveLength(2);
  });

  it('a retry that fails again counts one more attempt and backs off longer', async () => {
    standIn.failSaves('TimeActivity', 502);
    const at = minutesFromNow(5);
    const r = report();
    await sweepCompany(deps, b.admin.tenantUuid, at, r);
    standIn.failSaves('TimeActivity', null);
    expect(r.qbo).toEqual({ retried: 1, synced: 0, failed: 1 });
    const [row] = await rowsOf(b, '2026-11-03');
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    // Two minutes from the retry's own clock (the database's now), so not due at the same `at`.
    expect(Date.parse(row?.next_attempt_at as string)).toBeGreaterThan(Date.now() + 60_000);
    const before = standIn.requests.length;
    await sweepCompany(deps, b.admin.tenantUuid, new Date(), report());
    expect(standIn.requests.length).toBe(before);
    expect(timeActivities()).toHaveLength(2);
  });

  it('not connected, or flagged disconnected: the sweep leaves the failed rows alone', async () => {
    const tenant = b.admin.tenantUuid;
    const flag = (on: boolean) =>
      withTenant(t.database.db, tenant, (tx) =>
        tx.update(accountingConnections).set({ qbo_disconnected: on }).where(eq(accountingConnections.tenant_uuid, tenant)),
      );
    const before = standIn.requests.length;
    await flag(true);
    await runSweeps(deps, minutesFromNow(30));
    await flag(false);
    expect(standIn.requests.length).toBe(before);
    expect((await rowsOf(b, '2026-11-03'))[0]).toMatchObject({ status: 'failed', attempts: 2 });

    const off = await t.gql(CONNECTION, { t: tenant, e: 'disconnect' }, b.admin.token);
    expect(off.data?.accountingSystemConnection.message).toBe('Disconnected');
    const afterDisconnect = standIn.requests.length;
    const r = await runSweeps(deps, minutesFromNow(30));
    expect(standIn.requests.length).toBe(afterDisconnect);
    expect(r.qbo).toEqual({ retried: 0, synced: 0, failed: 0 });
    expect((await rowsOf(b, '2026-11-03'))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(timeActivities()).toHaveLength(2);
  });

  it('a grant QuickBooks refuses during the retry flags the company disconnected and keeps the row due', async () => {
    const tenant = a.admin.tenantUuid;
    standIn.failSaves('TimeActivity', 503);
    await pushDay(a, '2026-11-04');
    standIn.failSaves('TimeActivity', null);
    standIn.revokeAll();
    const r = report();
    await sweepCompany(deps, tenant, minutesFromNow(5), r);
    expect(r.qbo).toEqual({ retried: 0, synced: 0, failed: 0 });
    const [row] = await rowsOf(a, '2026-11-04');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.next_attempt_at).not.toBeNull();
    const [connection] = await withTenant(t.database.db, tenant, (tx) =>
      tx
        .select()
        .from(accountingConnections)
        .where(and(eq(accountingConnections.tenant_uuid, tenant))),
    );
    expect(connection).toMatchObject({ qbo_disconnected: true, disconnected_reason: 'invalid_grant' });
    expect(timeActivities()).toHaveLength(2);
  });
});
