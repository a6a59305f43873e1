import { TIMECARD_MESSAGES } from '@groundwork/core/timecards';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { testClock } from '../../testing/test-clock.js';
import { jobsForemen } from '../jobs/jobs.table.js';
import { tenantSettings } from '../settings/settings.table.js';
import { seedTimecardSite } from './timecards.fixtures.js';
import { timecardEntryRules } from './timecards.graphql.js';
import { timecardEntries, usersTimecard } from './timecards.table.js';

const clock = testClock();
const t = useTestApp({ deps: { now: clock.now } });

// Biweekly periods from Monday 2026-01-05: the period of Wed 2026-03-18 is 03-16 .. 03-29. Setting 6: any day
// up to today; 15-minute increments.
const TODAY = '2026-03-18';
const PERIOD = { s: '2026-03-16', end: '2026-03-29' };
const SETTINGS: [number, string | null, string | null][] = [
  [1, 'true', '2'],
  [15, '2026-01-05', null],
  [6, 'true', null],
  [43, 'true', '15'],
];

const DAY = `mutation($t: ID!, $e: Int!, $s: String!, $end: String!, $d: String!, $x: [TimecardDayEntryInput!]!, $crew: [Int!]) {
  createOrUpdateTimecardDayEntry(tenant_uuid: $t, employees_id: $e, payperiod_start_date: $s, payperiod_end_date: $end,
    timecard_date: $d, timecard_entries: $x, crew_employee_ids: $crew) { users_timecard_entries { employees_id jobs_id hours } } }`;
const CREATE_ENTRY = `mutation($t: ID!, $data: [TimecardentryInput!]!) { createTimecardentry(tenant_uuid: $t, data: $data) { id hours } }`;
const UPDATE_ENTRY = `mutation($t: ID!, $data: [TimecardentryUpdateInput!]!) { updateTimecardentry(tenant_uuid: $t, data: $data) { id hours } }`;
const DELETE_ENTRY = `mutation($t: ID!, $data: [TimecardentryDeleteInput!]!) { deleteTimecardentry(tenant_uuid: $t, data: $data) { id } }`;
const CREATE_CARD = `mutation($t: ID!, $data: [TimecardsInput!]!) { createTimecards(tenant_uuid: $t, data: $data) { id } }`;
const UPDATE_CARD = `mutation($t: ID!, $data: [TimecardsUpdateInput!]!) { updateTimecards(tenant_uuid: $t, data: $data) { id usernote } }`;
const DELETE_CARD = `mutation($t: ID!, $data: [TimecardsDeleteInput!]!) { deleteTimecards(tenant_uuid: $t, data: $data) { id } }`;
const SIGN = `mutation($t: ID!, $id: Int!) { signTimecard(tenant_uuid: $t, users_timecard_id: $id, signature_image: "data:image/png;base64,AA==") { id } }`;

let tenant: string;
let worker: TestMember;
let mate: TestMember;
let signer: TestMember;
let foreman: TestMember;
let admin: TestMember;
/** The foreman's job; `otherJob` has another foreman. */
let job: number;
let otherJob: number;
let code: number;
let unbudgeted: number;

type Line = { jobs_id: number; costcodes_id: number; hours: number };
const mine = (hours: number): Line => ({ jobs_id: job, costcodes_id: code, hours });
const elsewhere = (hours: number): Line => ({ jobs_id: otherJob, costcodes_id: code, hours });

const enter = (who: TestMember, date: string, lines: Line[], employee = who.employeeId, crew?: number[]) =>
  t.gql(DAY, { t: tenant, e: employee, s: PERIOD.s, end: PERIOD.end, d: date, x: lines, crew }, who.token);

/** A person's day as stored: [job, hours], sorted. */
const dayOf = async (person: TestMember, date: string) =>
  (
    await withTenant(t.database.db, tenant, (tx) =>
      tx
        .select({ jobs_id: timecardEntries.jobs_id, hours: timecardEntries.hours })
        .from(timecardEntries)
        .where(and(eq(timecardEntries.employees_id, person.employeeId), eq(timecardEntries.timecard_date, date))),
    )
  )
    .map((e) => [e.jobs_id, e.hours])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);

const cardOf = async (person: TestMember, start = PERIOD.s) =>
  (
    await withTenant(t.database.db, tenant, (tx) =>
      tx
        .select()
        .from(usersTimecard)
        .where(and(eq(usersTimecard.employees_id, person.employeeId), eq(usersTimecard.payperiod_start_date, start))),
    )
  )[0];

const entriesOf = (person: TestMember, date: string) =>
  withTenant(t.database.db, tenant, (tx) =>
    tx
      .select()
      .from(timecardEntries)
      .where(and(eq(timecardEntries.employees_id, person.employeeId), eq(timecardEntries.timecard_date, date))),
  );

const code0 = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  tenant = await createTenant(t.database.db);
  worker = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Wanda' });
  mate = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Mateo' });
  signer = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Sam' });
  foreman = await createMember(t.database.db, tenant, { permissions: ['basic_access', 'projects_basic'], firstname: 'Fred' });
  admin = await createMember(t.database.db, tenant, { isAdmin: true });
  await withTenant(t.database.db, tenant, async (tx) => {
    ({ job, otherJob, code, unbudgeted } = await seedTimecardSite(tx, tenant));
    await tx.insert(jobsForemen).values([
      { tenant_uuid: tenant, jobs_id: job, employees_id: foreman.employeeId },
      { tenant_uuid: tenant, jobs_id: otherJob, employees_id: admin.employeeId },
    ]);
    await tx.insert(tenantSettings).values(
      SETTINGS.map(([id, custom_value, pass_through_value]) => ({
        tenant_uuid: tenant,
        codx_tenant_options_values_id: id,
        custom_value,
        pass_through_value,
      })),
    );
  });
});

beforeEach(() => {
  clock.set(`${TODAY}T15:00:00Z`);
});
afterEach(() => {
  clock.reset();
});

describe('createOrUpdateTimecardDayEntry for someone else', () => {
  it("a foreman's empty list for another person is refused and leaves their day as it was", async () => {
    expect((await enter(worker, '2026-03-16', [mine(3), elsewhere(4)])).errors).toBeUndefined();
    const res = await enter(foreman, '2026-03-16', [], worker.employeeId);
    expect(res.errors?.[0]).toMatchObject({ message: TIMECARD_MESSAGES.emptyForOther, extensions: { code: 'VALIDATION' } });
    expect(await dayOf(worker, '2026-03-16')).toEqual([
      [job, 3],
      [otherJob, 4],
    ]);
    // A worker who is no one's foreman may not even try.
    expect(code0(await enter(mate, '2026-03-16', [], worker.employeeId))).toBe('FORBIDDEN');
    expect(await dayOf(worker, '2026-03-16')).toEqual([
      [job, 3],
      [otherJob, 4],
    ]);
  });

  it('an empty list with crew_employee_ids is refused for the whole crew', async () => {
    expect((await enter(mate, '2026-03-16', [elsewhere(5)])).errors).toBeUndefined();
    const res = await enter(foreman, '2026-03-16', [], foreman.employeeId, [worker.employeeId, mate.employeeId]);
    expect(res.errors?.[0]).toMatchObject({ message: TIMECARD_MESSAGES.emptyForOther, extensions: { code: 'VALIDATION' } });
    expect(await dayOf(worker, '2026-03-16')).toEqual([
      [job, 3],
      [otherJob, 4],
    ]);
    expect(await dayOf(mate, '2026-03-16')).toEqual([[otherJob, 5]]);
  });

  it('a foreman replaces only the lines on their own jobs; time on other jobs stays', async () => {
    const res = await enter(foreman, '2026-03-16', [mine(8)], worker.employeeId);
    expect(res.errors).toBeUndefined();
    expect(res.data?.createOrUpdateTimecardDayEntry.users_timecard_entries).toEqual([
      { employees_id: worker.employeeId, jobs_id: job, hours: 8 },
    ]);
    expect(await dayOf(worker, '2026-03-16')).toEqual([
      [job, 8],
      [otherJob, 4],
    ]);
    // The same for every member of a crew, in one call.
    const crew = await enter(foreman, '2026-03-16', [mine(2)], foreman.employeeId, [worker.employeeId, mate.employeeId]);
    expect(crew.errors).toBeUndefined();
    expect(await dayOf(worker, '2026-03-16')).toEqual([
      [job, 2],
      [otherJob, 4],
    ]);
    expect(await dayOf(mate, '2026-03-16')).toEqual([
      [job, 2],
      [otherJob, 5],
    ]);
  });

  it("every line must be on the foreman's jobs, or nothing is written", async () => {
    const before = await dayOf(worker, '2026-03-16');
    expect(code0(await enter(foreman, '2026-03-16', [mine(1), elsewhere(1)], worker.employeeId))).toBe('FORBIDDEN');
    expect(code0(await enter(foreman, '2026-03-16', [elsewhere(1)], foreman.employeeId, [worker.employeeId]))).toBe('FORBIDDEN');
    expect(await dayOf(worker, '2026-03-16')).toEqual(before);
  });

  it('the 24-hour day counts the lines a foreman leaves in place; a crew write is all or nothing', async () => {
    expect((await enter(mate, '2026-03-17', [elsewhere(20)])).errors).toBeUndefined();
    const res = await enter(foreman, '2026-03-17', [mine(8)], mate.employeeId);
    expect(res.errors?.[0]).toMatchObject({ message: TIMECARD_MESSAGES.dayTotal, extensions: { code: 'VALIDATION' } });
    expect(await dayOf(mate, '2026-03-17')).toEqual([[otherJob, 20]]);
    // Worker first, then mate's day overflows: worker's day is rolled back too.
    const crew = await enter(foreman, '2026-03-17', [mine(8)], foreman.employeeId, [worker.employeeId, mate.employeeId]);
    expect(crew.errors?.[0].message).toBe(TIMECARD_MESSAGES.dayTotal);
    expect(await dayOf(worker, '2026-03-17')).toEqual([]);
    expect(await dayOf(mate, '2026-03-17')).toEqual([[otherJob, 20]]);
  });

  it('a person still clears their own day with an empty list, and a foreman their own whole day', async () => {
    expect((await enter(worker, '2026-03-18', [mine(2), elsewhere(2)])).errors).toBeUndefined();
    expect((await enter(worker, '2026-03-18', [])).errors).toBeUndefined();
    expect(await dayOf(worker, '2026-03-18')).toEqual([]);
    expect((await enter(foreman, '2026-03-18', [elsewhere(3)])).errors).toBeUndefined();
    expect((await enter(foreman, '2026-03-18', [mine(4)], foreman.employeeId, [foreman.employeeId])).errors).toBeUndefined();
    expect(await dayOf(foreman, '2026-03-18')).toEqual([[job, 4]]);
  });

  it("admins replace anyone's whole day, and may clear it", async () => {
    expect((await enter(worker, '2026-03-18', [mine(2), elsewhere(2)])).errors).toBeUndefined();
    expect((await enter(admin, '2026-03-18', [elsewhere(6)], worker.employeeId)).errors).toBeUndefined();
    expect(await dayOf(worker, '2026-03-18')).toEqual([[otherJob, 6]]);
    expect((await enter(admin, '2026-03-18', [], worker.employeeId)).errors).toBeUndefined();
    expect(await dayOf(worker, '2026-03-18')).toEqual([]);
  });
});

describe('createTimecardentry, updateTimecardentry and deleteTimecardentry', () => {
  let card: number;
  const entry = (extra: Record<string, unknown> = {}) => ({
    users_timecard_id: card,
    employees_id: worker.employeeId,
    timecard_date: '2026-03-19',
    jobs_id: job,
    costcodes_id: code,
    hours: 2,
    ...extra,
  });
  const create = (...data: Record<string, unknown>[]) => t.gql(CREATE_ENTRY, { t: tenant, data }, admin.token);
  const update = (...data: Record<string, unknown>[]) => t.gql(UPDATE_ENTRY, { t: tenant, data }, admin.token);

  beforeAll(async () => {
    card = (await cardOf(worker)).id;
  });

  it('refuses hours that are not finite, not positive or more than a day', async () => {
    for (const hours of [1e308, -1e308, 0, -2, 24.25, 25]) {
      const res = await create(entry({ hours }));
      expect(code0(res), `hours ${hours}`).toBe('VALIDATION');
    }
    expect(await dayOf(worker, '2026-03-19')).toEqual([]);
    const [row] = (await create(entry({ hours: 2 }))).data?.createTimecardentry ?? [];
    expect(row).toMatchObject({ hours: 2 });
    for (const hours of [1e308, 0, 30]) expect(code0(await update({ id: row.id, hours })), `hours ${hours}`).toBe('VALIDATION');
    expect(await dayOf(worker, '2026-03-19')).toEqual([[job, 2]]);
    expect(code0(await t.gql(DELETE_ENTRY, { t: tenant, data: [{ id: row.id }] }, admin.token))).toBeUndefined();
  });

  it('applies the minute increment of the company settings', async () => {
    const res = await create(entry({ hours: 7.1 }));
    expect(res.errors?.[0]).toMatchObject({ message: expect.stringContaining(TIMECARD_MESSAGES.increment(15)) });
    const [row] = (await create(entry({ hours: 7.25 }))).data?.createTimecardentry ?? [];
    expect(row).toMatchObject({ hours: 7.25 });
    expect((await update({ id: row.id, hours: 7.3 })).errors?.[0].message).toContain(TIMECARD_MESSAGES.increment(15));
    expect((await t.gql(DELETE_ENTRY, { t: tenant, data: [{ id: row.id }] }, admin.token)).errors).toBeUndefined();
  });

  it('keeps a day at 24 hours at most, counting what is stored and the whole batch', async () => {
    expect((await create(entry({ hours: 20 }))).errors).toBeUndefined();
    expect((await create(entry({ hours: 4.25 }))).errors?.[0].message).toContain(TIMECARD_MESSAGES.dayTotal);
    expect((await create(entry({ hours: 2 }), entry({ hours: 2.25 }))).errors?.[0].message).toContain(TIMECARD_MESSAGES.dayTotal);
    const [small] = (await create(entry({ hours: 1, timecard_date: '2026-03-20' }))).data?.createTimecardentry ?? [];
    // Moving a line onto the full day, or growing it, overflows the day.
    expect((await update({ id: small.id, timecard_date: '2026-03-19', hours: 4.5 })).errors?.[0].message).toContain(
      TIMECARD_MESSAGES.dayTotal,
    );
    expect((await update({ id: small.id, hours: 24 })).errors).toBeUndefined();
    expect(await dayOf(worker, '2026-03-19')).toEqual([[job, 20]]);
    expect(await dayOf(worker, '2026-03-20')).toEqual([[job, 24]]);
  });

  it('refuses a line on another person’s card, outside its pay period, or on a cost code the job does not budget', async () => {
    const mateCard = (await cardOf(mate)).id;
    expect(code0(await create(entry({ users_timecard_id: mateCard })))).toBe('VALIDATION');
    expect((await create(entry({ timecard_date: '2026-03-30' }))).errors?.[0].message).toContain(TIMECARD_MESSAGES.wrongPeriod);
    expect(code0(await create(entry({ timecard_date: '2026-02-30' })))).toBe('VALIDATION');
    expect(code0(await create(entry({ costcodes_id: unbudgeted })))).toBe('VALIDATION');
    const [row] = (await create(entry({ hours: 1, timecard_date: '2026-03-21' }))).data?.createTimecardentry ?? [];
    expect(code0(await update({ id: row.id, employees_id: mate.employeeId }))).toBe('VALIDATION');
    expect(code0(await update({ id: row.id, costcodes_id: unbudgeted }))).toBe('VALIDATION');
    expect(await dayOf(worker, '2026-03-21')).toEqual([[job, 1]]);
    expect(await dayOf(mate, '2026-03-21')).toEqual([]);
  });

  it('a signed card is locked for created, changed, moved and deleted lines until it is reopened', async () => {
    expect((await enter(signer, '2026-03-16', [mine(4)])).errors).toBeUndefined();
    const signed = await cardOf(signer);
    expect((await t.gql(SIGN, { t: tenant, id: signed.id }, signer.token)).errors).toBeUndefined();
    const [line] = await entriesOf(signer, '2026-03-16');
    const locked = (res: { errors?: { message: string; extensions?: { code?: string } }[] }) =>
      expect(res.errors?.[0]).toMatchObject({
        message: expect.stringContaining(TIMECARD_MESSAGES.locked),
        extensions: { code: 'CONFLICT' },
      });
    locked(await create(entry({ users_timecard_id: signed.id, employees_id: signer.employeeId })));
    locked(await update({ id: line.id, hours: 5 }));
    locked(await t.gql(DELETE_ENTRY, { t: tenant, data: [{ id: line.id }] }, admin.token));
    // A line may not be moved onto the signed card either.
    const [own] = (await create(entry({ hours: 1, timecard_date: '2026-03-22' }))).data?.createTimecardentry ?? [];
    locked(await update({ id: own.id, users_timecard_id: signed.id, employees_id: signer.employeeId }));
    // The card itself: no changes, no deletion.
    locked(await t.gql(UPDATE_CARD, { t: tenant, data: [{ id: signed.id, usernote: 'changed' }] }, admin.token));
    locked(await t.gql(DELETE_CARD, { t: tenant, data: [{ id: signed.id }] }, admin.token));
    expect(await dayOf(signer, '2026-03-16')).toEqual([[job, 4]]);
    const REOPEN = `mutation($t: ID!, $id: Int!) { reopenTimecard(tenant_uuid: $t, users_timecard_id: $id) { id } }`;
    expect((await t.gql(REOPEN, { t: tenant, id: signed.id }, admin.token)).errors).toBeUndefined();
    expect((await update({ id: line.id, hours: 5 })).errors).toBeUndefined();
    expect(await dayOf(signer, '2026-03-16')).toEqual([[job, 5]]);
  });
});

describe('createTimecards and updateTimecards', () => {
  it("a card covers one of the company's pay periods and keeps its lines' person and period", async () => {
    const create = (data: Record<string, unknown>) => t.gql(CREATE_CARD, { t: tenant, data: [data] }, admin.token);
    expect(
      (await create({ employees_id: mate.employeeId, payperiod_start_date: '2026-03-31', payperiod_end_date: '2026-04-13' })).errors?.[0]
        .message,
    ).toContain(TIMECARD_MESSAGES.wrongPeriod);
    expect(
      code0(await create({ employees_id: mate.employeeId, payperiod_start_date: '2026-03-30', payperiod_end_date: '2026-04-12' })),
    ).toBeUndefined();
    const card = await cardOf(worker);
    const res = await t.gql(UPDATE_CARD, { t: tenant, data: [{ id: card.id, employees_id: mate.employeeId }] }, admin.token);
    expect(code0(res)).toBe('VALIDATION');
    expect((await cardOf(worker)).id).toBe(card.id);
    expect((await t.gql(UPDATE_CARD, { t: tenant, data: [{ id: card.id, usernote: 'Checked' }] }, admin.token)).errors).toBeUndefined();
  });
});

// The generic writes are admins' today, and admins correct time in any window, as in the custom operation;
// the model's rules still close the windows to anyone else, which only a direct call can show.
describe('the record rules for members who are not admins', () => {
  it('entry windows apply as they do to createOrUpdateTimecardDayEntry', async () => {
    const card = await cardOf(worker);
    const member = {
      tenantUuid: tenant,
      identity: worker.identity,
      employeeId: worker.employeeId,
      isAdmin: false,
      permissions: new Set(['basic_access']),
      off: new Set<number>(),
    };
    const patch = {
      tenant_uuid: tenant,
      users_timecard_id: card.id,
      employees_id: worker.employeeId,
      timecard_date: '2026-03-25',
      jobs_id: job,
      costcodes_id: code,
      hours: 1,
    };
    const refused = withTenant(t.database.db, tenant, (tx) => timecardEntryRules(tx, member, 'create', [{ id: null, patch }], clock.now()));
    await expect(refused).rejects.toMatchObject({ message: expect.stringContaining(TIMECARD_MESSAGES.future) });
    const allowed = withTenant(t.database.db, tenant, (tx) =>
      timecardEntryRules(tx, member, 'create', [{ id: null, patch: { ...patch, timecard_date: TODAY } }], clock.now()),
    );
    await expect(allowed).resolves.toBeUndefined();
    await expect(
      withTenant(t.database.db, tenant, (tx) =>
        timecardEntryRules(
          tx,
          { ...member, isAdmin: true, permissions: new Set(['admin_access']) },
          'create',
          [{ id: null, patch }],
          clock.now(),
        ),
      ),
    ).resolves.toBeUndefined();
  });
});
