import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import { PEOPLE_MESSAGES } from '@groundwork/core/people';
import { PERMISSIONS } from '@groundwork/core/permissions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { employees } from '../employees/employees.table.js';
import { usergroupPermissions, usergroups, usergroupUsers } from './usergroups.table.js';

const t = useTestApp();

const GROUP = 'id usergroup status usergroup_permissions usergroup_users { id username firstname lastname }';
const LIST = `query($t: ID!) { listPGUserGroups(tenant_uuid: $t) { ${GROUP} } }`;
const PERMS = 'query($t: ID!) { listPermissions(tenant_uuid: $t) { id status } }';
const CREATE = `mutation($t: ID!, $n: String!, $a: [String!]!, $u: [Int!]!) {
  createUserGroup(tenant_uuid: $t, usergroup_name: $n, access: $a, users: $u) { ${GROUP} } }`;
const UPDATE = `mutation($t: ID!, $id: Int!, $n: String!, $na: [String!]!, $pa: [String!]!, $nu: [Int!]!, $pu: [Int!]!, $s: Int) {
  updateUserGroup(tenant_uuid: $t, id: $id, usergroup_name: $n, new_access: $na, previous_access: $pa, new_users: $nu,
    previous_users: $pu, status: $s) { ${GROUP} } }`;
const DELETE = 'mutation($t: ID!, $id: Int!) { deleteUserGroup(tenant_uuid: $t, id: $id) }';
const FOR_USER = `mutation($t: ID!, $e: Int!, $g: [Int!]!) {
  updateUserGroupsForUser(tenant_uuid: $t, employees_id: $e, usergroup_ids: $g) { ${GROUP} } }`;
const LIST_JOBS = 'query($t: ID!) { listJobs(tenant_uuid: $t) { items { id } } }';
const CREATE_PEOPLE = 'mutation($t: ID!, $d: [EmployeesInput!]!) { createEmployees(tenant_uuid: $t, data: $d) { id } }';

type Group = { id: number; usergroup: string; status: number; usergroup_permissions: string[]; usergroup_users: { id: number }[] };

let admin: TestMember;
let peopleAdmin: TestMember;
let peopleBasic: TestMember;
let nobody: TestMember;
let foreign: TestMember;
let foreignGroup: number;

const gql = (query: string, vars: Record<string, unknown>, who?: TestMember) => t.gql(query, vars, who?.token);
const code = async (query: string, vars: Record<string, unknown>, who?: TestMember) =>
  (await gql(query, vars, who)).errors?.[0]?.extensions?.code;
const groupsOf = async (who: TestMember, tenant = who.tenantUuid): Promise<Group[]> =>
  ((await gql(LIST, { t: tenant }, who)).data?.listPGUserGroups as Group[] | undefined) ?? [];
const create = async (who: TestMember, name: string, access: string[], users: number[]): Promise<Group> => {
  const res = await gql(CREATE, { t: who.tenantUuid, n: name, a: access, u: users }, who);
  expect(res.errors).toBeUndefined();
  return res.data?.createUserGroup;
};
const stored = (tenant: string, id: number) =>
  withTenant(t.database.db, tenant, async (tx) => {
    const [g] = await tx
      .select()
      .from(usergroups)
      .where(and(eq(usergroups.tenant_uuid, tenant), eq(usergroups.id, id)));
    const perms = await tx.select().from(usergroupPermissions).where(eq(usergroupPermissions.usergroups_id, id));
    const users = await tx.select().from(usergroupUsers).where(eq(usergroupUsers.usergroups_id, id));
    return {
      group: g,
      permissions: perms.map((p) => p.permission).sort(),
      users: users.map((u) => u.employees_id).sort((a, b) => a - b),
    };
  });
/** The cognito:groups claim of a session, as the identity API's GetUser answers it. */
const claimedGroups = async (who: TestMember) => {
  const res = await t.app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: 'GetUser', authorization: `Bearer ${who.token}` },
    payload: {},
  });
  return res.json()['cognito:groups'] as string[];
};

beforeAll(async () => {
  const db = t.database.db;
  const a = await createTenant(db);
  const b = await createTenant(db);
  admin = await createMember(db, a, { isAdmin: true, firstname: 'Ada' });
  peopleAdmin = await createMember(db, a, { permissions: ['people_admin'], firstname: 'Pat' });
  peopleBasic = await createMember(db, a, { permissions: ['people_basic'], firstname: 'Bea' });
  nobody = await createMember(db, a, { permissions: ['basic_access'], firstname: 'Nob' });
  foreign = await createMember(db, b, { isAdmin: true, firstname: 'Fay' });
  foreignGroup = (await create(foreign, 'Their office', ['people_admin'], [foreign.employeeId])).id;
});

describe('listPermissions', () => {
  it('gives any member the 20 permissions of spec §6 in a fixed order', async () => {
    const res = await gql(PERMS, { t: nobody.tenantUuid }, nobody);
    expect(res.data?.listPermissions).toEqual(PERMISSIONS.map((id) => ({ id, status: 1 })));
    expect(res.data?.listPermissions).toHaveLength(20);
  });

  it('refuses no session, another tenant, and bad input', async () => {
    // Forbidden role: none. Every member may read the list (the group form needs it); it holds no company data.
    expect(await code(PERMS, { t: nobody.tenantUuid })).toBe('UNAUTHENTICATED');
    expect(await code(PERMS, { t: foreign.tenantUuid }, nobody)).toBe('NOT_FOUND');
    expect(await code(PERMS, { t: true }, nobody)).toBe('VALIDATION');
  });
});

describe('user groups', () => {
  it('creates, lists, updates and deletes a group for an admin', async () => {
    const tenant = admin.tenantUuid;
    const g = await create(
      admin,
      '  Office  ',
      ['receipts_basic', 'people_admin', 'people_admin'],
      [peopleBasic.employeeId, nobody.employeeId],
    );
    expect(g).toMatchObject({ usergroup: 'Office', status: 1, usergroup_permissions: ['people_admin', 'receipts_basic'] });
    expect(g.usergroup_users.map((u) => u.id).sort()).toEqual([peopleBasic.employeeId, nobody.employeeId].sort());
    expect(g.usergroup_users[0]).toMatchObject({ firstname: 'Bea', lastname: 'Member' });

    const listed = await groupsOf(peopleBasic);
    expect(listed.map((x) => x.usergroup)).toContain('Office');
    expect(listed.map((x) => x.id)).not.toContain(foreignGroup);

    const updated = await gql(
      UPDATE,
      {
        t: tenant,
        id: g.id,
        n: 'Back office',
        na: ['people_basic'],
        pa: ['receipts_basic', 'people_admin'],
        nu: [nobody.employeeId],
        pu: [nobody.employeeId, peopleBasic.employeeId],
        s: 0,
      },
      admin,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateUserGroup).toMatchObject({
      id: g.id,
      usergroup: 'Back office',
      status: 0,
      usergroup_permissions: ['people_basic'],
      usergroup_users: [{ id: nobody.employeeId }],
    });
    expect(await stored(tenant, g.id)).toMatchObject({ permissions: ['people_basic'], users: [nobody.employeeId] });

    expect((await gql(DELETE, { t: tenant, id: g.id }, admin)).data?.deleteUserGroup).toBe(true);
    expect((await stored(tenant, g.id)).group).toBeUndefined();
    expect((await stored(tenant, g.id)).users).toEqual([]);
    expect(await code(DELETE, { t: tenant, id: g.id }, admin)).toBe('NOT_FOUND');
  });

  it('refuses a stale previous_access or previous_users and changes nothing', async () => {
    const tenant = admin.tenantUuid;
    const g = await create(admin, 'Estimators', ['projects_basic'], [nobody.employeeId]);
    // Someone else added a permission after this admin read the group.
    const other = await gql(
      UPDATE,
      {
        t: tenant,
        id: g.id,
        n: 'Estimators',
        na: ['projects_basic', 'receipts_basic'],
        pa: ['projects_basic'],
        nu: [nobody.employeeId],
        pu: [nobody.employeeId],
      },
      admin,
    );
    expect(other.errors).toBeUndefined();
    const before = await stored(tenant, g.id);
    for (const stale of [
      { pa: ['projects_basic'], pu: [nobody.employeeId] },
      { pa: ['projects_basic', 'receipts_basic'], pu: [] },
      { pa: ['projects_basic', 'receipts_basic'], pu: [nobody.employeeId, peopleBasic.employeeId] },
    ]) {
      const res = await gql(UPDATE, { t: tenant, id: g.id, n: 'Renamed', na: ['admin_access'], nu: [admin.employeeId], ...stale }, admin);
      expect(res.errors?.[0]).toMatchObject({ message: PEOPLE_MESSAGES.groupChanged, extensions: { code: 'CONFLICT' } });
    }
    expect(await stored(tenant, g.id)).toEqual(before);
    expect(before.group.usergroup).toBe('Estimators');
  });

  it('keeps group names unique per company, ignoring case and spaces', async () => {
    const tenant = admin.tenantUuid;
    await create(admin, 'Drivers', [], []);
    const dup = await gql(CREATE, { t: tenant, n: ' drivers ', a: [], u: [] }, admin);
    expect(dup.errors?.[0]).toMatchObject({ message: PEOPLE_MESSAGES.groupNameTaken, extensions: { code: 'CONFLICT' } });
    const other = await create(admin, 'Yard', [], []);
    expect(await code(UPDATE, { t: tenant, id: other.id, n: 'DRIVERS', na: [], pa: [], nu: [], pu: [] }, admin)).toBe('CONFLICT');
    // The same name in another company is fine.
    expect((await gql(CREATE, { t: foreign.tenantUuid, n: 'Drivers', a: [], u: [] }, foreign)).errors).toBeUndefined();
  });

  it('refuses invalid input', async () => {
    const tenant = admin.tenantUuid;
    const g = await create(admin, 'Validators', [], []);
    const bad: [string, Record<string, unknown>][] = [
      [LIST, { t: true }],
      [LIST, {}],
      [CREATE, { t: tenant, n: '   ', a: [], u: [] }],
      [CREATE, { t: tenant, n: 'x'.repeat(101), a: [], u: [] }],
      [CREATE, { t: tenant, n: 'Ok', a: ['superuser'], u: [] }],
      [CREATE, { t: tenant, n: 'Ok', a: [], u: [999_999] }],
      // A person of another company is unknown here.
      [CREATE, { t: tenant, n: 'Ok', a: [], u: [foreign.employeeId] }],
      [CREATE, { t: tenant, n: 'Ok', a: 'people_admin', u: ['x'] }],
      [UPDATE, { t: tenant, id: g.id, n: '', na: [], pa: [], nu: [], pu: [] }],
      [UPDATE, { t: tenant, id: g.id, n: 'Ok', na: ['root'], pa: [], nu: [], pu: [] }],
      [UPDATE, { t: tenant, id: g.id, n: 'Ok', na: [], pa: [], nu: [], pu: [], s: 5 }],
      [UPDATE, { t: tenant, id: g.id, n: 'Ok', na: [], pa: [], nu: [foreign.employeeId], pu: [] }],
      [DELETE, { t: tenant, id: 'x' }],
      [FOR_USER, { t: tenant, e: nobody.employeeId, g: [foreignGroup] }],
      [FOR_USER, { t: tenant, e: nobody.employeeId, g: [999_999] }],
    ];
    for (const [query, vars] of bad) expect(await code(query, vars, admin), JSON.stringify(vars)).toBe('VALIDATION');
    expect((await stored(tenant, g.id)).group.usergroup).toBe('Validators');
    const names = (await groupsOf(admin)).map((x) => x.usergroup);
    expect(names).not.toContain('Ok');
  });

  it('refuses every operation without a session', async () => {
    const tenant = admin.tenantUuid;
    for (const [query, vars] of [
      [LIST, { t: tenant }],
      [CREATE, { t: tenant, n: 'Anon', a: [], u: [] }],
      [UPDATE, { t: tenant, id: 1, n: 'Anon', na: [], pa: [], nu: [], pu: [] }],
      [DELETE, { t: tenant, id: 1 }],
      [FOR_USER, { t: tenant, e: 1, g: [] }],
    ] as const) {
      expect(await code(query, vars)).toBe('UNAUTHENTICATED');
    }
  });

  it('lets people_basic and people_admin read, only admin_access change, and nobody else see', async () => {
    const tenant = admin.tenantUuid;
    const g = await create(admin, 'Guarded', ['tool20_basic'], []);
    expect((await gql(LIST, { t: tenant }, peopleAdmin)).errors).toBeUndefined();
    expect((await gql(LIST, { t: tenant }, peopleBasic)).errors).toBeUndefined();
    expect(await code(LIST, { t: tenant }, nobody)).toBe('FORBIDDEN');
    for (const who of [peopleAdmin, peopleBasic, nobody]) {
      // A people_admin must not be able to grant themselves admin_access.
      expect(await code(CREATE, { t: tenant, n: 'Mine', a: ['admin_access'], u: [who.employeeId] }, who)).toBe('FORBIDDEN');
      expect(
        await code(
          UPDATE,
          { t: tenant, id: g.id, n: 'Guarded', na: ['admin_access'], pa: ['tool20_basic'], nu: [who.employeeId], pu: [] },
          who,
        ),
      ).toBe('FORBIDDEN');
      expect(await code(DELETE, { t: tenant, id: g.id }, who)).toBe('FORBIDDEN');
      expect(await code(FOR_USER, { t: tenant, e: who.employeeId, g: [g.id] }, who)).toBe('FORBIDDEN');
    }
    expect(await stored(tenant, g.id)).toMatchObject({ permissions: ['tool20_basic'], users: [] });
  });

  it("never reads or changes another company's groups", async () => {
    const theirs = foreign.tenantUuid;
    for (const [query, vars] of [
      [LIST, { t: theirs }],
      [CREATE, { t: theirs, n: 'Intruders', a: [], u: [] }],
      [UPDATE, { t: theirs, id: foreignGroup, n: 'Taken', na: [], pa: ['people_admin'], nu: [], pu: [foreign.employeeId] }],
      [DELETE, { t: theirs, id: foreignGroup }],
      [FOR_USER, { t: theirs, e: foreign.employeeId, g: [] }],
    ] as const) {
      expect(await code(query, vars, admin)).toBe('NOT_FOUND');
    }
    const mine = admin.tenantUuid;
    expect(
      await code(UPDATE, { t: mine, id: foreignGroup, n: 'Taken', na: [], pa: ['people_admin'], nu: [], pu: [foreign.employeeId] }, admin),
    ).toBe('NOT_FOUND');
    expect(await code(DELETE, { t: mine, id: foreignGroup }, admin)).toBe('NOT_FOUND');
    expect(await code(FOR_USER, { t: mine, e: foreign.employeeId, g: [] }, admin)).toBe('NOT_FOUND');
    expect(await stored(theirs, foreignGroup)).toMatchObject({
      group: { usergroup: 'Their office' },
      permissions: ['people_admin'],
      users: [foreign.employeeId],
    });
  });
});

describe('updateUserGroupsForUser', () => {
  it("sets exactly the person's groups and returns them", async () => {
    const tenant = admin.tenantUuid;
    const person = await createMember(t.database.db, tenant, { permissions: ['basic_access'] });
    const [first] = (await groupsOf(admin)).filter((g) => g.usergroup_users.some((u) => u.id === person.employeeId));
    const x = await create(admin, 'Crew X', ['tool20_basic'], []);
    const y = await create(admin, 'Crew Y', ['receipts_basic'], [person.employeeId]);
    const res = await gql(FOR_USER, { t: tenant, e: person.employeeId, g: [x.id, y.id, x.id] }, admin);
    expect(res.errors).toBeUndefined();
    expect(((res.data?.updateUserGroupsForUser ?? []) as Group[]).map((g) => g.usergroup)).toEqual(['Crew X', 'Crew Y']);
    expect((await stored(tenant, first.id)).users).not.toContain(person.employeeId);
    expect((await stored(tenant, x.id)).users).toEqual([person.employeeId]);
    expect(await claimedGroups(person)).toEqual(['receipts_basic', 'tool20_basic']);

    const none = await gql(FOR_USER, { t: tenant, e: person.employeeId, g: [] }, admin);
    expect(none.data?.updateUserGroupsForUser).toEqual([]);
    expect((await stored(tenant, y.id)).users).toEqual([]);
    expect(await code(FOR_USER, { t: tenant, e: 999_999, g: [] }, admin)).toBe('NOT_FOUND');
  });
});

describe('effective permissions', () => {
  it('are the union over the active groups a person is in; an inactive group grants nothing', async () => {
    const db = t.database.db;
    const tenant = admin.tenantUuid;
    const person = await createMember(db, tenant, { firstname: 'Multi' });
    await create(admin, 'Jobs readers', ['projects_basic'], [person.employeeId]);
    const directory = await create(admin, 'Directory readers', ['people_basic'], [person.employeeId]);
    const editors = await create(admin, 'Directory editors', ['people_admin'], [person.employeeId]);
    await gql(
      UPDATE,
      {
        t: tenant,
        id: editors.id,
        n: editors.usergroup,
        na: ['people_admin'],
        pa: ['people_admin'],
        nu: [person.employeeId],
        pu: [person.employeeId],
        s: 0,
      },
      admin,
    );

    expect((await gql(LIST_JOBS, { t: tenant }, person)).errors).toBeUndefined();
    expect((await gql(LIST, { t: tenant }, person)).errors).toBeUndefined();
    // people_admin sits only in the inactive group.
    expect(await code(CREATE_PEOPLE, { t: tenant, d: [{ firstname: 'Nope' }] }, person)).toBe('FORBIDDEN');
    expect(await claimedGroups(person)).toEqual(['people_basic', 'projects_basic']);

    // Switching the directory group off takes its permission away at the next request.
    await gql(
      UPDATE,
      {
        t: tenant,
        id: directory.id,
        n: directory.usergroup,
        na: ['people_basic'],
        pa: ['people_basic'],
        nu: [person.employeeId],
        pu: [person.employeeId],
        s: 0,
      },
      admin,
    );
    expect(await code(LIST, { t: tenant }, person)).toBe('FORBIDDEN');
    expect((await gql(LIST_JOBS, { t: tenant }, person)).errors).toBeUndefined();

    // And switching the editors group on grants people_admin.
    await gql(
      UPDATE,
      {
        t: tenant,
        id: editors.id,
        n: editors.usergroup,
        na: ['people_admin'],
        pa: ['people_admin'],
        nu: [person.employeeId],
        pu: [person.employeeId],
        s: 1,
      },
      admin,
    );
    expect((await gql(CREATE_PEOPLE, { t: tenant, d: [{ firstname: 'Now allowed' }] }, person)).errors).toBeUndefined();
  });

  it("shows a person in two companies only each company's groups", async () => {
    const db = t.database.db;
    const identity = crypto.randomUUID();
    const inA = await createMember(db, admin.tenantUuid, { identity, permissions: ['people_basic'] });
    const inB = await createMember(db, foreign.tenantUuid, { identity, permissions: ['people_admin'] });
    const seen = async (who: TestMember) => (await groupsOf(who)).map((g) => g.id);
    const aIds = await withTenant(db, admin.tenantUuid, (tx) => tx.select({ id: usergroups.id }).from(usergroups));
    const bIds = await withTenant(db, foreign.tenantUuid, (tx) => tx.select({ id: usergroups.id }).from(usergroups));
    expect((await seen(inA)).sort()).toEqual(aIds.map((g) => g.id).sort());
    expect((await seen(inB)).sort()).toEqual(bIds.map((g) => g.id).sort());
    expect(await claimedGroups(inA)).toEqual(['people_basic']);
    expect(await claimedGroups(inB)).toEqual(['people_admin']);
    // A session that selected A cannot name B, even though the person belongs to B.
    expect(await code(LIST, { t: foreign.tenantUuid }, inA)).toBe('NOT_FOUND');
    // After switching (a session selecting B), A is the other company.
    const switched = { ...inB, token: await createSession(db, identity, foreign.tenantUuid) };
    expect(await code(LIST, { t: admin.tenantUuid }, switched)).toBe('NOT_FOUND');
    expect((await seen(switched)).sort()).toEqual(bIds.map((g) => g.id).sort());
    // Group people are this company's rows only.
    const [emp] = await withTenant(db, foreign.tenantUuid, (tx) => tx.select().from(employees).where(eq(employees.id, inB.employeeId)));
    expect(emp.tenant_uuid).toBe(foreign.tenantUuid);
  });
});
