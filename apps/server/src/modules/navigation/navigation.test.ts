import { compareNavigationItems } from '@groundwork/core/navigation';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { usergroupPermissions, usergroups, usergroupUsers } from '../usergroups/usergroups.table.js';

const t = useTestApp();

const NAV = `query($t: ID!, $u: Int, $n: String) {
  listUsersNavigation(tenant_uuid: $t, user_id: $u, username: $n) { id title path type icon modules_id } }`;
const SWITCH_ON_OFF = `mutation($t: ID!, $d: [TenantsModulesInput!]!) { createTenantsModules(tenant_uuid: $t, data: $d) { id modules_id status } }`;
const UPDATE_SWITCH = `mutation($t: ID!, $d: [TenantsModulesUpdateInput!]!) { updateTenantsModules(tenant_uuid: $t, data: $d) { id status } }`;

type Item = { id: number; title: string; path: string; type: number; icon: string | null; modules_id: number | null };
const RECEIPTS_MODULE = 5;

/** The items every member has: no permission asked for. */
const EVERY_MEMBER = ['Dashboard', 'External Links', 'My Schedule', 'Notifications', 'Tasks', 'Time Cards'];

let a: string;
let b: string;
let receipts: TestMember;
let receiptsInB: TestMember;
let admin: TestMember;
let adminB: TestMember;
let twoCompaniesA: TestMember;
let twoCompaniesB: TestMember;
let catalogueSize: number;

const nav = async (who: TestMember | undefined, vars: Record<string, unknown> = {}, tenant = who?.tenantUuid) =>
  t.gql<{ listUsersNavigation: Item[] }>(NAV, { t: tenant, ...vars }, who?.token);
const titles = async (who: TestMember, vars: Record<string, unknown> = {}) => {
  const res = await nav(who, vars);
  expect(res.errors).toBeUndefined();
  return res.data?.listUsersNavigation.map((i) => i.title);
};
const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  const db = t.database.db;
  a = await createTenant(db, 'Alpha Nav');
  b = await createTenant(db, 'Bravo Nav');
  receipts = await createMember(db, a, { permissions: ['receipts_basic'] });
  receiptsInB = await createMember(db, b, { permissions: ['receipts_basic'] });
  admin = await createMember(db, a, { isAdmin: true });
  adminB = await createMember(db, b, { isAdmin: true });
  twoCompaniesA = await createMember(db, a, { permissions: ['people_admin'] });
  twoCompaniesB = await createMember(db, b, { identity: twoCompaniesA.identity, permissions: ['receipts_basic', 'projects_basic'] });
  const [{ n }] = ((await db.execute(sql`select count(*)::int as n from navigation_items`)) as unknown as { rows: { n: number }[] }).rows;
  catalogueSize = n;
});

describe('listUsersNavigation', () => {
  it('gives a receipts_basic-only person the receipts item and the every-member items, sorted by type then title', async () => {
    const res = await nav(receipts);
    const items = res.data?.listUsersNavigation ?? [];
    expect(items.map((i) => i.title)).toEqual([...EVERY_MEMBER, 'Receipts'].sort());
    expect(items.find((i) => i.title === 'Receipts')).toEqual({
      id: expect.any(Number),
      title: 'Receipts',
      path: '/modules/receipts',
      type: 0,
      icon: 'Receipt',
      modules_id: RECEIPTS_MODULE,
    });
    expect(items.some((i) => i.path.startsWith('/admin'))).toBe(false);
  });

  it('gives an admin every item: admin-area items first, each group by title', async () => {
    const items = (await nav(admin)).data?.listUsersNavigation ?? [];
    expect(items).toHaveLength(catalogueSize);
    expect(items).toEqual([...items].sort(compareNavigationItems));
    expect(items.slice(0, 5).map((i) => [i.type, i.title])).toEqual([
      [1, 'Manage People'],
      [1, 'Manage Projects'],
      [1, 'Manage Scheduling'],
      [1, 'People Report'],
      [1, 'Reports'],
    ]);
    expect(items.find((i) => i.path === '/test')).toEqual({
      id: expect.any(Number),
      title: 'Test Page',
      path: '/test',
      type: 1,
      icon: 'Science',
      modules_id: null,
    });
    // Every app route of spec §2 (but the always-open profile) is reachable from some item.
    const paths = items.map((i) => i.path);
    for (const route of [
      '/dashboard',
      '/test',
      '/admin/people',
      '/admin/reports',
      '/admin/projects',
      '/admin/scheduling',
      '/modules/tasks',
      '/modules/people',
      '/modules/tool20',
      '/modules/chatbot',
      '/modules/ordering',
      '/modules/projects',
      '/modules/receipts',
      '/modules/inventory',
      '/modules/scheduled',
      '/modules/timecards',
      '/modules/scheduling',
      '/modules/announcements',
      '/modules/project-notes',
      '/modules/external-links',
      '/reports/people-report',
      '/notifications',
    ]) {
      expect(paths, route).toContain(route);
    }
  });

  it('shows the component test page to admins only: every permission short of admin_access leaves it out', async () => {
    const everything = await createMember(t.database.db, a, {
      permissions: ['people_admin', 'projects_admin', 'scheduling_admin', 'receipts_admin', 'tool20_admin', 'ordering_admin'],
    });
    const paths = async (who: TestMember, vars: Record<string, unknown> = {}) =>
      ((await nav(who, vars)).data?.listUsersNavigation ?? []).map((i) => i.path);
    expect(await paths(everything)).not.toContain('/test');
    expect(await paths(receipts)).not.toContain('/test');
    expect(await paths(twoCompaniesA)).not.toContain('/test');
    expect(await paths(admin)).toContain('/test');
    expect(await paths(adminB)).toContain('/test');
    // An admin looking at someone else's menu sees theirs, without the test page.
    expect(await paths(admin, { u: everything.employeeId })).not.toContain('/test');
    // admin_access through a group counts as an admin.
    const viaGroup = await createMember(t.database.db, a, { permissions: ['admin_access'] });
    expect(await paths(viaGroup)).toContain('/test');
  });

  it('ignores the permissions of inactive groups and unions the active ones', async () => {
    const person = await createMember(t.database.db, a, { permissions: ['projects_basic'] });
    await withTenant(t.database.db, a, async (tx) => {
      const [off] = await tx.insert(usergroups).values({ tenant_uuid: a, usergroup: 'Retired group', status: 0 }).returning();
      await tx.insert(usergroupPermissions).values({ tenant_uuid: a, usergroups_id: off.id, permission: 'people_admin' });
      await tx.insert(usergroupUsers).values({ tenant_uuid: a, usergroups_id: off.id, employees_id: person.employeeId });
      const [on] = await tx.insert(usergroups).values({ tenant_uuid: a, usergroup: 'Tool crib' }).returning();
      await tx.insert(usergroupPermissions).values({ tenant_uuid: a, usergroups_id: on.id, permission: 'tool20_basic' });
      await tx.insert(usergroupUsers).values({ tenant_uuid: a, usergroups_id: on.id, employees_id: person.employeeId });
    });
    expect(await titles(person)).toEqual([...EVERY_MEMBER, 'Inventory', 'Projects', 'Tools'].sort());
  });

  it('drops the items of a module switched off in that company for everyone there, and nowhere else', async () => {
    const off = await t.gql(SWITCH_ON_OFF, { t: a, d: [{ modules_id: RECEIPTS_MODULE, status: 0 }] }, admin.token);
    expect(off.errors).toBeUndefined();
    expect(await titles(receipts)).toEqual([...EVERY_MEMBER].sort());
    expect(await titles(admin)).not.toContain('Receipts');
    expect(await titles(receiptsInB)).toContain('Receipts');
    expect(await titles(adminB)).toContain('Receipts');
    const id = off.data?.createTenantsModules[0].id;
    expect((await t.gql(UPDATE_SWITCH, { t: a, d: [{ id, status: 1 }] }, admin.token)).errors).toBeUndefined();
    expect(await titles(receipts)).toContain('Receipts');
  });

  it("gives a person in two companies each company's own menu", async () => {
    const inA = await titles(twoCompaniesA);
    const inB = await titles(twoCompaniesB);
    expect(inA).toEqual(['Manage People', ...[...EVERY_MEMBER, 'People'].sort()]);
    expect(inB).toEqual([...EVERY_MEMBER, 'Projects', 'Receipts'].sort());
    // The session that selected B cannot read A's menu, and the other way round.
    expect(code(await nav(twoCompaniesB, {}, a))).toBe('NOT_FOUND');
    expect(code(await nav(twoCompaniesA, {}, b))).toBe('NOT_FOUND');
  });

  it("takes the caller's own user_id or username, refuses someone else's unless admin", async () => {
    await withTenant(t.database.db, a, (tx) =>
      tx.execute(sql`update employees set username = 'rita.receipts' where id = ${receipts.employeeId}`),
    );
    const own = await titles(receipts);
    expect(await titles(receipts, { u: receipts.employeeId })).toEqual(own);
    expect(await titles(receipts, { n: 'Rita.Receipts' })).toEqual(own);
    expect(code(await nav(receipts, { u: admin.employeeId }))).toBe('FORBIDDEN');
    expect(code(await nav(receipts, { u: receipts.employeeId, n: 'someone.else' }))).toBe('FORBIDDEN');
    expect(code(await nav(receipts, { u: 999_999 }))).toBe('FORBIDDEN');
    // An admin may look at anyone's menu in the company, and it is that person's.
    expect(await titles(admin, { u: receipts.employeeId })).toEqual(own);
    expect(code(await nav(admin, { u: 999_999 }))).toBe('NOT_FOUND');
    // Someone in another company is not anyone in this one.
    expect(code(await nav(admin, { u: receiptsInB.employeeId }))).toBe('NOT_FOUND');
  });

  it('gives an active job\'s foreman "My crews" (/modules/scheduling) and agrees with getMyCrews; a crew member neither (issue 46)', async () => {
    const db = t.database.db;
    const CREWS = `query($t: ID!, $from: String!) { getMyCrews(tenant_uuid: $t, from: $from) { jobs { id label } } }`;
    const foreman = await createMember(db, a, { permissions: ['basic_access'], firstname: 'Fore' });
    const crew = await createMember(db, a, { permissions: ['basic_access'], firstname: 'Crew' });
    const noSchedule = await createMember(db, a, { permissions: ['receipts_basic'], firstname: 'Nosched' });
    const [active, closed] = await withTenant(db, a, async (tx) => {
      const js = await tx
        .insert(jobs)
        .values([
          { tenant_uuid: a, job: 'Crew Job' },
          { tenant_uuid: a, job: 'Closed Job', status: 0 },
        ])
        .returning({ id: jobs.id });
      await tx.insert(jobsForemen).values([
        { tenant_uuid: a, jobs_id: js[0].id, employees_id: foreman.employeeId },
        { tenant_uuid: a, jobs_id: js[1].id, employees_id: crew.employeeId },
        { tenant_uuid: a, jobs_id: js[0].id, employees_id: noSchedule.employeeId },
      ]);
      return [js[0].id, js[1].id];
    });
    const paths = async (who: TestMember, vars: Record<string, unknown> = {}) =>
      ((await nav(who, vars)).data?.listUsersNavigation ?? []).map((i) => i.path);
    // Allowed: the foreman's menu has his crews' page, and its operation answers him with his job.
    expect(await paths(foreman)).toContain('/modules/scheduling');
    expect(await paths(foreman)).not.toContain('/admin/scheduling');
    const crews = await t.gql<{ getMyCrews: { jobs: { id: number }[] } }>(CREWS, { t: a, from: '2026-11-23' }, foreman.token);
    expect(crews.errors).toBeUndefined();
    expect(crews.data?.getMyCrews.jobs.map((j) => j.id)).toEqual([active]);
    // An admin reading his menu sees the same.
    expect(((await nav(admin, { u: foreman.employeeId })).data?.listUsersNavigation ?? []).map((i) => i.path)).toContain(
      '/modules/scheduling',
    );
    // Refused: a foreman of a closed job only, and a foreman who may not read the schedule at all (getMyCrews refuses him).
    expect(await paths(crew)).not.toContain('/modules/scheduling');
    expect(await paths(noSchedule)).not.toContain('/modules/scheduling');
    expect(code(await t.gql(CREWS, { t: a, from: '2026-11-23' }, noSchedule.token))).toBe('FORBIDDEN');
    expect(closed).toBeGreaterThan(0);
  });

  it('refuses a visitor without a session, another company, invalid input and a removed member', async () => {
    expect(code(await nav(undefined, {}, a))).toBe('UNAUTHENTICATED');
    expect(code(await nav(receipts, {}, b))).toBe('NOT_FOUND');
    const noTenant = await createSession(t.database.db, receipts.identity);
    expect(code(await t.gql(NAV, { t: a }, noTenant))).toBe('NOT_FOUND');
    expect(code(await nav(receipts, { u: 'seven' }))).toBe('VALIDATION');
    expect(code(await nav(receipts, { n: 'x'.repeat(300) }))).toBe('VALIDATION');
    expect(code(await t.gql('query { listUsersNavigation { id } }', {}, receipts.token))).toBe('VALIDATION');
    const leaver = await createMember(t.database.db, a, { permissions: ['receipts_basic'] });
    await withTenant(t.database.db, a, (tx) =>
      tx.execute(sql`update employees set cognito_status = 'Deleted', cognito_uuid = null where id = ${leaver.employeeId}`),
    );
    expect(code(await nav(leaver))).toBe('NOT_FOUND');
  });
});
