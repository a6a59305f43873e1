import { MODULES } from '@groundwork/core/permissions';
import { SCHEDULE_MESSAGES, scheduleOutcome } from '@groundwork/core/scheduling';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { describeModelContract } from '../../testing/model-contract.js';
import { useTestApp } from '../../testing/test-app.js';
import { departmentMembers, divisionMembers } from '../announcements/announcements.table.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { departments } from '../departments/departments.table.js';
import { divisions } from '../divisions/divisions.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { type PersonChanges, scheduleNotifier } from './scheduling.service.js';
import { scheduledLabor } from './scheduling.table.js';

const t = useTestApp();

describeModelContract(t, {
  name: 'ScheduledLabor',
  fields: 'id jobs_id employees_id date event_type confirmation_status',
  admin: 'scheduling_admin',
  readOnly: 'basic_access',
  none: 'people_basic',
  valid: { date: '2026-11-26' },
  invalid: { date: '2026-02-30' },
  change: { confirmation_status: 'confirmed' },
  fixture: async (app, owner) => {
    const job = await withTenant(app.database.db, owner.tenantUuid, async (tx) => {
      const [j] = await tx.insert(jobs).values({ tenant_uuid: owner.tenantUuid, job: 'Contract job' }).returning({ id: jobs.id });
      return j.id;
    });
    return { jobs_id: job, employees_id: owner.employeeId };
  },
});

const RESULT = `added { id jobs_id employees_id date event_type confirmation_status } removed { id employees_id date }
  updated { id jobs_id date confirmation_status } unchanged
  failed { kind index code message label id jobs_id employees_id date }`;
const UPDATE = `mutation($t: ID!, $add: [ScheduleEntryInput!], $remove: [ScheduleEntryInput!], $update: [ScheduleEntryInput!], $ok: Boolean) {
  updateSchedule(tenant_uuid: $t, add: $add, remove: $remove, update: $update, allow_double_booking: $ok) { ${RESULT} } }`;
const BOARD = `query($t: ID!, $from: String!, $to: String) { getScheduleBoard(tenant_uuid: $t, from: $from, to: $to) {
  from to jobs { id label address budgeted_hours foremen } people { id name trades }
  entries { id jobs_id employees_id date event_type confirmation_status confirmed_on confirmation_reason } } }`;
const CREWS = `query($t: ID!, $from: String!) { getMyCrews(tenant_uuid: $t, from: $from) { jobs { id label } people { id name } entries { id jobs_id employees_id date } } }`;
const MINE = `query($t: ID!, $from: String!, $to: String) { getMySchedule(tenant_uuid: $t, from: $from, to: $to) {
  id date jobs_id job_label address foremen confirmation_status confirmed_on confirmation_reason event_type } }`;
const RESPOND = `mutation($t: ID!, $id: Int!, $s: ScheduleAnswer!, $r: String) { respondToSchedule(tenant_uuid: $t, id: $id, status: $s, reason: $r) {
  id confirmation_status confirmed_on confirmation_reason } }`;

type Entry = { id: number; jobs_id: number | null; employees_id: number; date: string; event_type: string; confirmation_status: string };
type Failure = { kind: string; index: number; code: string; message: string; label: string | null };
type Result = { added: Entry[]; removed: Entry[]; updated: Entry[]; unchanged: number; failed: Failure[] };
type Gql = Awaited<ReturnType<typeof t.gql>>;
const code = (res: Gql) => res.errors?.[0]?.extensions?.code;

let tenant: string;
let planner: TestMember;
let foreman: TestMember;
let ana: TestMember;
let ben: TestMember;
let cruz: TestMember;
let stranger: TestMember;
let main: number;
let elm: number;
let theirJob: number;

const THU = '2026-11-26';
const FRI = '2026-11-27';

const schedule = async (who: TestMember, vars: { add?: unknown[]; remove?: unknown[]; update?: unknown[]; ok?: boolean }) => {
  const res = await t.gql(UPDATE, { t: who.tenantUuid, ...vars }, who.token);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data?.updateSchedule as Result;
};

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db);
  planner = await createMember(db, tenant, { permissions: ['scheduling_admin', 'basic_access'], firstname: 'Pia' });
  foreman = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Fred' });
  ana = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Ana' });
  ben = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Ben' });
  cruz = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Cruz' });
  const other = await createTenant(db);
  stranger = await createMember(db, other, { isAdmin: true });
  [main, elm] = await withTenant(db, tenant, async (tx) => {
    const js = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Main Street', job_abbr: 'MS', street: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
        { tenant_uuid: tenant, job: 'Elm Yard' },
      ])
      .returning({ id: jobs.id });
    const [cc] = await tx.insert(costcodes).values({ tenant_uuid: tenant, costcode: '03-300' }).returning({ id: costcodes.id });
    await tx.insert(jobsCostcodes).values({ tenant_uuid: tenant, jobs_id: js[0].id, costcodes_id: cc.id, hrsbdg: 320 });
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: js[0].id, employees_id: foreman.employeeId });
    return [js[0].id, js[1].id];
  });
  theirJob = await withTenant(db, other, async (tx) => {
    const [j] = await tx.insert(jobs).values({ tenant_uuid: other, job: 'Theirs' }).returning({ id: jobs.id });
    return j.id;
  });
});

describe('updateSchedule', () => {
  it('needs at least one entry', async () => {
    const res = await t.gql(UPDATE, { t: tenant, add: [] }, planner.token);
    expect(code(res)).toBe('VALIDATION');
    expect(res.errors?.[0]?.message).toBe(SCHEDULE_MESSAGES.atLeastOne);
  });

  it('fails each malformed entry with the spec’s message and applies the rest (partial: both lists)', async () => {
    const r = await schedule(planner, {
      add: [
        { employees_id: ana.employeeId, date: THU },
        { jobs_id: main, date: THU },
        { jobs_id: main, employees_id: ana.employeeId },
        { jobs_id: main, employees_id: ana.employeeId, date: THU },
      ],
      update: [{ jobs_id: main, employees_id: ben.employeeId, date: THU }],
    });
    expect(r.failed.map((f) => [f.kind, f.index, f.code, f.message])).toEqual([
      ['add', 0, 'VALIDATION', 'Missing jobs_id in entry'],
      ['add', 1, 'VALIDATION', 'Missing employees_id in entry'],
      ['add', 2, 'VALIDATION', 'Missing date in entry'],
      ['update', 0, 'VALIDATION', 'Missing id field in update entry'],
    ]);
    expect(r.added).toEqual([
      expect.objectContaining({ jobs_id: main, employees_id: ana.employeeId, date: THU, confirmation_status: 'pending' }),
    ]);
    expect(scheduleOutcome({ added: r.added.length, removed: r.removed.length, failed: r.failed }).severity).toBe('warning');
  });

  it('adds two for Thursday and removes one from Friday: "2 added, 1 removed"', async () => {
    const seeded = await schedule(planner, { add: [{ jobs_id: elm, employees_id: cruz.employeeId, date: FRI }] });
    const r = await schedule(planner, {
      add: [
        { jobs_id: main, employees_id: ben.employeeId, date: THU },
        { jobs_id: main, employees_id: cruz.employeeId, date: THU },
      ],
      remove: [{ id: seeded.added[0].id }],
    });
    expect(r.failed).toEqual([]);
    expect(scheduleOutcome({ added: r.added.length, removed: r.removed.length, failed: r.failed }).message).toBe(
      'Schedule updated: 2 added, 1 removed.',
    );
    // The same again changes nothing.
    const again = await schedule(planner, { add: [{ jobs_id: main, employees_id: ben.employeeId, date: THU }] });
    expect(again).toMatchObject({ added: [], removed: [], failed: [], unchanged: 1 });
    expect(scheduleOutcome({ added: 0, removed: 0, failed: again.failed }).message).toBe('No changes made to schedule');
  });

  it('warns of a double booking and books it once the planner confirms', async () => {
    const first = await schedule(planner, { add: [{ jobs_id: elm, employees_id: ana.employeeId, date: THU }] });
    expect(first.added).toEqual([]);
    expect(first.failed).toEqual([
      expect.objectContaining({ code: 'DOUBLE_BOOKED', message: SCHEDULE_MESSAGES.doubleBooked, label: `Ana Member, Elm Yard, ${THU}` }),
    ]);
    expect(scheduleOutcome({ added: 0, removed: 0, failed: first.failed }).message).toBe('Failed to update schedule. Please try again.');
    const confirmed = await schedule(planner, { add: [{ jobs_id: elm, employees_id: ana.employeeId, date: THU }], ok: true });
    expect(confirmed.added).toHaveLength(1);
    const board = await t.gql(BOARD, { t: tenant, from: THU, to: THU }, planner.token);
    const anas = ((board.data?.getScheduleBoard.entries ?? []) as Entry[]).filter((e) => e.employees_id === ana.employeeId);
    expect(anas.map((e) => e.jobs_id).sort()).toEqual([main, elm].sort());
  });

  it('lets time off block the day', async () => {
    const off = await schedule(planner, { add: [{ employees_id: ben.employeeId, date: FRI, event_type: 'Vacation' }] });
    expect(off.added).toEqual([expect.objectContaining({ jobs_id: null, event_type: 'Vacation' })]);
    const r = await schedule(planner, {
      add: [
        { jobs_id: main, employees_id: ben.employeeId, date: FRI },
        { jobs_id: main, employees_id: ana.employeeId, date: FRI },
      ],
      ok: true,
    });
    expect(r.added.map((e) => e.employees_id)).toEqual([ana.employeeId]);
    expect(r.failed).toEqual([expect.objectContaining({ code: 'BLOCKED', message: 'Not available that day: Vacation.' })]);
    const unknown = await schedule(planner, { add: [{ employees_id: ben.employeeId, date: '2026-11-30', event_type: 'Party' }] });
    expect(unknown.failed[0]).toMatchObject({ code: 'VALIDATION', message: SCHEDULE_MESSAGES.unknownEventType });
  });

  it('moves an entry with an update (a new question to the worker)', async () => {
    const [entry] = (await schedule(planner, { add: [{ jobs_id: main, employees_id: cruz.employeeId, date: '2026-12-01' }] })).added;
    const r = await schedule(planner, { update: [{ id: entry.id, jobs_id: elm }] });
    expect(r.updated).toEqual([expect.objectContaining({ id: entry.id, jobs_id: elm, confirmation_status: 'pending' })]);
  });

  it('lets only scheduling_admin (or admin_access) write the schedule', async () => {
    const res = await t.gql(UPDATE, { t: tenant, add: [{ jobs_id: main, employees_id: ana.employeeId, date: '2026-12-02' }] }, ana.token);
    expect(code(res)).toBe('FORBIDDEN');
    const foremanTry = await t.gql(
      UPDATE,
      { t: tenant, add: [{ jobs_id: main, employees_id: foreman.employeeId, date: '2026-12-02' }] },
      foreman.token,
    );
    expect(code(foremanTry)).toBe('FORBIDDEN');
  });

  it('never reaches another company’s jobs, people or entries', async () => {
    const r = await schedule(planner, {
      add: [
        { jobs_id: theirJob, employees_id: ana.employeeId, date: '2026-12-03' },
        { jobs_id: main, employees_id: stranger.employeeId, date: '2026-12-03' },
      ],
    });
    expect(r.failed.map((f) => f.code)).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    const theirs = await withTenant(t.database.db, stranger.tenantUuid, async (tx) => {
      const [row] = await tx
        .insert(scheduledLabor)
        .values({ tenant_uuid: stranger.tenantUuid, jobs_id: theirJob, employees_id: stranger.employeeId, date: THU })
        .returning({ id: scheduledLabor.id });
      return row.id;
    });
    const removal = await schedule(planner, { remove: [{ id: theirs }], update: [{ id: theirs, date: FRI }] });
    expect(removal.failed.map((f) => f.code)).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    expect(code(await t.gql(UPDATE, { t: stranger.tenantUuid, remove: [{ id: theirs }] }, planner.token))).toBeTruthy();
    const answer = await t.gql(RESPOND, { t: tenant, id: theirs, s: 'confirmed' }, stranger.token);
    expect(code(answer)).toBeTruthy();
    const left = await withTenant(t.database.db, stranger.tenantUuid, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(scheduledLabor),
    );
    expect(left[0].n).toBe(1);
  });

  it('tells the notifier once per person, however many of their days moved', async () => {
    const calls: PersonChanges[][] = [];
    const before = scheduleNotifier.notify;
    scheduleNotifier.notify = (_tenant, changes) => {
      calls.push(changes);
    };
    try {
      const days = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'];
      await schedule(planner, {
        add: [
          ...days.map((date) => ({ jobs_id: main, employees_id: cruz.employeeId, date })),
          { jobs_id: main, employees_id: ben.employeeId, date: days[0] },
        ],
      });
    } finally {
      scheduleNotifier.notify = before;
    }
    expect(calls).toHaveLength(1);
    expect(calls[0].map((c) => [c.employees_id, c.added.length]).sort()).toEqual(
      [
        [cruz.employeeId, 5],
        [ben.employeeId, 1],
      ].sort(),
    );
    // The person's inbox has one notification of schedule changes, naming this batch's days (earlier changes within the
    // minute are folded into it: the count says how many).
    const INBOX = 'query($t: ID!) { listMyNotifications(tenant_uuid: $t) { items { kind title link count } } }';
    const inbox = await t.gql(INBOX, { t: tenant }, cruz.token);
    expect(inbox.data?.listMyNotifications.items.filter((n: { kind: string }) => n.kind === 'schedule_changed')).toEqual([
      {
        kind: 'schedule_changed',
        title: 'Schedule changed: December 7, 2026 to December 11, 2026',
        link: '/modules/scheduled',
        count: expect.any(Number),
      },
    ]);
  });
});

describe('the board, crews and My Schedule', () => {
  it('shows the planner every job with budgeted hours, every person and the week’s entries', async () => {
    const res = await t.gql(BOARD, { t: tenant, from: '2026-11-23' }, planner.token);
    expect(res.errors).toBeUndefined();
    const board = res.data?.getScheduleBoard;
    expect(board.to).toBe('2026-11-29');
    expect(board.jobs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: main,
          label: 'MS · Main Street',
          budgeted_hours: 320,
          foremen: 'Fred Member',
          address: '12 Main St, Springfield, IL 62701',
        }),
      ]),
    );
    expect(board.people.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([ana.employeeId, ben.employeeId]));
    expect(board.entries.every((e: Entry) => e.date >= '2026-11-23' && e.date <= '2026-11-29')).toBe(true);
    expect(code(await t.gql(BOARD, { t: tenant, from: '2026-11-23', to: '2027-03-01' }, planner.token))).toBe('VALIDATION');
    expect(code(await t.gql(BOARD, { t: tenant, from: 'Thursday' }, planner.token))).toBe('VALIDATION');
  });

  it('gives the planner the departments and divisions to filter people by (active ones, this company’s only)', async () => {
    const db = t.database.db;
    const [concrete, steel, north] = await withTenant(db, tenant, async (tx) => {
      const deps = await tx
        .insert(departments)
        .values([
          { tenant_uuid: tenant, department: 'Concrete' },
          { tenant_uuid: tenant, department: 'Steel' },
          { tenant_uuid: tenant, department: 'Closed shop', status: 0 },
        ])
        .returning({ id: departments.id });
      const [div] = await tx.insert(divisions).values({ tenant_uuid: tenant, division: 'North' }).returning({ id: divisions.id });
      await tx.insert(departmentMembers).values([
        { tenant_uuid: tenant, departments_id: deps[0].id, employees_id: ana.employeeId },
        { tenant_uuid: tenant, departments_id: deps[1].id, employees_id: ana.employeeId },
        { tenant_uuid: tenant, departments_id: deps[1].id, employees_id: ben.employeeId },
      ]);
      await tx.insert(divisionMembers).values({ tenant_uuid: tenant, divisions_id: div.id, employees_id: ben.employeeId });
      return [deps[0].id, deps[1].id, div.id];
    });
    await withTenant(db, stranger.tenantUuid, (tx) =>
      tx.insert(departments).values({ tenant_uuid: stranger.tenantUuid, department: 'Theirs' }),
    );
    const GROUPS = `query($t: ID!, $from: String!) { getScheduleBoard(tenant_uuid: $t, from: $from) {
      departments { id label } divisions { id label } people { id departments divisions } } }`;
    const res = await t.gql(GROUPS, { t: tenant, from: '2026-11-23' }, planner.token);
    expect(res.errors).toBeUndefined();
    const board = res.data?.getScheduleBoard;
    expect(board.departments).toEqual([
      { id: concrete, label: 'Concrete' },
      { id: steel, label: 'Steel' },
    ]);
    expect(board.divisions).toEqual([{ id: north, label: 'North' }]);
    const person = (id: number) => board.people.find((p: { id: number }) => p.id === id);
    expect(person(ana.employeeId)).toEqual({ id: ana.employeeId, departments: expect.arrayContaining([concrete, steel]), divisions: [] });
    expect(person(ben.employeeId)).toEqual({ id: ben.employeeId, departments: [steel], divisions: [north] });
    expect(person(cruz.employeeId)).toEqual({ id: cruz.employeeId, departments: [], divisions: [] });
    // A foreman's crews never list the company's groups.
    const crews = await t.gql(
      `query($t: ID!, $from: String!) { getMyCrews(tenant_uuid: $t, from: $from) { departments { id } divisions { id } } }`,
      {
        t: tenant,
        from: '2026-11-23',
      },
      foreman.token,
    );
    expect(crews.data?.getMyCrews).toEqual({ departments: [], divisions: [] });
  });

  it('shows a foreman the crews of their jobs only', async () => {
    const res = await t.gql(CREWS, { t: tenant, from: '2026-11-23' }, foreman.token);
    const crews = res.data?.getMyCrews;
    expect(crews.jobs.map((j: { id: number }) => j.id)).toEqual([main]);
    expect(crews.entries.every((e: Entry) => e.jobs_id === main)).toBe(true);
    expect(crews.people.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Ana Member', 'Ben Member']));
  });

  it("keeps the planner's board for those who plan; a worker reads only their own entries, a foreman his jobs' crews (issue 46)", async () => {
    const boss = await createMember(t.database.db, tenant, { isAdmin: true });
    // Refused: a crew member and a foreman who is no planner get no board (as the chatbot refuses them).
    for (const who of [ana, foreman]) expect(code(await t.gql(BOARD, { t: tenant, from: THU, to: FRI }, who.token))).toBe('FORBIDDEN');
    // Allowed: scheduling_admin and admin_access read everyone's week.
    for (const who of [planner, boss]) {
      const res = await t.gql(BOARD, { t: tenant, from: THU, to: FRI }, who.token);
      expect(res.errors).toBeUndefined();
      const people = new Set(((res.data?.getScheduleBoard.entries ?? []) as Entry[]).map((e) => e.employees_id));
      expect(people.size).toBeGreaterThan(1);
    }
    // The record operations give a worker only their own rows, whatever the filter asks for.
    const LIST = `query($t: ID!, $f: ScheduledLaborFilter) { listScheduledLabor(tenant_uuid: $t, filter: $f, limit: 500) { items { id employees_id } } }`;
    const GET = `query($t: ID!, $id: Int!) { getScheduledLabor(tenant_uuid: $t, id: $id) { id employees_id } }`;
    const all = await t.gql(LIST, { t: tenant }, planner.token);
    const rows = (all.data?.listScheduledLabor.items ?? []) as { id: number; employees_id: number }[];
    const bens = rows.find((r) => r.employees_id === ben.employeeId);
    expect(bens).toBeTruthy();
    const anas = await t.gql(LIST, { t: tenant, f: { eq: { employees_id: ben.employeeId } } }, ana.token);
    expect(anas.errors).toBeUndefined();
    expect(anas.data?.listScheduledLabor.items).toEqual([]);
    const own = await t.gql(LIST, { t: tenant }, ana.token);
    const ownRows = (own.data?.listScheduledLabor.items ?? []) as { employees_id: number }[];
    expect(ownRows.length).toBeGreaterThan(0);
    expect(ownRows.every((r) => r.employees_id === ana.employeeId)).toBe(true);
    expect((await t.gql(GET, { t: tenant, id: bens?.id }, ana.token)).data?.getScheduledLabor).toBeNull();
    // A foreman reads his jobs' crews through getMyCrews (above), not the whole company's rows.
    const fred = await t.gql(LIST, { t: tenant }, foreman.token);
    expect(
      ((fred.data?.listScheduledLabor.items ?? []) as { employees_id: number }[]).every((r) => r.employees_id === foreman.employeeId),
    ).toBe(true);
  });

  it('lets a worker see and answer only their own days', async () => {
    const mine = await t.gql(MINE, { t: tenant, from: THU, to: THU }, ben.token);
    const thursday = (
      (mine.data?.getMySchedule ?? []) as { id: number; jobs_id: number; job_label: string; address: string; foremen: string }[]
    ).find((d) => d.jobs_id === main);
    expect(thursday).toMatchObject({ job_label: 'MS · Main Street', address: '12 Main St, Springfield, IL 62701', foremen: 'Fred Member' });
    const id = thursday?.id as number;
    // Ana cannot answer Ben's day; nor can the planner answer it for him.
    for (const who of [ana, planner]) {
      const res = await t.gql(RESPOND, { t: tenant, id, s: 'confirmed' }, who.token);
      expect(code(res)).toBe('NOT_FOUND');
    }
    const ok = await t.gql(RESPOND, { t: tenant, id, s: 'confirmed' }, ben.token);
    expect(ok.data?.respondToSchedule).toMatchObject({ id, confirmation_status: 'confirmed', confirmation_reason: null });
    expect(ok.data?.respondToSchedule.confirmed_on).toBeTruthy();
    const no = await t.gql(RESPOND, { t: tenant, id, s: 'declined', r: ' Doctor appointment ' }, ben.token);
    expect(no.data?.respondToSchedule).toMatchObject({ confirmation_status: 'declined', confirmation_reason: 'Doctor appointment' });
    expect(code(await t.gql(RESPOND, { t: tenant, id, s: 'declined', r: 'x'.repeat(501) }, ben.token))).toBe('VALIDATION');
    expect(code(await t.gql(RESPOND, { t: tenant, id, s: 'maybe' }, ben.token))).toBeTruthy();
    const board = await t.gql(BOARD, { t: tenant, from: THU, to: THU }, planner.token);
    expect(((board.data?.getScheduleBoard.entries ?? []) as Entry[]).find((e) => e.id === id)?.confirmation_status).toBe('declined');
  });

  it('refuses everything while the company has scheduling switched off', async () => {
    const company = await createTenant(t.database.db);
    const boss = await createMember(t.database.db, company, { isAdmin: true });
    const worker = await createMember(t.database.db, company, { permissions: ['basic_access'] });
    await withTenant(t.database.db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.scheduling, status: 0 }),
    );
    for (const who of [boss, worker]) {
      expect(code(await t.gql(BOARD, { t: company, from: THU }, who.token))).toBe('FORBIDDEN');
      expect(code(await t.gql(MINE, { t: company, from: THU }, who.token))).toBe('FORBIDDEN');
      expect(code(await t.gql(CREWS, { t: company, from: THU }, who.token))).toBe('FORBIDDEN');
      expect(code(await t.gql(RESPOND, { t: company, id: 1, s: 'confirmed' }, who.token))).toBe('FORBIDDEN');
    }
    // Nor does time entry offer a job from a schedule the company has switched off.
    await withTenant(t.database.db, company, async (tx) => {
      const [j] = await tx.insert(jobs).values({ tenant_uuid: company, job: 'Hidden' }).returning({ id: jobs.id });
      await tx.insert(scheduledLabor).values({ tenant_uuid: company, employees_id: worker.employeeId, jobs_id: j.id, date: THU });
    });
    const offered = await t.gql(
      `query($t: ID!) { getTimecardInfo(tenant_uuid: $t, start_date: "2026-11-23", end_date: "2026-11-29") { scheduled_jobs { date } } }`,
      { t: company },
      worker.token,
    );
    expect(offered.errors).toBeUndefined();
    expect(offered.data?.getTimecardInfo.scheduled_jobs).toEqual([]);
    expect(code(await t.gql(UPDATE, { t: company, remove: [{ id: 1 }] }, boss.token))).toBe('FORBIDDEN');
  });

  it('answers unauthenticated calls with UNAUTHENTICATED', async () => {
    expect(code(await t.gql(BOARD, { t: tenant, from: THU }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(UPDATE, { t: tenant, remove: [{ id: 1 }] }))).toBe('UNAUTHENTICATED');
  });
});
