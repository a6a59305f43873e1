import { TIMECARD_MESSAGES } from '@groundwork/core/timecards';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { testClock } from '../../testing/test-clock.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { tenantSettings } from '../settings/settings.table.js';
import { seedTimecardSite } from './timecards.fixtures.js';

const clock = testClock();
const t = useTestApp({ deps: { now: clock.now } });

// Biweekly periods from Monday 2026-01-05: the period of Wed 2026-03-18 is 03-16 .. 03-29.
const TODAY = '2026-03-18';
const PERIOD = { payperiod_start_date: '2026-03-16', payperiod_end_date: '2026-03-29' };

const DAY = `mutation($t: ID!, $e: Int!, $s: String!, $end: String!, $d: String!, $x: [TimecardDayEntryInput!]!, $crew: [Int!]) {
  createOrUpdateTimecardDayEntry(tenant_uuid: $t, employees_id: $e, payperiod_start_date: $s, payperiod_end_date: $end,
    timecard_date: $d, timecard_entries: $x, crew_employee_ids: $crew) {
    users_timecard { id employees_id } users_timecard_entries { employees_id timecard_date jobs_id costcodes_id hours equipment } } }`;
const INFO = `query($t: ID!, $e: Int, $s: String, $end: String, $all: Boolean, $crew: Boolean) {
  getTimecardInfo(tenant_uuid: $t, employee_id: $e, start_date: $s, end_date: $end, fetch_all_timecards: $all, fetch_crew_timecards: $crew) {
    users_timecard { id employees_id signed_on } users_timecard_entries { employees_id timecard_date hours }
    timecard_collection { employees_id } timecard_entries_collection { employees_id hours }
    settings { pay_period_type pay_period_anchor minute_increment today } } }`;

let worker: TestMember;
let mate: TestMember;
let foreman: TestMember;
let admin: TestMember;
let outsider: TestMember;
let job: number;
let otherJob: number;
let code: number;
let unbudgeted: number;

const setSettings = (values: [number, string | null, string | null][]) =>
  withTenant(t.database.db, worker.tenantUuid, async (tx) => {
    await tx.delete(tenantSettings).where(sql`true`);
    await tx.insert(tenantSettings).values(
      values.map(([id, custom_value, pass_through_value]) => ({
        tenant_uuid: worker.tenantUuid,
        codx_tenant_options_values_id: id,
        custom_value,
        pass_through_value,
      })),
    );
  });
const BASE: [number, string | null, string | null][] = [
  [1, 'true', '2'],
  [15, '2026-01-05', null],
  [6, 'true', null],
  [43, 'true', '15'],
];

const enter = (who: TestMember, date: string, lines: Record<string, unknown>[], employee = who.employeeId, crew?: number[]) =>
  t.gql(
    DAY,
    { t: who.tenantUuid, e: employee, s: PERIOD.payperiod_start_date, end: PERIOD.payperiod_end_date, d: date, x: lines, crew },
    who.token,
  );
const line = (hours: number, extra: Record<string, unknown> = {}) => ({ jobs_id: job, costcodes_id: code, hours, ...extra });

beforeAll(async () => {
  const tenant = await createTenant(t.database.db);
  worker = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Wanda' });
  mate = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Mateo' });
  foreman = await createMember(t.database.db, tenant, { permissions: ['basic_access', 'projects_basic'], firstname: 'Fred' });
  admin = await createMember(t.database.db, tenant, { isAdmin: true });
  outsider = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  await withTenant(t.database.db, tenant, async (tx) => {
    ({ job, otherJob, code, unbudgeted } = await seedTimecardSite(tx, tenant, 100));
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: job, employees_id: foreman.employeeId });
  });
});

beforeEach(async () => {
  clock.set(`${TODAY}T15:00:00Z`);
  await setSettings(BASE);
});
afterEach(() => {
  clock.reset();
});

describe('createOrUpdateTimecardDayEntry', () => {
  it('records a day and replaces it when entered again', async () => {
    const first = await enter(worker, '2026-03-16', [line(6, { equipment: ['Skid steer'] }), line(2.25)]);
    expect(first.errors).toBeUndefined();
    expect(first.data?.createOrUpdateTimecardDayEntry.users_timecard_entries).toHaveLength(2);
    const again = await enter(worker, '2026-03-16', [line(8)]);
    expect(again.data?.createOrUpdateTimecardDayEntry.users_timecard_entries).toEqual([
      { employees_id: worker.employeeId, timecard_date: '2026-03-16', jobs_id: job, costcodes_id: code, hours: 8, equipment: null },
    ]);
    const info = await t.gql(INFO, { t: worker.tenantUuid }, worker.token);
    expect(info.data?.getTimecardInfo.users_timecard_entries).toEqual([
      { employees_id: worker.employeeId, timecard_date: '2026-03-16', hours: 8 },
    ]);
    expect(info.data?.getTimecardInfo.settings).toEqual({
      pay_period_type: 2,
      pay_period_anchor: '2026-01-05',
      minute_increment: 15,
      today: TODAY,
    });
  });

  it('enforces the minute increment of settings 43-48 (15 by default)', async () => {
    expect((await enter(worker, '2026-03-17', [line(7.1)])).errors?.[0].message).toBe('Hours must be in steps of 15 minutes.');
    await setSettings([...BASE.filter(([id]) => id !== 43), [44, 'true', '6']]);
    expect((await enter(worker, '2026-03-17', [line(7.1)])).errors).toBeUndefined();
    await setSettings([...BASE.filter(([id]) => id !== 43)]);
    expect((await enter(worker, '2026-03-17', [line(7.5)])).errors).toBeUndefined();
    expect((await enter(worker, '2026-03-17', [line(7.2)])).errors?.[0].message).toBe('Hours must be in steps of 15 minutes.');
  });

  it('refuses bad input with plain words', async () => {
    expect((await enter(worker, '2026-03-17', [line(20), line(5)])).errors?.[0].message).toBe('A day has at most 24 hours.');
    expect((await enter(worker, '2026-03-17', [{ costcodes_id: code, hours: 2 }])).errors?.[0].message).toBe('Missing jobs_id in entry');
    expect((await enter(worker, '2026-03-17', [line(2, { costcodes_id: unbudgeted })])).errors?.[0].message).toBe(
      'That cost code is not budgeted on this job.',
    );
    expect((await enter(worker, '2026-03-30', [line(2)])).errors?.[0].message).toBe(TIMECARD_MESSAGES.wrongPeriod);
    expect((await enter(worker, '2026-02-30', [line(2)])).errors?.[0].extensions?.code).toBe('VALIDATION');
  });

  it('opens and closes days by settings 6, 7, 8 and 9', async () => {
    const only = (...ids: number[]) =>
      setSettings([...BASE.filter(([id]) => id !== 6), ...ids.map((id) => [id, 'true', null] as [number, string, null])]);
    await only();
    expect((await enter(worker, TODAY, [line(1)])).errors?.[0].message).toBe(TIMECARD_MESSAGES.closed);
    await only(6);
    expect((await enter(worker, '2026-03-16', [line(1)])).errors).toBeUndefined();
    expect((await enter(worker, '2026-03-19', [line(1)])).errors?.[0].message).toBe(TIMECARD_MESSAGES.future);
    await only(7);
    expect((await enter(worker, TODAY, [line(1)])).errors).toBeUndefined();
    expect((await enter(worker, '2026-03-17', [line(1)])).errors?.[0].message).toBe(TIMECARD_MESSAGES.pastDay);
    await only(8);
    expect((await enter(worker, '2026-03-27', [line(1)])).errors).toBeUndefined();
    await only(9);
    expect((await enter(worker, '2026-03-16', [line(1)])).errors).toBeUndefined();
    // The previous period ended on 03-15: closed under 9.
    clock.set('2026-03-30T10:00:00Z');
    const prev = await t.gql(
      DAY,
      {
        t: worker.tenantUuid,
        e: worker.employeeId,
        s: PERIOD.payperiod_start_date,
        end: PERIOD.payperiod_end_date,
        d: '2026-03-20',
        x: [line(1)],
      },
      worker.token,
    );
    expect(prev.errors?.[0].message).toBe(TIMECARD_MESSAGES.periodClosed);
    // Admins correct time in any window.
    expect((await enter(admin, '2026-03-20', [line(1)], worker.employeeId)).errors).toBeUndefined();
  });

  it('a worker cannot write or read another person’s card', async () => {
    expect((await enter(worker, '2026-03-16', [line(1)], mate.employeeId)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(INFO, { t: worker.tenantUuid, e: mate.employeeId }, worker.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(INFO, { t: worker.tenantUuid, all: true }, worker.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('a foreman enters a crew day for every member in one transaction, on their jobs only', async () => {
    const crew = [worker.employeeId, mate.employeeId];
    const res = await enter(foreman, '2026-03-17', [line(8)], foreman.employeeId, crew);
    expect(res.errors).toBeUndefined();
    expect(
      res.data?.createOrUpdateTimecardDayEntry.users_timecard_entries.map((e: { employees_id: number }) => e.employees_id).sort(),
    ).toEqual([...crew].sort());
    const crewInfo = await t.gql(INFO, { t: foreman.tenantUuid, crew: true }, foreman.token);
    expect(
      new Set(crewInfo.data?.getTimecardInfo.timecard_entries_collection.map((e: { employees_id: number }) => e.employees_id)),
    ).toEqual(new Set(crew));
    expect((await t.gql(INFO, { t: foreman.tenantUuid, e: mate.employeeId }, foreman.token)).errors).toBeUndefined();
    const offJob = await enter(foreman, '2026-03-17', [{ jobs_id: otherJob, costcodes_id: code, hours: 8 }], foreman.employeeId, crew);
    expect(offJob.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('signing locks the card until an admin reopens it; a locked member stops the whole crew write', async () => {
    await enter(mate, '2026-03-16', [line(4)]);
    const card = (await t.gql(INFO, { t: mate.tenantUuid }, mate.token)).data?.getTimecardInfo.users_timecard[0];
    const SIGN = `mutation($t: ID!, $id: Int!, $img: String!) { signTimecard(tenant_uuid: $t, users_timecard_id: $id, signature_image: $img, usernote: "All good") { id signed_on signed_by } }`;
    const img = 'data:image/png;base64,iVBORw0KGgo=';
    expect((await t.gql(SIGN, { t: worker.tenantUuid, id: card.id, img }, worker.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(SIGN, { t: mate.tenantUuid, id: card.id, img: 'nope' }, mate.token)).errors?.[0].message).toBe(
      'Draw your signature to sign.',
    );
    const signed = await t.gql(SIGN, { t: mate.tenantUuid, id: card.id, img }, mate.token);
    expect(signed.data?.signTimecard).toMatchObject({ id: card.id, signed_by: mate.employeeId });
    expect((await enter(mate, '2026-03-16', [line(5)])).errors?.[0]).toMatchObject({
      message: TIMECARD_MESSAGES.locked,
      extensions: { code: 'CONFLICT' },
    });
    const before = (await t.gql(INFO, { t: worker.tenantUuid }, worker.token)).data?.getTimecardInfo.users_timecard_entries;
    const crewWrite = await enter(foreman, '2026-03-18', [line(3)], foreman.employeeId, [worker.employeeId, mate.employeeId]);
    expect(crewWrite.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await t.gql(INFO, { t: worker.tenantUuid }, worker.token)).data?.getTimecardInfo.users_timecard_entries).toEqual(before);
    const REOPEN = `mutation($t: ID!, $id: Int!) { reopenTimecard(tenant_uuid: $t, users_timecard_id: $id) { signed_on } }`;
    expect((await t.gql(REOPEN, { t: mate.tenantUuid, id: card.id }, mate.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(REOPEN, { t: admin.tenantUuid, id: card.id }, admin.token)).data?.reopenTimecard).toEqual({ signed_on: null });
    expect((await enter(mate, '2026-03-16', [line(5)])).errors).toBeUndefined();
  });
});

describe('getTimecardInfo, listFilteredCostcodes and actual hours', () => {
  it('admins fetch every card in a bounded window', async () => {
    const all = await t.gql(INFO, { t: admin.tenantUuid, all: true, s: '2026-03-01', end: '2026-03-31' }, admin.token);
    expect(all.data?.getTimecardInfo.timecard_entries_collection.length).toBeGreaterThan(0);
    const wide = await t.gql(INFO, { t: admin.tenantUuid, s: '2025-01-01', end: '2026-03-31' }, admin.token);
    expect(wide.errors?.[0].message).toBe('A window is at most 62 days.');
    expect((await t.gql(INFO, { t: admin.tenantUuid, s: '2026-03-31', end: '2026-03-01' }, admin.token)).errors?.[0].extensions?.code).toBe(
      'VALIDATION',
    );
  });

  it('lists the cost codes a time card may book to', async () => {
    const Q = `query($t: ID!, $j: [Int!]!) { listFilteredCostcodes(tenant_uuid: $t, jobs_id: $j) { budget_costcodes { jobs_id costcodes_id costcode } } }`;
    const res = await t.gql(Q, { t: worker.tenantUuid, j: [job, otherJob] }, worker.token);
    expect(res.data?.listFilteredCostcodes.budget_costcodes).toEqual([
      { jobs_id: job, costcodes_id: code, costcode: '03-300' },
      { jobs_id: otherJob, costcodes_id: code, costcode: '03-300' },
    ]);
    expect((await t.gql(Q, { t: outsider.tenantUuid, j: [job] }, outsider.token)).data?.listFilteredCostcodes.budget_costcodes).toEqual([]);
  });

  it('shows actual hours beside the budget in listProjectBudget', async () => {
    const B = `query($t: ID!, $p: Int!) { listProjectBudget(tenant_uuid: $t, project_id: $p) { lines { costcodes_id hrsbdg actual_hours } totals { actual_hours } } }`;
    const budget = (await t.gql(B, { t: admin.tenantUuid, p: job }, admin.token)).data?.listProjectBudget;
    const [entries] = await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx.execute(sql`select coalesce(sum(hours), 0)::float8 as h from timecard_entries where jobs_id = ${job} and costcodes_id = ${code}`),
    ).then((r) => (r as unknown as { rows: { h: number }[] }).rows);
    expect(entries.h).toBeGreaterThan(0);
    expect(budget.lines[0]).toEqual({ costcodes_id: code, hrsbdg: 100, actual_hours: entries.h });
    expect(budget.totals.actual_hours).toBe(entries.h);
  });

  it('every operation: unauthenticated and other tenant', async () => {
    const foreign = { t: outsider.tenantUuid };
    expect((await t.gql(INFO, { t: worker.tenantUuid })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(INFO, foreign, worker.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const day = {
      ...foreign,
      e: worker.employeeId,
      s: PERIOD.payperiod_start_date,
      end: PERIOD.payperiod_end_date,
      d: TODAY,
      x: [line(1)],
    };
    expect((await t.gql(DAY, day, worker.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(DAY, { ...day, t: worker.tenantUuid })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    // An outsider writing into their own tenant cannot reach this tenant's people or jobs.
    const cross = await t.gql(DAY, { ...day, e: worker.employeeId }, outsider.token);
    expect(cross.errors?.[0].extensions?.code).toMatch(/VALIDATION|NOT_FOUND/);
    const card = (await t.gql(INFO, { t: worker.tenantUuid }, worker.token)).data?.getTimecardInfo.users_timecard[0];
    const SIGN = `mutation($t: ID!, $id: Int!) { signTimecard(tenant_uuid: $t, users_timecard_id: $id, signature_image: "data:image/png;base64,AA==") { id } }`;
    expect((await t.gql(SIGN, { t: outsider.tenantUuid, id: card.id }, outsider.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const REOPEN = `mutation($t: ID!, $id: Int!) { reopenTimecard(tenant_uuid: $t, users_timecard_id: $id) { id } }`;
    expect((await t.gql(REOPEN, { t: outsider.tenantUuid, id: card.id }, outsider.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const Q = `query($t: ID!) { listFilteredCostcodes(tenant_uuid: $t, jobs_id: [1]) { budget_costcodes { jobs_id } } }`;
    expect((await t.gql(Q, foreign, worker.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const L = `query($t: ID!) { listTimecardentry(tenant_uuid: $t) { items { employees_id } } }`;
    expect((await t.gql(L, foreign, worker.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const mine = await t.gql(L, { t: worker.tenantUuid }, worker.token);
    expect(new Set(mine.data?.listTimecardentry.items.map((e: { employees_id: number }) => e.employees_id))).toEqual(
      new Set([worker.employeeId]),
    );
  });
});

describe('names on a card and the jobs a card may book to', () => {
  const NAMES = `query($t: ID!, $e: Int, $all: Boolean, $crew: Boolean) {
    getTimecardInfo(tenant_uuid: $t, employee_id: $e, fetch_all_timecards: $all, fetch_crew_timecards: $crew) {
      employee_id foreman_jobs_id people { id firstname } jobs { id job } costcodes { id costcode } } }`;
  const JOBS = `query($t: ID!) { listTimecardJobs(tenant_uuid: $t) { id job job_abbr status } }`;

  it('getTimecardInfo names the card holder, the people, jobs and cost codes it returns', async () => {
    await enter(worker, '2026-03-16', [line(3)]);
    const own = (await t.gql(NAMES, { t: worker.tenantUuid }, worker.token)).data?.getTimecardInfo;
    expect(own.employee_id).toBe(worker.employeeId);
    expect(own.people).toEqual([{ id: worker.employeeId, firstname: 'Wanda' }]);
    expect(own.jobs).toEqual([{ id: job, job: 'Main Street' }]);
    expect(own.costcodes).toEqual([{ id: code, costcode: '03-300' }]);
    expect(own.foreman_jobs_id).toEqual([]);
    expect((await t.gql(NAMES, { t: foreman.tenantUuid, crew: true }, foreman.token)).data?.getTimecardInfo.foreman_jobs_id).toEqual([job]);
    const all = (await t.gql(NAMES, { t: admin.tenantUuid, e: worker.employeeId, all: true }, admin.token)).data?.getTimecardInfo;
    expect(all.employee_id).toBe(worker.employeeId);
    expect(all.people.map((p: { firstname: string }) => p.firstname)).toContain('Wanda');
  });

  it('getTimecardInfo gives the jobs the card holder is scheduled to work (not declined, not time off), for entry to offer first', async () => {
    const tenant = worker.tenantUuid;
    await withTenant(t.database.db, tenant, (tx) =>
      tx.insert(scheduledLabor).values([
        { tenant_uuid: tenant, employees_id: worker.employeeId, jobs_id: job, date: '2026-03-17' },
        { tenant_uuid: tenant, employees_id: worker.employeeId, jobs_id: otherJob, date: '2026-03-18', confirmation_status: 'confirmed' },
        { tenant_uuid: tenant, employees_id: worker.employeeId, jobs_id: job, date: '2026-03-19', confirmation_status: 'declined' },
        { tenant_uuid: tenant, employees_id: worker.employeeId, jobs_id: null, date: '2026-03-20', event_type: 'Vacation' },
        { tenant_uuid: tenant, employees_id: worker.employeeId, jobs_id: job, date: '2026-04-20' },
        { tenant_uuid: tenant, employees_id: mate.employeeId, jobs_id: job, date: '2026-03-16' },
      ]),
    );
    const SCHEDULED = `query($t: ID!, $e: Int) { getTimecardInfo(tenant_uuid: $t, employee_id: $e, start_date: "2026-03-16", end_date: "2026-03-29") {
      employee_id scheduled_jobs { date jobs_id } } }`;
    const expected = [
      { date: '2026-03-17', jobs_id: job },
      { date: '2026-03-18', jobs_id: otherJob },
    ];
    const own = await t.gql(SCHEDULED, { t: tenant }, worker.token);
    expect(own.errors).toBeUndefined();
    expect(own.data?.getTimecardInfo.scheduled_jobs).toEqual(expected);
    expect((await t.gql(SCHEDULED, { t: tenant, e: worker.employeeId }, admin.token)).data?.getTimecardInfo.scheduled_jobs).toEqual(
      expected,
    );
    // Someone else's schedule is behind the same wall as their card.
    expect((await t.gql(SCHEDULED, { t: tenant, e: mate.employeeId }, worker.token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(SCHEDULED, { t: tenant }, outsider.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('listTimecardJobs: every member sees open jobs with a cost code switched on, nothing of other tenants', async () => {
    await withTenant(t.database.db, worker.tenantUuid, (tx) =>
      tx.insert(jobs).values([
        { tenant_uuid: worker.tenantUuid, job: 'No budget yet' },
        { tenant_uuid: worker.tenantUuid, job: 'Gone', status: 0 },
      ]),
    );
    const res = await t.gql(JOBS, { t: worker.tenantUuid }, worker.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.listTimecardJobs.map((j: { job: string }) => j.job)).toEqual(['Elm Yard', 'Main Street']);
    expect((await t.gql(JOBS, { t: worker.tenantUuid })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(JOBS, { t: outsider.tenantUuid }, worker.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(JOBS, { t: outsider.tenantUuid }, outsider.token)).data?.listTimecardJobs).toEqual([]);
    expect((await t.gql(JOBS, { t: 'not-a-uuid' }, worker.token)).errors?.[0].extensions?.code).toMatch(/NOT_FOUND|VALIDATION/);
  });
});
