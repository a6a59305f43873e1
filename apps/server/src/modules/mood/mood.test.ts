import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { errorCode as code, okData as ok, useTestApp } from '../../testing/test-app.js';
import { departmentMembers } from '../announcements/announcements.table.js';
import { departments } from '../departments/departments.table.js';
import { taskAssignees, tasks } from '../tasks/tasks.table.js';
import { moods } from './mood.table.js';

const t = useTestApp();

const ANSWER = `mutation($t: ID!, $m: Int!, $h: Boolean, $d: String) { answerMood(tenant_uuid: $t, mood: $m, hurt: $h, today: $d) { id employees_id mood_date mood hurt } }`;
const TODAY_Q = `query($t: ID!, $d: String) { myMoodToday(tenant_uuid: $t, today: $d) { mood hurt } }`;
const LIST = `query($t: ID!) { listHappydays(tenant_uuid: $t) { items { employees_id mood_date mood } nextToken } }`;
const CREATE = `mutation($t: ID!, $d: [HappydaysInput!]!) { createHappydays(tenant_uuid: $t, data: $d) { employees_id mood_date mood } }`;
const SUMMARY = `query($t: ID!, $f: String!, $to: String!, $by: String!) { moodSummary(tenant_uuid: $t, from: $f, to: $to, by: $by) { key people answers average hurt suppressed } }`;
const INBOX = `query($t: ID!) { listMyNotifications(tenant_uuid: $t) { items { kind title ref_id } unread } }`;

let tenant: string;
let admin: TestMember;
let safety: TestMember;
let crew: TestMember[];
let small: TestMember[];
let stranger: TestMember;
const D1 = '2026-03-02';
const D2 = '2026-03-03';

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db);
  admin = await createMember(db, tenant, { isAdmin: true, firstname: 'Maria' });
  safety = await createMember(db, tenant, { permissions: ['people_basic'], firstname: 'Sam' });
  crew = [];
  for (let i = 0; i < 5; i++) crew.push(await createMember(db, tenant, { firstname: `Crew${i}` }));
  small = [];
  for (let i = 0; i < 2; i++) small.push(await createMember(db, tenant, { firstname: `Office${i}` }));
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  await withTenant(db, tenant, async (tx) => {
    const [field, office, safe] = await tx
      .insert(departments)
      .values([
        { tenant_uuid: tenant, department: 'Field' },
        { tenant_uuid: tenant, department: 'Office' },
        { tenant_uuid: tenant, department: 'Safety' },
      ])
      .returning({ id: departments.id });
    await tx
      .insert(departmentMembers)
      .values([
        ...crew.map((c) => ({ tenant_uuid: tenant, departments_id: field.id, employees_id: c.employeeId })),
        ...small.map((c) => ({ tenant_uuid: tenant, departments_id: office.id, employees_id: c.employeeId })),
        { tenant_uuid: tenant, departments_id: safe.id, employees_id: safety.employeeId },
      ]);
  });
});

describe('mood check-in', () => {
  it('keeps one answer per person per day: a second answer replaces the first', async () => {
    const me = crew[0];
    expect(ok(await t.gql(TODAY_Q, { t: tenant, d: D1 }, me.token)).myMoodToday).toBeNull();
    const first = ok(await t.gql(ANSWER, { t: tenant, m: 2, d: D1 }, me.token)).answerMood;
    const second = ok(await t.gql(ANSWER, { t: tenant, m: 4, d: D1 }, me.token)).answerMood;
    expect(second).toMatchObject({ id: first.id, mood: 4, mood_date: D1, hurt: false });
    expect(ok(await t.gql(TODAY_Q, { t: tenant, d: D1 }, me.token)).myMoodToday).toEqual({ mood: 4, hurt: false });
    const rows = await withTenant(t.database.db, tenant, (tx) =>
      tx
        .select()
        .from(moods)
        .where(and(eq(moods.tenant_uuid, tenant), eq(moods.employees_id, me.employeeId))),
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a mood outside 1–5, a bad date, no session and another company', async () => {
    expect(code(await t.gql(ANSWER, { t: tenant, m: 0 }, crew[1].token))).toBe('VALIDATION');
    expect(code(await t.gql(ANSWER, { t: tenant, m: 6 }, crew[1].token))).toBe('VALIDATION');
    expect(code(await t.gql(ANSWER, { t: tenant, m: 3, d: '2026-02-30' }, crew[1].token))).toBe('VALIDATION');
    expect(code(await t.gql(ANSWER, { t: tenant, m: 3 }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(ANSWER, { t: tenant, m: 3 }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(SUMMARY, { t: tenant, f: D1, to: D2, by: 'day' }, stranger.token))).toBe('NOT_FOUND');
  });

  it('shows admins aggregates only, withholding groups of fewer than 5 people', async () => {
    for (const [i, c] of crew.entries()) ok(await t.gql(ANSWER, { t: tenant, m: 1 + i, d: D2 }, c.token));
    for (const c of small) ok(await t.gql(ANSWER, { t: tenant, m: 5, d: D2 }, c.token));
    const byDept = ok(await t.gql(SUMMARY, { t: tenant, f: D2, to: D2, by: 'department' }, admin.token)).moodSummary;
    expect(byDept).toEqual([
      { key: 'Field', people: 5, answers: 5, average: 3, hurt: 0, suppressed: false },
      { key: 'Office', people: 0, answers: 0, average: null, hurt: null, suppressed: true },
    ]);
    const byDay = ok(await t.gql(SUMMARY, { t: tenant, f: D1, to: D2, by: 'day' }, admin.token)).moodSummary;
    expect(byDay).toEqual([
      { key: D1, people: 0, answers: 0, average: null, hurt: null, suppressed: true },
      { key: D2, people: 7, answers: 7, average: 3.57, hurt: 0, suppressed: false },
    ]);
    expect(code(await t.gql(SUMMARY, { t: tenant, f: D1, to: D2, by: 'day' }, crew[0].token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SUMMARY, { t: tenant, f: D1, to: D2, by: 'person' }, admin.token))).toBe('VALIDATION');
  });

  it("no query path gives an admin another person's answers", async () => {
    const mine = ok(await t.gql(LIST, { t: tenant }, admin.token)).listHappydays.items;
    expect(mine).toEqual([]);
    const theirs = ok(await t.gql(LIST, { t: tenant }, crew[0].token)).listHappydays.items;
    expect(theirs.every((r: { employees_id: number }) => r.employees_id === crew[0].employeeId)).toBe(true);
    expect(theirs).toHaveLength(2);
    // Writing through the record operation is the caller's own too.
    const made = ok(await t.gql(CREATE, { t: tenant, d: [{ mood: 3, mood_date: D1 }] }, admin.token)).createHappydays;
    expect(made).toEqual([{ employees_id: admin.employeeId, mood_date: D1, mood: 3 }]);
  });

  it('an injury answer creates a follow-up task for the safety admins, with the person named, once', async () => {
    const hurt = crew[2];
    ok(await t.gql(ANSWER, { t: tenant, m: 2, h: true, d: D2 }, hurt.token));
    ok(await t.gql(ANSWER, { t: tenant, m: 1, h: true, d: D2 }, hurt.token));
    const made = await withTenant(t.database.db, tenant, (tx) =>
      tx
        .select({ id: tasks.id, title: tasks.title, who: taskAssignees.employees_id })
        .from(tasks)
        .innerJoin(taskAssignees, and(eq(taskAssignees.tenant_uuid, tasks.tenant_uuid), eq(taskAssignees.tasks_id, tasks.id)))
        .where(and(eq(tasks.tenant_uuid, tenant), eq(tasks.rel_table, 'employees'), eq(tasks.rel_id, hurt.employeeId))),
    );
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ who: safety.employeeId, title: `Follow up: Crew2 Member reported being hurt at work on ${D2}` });
    const inbox = ok(await t.gql(INBOX, { t: tenant }, safety.token)).listMyNotifications;
    expect(inbox.items[0]).toMatchObject({ kind: 'injury_reported', ref_id: made[0].id });
    const summary = ok(await t.gql(SUMMARY, { t: tenant, f: D2, to: D2, by: 'department' }, admin.token)).moodSummary;
    expect(summary[0]).toMatchObject({ key: 'Field', hurt: 1 });
  });
});
