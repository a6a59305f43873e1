import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { getSchema } from '../../graphql/schema.js';
import { createMember, type TestMember } from '../../testing/factories.js';
import { call, malformedValues, tenantFields, variablesFor } from '../../testing/schema-sweep.js';
import { errorCode as code, type GqlResult, okData as ok, useTestApp } from '../../testing/test-app.js';
import { testClock } from '../../testing/test-clock.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import {
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
 * Issue 47: whose punches each operation reaches (spec §6's time-card rules: one's own; a foreman his jobs; admins
 * everyone), and the model contract's cases for the new tables and operations: no session, another company, bad input.
 */
const clock = testClock();
const t = useTestApp({ deps: { now: clock.now } });
let c: Awaited<ReturnType<typeof punchCompany>>;
let projectsAdmin: TestMember;

const punch = (who: TestMember, p: Punch) => punchAs(t, who, p);
const results = (res: GqlResult) => ok(res).punchClock.results as { employees_id: number; outcome: string; segment: any }[];
const segments = () => withTenant(t.database.db, c.tenant, (tx) => tx.select().from(punchSegments));
const clockIn = async (who: TestMember, jobs_id = c.job) => results(await punch(who, { action: 'IN', jobs_id, costcodes_id: c.code }))[0];

beforeAll(async () => {
  c = await punchCompany(t);
  projectsAdmin = await createMember(t.database.db, c.tenant, { permissions: ['projects_admin', 'basic_access'], firstname: 'Pat' });
});
beforeEach(async () => {
  clock.set('2026-03-18T07:00:00Z');
  await withTenant(t.database.db, c.tenant, async (tx) => {
    await tx.delete(punchEntries).where(sql`true`);
    await tx.delete(punchSegments).where(sql`true`);
    await tx.delete(timecardEntries).where(sql`true`);
    await tx.delete(usersTimecard).where(sql`true`);
  });
});
afterEach(() => clock.reset());

describe('who may punch whom', () => {
  it('lets a person punch themselves, and nobody else', async () => {
    expect((await clockIn(c.worker)).outcome).toBe('DONE');
    const other = await punch(c.worker, { action: 'IN', employees_ids: [c.mate.employeeId], jobs_id: c.job, costcodes_id: c.code });
    expect(code(other)).toBe('FORBIDDEN');
    expect(code(await punch(c.worker, { action: 'OUT', employees_ids: [c.worker.employeeId, c.mate.employeeId] }))).toBe('FORBIDDEN');
    // Listing oneself explicitly is one's own punch.
    expect(results(await punch(c.worker, { action: 'OUT', employees_ids: [c.worker.employeeId] }))[0].outcome).toBe('DONE');
  });

  it('lets a foreman punch a crew on his jobs only, all or nothing', async () => {
    const crew = [c.worker.employeeId, c.mate.employeeId];
    expect(code(await punch(c.foreman, { action: 'IN', employees_ids: crew, jobs_id: c.otherJob, costcodes_id: c.code }))).toBe(
      'FORBIDDEN',
    );
    expect(await segments()).toEqual([]);
    // The mate is on the clock on the other foreman's job: clocking the crew in tells his outcome without his segment.
    await clockIn(c.mate, c.otherJob);
    const punchedIn = results(await punch(c.foreman, { action: 'IN', employees_ids: crew, jobs_id: c.job, costcodes_id: c.code }));
    expect(punchedIn).toEqual([
      expect.objectContaining({ employees_id: c.worker.employeeId, outcome: 'DONE' }),
      { employees_id: c.mate.employeeId, outcome: 'ALREADY_ON_THE_CLOCK', segment: null },
    ]);
    // Clocking the mate out of another foreman's job is not his to do; nothing of the crew changes.
    clock.set('2026-03-18T09:00:00Z');
    expect(code(await punch(c.foreman, { action: 'OUT', employees_ids: crew }))).toBe('FORBIDDEN');
    expect((await segments()).filter((s) => s.ended_at)).toEqual([]);
    // The other foreman may.
    expect(results(await punch(c.otherForeman, { action: 'OUT', employees_ids: [c.mate.employeeId] }))[0].outcome).toBe('DONE');
    // A switch to a job that is not his, for his crew member: refused.
    expect(
      code(await punch(c.foreman, { action: 'SWITCH', employees_ids: [c.worker.employeeId], jobs_id: c.otherJob, costcodes_id: c.code })),
    ).toBe('FORBIDDEN');
    expect(results(await punch(c.foreman, { action: 'BREAK_START', employees_ids: [c.worker.employeeId] }))[0].outcome).toBe('DONE');
  });

  it('lets an admin punch anyone anywhere', async () => {
    const all = [c.worker.employeeId, c.mate.employeeId, c.foreman.employeeId];
    expect(
      results(await punch(c.admin, { action: 'IN', employees_ids: all, jobs_id: c.otherJob, costcodes_id: c.code })).map((r) => r.outcome),
    ).toEqual(['DONE', 'DONE', 'DONE']);
    clock.set('2026-03-18T08:00:00Z');
    expect(results(await punch(c.admin, { action: 'OUT', employees_ids: all })).every((r) => r.segment.crew_punch)).toBe(true);
  });

  it('corrects one’s own, a foreman his jobs’, an admin anyone’s', async () => {
    const mine = (await clockIn(c.worker)).segment.id;
    const theirs = (await clockIn(c.mate, c.otherJob)).segment.id;
    clock.set('2026-03-18T12:00:00Z');
    const fix = (who: TestMember, id: number) =>
      t.gql(CORRECT, { t: c.tenant, id, s: '2026-03-18T06:45:00Z', e: '2026-03-18T11:00:00Z' }, who.token);
    expect(code(await fix(c.worker, theirs))).toBe('FORBIDDEN');
    expect(code(await fix(c.foreman, theirs))).toBe('FORBIDDEN');
    expect(ok(await fix(c.worker, mine)).correctPunch.corrected_by).toBe(c.worker.employeeId);
    expect(ok(await fix(c.foreman, mine)).correctPunch.corrected_by).toBe(c.foreman.employeeId);
    expect(ok(await fix(c.otherForeman, theirs)).correctPunch.corrected_by).toBe(c.otherForeman.employeeId);
    expect(ok(await fix(c.admin, theirs)).correctPunch.corrected_by).toBe(c.admin.employeeId);
    expect(code(await fix(c.admin, 999_999))).toBe('NOT_FOUND');
  });

  it('shows a person’s clock to themselves, their foreman and admins', async () => {
    await clockIn(c.worker);
    await clockIn(c.mate, c.otherJob);
    const state = (who: TestMember, e?: number) => t.gql(STATE, { t: c.tenant, e }, who.token);
    expect(ok(await state(c.worker)).getPunchState.employees_id).toBe(c.worker.employeeId);
    expect(code(await state(c.worker, c.mate.employeeId))).toBe('FORBIDDEN');
    expect(ok(await state(c.foreman, c.worker.employeeId)).getPunchState.open.jobs_id).toBe(c.job);
    expect(code(await state(c.foreman, c.mate.employeeId))).toBe('FORBIDDEN');
    expect(ok(await state(c.admin, c.mate.employeeId)).getPunchState.open.jobs_id).toBe(c.otherJob);
    expect(code(await state(c.admin, 999_999))).toBe('NOT_FOUND');
  });

  it('shows who is on the clock to admins and foremen (their jobs), and lists punches within each one’s reach', async () => {
    await clockIn(c.worker);
    await clockIn(c.mate, c.otherJob);
    expect(code(await t.gql(ON_THE_CLOCK, { t: c.tenant }, c.worker.token))).toBe('FORBIDDEN');
    const on = async (who: TestMember) =>
      (ok(await t.gql(ON_THE_CLOCK, { t: c.tenant }, who.token)).listOnTheClock as { employees_id: number }[]).map((r) => r.employees_id);
    expect(await on(c.foreman)).toEqual([c.worker.employeeId]);
    expect(await on(c.otherForeman)).toEqual([c.mate.employeeId]);
    expect((await on(c.admin)).sort()).toEqual([c.worker.employeeId, c.mate.employeeId].sort());
    const list = (who: TestMember, e?: number) => t.gql(LIST, { t: c.tenant, e, f: '2026-03-18', to: '2026-03-18' }, who.token);
    const ids = async (who: TestMember, e?: number) =>
      (ok(await list(who, e)).listPunches.items as { employees_id: number }[]).map((s) => s.employees_id);
    expect(await ids(c.worker)).toEqual([c.worker.employeeId]);
    expect(code(await list(c.worker, c.mate.employeeId))).toBe('FORBIDDEN');
    expect(await ids(c.foreman, c.mate.employeeId)).toEqual([]);
    expect(await ids(c.foreman, c.worker.employeeId)).toEqual([c.worker.employeeId]);
    expect((await ids(c.admin)).length).toBe(2);
  });

  it('lets everyone read the settings and only admins change them', async () => {
    for (const who of [c.worker, c.foreman, c.admin])
      expect(ok(await t.gql(SETTINGS, { t: c.tenant }, who.token)).getPunchSettings.ask_location).toBe(true);
    for (const who of [c.worker, c.foreman, projectsAdmin]) {
      expect(code(await t.gql(UPDATE_SETTINGS, { t: c.tenant, r: 200 }, who.token))).toBe('FORBIDDEN');
    }
    expect(ok(await t.gql(UPDATE_SETTINGS, { t: c.tenant, r: 150 }, c.admin.token)).updatePunchSettings.default_radius_m).toBe(150);
  });

  it('lets whoever may edit jobs set a site, and nobody else', async () => {
    const site = (who: TestMember) => t.gql(SITE, { t: c.tenant, j: c.job, lat: 39.753, lon: -104.999, r: 150 }, who.token);
    expect(code(await site(c.worker))).toBe('FORBIDDEN');
    expect(code(await site(c.foreman))).toBe('FORBIDDEN');
    expect(ok(await site(projectsAdmin)).setJobSite.site_radius_m).toBe(150);
    expect(ok(await site(c.admin)).setJobSite.jobs_id).toBe(c.job);
  });
});

describe('the model contract', () => {
  const everyOperation = (tenant: string, ids: { employee: number; segment: number; job: number }) =>
    [
      [PUNCH, { t: tenant, a: 'IN', e: [ids.employee], j: ids.job, c: c.code, s: 'NOT_ASKED' }],
      [CORRECT, { t: tenant, id: ids.segment, s: '2026-03-18T06:00:00Z', e: '2026-03-18T06:30:00Z' }],
      [STATE, { t: tenant, e: ids.employee }],
      [LIST, { t: tenant, f: '2026-03-18', to: '2026-03-18' }],
      [ON_THE_CLOCK, { t: tenant }],
      [SETTINGS, { t: tenant }],
      [UPDATE_SETTINGS, { t: tenant, r: 200 }],
      [SITE, { t: tenant, j: ids.job, lat: 1, lon: 1, r: 100 }],
    ] as const;

  it('refuses every operation without a session', async () => {
    const segment = (await clockIn(c.worker)).segment.id;
    for (const [query, vars] of everyOperation(c.tenant, { employee: c.worker.employeeId, segment, job: c.job })) {
      expect(code(await t.gql(query, vars)), query.slice(0, 40)).toBe('UNAUTHENTICATED');
    }
  });

  it("answers another company's admin NOT_FOUND, naming this company or its ids, and changes nothing", async () => {
    const segment = (await clockIn(c.worker)).segment.id;
    const before = JSON.stringify(await segments());
    for (const [query, vars] of everyOperation(c.tenant, { employee: c.worker.employeeId, segment, job: c.job })) {
      expect(code(await t.gql(query, vars, c.foreign.token)), query.slice(0, 40)).toBe('NOT_FOUND');
    }
    // In their own company, with this company's ids.
    const theirs = c.foreign.tenantUuid;
    expect(
      code(await t.gql(PUNCH, { t: theirs, a: 'IN', e: [c.worker.employeeId], j: c.job, c: c.code, s: 'NOT_ASKED' }, c.foreign.token)),
    ).toBe('NOT_FOUND');
    expect(code(await t.gql(PUNCH, { t: theirs, a: 'OUT', e: [c.worker.employeeId], s: 'NOT_ASKED' }, c.foreign.token))).toBe('NOT_FOUND');
    expect(
      code(await t.gql(CORRECT, { t: theirs, id: segment, s: '2026-03-18T06:00:00Z', e: '2026-03-18T06:30:00Z' }, c.foreign.token)),
    ).toBe('NOT_FOUND');
    expect(code(await t.gql(STATE, { t: theirs, e: c.worker.employeeId }, c.foreign.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(SITE, { t: theirs, j: c.job, lat: 1, lon: 1 }, c.foreign.token))).toBe('NOT_FOUND');
    expect(
      ok(await t.gql(LIST, { t: theirs, e: c.worker.employeeId, f: '2026-03-18', to: '2026-03-18' }, c.foreign.token)).listPunches.items,
    ).toEqual([]);
    expect(ok(await t.gql(ON_THE_CLOCK, { t: theirs }, c.foreign.token)).listOnTheClock).toEqual([]);
    // A crew of this company's person and one of theirs: not found, nothing written.
    const own = await createMember(t.database.db, theirs, { permissions: ['basic_access'] });
    expect(
      code(await t.gql(PUNCH, { t: theirs, a: 'OUT', e: [own.employeeId, c.worker.employeeId], s: 'NOT_ASKED' }, c.foreign.token)),
    ).toBe('NOT_FOUND');
    expect(JSON.stringify(await segments())).toBe(before);
  });

  it('answers bad input VALIDATION, never an internal error', async () => {
    const bad: [string, Record<string, unknown>][] = [
      [PUNCH, { t: c.tenant, a: 'IN', e: [], j: c.job, c: c.code, s: 'NOT_ASKED' }],
      [PUNCH, { t: c.tenant, a: 'OUT', e: Array.from({ length: 5000 }, (_, i) => i + 1), s: 'NOT_ASKED' }],
      [PUNCH, { t: c.tenant, a: 'IN', j: c.job, s: 'NOT_ASKED' }],
      [PUNCH, { t: c.tenant, a: 'JUMP', j: c.job, c: c.code, s: 'NOT_ASKED' }],
      [PUNCH, { t: c.tenant, a: 'IN', j: c.job, c: c.code, s: 'MAYBE' }],
      [PUNCH, { t: c.tenant, a: 'IN', j: c.job, c: c.code, s: 'GIVEN', l: { ...fixNorth(0), latitude: 'NaN' } }],
      [PUNCH, { t: c.tenant, a: 'IN', j: c.job, c: c.code, s: 'GIVEN', l: { ...fixNorth(0), longitude: 1e308 * 10 } }],
      [PUNCH, { t: c.tenant, a: 'IN', j: c.job, c: c.code, s: 'GIVEN', l: { ...fixNorth(0), located_at: '2026-02-30T07:00:00Z' } }],
      [PUNCH, { t: c.tenant, a: 'IN', j: c.job, c: c.code, s: 'NOT_ASKED', d: '9999-99-99T99:99:99Z' }],
      [PUNCH, { t: c.tenant, a: 'IN', j: 'x', c: c.code, s: 'NOT_ASKED' }],
      [PUNCH, { t: c.tenant, a: 'IN', j: 2 ** 40, c: c.code, s: 'NOT_ASKED' }],
      [CORRECT, { t: c.tenant, id: 1, s: 'soon', e: null }],
      [CORRECT, { t: c.tenant, id: 1, s: '2026-03-18T06:00:00Z', e: '0000-00-00T00:00:00Z' }],
      [STATE, { t: c.tenant, e: 'me' }],
      [LIST, { t: c.tenant, f: '2026-02-30', to: '2026-03-18' }],
      [LIST, { t: c.tenant, f: '2026-03-01', to: '2026-03-18', n: 10_000 }],
      [LIST, { t: c.tenant, f: '2026-03-01', to: '2026-03-18', k: Buffer.from('["x", 1]').toString('base64url') }],
      [UPDATE_SETTINGS, { t: c.tenant, d: 100_000 }],
      [UPDATE_SETTINGS, { t: c.tenant, z: 'x'.repeat(500) }],
      [SITE, { t: c.tenant, j: c.job, lat: 'NaN', lon: 1 }],
      [SITE, { t: c.tenant, j: c.job, lat: 1, lon: 1, r: 1.5 }],
    ];
    for (const [query, vars] of bad) {
      const res = await t.gql(query, vars, c.admin.token);
      expect(code(res), `${query.slice(0, 30)} ${JSON.stringify(vars).slice(0, 120)}`).toBe('VALIDATION');
    }
    expect(await segments()).toEqual([]);
  });

  it('answers malformed values for every argument of every punch operation with a client error (the schema sweep, for these)', async () => {
    const ours = new Set([
      'punchClock',
      'correctPunch',
      'getPunchState',
      'listPunches',
      'listOnTheClock',
      'getPunchSettings',
      'updatePunchSettings',
      'setJobSite',
    ]);
    const fields = tenantFields(getSchema()).filter((f) => ours.has(f.field.name));
    expect(fields.map((f) => f.field.name).sort()).toEqual([...ours].sort());
    const failures: string[] = [];
    for (const swept of fields) {
      for (const arg of swept.field.args) {
        if (arg.name === 'tenant_uuid') continue;
        for (const bad of malformedValues(arg.type)) {
          const variables = variablesFor(swept.field, { tenantUuid: c.tenant, id: c.worker.employeeId, text: 'sweep' }, (x) =>
            x === arg ? bad : undefined,
          );
          const answer = await call(t, swept, variables, c.admin.token);
          if (answer.status >= 500 || answer.codes.includes('INTERNAL_SERVER_ERROR')) {
            failures.push(
              `${swept.field.name}(${arg.name}=${JSON.stringify(bad)?.slice(0, 40)}): ${answer.status} ${answer.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
