import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { user } from '../../identity/auth.table.js';
import { createMailer } from '../../platform/mail.js';
import type { TestMember } from '../../testing/factories.js';
import { okData as ok, testConfig, useTestApp } from '../../testing/test-app.js';
import { testClock } from '../../testing/test-clock.js';
import { runSweeps, type SweepDeps } from '../notifications/sweeps.js';
import { fixNorth, punch, punchCompany, UPDATE_SETTINGS } from './punches.fixtures.js';
import { punchSegments } from './punches.table.js';

/**
 * Issue 47's day-end sweep: a punch left open past its day is flagged a missed clock-out and told once to the person and
 * once to the job's foreman, each in their own language; a night shift is not flagged at midnight. And punch locations
 * are dropped after the company's retention, the status kept.
 */
const clock = testClock();
const t = useTestApp({ deps: { now: clock.now } });
let c: Awaited<ReturnType<typeof punchCompany>>;
let deps: SweepDeps;

const INBOX = `query($t: ID!) { listMyNotifications(tenant_uuid: $t, limit: 100) { items { kind title count link } } }`;
const inbox = async (who: TestMember) =>
  (
    ok(await t.gql(INBOX, { t: who.tenantUuid }, who.token)).listMyNotifications.items as {
      kind: string;
      title: string;
      count: number;
      link: string;
    }[]
  ).filter((n) => n.kind === 'missed_clock_out');
const segments = () => withTenant(t.database.db, c.tenant, (tx) => tx.select().from(punchSegments).orderBy(punchSegments.id));

beforeAll(async () => {
  c = await punchCompany(t);
  // The foreman reads Spanish; the others their default, English.
  await t.database.db.update(user).set({ language: 'es' }).where(eq(user.id, c.foreman.identity));
  const db = t.database.db;
  deps = {
    db,
    realtime: { publish: () => {} } as never,
    dataDir: 'memory://',
    log: console,
    mailer: createMailer({ from: 'noreply@groundwork.test', db, now: clock.now }),
    appOrigin: 'https://app.groundwork.test',
    config: testConfig(),
  };
});

describe('the day-end sweep', () => {
  it('flags a punch left open past its day and tells the person and the foreman once, each in their language', async () => {
    clock.set('2026-03-17T07:00:00Z');
    ok(await punch(t, c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    // A night shift on the other foreman's job.
    clock.set('2026-03-17T22:00:00Z');
    ok(await punch(t, c.mate, { action: 'IN', jobs_id: c.otherJob, costcodes_id: c.code }));

    // The day has not ended: nothing.
    expect((await runSweeps(deps, new Date('2026-03-17T23:30:00Z'))).told.missed_clock_out).toBeUndefined();
    // Past midnight: the day shift is missed (16 hours), the night shift not yet.
    clock.set('2026-03-18T00:30:00Z');
    expect((await runSweeps(deps, clock.now())).told.missed_clock_out).toBe(2);
    expect((await segments()).map((s) => s.missed_clock_out)).toEqual([true, false]);
    expect(await inbox(c.worker)).toEqual([
      {
        kind: 'missed_clock_out',
        title: 'You did not clock out: on the clock on Main Street since March 17, 2026 at 7:00 AM.',
        count: 1,
        link: '/modules/timecards?tab=clock',
      },
    ]);
    const [toForeman] = await inbox(c.foreman);
    expect(toForeman.title).toMatch(/^Wanda Member no marcó la salida: en el reloj en Main Street desde el 17 de marzo de 2026/);
    expect(await inbox(c.otherForeman)).toEqual([]);
    expect(await inbox(c.admin)).toEqual([]);

    // Never twice, however often the sweep runs.
    clock.set('2026-03-18T02:00:00Z');
    expect((await runSweeps(deps, clock.now())).told.missed_clock_out).toBeUndefined();
    expect((await inbox(c.worker)).map((n) => n.count)).toEqual([1]);
    expect((await inbox(c.foreman)).map((n) => n.count)).toEqual([1]);

    // The night shift, sixteen hours on: the mate and the other foreman.
    clock.set('2026-03-18T14:00:00Z');
    expect((await runSweeps(deps, clock.now())).told.missed_clock_out).toBe(2);
    expect((await inbox(c.mate)).map((n) => n.title)).toEqual([
      'You did not clock out: on the clock on Elm Yard since March 17, 2026 at 10:00 PM.',
    ]);
    expect((await inbox(c.otherForeman)).map((n) => n.title)).toEqual([
      'Mateo Member did not clock out: on the clock on Elm Yard since March 17, 2026 at 10:00 PM.',
    ]);
    expect((await runSweeps(deps, new Date('2026-03-19T14:00:00Z'))).told.missed_clock_out).toBeUndefined();

    // The segment stays open, flagged, until someone gives its end.
    expect((await segments()).map((s) => [s.ended_at, s.missed_clock_out])).toEqual([
      [null, true],
      [null, true],
    ]);
  });

  it('drops punch locations older than the retention, keeping the status, the distance and the flag', async () => {
    ok(await t.gql(UPDATE_SETTINGS, { t: c.tenant, d: 2 }, c.admin.token));
    clock.set('2026-03-20T07:00:00Z');
    ok(
      await punch(t, c.admin, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, location: fixNorth(800, 10, '2026-03-20T07:00:00Z') }),
    );
    clock.set('2026-03-20T08:00:00Z');
    ok(await punch(t, c.admin, { action: 'OUT', location: fixNorth(10, 10, '2026-03-20T08:00:00Z') }));
    const mine = async () => (await segments()).filter((s) => s.employees_id === c.admin.employeeId)[0];
    expect(await mine()).toMatchObject({ start_outside_fence: true, end_outside_fence: false });
    expect((await mine()).start_latitude).not.toBeNull();
    // Within the retention: kept.
    await runSweeps(deps, new Date('2026-03-21T09:00:00Z'));
    expect((await mine()).start_latitude).not.toBeNull();
    // Two days on: dropped.
    await runSweeps(deps, new Date('2026-03-22T09:00:00Z'));
    const after = await mine();
    expect(after).toMatchObject({
      start_location_status: 'GIVEN',
      start_latitude: null,
      start_longitude: null,
      start_accuracy_m: null,
      start_located_at: null,
      start_outside_fence: true,
      end_location_status: 'GIVEN',
      end_latitude: null,
      end_outside_fence: false,
    });
    expect(after.start_distance_m).toBeCloseTo(800, 0);
  });
});
