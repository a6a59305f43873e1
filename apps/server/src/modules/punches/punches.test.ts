import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { DEVICE_MUTATION_HEADER } from '../../graphql/device-mutations.js';
import type { TestMember } from '../../testing/factories.js';
import { errorCode as code, type GqlResult, okData as ok, useTestApp } from '../../testing/test-app.js';
import { testClock } from '../../testing/test-clock.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import {
  CARD,
  CORRECT,
  fixNorth,
  LIST,
  ON_THE_CLOCK,
  PUNCH,
  type Punch,
  punch as punchAs,
  punchCompany,
  SETTINGS,
  SITE,
  STATE,
  UPDATE_SETTINGS,
} from './punches.fixtures.js';
import { punchEntries, punchSegments } from './punches.table.js';

/**
 * Issue 47, the punch clock through the API: the state machine and its per-person outcomes, the hours it writes to the
 * card (rounded, breaks out, split by switches and by midnight, never twice), corrections, the signed card, device
 * times and the offline queue, the geofence, the office's reads and the settings.
 */
const clock = testClock();
const t = useTestApp({ deps: { now: clock.now } });
let c: Awaited<ReturnType<typeof punchCompany>>;

const punch = (who: TestMember, p: Punch) => punchAs(t, who, p);
const messageKey = (res: GqlResult) => (res.errors?.[0]?.extensions as { message_key?: string } | undefined)?.message_key;
const results = (res: GqlResult) => ok(res).punchClock.results as { employees_id: number; outcome: string; segment: any }[];
const at = (time: string, day = '2026-03-18') => clock.set(`${day}T${time}:00Z`);
/** A person's entries between two days, as the card shows them (read as the admin). */
const card = async (who: TestMember, s = '2026-03-16', end = '2026-03-29') =>
  (
    ok(await t.gql(CARD, { t: c.tenant, e: who.employeeId, s, end }, c.admin.token)).getTimecardInfo.users_timecard_entries as {
      id: number;
      timecard_date: string;
      jobs_id: number;
      costcodes_id: number;
      hours: number;
    }[]
  ).map(({ id: _id, ...e }) => e);
const state = async (who: TestMember, of?: number) => ok(await t.gql(STATE, { t: c.tenant, e: of }, who.token)).getPunchState;
const inTenant = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database.db, c.tenant, fn);
const resetPunches = () =>
  inTenant(async (tx) => {
    await tx.delete(punchEntries).where(sql`true`);
    await tx.delete(punchSegments).where(sql`true`);
    await tx.delete(timecardEntries).where(sql`true`);
    await tx.delete(usersTimecard).where(sql`true`);
    await tx.delete(scheduledLabor).where(sql`true`);
  });

beforeAll(async () => {
  c = await punchCompany(t);
});
beforeEach(async () => {
  await resetPunches();
  at('07:00');
});
afterEach(() => clock.reset());

describe('the punch clock', () => {
  it('clocks in, switches cost code, takes a break and clocks out; the card gets each code’s rounded hours', async () => {
    at('07:02');
    const [clockIn] = results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    expect(clockIn).toMatchObject({ employees_id: c.worker.employeeId, outcome: 'DONE' });
    expect(clockIn.segment).toMatchObject({
      kind: 'WORK',
      jobs_id: c.job,
      costcodes_id: c.code,
      started_at: '2026-03-18T07:02:00.000Z',
      ended_at: null,
      punched_by: c.worker.employeeId,
      crew_punch: false,
      start_location_status: 'UNAVAILABLE',
      start_distance_m: null,
      start_outside_fence: false,
    });
    at('09:10');
    const [switched] = results(await punch(c.worker, { action: 'SWITCH', jobs_id: c.job, costcodes_id: c.code2 }));
    expect(switched.segment).toMatchObject({ kind: 'WORK', costcodes_id: c.code2, started_at: '2026-03-18T09:10:00.000Z' });
    at('11:00');
    expect(results(await punch(c.worker, { action: 'BREAK_START' }))[0].segment).toMatchObject({ kind: 'BREAK', costcodes_id: c.code2 });
    at('11:30');
    expect(results(await punch(c.worker, { action: 'BREAK_END' }))[0].segment).toMatchObject({ kind: 'WORK', costcodes_id: c.code2 });
    at('12:00');
    const now = await state(c.worker);
    // 128 + 110 + 30 minutes of work, the break not counted.
    expect(now).toMatchObject({ employees_id: c.worker.employeeId, worked_minutes_today: 268, ask_location: true });
    expect(now.open).toMatchObject({ kind: 'WORK', started_at: '2026-03-18T11:30:00.000Z' });
    expect(now.today.map((s: { kind: string }) => s.kind)).toEqual(['WORK', 'WORK', 'BREAK', 'WORK']);
    at('15:53');
    const [out] = results(await punch(c.worker, { action: 'OUT' }));
    expect(out.segment).toMatchObject({ kind: 'WORK', ended_at: '2026-03-18T15:53:00.000Z', card_locked: false });
    // 03-300: 128 min → 135 (2.25 h); 03-310: 110 + 263 = 373 min → 375 (6.25 h).
    expect(await card(c.worker)).toEqual([
      { timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 2.25 },
      { timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code2, hours: 6.25 },
    ]);
    expect((await state(c.worker)).open).toBeNull();
  });

  it('answers a wrong action with the person’s outcome, never an error, and changes nothing', async () => {
    expect(results(await punch(c.worker, { action: 'OUT' }))[0]).toMatchObject({ outcome: 'NOT_ON_THE_CLOCK', segment: null });
    expect(results(await punch(c.worker, { action: 'BREAK_START' }))[0].outcome).toBe('NOT_ON_THE_CLOCK');
    expect(results(await punch(c.worker, { action: 'BREAK_END' }))[0].outcome).toBe('NOT_ON_THE_CLOCK');
    expect(results(await punch(c.worker, { action: 'SWITCH', jobs_id: c.job, costcodes_id: c.code }))[0].outcome).toBe('NOT_ON_THE_CLOCK');
    const [opened] = results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    const again = results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code2 }))[0];
    expect(again).toMatchObject({ outcome: 'ALREADY_ON_THE_CLOCK', segment: { id: opened.segment.id, costcodes_id: c.code } });
    expect(results(await punch(c.worker, { action: 'BREAK_END' }))[0].outcome).toBe('NOT_ON_BREAK');
    // A switch to where the person already is changes nothing.
    expect(results(await punch(c.worker, { action: 'SWITCH', jobs_id: c.job, costcodes_id: c.code }))[0]).toMatchObject({
      outcome: 'DONE',
      segment: { id: opened.segment.id },
    });
    at('08:00');
    results(await punch(c.worker, { action: 'BREAK_START' }));
    expect(results(await punch(c.worker, { action: 'BREAK_START' }))[0].outcome).toBe('ALREADY_ON_BREAK');
    expect(results(await punch(c.worker, { action: 'SWITCH', jobs_id: c.job, costcodes_id: c.code2 }))[0].outcome).toBe('ALREADY_ON_BREAK');
    expect(results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }))[0].outcome).toBe('ALREADY_ON_THE_CLOCK');
    const segments = await inTenant((tx) => tx.select().from(punchSegments));
    expect(segments.map((s) => s.kind).sort()).toEqual(['BREAK', 'WORK']);
  });

  it('splits a segment over midnight between the two days’ cards', async () => {
    at('20:00', '2026-03-17');
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    at('02:30', '2026-03-18');
    results(await punch(c.worker, { action: 'OUT' }));
    expect(await card(c.worker)).toEqual([
      { timecard_date: '2026-03-17', jobs_id: c.job, costcodes_id: c.code, hours: 4 },
      { timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 2.5 },
    ]);
  });

  it('gives each member of a crew punch their hours once, whoever punches them out', async () => {
    const crew = [c.worker.employeeId, c.mate.employeeId];
    const punchedIn = results(await punch(c.foreman, { action: 'IN', employees_ids: crew, jobs_id: c.job, costcodes_id: c.code }));
    expect(punchedIn.map((r) => [r.employees_id, r.outcome])).toEqual([
      [c.worker.employeeId, 'DONE'],
      [c.mate.employeeId, 'DONE'],
    ]);
    expect(punchedIn[0].segment).toMatchObject({ punched_by: c.foreman.employeeId, crew_punch: true });
    // The member's own phone shows it, and their own clock-in finds them on the clock.
    expect((await state(c.worker)).open).toMatchObject({ id: punchedIn[0].segment.id, crew_punch: true });
    expect(results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }))[0].outcome).toBe('ALREADY_ON_THE_CLOCK');
    at('11:00');
    expect(results(await punch(c.worker, { action: 'OUT' }))[0].outcome).toBe('DONE');
    at('15:00');
    // The crew's clock-out: the worker is already out, the mate is punched out.
    const out = results(await punch(c.foreman, { action: 'OUT', employees_ids: crew }));
    expect(out.map((r) => r.outcome)).toEqual(['NOT_ON_THE_CLOCK', 'DONE']);
    // Sent again (a second tap): nothing more.
    expect(results(await punch(c.foreman, { action: 'OUT', employees_ids: crew })).map((r) => r.outcome)).toEqual([
      'NOT_ON_THE_CLOCK',
      'NOT_ON_THE_CLOCK',
    ]);
    expect(await card(c.worker)).toEqual([{ timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 4 }]);
    expect(await card(c.mate)).toEqual([{ timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 8 }]);
    // Only one open segment per person, ever: the unique index refuses a second.
    await expect(
      inTenant((tx) =>
        tx.insert(punchSegments).values([
          {
            tenant_uuid: c.tenant,
            employees_id: c.mate.employeeId,
            jobs_id: c.job,
            costcodes_id: c.code,
            kind: 'WORK',
            started_at: '2026-03-18T16:00:00Z',
            start_location_status: 'NOT_ASKED',
            punched_by: c.mate.employeeId,
          },
          {
            tenant_uuid: c.tenant,
            employees_id: c.mate.employeeId,
            jobs_id: c.job,
            costcodes_id: c.code,
            kind: 'WORK',
            started_at: '2026-03-18T16:01:00Z',
            start_location_status: 'NOT_ASKED',
            punched_by: c.mate.employeeId,
          },
        ]),
      ),
    ).rejects.toThrow();
  });

  it('leaves typed entries alone, and never counts a day rewritten by hand twice', async () => {
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    at('09:00');
    results(await punch(c.worker, { action: 'OUT' }));
    // The worker types a line on the other job: the clock's entry and the typed one stand side by side.
    const DAY = `mutation($t: ID!, $e: Int!, $d: String!, $x: [TimecardDayEntryInput!]!) {
      createOrUpdateTimecardDayEntry(tenant_uuid: $t, employees_id: $e, payperiod_start_date: "2026-03-16", payperiod_end_date: "2026-03-29",
        timecard_date: $d, timecard_entries: $x) { users_timecard_entries { id } } }`;
    ok(
      await t.gql(
        DAY,
        {
          t: c.tenant,
          e: c.worker.employeeId,
          d: '2026-03-18',
          x: [
            { jobs_id: c.job, costcodes_id: c.code, hours: 2 },
            { jobs_id: c.otherJob, costcodes_id: c.code, hours: 1 },
          ],
        },
        c.worker.token,
      ),
    );
    // The day was rewritten by hand (the clock's 2 h are now typed): the afternoon's punches add only what is new.
    at('13:00');
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    at('14:30');
    results(await punch(c.worker, { action: 'OUT' }));
    const lines = await card(c.worker);
    expect(
      lines
        .filter((l) => l.jobs_id === c.job)
        .map((l) => l.hours)
        .sort(),
    ).toEqual([1.5, 2]);
    expect(lines.filter((l) => l.jobs_id === c.otherJob).map((l) => l.hours)).toEqual([1]);
  });

  it('refuses a cost code not budgeted on the job, a deleted job and a missing job', async () => {
    const res = await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.unbudgeted });
    expect(code(res)).toBe('VALIDATION');
    expect(res.errors?.[0].message).toBe('That cost code is not budgeted on this job.');
    expect(code(await punch(c.worker, { action: 'IN', jobs_id: c.job }))).toBe('VALIDATION');
    expect(code(await punch(c.worker, { action: 'IN', jobs_id: 999_999, costcodes_id: c.code }))).toBe('NOT_FOUND');
  });
});

describe('corrections', () => {
  it('keep the original times on the first correction and write the card again', async () => {
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    at('15:00');
    const [out] = results(await punch(c.worker, { action: 'OUT' }));
    expect(await card(c.worker)).toEqual([{ timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 8 }]);
    const fixed = ok(
      await t.gql(CORRECT, { t: c.tenant, id: out.segment.id, s: '2026-03-18T06:30:00Z', e: '2026-03-18T15:00:00Z' }, c.worker.token),
    ).correctPunch;
    expect(fixed).toMatchObject({
      started_at: '2026-03-18T06:30:00.000Z',
      original_started_at: '2026-03-18T07:00:00.000Z',
      original_ended_at: '2026-03-18T15:00:00.000Z',
      corrected_by: c.worker.employeeId,
      corrected_on: '2026-03-18T15:00:00.000Z',
    });
    expect(await card(c.worker)).toEqual([{ timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 8.5 }]);
    // A second correction (the foreman's, on his job) keeps the first originals.
    const again = ok(
      await t.gql(CORRECT, { t: c.tenant, id: out.segment.id, s: '2026-03-18T07:00:00Z', e: '2026-03-18T14:00:00Z' }, c.foreman.token),
    ).correctPunch;
    expect(again).toMatchObject({
      original_started_at: '2026-03-18T07:00:00.000Z',
      original_ended_at: '2026-03-18T15:00:00.000Z',
      corrected_by: c.foreman.employeeId,
    });
    expect(await card(c.worker)).toEqual([{ timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 7 }]);
  });

  it('close a missed clock-out, and refuse overlaps, reopening, the future and bad times', async () => {
    at('07:00', '2026-03-17');
    const [opened] = results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    at('09:00', '2026-03-18');
    const id = opened.segment.id;
    const correct = (s: string, e?: string | null) => t.gql(CORRECT, { t: c.tenant, id, s, e }, c.worker.token);
    expect(code(await correct('2026-03-17T07:00:00Z', '2026-03-17T06:00:00Z'))).toBe('VALIDATION');
    expect(code(await correct('2026-03-17T07:00:00Z', '2026-03-18T12:00:00Z'))).toBe('VALIDATION');
    expect(code(await correct('2026-03-17T07:00:00Z', '2026-03-18T08:00:00Z'))).toBe('VALIDATION'); // 25 hours
    expect(code(await correct('yesterday', '2026-03-17T15:00:00Z'))).toBe('VALIDATION');
    expect(code(await correct('2026-03-17T07:00:00Z', '2026-02-30T15:00:00Z'))).toBe('VALIDATION');
    ok(await correct('2026-03-17T07:00:00Z', '2026-03-17T15:30:00Z'));
    expect(await card(c.worker)).toEqual([{ timecard_date: '2026-03-17', jobs_id: c.job, costcodes_id: c.code, hours: 8.5 }]);
    expect(code(await correct('2026-03-17T07:00:00Z', null))).toBe('VALIDATION');
    at('10:00');
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, device_time: '2026-03-18T09:00:00Z' }));
    const overlap = await correct('2026-03-17T10:00:00Z', '2026-03-18T09:30:00Z');
    expect(code(overlap)).toBe('VALIDATION');
    expect(overlap.errors?.[0].message).toBe('This would overlap another punch of the same person.');
  });
});

describe('a signed card', () => {
  it('still takes the punch, flags it card_locked and leaves the card; a correction is refused until reopened', async () => {
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    at('11:00');
    results(await punch(c.worker, { action: 'OUT' }));
    const [cardRow] = ok(await t.gql(CARD, { t: c.tenant, e: c.worker.employeeId, s: '2026-03-16', end: '2026-03-29' }, c.admin.token))
      .getTimecardInfo.users_timecard;
    const SIGN = `mutation($t: ID!, $id: Int!) { signTimecard(tenant_uuid: $t, users_timecard_id: $id, signature_image: "data:image/png;base64,AAAA") { id } }`;
    ok(await t.gql(SIGN, { t: c.tenant, id: cardRow.id }, c.worker.token));
    at('12:00');
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
    at('14:00');
    const [out] = results(await punch(c.worker, { action: 'OUT' }));
    expect(out).toMatchObject({ outcome: 'DONE', segment: { ended_at: '2026-03-18T14:00:00.000Z', card_locked: true } });
    expect(await card(c.worker)).toEqual([{ timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 4 }]);
    const refused = await t.gql(
      CORRECT,
      { t: c.tenant, id: out.segment.id, s: '2026-03-18T12:00:00Z', e: '2026-03-18T13:00:00Z' },
      c.admin.token,
    );
    expect(code(refused)).toBe('CONFLICT');
    expect(refused.errors?.[0].message).toBe('This time card is signed and locked. Ask an admin to reopen it.');
    // Reopened, the admin's correction writes the locked time.
    const REOPEN = `mutation($t: ID!, $id: Int!) { reopenTimecard(tenant_uuid: $t, users_timecard_id: $id) { id } }`;
    ok(await t.gql(REOPEN, { t: c.tenant, id: cardRow.id }, c.admin.token));
    const fixed = ok(
      await t.gql(CORRECT, { t: c.tenant, id: out.segment.id, s: '2026-03-18T12:00:00Z', e: '2026-03-18T14:00:00Z' }, c.admin.token),
    ).correctPunch;
    expect(fixed.card_locked).toBe(false);
    expect(await card(c.worker)).toEqual([{ timecard_date: '2026-03-18', jobs_id: c.job, costcodes_id: c.code, hours: 6 }]);
  });

  it('is not written while time entry is closed for the company; the punch is kept', async () => {
    await withTenant(t.database.db, c.tenant, (tx) =>
      tx.execute(sql`update tenant_settings set custom_value = 'false' where codx_tenant_options_values_id = 6`),
    );
    try {
      results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code }));
      at('08:00');
      expect(results(await punch(c.worker, { action: 'OUT' }))[0].segment.card_locked).toBe(true);
      expect(await card(c.worker)).toEqual([]);
    } finally {
      await withTenant(t.database.db, c.tenant, (tx) =>
        tx.execute(sql`update tenant_settings set custom_value = 'true' where codx_tenant_options_values_id = 6`),
      );
    }
  });
});

describe('device time (the offline queue)', () => {
  it('records the moment of the tap within 2 minutes ahead and 7 days back, never before the last punch', async () => {
    at('15:00');
    const queued = results(
      await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, device_time: '2026-03-18T07:00:00Z' }),
    )[0];
    expect(queued.segment.started_at).toBe('2026-03-18T07:00:00.000Z');
    const before = await punch(c.worker, { action: 'OUT', device_time: '2026-03-18T06:59:00Z' });
    expect(code(before)).toBe('VALIDATION');
    expect(before.errors?.[0].message).toBe('device_time: The punch time is before the last punch of this person.');
    const ahead = await punch(c.worker, { action: 'OUT', device_time: '2026-03-18T15:03:00Z' });
    expect(code(ahead)).toBe('VALIDATION');
    expect(messageKey(ahead)).toBe('punches.deviceTimeFuture');
    // A phone a minute fast: taken as now.
    const [out] = results(await punch(c.worker, { action: 'OUT', device_time: '2026-03-18T15:01:00Z' }));
    expect(out.segment.ended_at).toBe('2026-03-18T15:00:00.000Z');
    const old = await punch(c.mate, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, device_time: '2026-03-10T07:00:00Z' });
    expect(messageKey(old)).toBe('punches.deviceTimeOld');
    for (const bad of ['yesterday', '2026-03-18', '2026-13-40T07:00:00Z', '']) {
      expect(code(await punch(c.mate, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, device_time: bad })), bad).toBe('VALIDATION');
    }
  });

  it('writes a punch resent with the same device mutation id once', async () => {
    const id = randomUUID();
    const send = () =>
      t.app
        .inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${c.worker.token}`, [DEVICE_MUTATION_HEADER]: id },
          payload: {
            query: PUNCH,
            variables: { t: c.tenant, a: 'IN', j: c.job, c: c.code, s: 'UNAVAILABLE', d: '2026-03-18T06:45:00Z' },
          },
        })
        .then((r) => r.json());
    const first = await send();
    expect(first.errors).toBeUndefined();
    expect(await send()).toEqual(first);
    const segments = await inTenant((tx) => tx.select().from(punchSegments));
    expect(segments).toHaveLength(1);
  });
});

describe('the geofence', () => {
  it('measures each punch from the job’s site: inside, outside (accuracy counted up to the radius), no location', async () => {
    const inside = results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, location: fixNorth(120, 15) }))[0];
    expect(inside.segment).toMatchObject({ start_location_status: 'GIVEN', start_outside_fence: false, start_accuracy_m: 15 });
    expect(inside.segment.start_distance_m).toBeCloseTo(120, 0);
    // 200 m away with 60 m accuracy: inside the benefit of the doubt (150 + 60).
    at('08:00');
    const doubt = results(
      await punch(c.worker, { action: 'SWITCH', jobs_id: c.job, costcodes_id: c.code2, location: fixNorth(200, 60) }),
    )[0];
    expect(doubt.segment.start_outside_fence).toBe(false);
    // 400 m away, however coarse the fix: outside (the tolerance is at most the radius).
    at('09:00');
    const far = results(await punch(c.worker, { action: 'BREAK_START', location: fixNorth(400, 5000) }))[0];
    expect(far.segment).toMatchObject({ start_outside_fence: true });
    const segments = await inTenant((tx) => tx.select().from(punchSegments).orderBy(punchSegments.id));
    // The fix closed one segment and opened the next.
    expect(segments[1]).toMatchObject({ end_outside_fence: true, end_location_status: 'GIVEN' });
    at('09:30');
    const none = results(await punch(c.worker, { action: 'BREAK_END', location_status: 'DENIED' }))[0];
    expect(none.segment).toMatchObject({
      start_location_status: 'DENIED',
      start_latitude: null,
      start_distance_m: null,
      start_outside_fence: false,
    });
    // A job without a site: the fix is kept, not measured.
    at('10:00');
    const unmeasured = results(
      await punch(c.worker, { action: 'SWITCH', jobs_id: c.otherJob, costcodes_id: c.code, location: fixNorth(5000) }),
    )[0];
    expect(unmeasured.segment).toMatchObject({ start_location_status: 'GIVEN', start_distance_m: null, start_outside_fence: false });
    expect(unmeasured.segment.start_latitude).toBeCloseTo(39.753 + 5000 / 111_195, 6);
  });

  it('keeps no location when the company does not ask for it', async () => {
    ok(await t.gql(UPDATE_SETTINGS, { t: c.tenant, a: false }, c.admin.token));
    try {
      const [r] = results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, location: fixNorth(500) }));
      expect(r.segment).toMatchObject({ start_location_status: 'NOT_ASKED', start_latitude: null, start_outside_fence: false });
      expect((await state(c.worker)).ask_location).toBe(false);
    } finally {
      ok(await t.gql(UPDATE_SETTINGS, { t: c.tenant, a: true }, c.admin.token));
    }
  });

  it('refuses a fix that is not one', async () => {
    const bad = [
      { ...fixNorth(0), latitude: 91 },
      { ...fixNorth(0), longitude: -181 },
      { ...fixNorth(0), accuracy_m: -1 },
      { ...fixNorth(0), located_at: 'noon' },
    ];
    for (const location of bad) {
      expect(code(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, location })), JSON.stringify(location)).toBe(
        'VALIDATION',
      );
    }
    expect(
      code(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, location: fixNorth(0), location_status: 'DENIED' })),
    ).toBe('VALIDATION');
    expect(code(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, location_status: 'GIVEN' }))).toBe(
      'VALIDATION',
    );
    const nan = await t.gql(
      PUNCH,
      { t: c.tenant, a: 'IN', j: c.job, c: c.code, s: 'GIVEN', l: { ...fixNorth(0), latitude: 'NaN' } },
      c.worker.token,
    );
    expect(code(nan)).toBe('VALIDATION');
    expect(await inTenant((tx) => tx.select().from(punchSegments))).toEqual([]);
  });
});

describe('what the office reads', () => {
  it('suggests today’s scheduled job first, else the last punched one', async () => {
    expect(await state(c.worker)).toMatchObject({
      suggested_jobs_id: null,
      suggested_costcodes_id: null,
      open: null,
      today: [],
      worked_minutes_today: 0,
    });
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code2 }));
    at('08:00');
    results(await punch(c.worker, { action: 'OUT' }));
    expect(await state(c.worker)).toMatchObject({ suggested_jobs_id: c.job, suggested_costcodes_id: c.code2, worked_minutes_today: 60 });
    await inTenant((tx) =>
      tx
        .insert(scheduledLabor)
        .values({ tenant_uuid: c.tenant, employees_id: c.worker.employeeId, jobs_id: c.otherJob, date: '2026-03-18' }),
    );
    expect(await state(c.worker)).toMatchObject({ suggested_jobs_id: c.otherJob, suggested_costcodes_id: c.code });
  });

  it('lists who is on the clock (admins all, a foreman his jobs) and the punches with their flags, a page at a time', async () => {
    results(await punch(c.worker, { action: 'IN', jobs_id: c.job, costcodes_id: c.code, location: fixNorth(900) }));
    results(await punch(c.mate, { action: 'IN', jobs_id: c.otherJob, costcodes_id: c.code }));
    const all = ok(await t.gql(ON_THE_CLOCK, { t: c.tenant }, c.admin.token)).listOnTheClock;
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      employees_id: c.worker.employeeId,
      name: 'Wanda Member',
      jobs_id: c.job,
      job_name: 'Main Street',
      costcode: '03-300',
      kind: 'WORK',
      since: '2026-03-18T07:00:00.000Z',
      outside_fence: true,
      location_status: 'GIVEN',
    });
    expect(
      ok(await t.gql(ON_THE_CLOCK, { t: c.tenant }, c.foreman.token)).listOnTheClock.map((r: { employees_id: number }) => r.employees_id),
    ).toEqual([c.worker.employeeId]);
    for (const time of ['08:00', '09:00', '10:00']) {
      at(time);
      results(await punch(c.worker, { action: 'SWITCH', jobs_id: c.job, costcodes_id: time === '09:00' ? c.code : c.code2 }));
    }
    const list = (who: TestMember, vars: Record<string, unknown> = {}) =>
      t.gql(LIST, { t: c.tenant, f: '2026-03-18', to: '2026-03-18', ...vars }, who.token);
    const first = ok(await list(c.admin, { n: 3 })).listPunches;
    expect(first.items).toHaveLength(3);
    const second = ok(await list(c.admin, { n: 3, k: first.nextToken })).listPunches;
    expect(second).toMatchObject({ nextToken: null });
    expect([...first.items, ...second.items].map((s: { id: number }) => s.id)).toHaveLength(5);
    expect(ok(await list(c.admin, { o: true })).listPunches.items.map((s: { started_at: string }) => s.started_at)).toEqual([
      '2026-03-18T07:00:00.000Z',
    ]);
    expect(ok(await list(c.admin, { m: true })).listPunches.items).toEqual([]);
    // The worker sees their own; the foreman his job's; the other foreman his job's.
    expect(ok(await list(c.worker)).listPunches.items).toHaveLength(4);
    expect(ok(await list(c.foreman)).listPunches.items).toHaveLength(4);
    expect(ok(await list(c.otherForeman)).listPunches.items.map((s: { employees_id: number }) => s.employees_id)).toEqual([
      c.mate.employeeId,
    ]);
    expect(code(await list(c.admin, { f: '2026-03-18', to: '2026-03-17' }))).toBe('VALIDATION');
    expect(code(await list(c.admin, { f: '2026-01-01', to: '2026-03-18' }))).toBe('VALIDATION');
    expect(code(await list(c.admin, { f: '18/03/2026' }))).toBe('VALIDATION');
    expect(code(await list(c.admin, { k: 'not-a-token' }))).toBe('VALIDATION');
    expect(code(await list(c.admin, { n: 0 }))).toBe('VALIDATION');
  });
});

describe('settings and job sites', () => {
  it('has defaults everyone reads; admins change them within bounds', async () => {
    expect(ok(await t.gql(SETTINGS, { t: c.tenant }, c.worker.token)).getPunchSettings).toEqual({
      ask_location: true,
      default_radius_m: 150,
      location_retention_days: 90,
      time_zone: 'UTC',
    });
    for (const bad of [{ r: 9 }, { r: 5001 }, { d: 0 }, { z: 'Mars/Olympus' }]) {
      expect(code(await t.gql(UPDATE_SETTINGS, { t: c.tenant, ...bad }, c.admin.token)), JSON.stringify(bad)).toBe('VALIDATION');
    }
    expect(ok(await t.gql(UPDATE_SETTINGS, { t: c.tenant, r: 300, d: 30 }, c.admin.token)).updatePunchSettings).toMatchObject({
      default_radius_m: 300,
      location_retention_days: 30,
    });
    ok(await t.gql(UPDATE_SETTINGS, { t: c.tenant, r: 150, d: 90 }, c.admin.token));
  });

  it('sets a job’s site within bounds; the Job type carries it', async () => {
    const set = (vars: Record<string, unknown>) => t.gql(SITE, { t: c.tenant, j: c.otherJob, ...vars }, c.admin.token);
    for (const bad of [{ lat: 91, lon: 0 }, { lat: 0, lon: 181 }, { lat: 10 }, { lat: 10, lon: 10, r: 9 }, { lat: 10, lon: 10, r: 5001 }]) {
      expect(code(await set(bad)), JSON.stringify(bad)).toBe('VALIDATION');
    }
    expect(ok(await set({ lat: 39.6, lon: -105.1, r: 80 })).setJobSite).toEqual({
      jobs_id: c.otherJob,
      site_latitude: 39.6,
      site_longitude: -105.1,
      site_radius_m: 80,
    });
    const JOB = `query($t: ID!, $id: Int!) { getJobs(tenant_uuid: $t, id: $id) { id site_latitude site_longitude site_radius_m } }`;
    expect(ok(await t.gql(JOB, { t: c.tenant, id: c.otherJob }, c.admin.token)).getJobs).toMatchObject({ site_radius_m: 80 });
    expect(ok(await set({})).setJobSite).toMatchObject({ site_latitude: null, site_radius_m: null });
    expect(code(await set({ j: 999_999, lat: 1, lon: 1 }))).toBe('NOT_FOUND');
  });
});
