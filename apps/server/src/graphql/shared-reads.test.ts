import { describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema.js';
import { onTenantWriteEnded, withTenant } from '../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { okData, useTestApp } from '../testing/test-app.js';
import { SharedReads } from './shared-reads.js';

// One computation for many askers (shared-reads.ts): the same company's same read in flight answers those who ask for
// it meanwhile; a write of the company, a failure, another company or a caller with less access never shares.

describe('SharedReads', () => {
  const later = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it('answers a read asked for while the same one is in flight from that flight, then forgets it', async () => {
    const shared = new SharedReads();
    const first = later<string>();
    const read = vi.fn(() => first.promise);
    const a = shared.run('t1', 'board', read);
    const b = shared.run('t1', 'board', read);
    expect(read).toHaveBeenCalledTimes(1);
    expect(shared.size).toBe(1);
    first.resolve('the board');
    expect(await Promise.all([a, b])).toEqual(['the board', 'the board']);
    expect(shared.joined).toBe(1);
    expect(shared.size).toBe(0);
    await shared.run('t1', 'board', async () => 'again');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('never shares between companies or keys', async () => {
    const shared = new SharedReads();
    const hold = later<string>();
    const a = shared.run('t1', 'board', () => hold.promise);
    const b = shared.run('t2', 'board', async () => 'theirs');
    const c = shared.run('t1', 'other weeks', async () => 'other weeks');
    hold.resolve('ours');
    expect(await Promise.all([a, b, c])).toEqual(['ours', 'theirs', 'other weeks']);
    expect(shared.joined).toBe(0);
  });

  it('runs its own read for each waiting request when the flight fails', async () => {
    const shared = new SharedReads();
    const hold = later<string>();
    const a = shared.run('t1', 'board', () => hold.promise);
    const b = shared.run('t1', 'board', async () => 'b read it itself');
    const c = shared.run('t1', 'board', async () => 'c read it itself');
    hold.reject(new Error('timed out'));
    await expect(a).rejects.toThrow('timed out');
    expect(await Promise.all([b, c])).toEqual(['b read it itself', 'c read it itself']);
  });

  it('starts a new flight for a request that comes after a write of the company', async () => {
    const shared = new SharedReads();
    const before = later<string>();
    const a = shared.run('t1', 'board', () => before.promise);
    const other = shared.run('t2', 'board', () => new Promise<string>((r) => setTimeout(() => r('theirs'), 5)));
    shared.forget('t1');
    const b = shared.run('t1', 'board', async () => 'after the write');
    // Another company's flight is still shared.
    const joinedOther = shared.run('t2', 'board', async () => 'not run');
    before.resolve('before the write');
    expect(await Promise.all([a, b, other, joinedOther])).toEqual(['before the write', 'after the write', 'theirs', 'theirs']);
  });
});

describe('a company write ending on this instance', () => {
  const t = useTestApp();

  it('is told for a transaction that may write, committed or rolled back, and not for a read', async () => {
    const tenant = await createTenant(t.database.db);
    const told: string[] = [];
    const stop = onTenantWriteEnded((id) => told.push(id));
    try {
      await withTenant(t.database.db, tenant, (tx) => tx.insert(jobs).values({ tenant_uuid: tenant, job: 'Written' }));
      await expect(
        withTenant(t.database.db, tenant, async () => {
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await withTenant(t.database.db, tenant, (tx) => tx.select().from(jobs), { readOnly: true });
    } finally {
      stop();
    }
    expect(told).toEqual([tenant, tenant]);
  });
});

describe('getScheduleBoard shared between planners', () => {
  // One lane a company, so a test can hold the company's lanes and keep a board read in flight.
  const t = useTestApp({ config: { heavyWorkPerCompany: 1 } });
  const BOARD = `query($t: ID!, $from: String!, $to: String) { getScheduleBoard(tenant_uuid: $t, from: $from, to: $to) {
    jobs { id label } people { id name } entries { id jobs_id employees_id date } } }`;
  const ADD = `mutation($t: ID!, $add: [ScheduleEntryInput!]) { updateSchedule(tenant_uuid: $t, add: $add) { added { id } failed { code } } }`;
  const WEEKS = { from: '2026-11-30', to: '2026-12-27' };
  const joined = async () => Number(/groundwork_graphql_shared_reads_total (\d+)/.exec((await t.app.inject('/metrics')).body)?.[1]);

  async function company(name: string) {
    const db = t.database.db;
    const tenant = await createTenant(db, name);
    const planners = [
      await createMember(db, tenant, { isAdmin: true, firstname: `${name} A` }),
      await createMember(db, tenant, { permissions: ['scheduling_admin', 'basic_access'], firstname: `${name} B` }),
      await createMember(db, tenant, { permissions: ['scheduling_admin', 'basic_access'], firstname: `${name} C` }),
    ];
    const crew = await createMember(db, tenant, { permissions: ['basic_access'], firstname: `${name} Crew` });
    const [job] = await withTenant(db, tenant, (tx) =>
      tx
        .insert(jobs)
        .values({ tenant_uuid: tenant, job: `${name} job` })
        .returning({ id: jobs.id }),
    );
    return { tenant, planners, crew, job: job.id };
  }

  const board = (who: TestMember, weeks = WEEKS) => t.gql(BOARD, { t: who.tenantUuid, ...weeks }, who.token);

  it('answers planners asking at once from one read, starts a new one after a write, and never shares across companies or with a crew member', async () => {
    const ours = await company('Ours');
    const theirs = await company('Theirs');
    // Sessions and members looked up once, as a planner's earlier requests would have.
    for (const p of [...ours.planners, ours.crew, ...theirs.planners]) await board(p);
    const before = await joined();

    // Hold our company's one lane: the first planner's read waits in it, in flight, while the others ask.
    let release!: () => void;
    const held = t.app.tenantGate.lanes.run(ours.tenant, () => new Promise<void>((r) => (release = r)));
    const first = board(ours.planners[0]);
    const others = [board(ours.planners[1]), board(ours.planners[2])];
    await vi.waitFor(async () => expect(await joined()).toBe(before + 2));

    // A crew member does not join (refused on their own, in their turn); another company with the same weeks reads its
    // own board now.
    const crew = board(ours.crew);
    const theirBoard = okData(await board(theirs.planners[0])).getScheduleBoard;
    expect(theirBoard.jobs).toEqual([{ id: theirs.job, label: 'Theirs job' }]);
    expect(theirBoard.people.map((p: { name: string }) => p.name)).not.toContain('Ours A Member');

    // A write of our company (not heavy: it does not wait for the lane) ends; a board asked for after it reads anew.
    const added = okData(
      await t.gql(
        ADD,
        { t: ours.tenant, add: [{ jobs_id: ours.job, employees_id: ours.crew.employeeId, date: '2026-12-01' }] },
        ours.planners[1].token,
      ),
    ).updateSchedule;
    expect(added.failed).toEqual([]);
    const afterWrite = board(ours.planners[2]);
    await new Promise((r) => setTimeout(r, 50));
    expect(await joined()).toBe(before + 2);
    expect(t.app.tenantGate.shared.size).toBe(1);

    release();
    await held;
    const answers = (await Promise.all([first, ...others])).map((a) => okData(a).getScheduleBoard);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0].jobs).toEqual([{ id: ours.job, label: 'Ours job' }]);
    const fresh = okData(await afterWrite).getScheduleBoard;
    expect(fresh.entries).toEqual([{ id: added.added[0].id, jobs_id: ours.job, employees_id: ours.crew.employeeId, date: '2026-12-01' }]);
    expect((await crew).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await joined()).toBe(before + 2);
    expect(t.app.tenantGate.shared.size).toBe(0);
  });

  it('shares only the same weeks and the same work: other weeks, or a board with its groups, read on their own', async () => {
    const ours = await company('Weeks');
    for (const p of ours.planners) await board(p);
    const before = await joined();
    let release!: () => void;
    const held = t.app.tenantGate.lanes.run(ours.tenant, () => new Promise<void>((r) => (release = r)));
    const withGroups = `query($t: ID!, $from: String!) { getScheduleBoard(tenant_uuid: $t, from: $from) { jobs { id } departments { id } } }`;
    const asks = [
      board(ours.planners[0]),
      board(ours.planners[1], { from: '2026-12-07', to: '2026-12-27' }),
      t.gql(withGroups, { t: ours.tenant, from: WEEKS.from }, ours.planners[2].token),
    ];
    await vi.waitFor(() => expect(t.app.tenantGate.shared.size).toBe(3));
    release();
    await held;
    for (const answer of await Promise.all(asks)) expect(answer.errors).toBeUndefined();
    expect(await joined()).toBe(before);
  });
});
