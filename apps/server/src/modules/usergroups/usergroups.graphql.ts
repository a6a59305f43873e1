import { atField, fromText, type Message, msg } from '@groundwork/core/messages';
import { userGroupName } from '@groundwork/core/people';
import { PERMISSIONS, type Permission } from '@groundwork/core/permissions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { builder } from '../../graphql/builder.js';
import { AppError, notFound } from '../../graphql/errors.js';
import { enterTenant, type Rule } from '../../graphql/gate.js';
import { employees } from '../employees/employees.table.js';
import { usergroupPermissions, usergroups, usergroupUsers } from './usergroups.table.js';

type UserGroupUser = { id: number; username: string | null; firstname: string | null; lastname: string | null };
type UserGroup = {
  id: number;
  usergroup: string;
  status: number;
  usergroup_permissions: string[];
  usergroup_users: UserGroupUser[];
};

/** Who may read the groups (the people directory shows them) and who may change them (full admins only). */
const READ_GROUPS: Rule = { area: 'usergroups', action: 'read' };
const MANAGE_GROUPS: Rule = { area: 'usergroups', action: 'write', changesAccess: true };

const UserGroupUserRef = builder.objectRef<UserGroupUser>('UserGroupUser').implement({
  description: 'A member of a group: the employees id and the names a list shows.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    username: t.exposeString('username', { nullable: true }),
    firstname: t.exposeString('firstname', { nullable: true }),
    lastname: t.exposeString('lastname', { nullable: true }),
  }),
});

const UserGroupRef = builder.objectRef<UserGroup>('UserGroup').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    usergroup: t.exposeString('usergroup'),
    status: t.exposeInt('status'),
    usergroup_permissions: t.exposeStringList('usergroup_permissions'),
    usergroup_users: t.field({ type: [UserGroupUserRef], resolve: (g) => g.usergroup_users }),
  }),
});

const PermissionRef = builder.objectRef<{ id: string; status: number }>('Permission').implement({
  description: 'A permission of spec §6; id is its name.',
  fields: (t) => ({ id: t.exposeString('id'), status: t.exposeInt('status') }),
});

const validation = (message: Message, field?: string) => new AppError('VALIDATION', message, field ? { field } : {});

const permissionOrder = new Map<string, number>(PERMISSIONS.map((p, i) => [p, i]));

/** Spec §6 names only, each once, in PERMISSIONS order. */
function checkPermissions(names: readonly string[], field: string): Permission[] {
  const unknown = names.filter((n) => !permissionOrder.has(n));
  if (unknown.length) throw validation(msg('people.unknownPermission', { names: unknown.join(', ') }), field);
  return [...new Set(names)].sort((a, b) => (permissionOrder.get(a) ?? 0) - (permissionOrder.get(b) ?? 0)) as Permission[];
}

function checkName(name: string): string {
  const parsed = userGroupName.safeParse(name);
  if (!parsed.success)
    throw validation(atField('usergroup_name', fromText(parsed.error.issues[0]?.message ?? 'invalid')), 'usergroup_name');
  return parsed.data;
}

/** The given people ids, each once, after checking every one is a person of this company. */
async function checkPeople(tx: Tx, tenantUuid: string, ids: readonly number[], field: string): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenantUuid), inArray(employees.id, unique)));
  const known = new Set(found.map((r) => r.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) throw validation(msg('people.unknownPerson', { names: missing.join(', ') }), field);
  return unique;
}

async function checkNameFree(tx: Tx, tenantUuid: string, name: string, exceptId?: number) {
  const rows = await tx
    .select({ id: usergroups.id })
    .from(usergroups)
    .where(and(eq(usergroups.tenant_uuid, tenantUuid), sql`lower(${usergroups.usergroup}) = lower(${name})`));
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('CONFLICT', msg('people.groupNameTaken'));
}

/** A unique-index race on the name (two admins at once) answers the same CONFLICT as the check. */
async function guardName<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) === '23505') throw new AppError('CONFLICT', msg('people.groupNameTaken'));
    throw e;
  }
}

/** Full groups (permissions and people) for the given ids, or every group of the tenant; sorted by name. */
async function loadGroups(tx: Tx, tenantUuid: string, ids?: readonly number[]): Promise<UserGroup[]> {
  if (ids && ids.length === 0) return [];
  const groupRows = await tx
    .select({ id: usergroups.id, usergroup: usergroups.usergroup, status: usergroups.status })
    .from(usergroups)
    .where(and(eq(usergroups.tenant_uuid, tenantUuid), ids ? inArray(usergroups.id, [...ids]) : undefined))
    .orderBy(sql`lower(${usergroups.usergroup})`, asc(usergroups.id));
  if (groupRows.length === 0) return [];
  const groupIds = groupRows.map((g) => g.id);
  const perms = await tx
    .select({ group: usergroupPermissions.usergroups_id, permission: usergroupPermissions.permission })
    .from(usergroupPermissions)
    .where(and(eq(usergroupPermissions.tenant_uuid, tenantUuid), inArray(usergroupPermissions.usergroups_id, groupIds)));
  const people = await tx
    .select({
      group: usergroupUsers.usergroups_id,
      id: employees.id,
      username: employees.username,
      firstname: employees.firstname,
      lastname: employees.lastname,
    })
    .from(usergroupUsers)
    .innerJoin(employees, and(eq(employees.tenant_uuid, usergroupUsers.tenant_uuid), eq(employees.id, usergroupUsers.employees_id)))
    .where(and(eq(usergroupUsers.tenant_uuid, tenantUuid), inArray(usergroupUsers.usergroups_id, groupIds)))
    .orderBy(sql`lower(coalesce(${employees.firstname}, ''))`, sql`lower(coalesce(${employees.lastname}, ''))`, asc(employees.id));
  return groupRows.map((g) => ({
    ...g,
    usergroup_permissions: perms
      .filter((p) => p.group === g.id)
      .map((p) => p.permission)
      .sort((a, b) => (permissionOrder.get(a) ?? 99) - (permissionOrder.get(b) ?? 99)),
    usergroup_users: people.filter((p) => p.group === g.id).map(({ group: _g, ...user }) => user),
  }));
}

async function replacePermissions(tx: Tx, tenantUuid: string, groupId: number, add: string[], remove: string[]) {
  if (remove.length) {
    await tx
      .delete(usergroupPermissions)
      .where(
        and(
          eq(usergroupPermissions.tenant_uuid, tenantUuid),
          eq(usergroupPermissions.usergroups_id, groupId),
          inArray(usergroupPermissions.permission, remove),
        ),
      );
  }
  if (add.length) {
    await tx
      .insert(usergroupPermissions)
      .values(add.map((permission) => ({ tenant_uuid: tenantUuid, usergroups_id: groupId, permission })))
      .onConflictDoNothing();
  }
}

async function replaceUsers(tx: Tx, tenantUuid: string, groupId: number, add: number[], remove: number[]) {
  if (remove.length) {
    await tx
      .delete(usergroupUsers)
      .where(
        and(
          eq(usergroupUsers.tenant_uuid, tenantUuid),
          eq(usergroupUsers.usergroups_id, groupId),
          inArray(usergroupUsers.employees_id, remove),
        ),
      );
  }
  if (add.length) {
    await tx
      .insert(usergroupUsers)
      .values(add.map((employees_id) => ({ tenant_uuid: tenantUuid, usergroups_id: groupId, employees_id })))
      .onConflictDoNothing();
  }
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};

// --- Queries -------------------------------------------------------------------------------------

builder.queryField('listPGUserGroups', (t) =>
  t.field({
    type: [UserGroupRef],
    description: 'Every group of the company (active and inactive) with its permissions and people, by name.',
    args: { tenant_uuid: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => enterTenant(ctx, args.tenant_uuid, READ_GROUPS, ({ tx }) => loadGroups(tx, args.tenant_uuid)),
  }),
);

builder.queryField('listPermissions', (t) =>
  t.field({
    type: [PermissionRef],
    description: 'The permissions of spec §6 a group can grant, in a fixed order.',
    args: { tenant_uuid: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, { area: 'self', action: 'read' }, async () => PERMISSIONS.map((id) => ({ id, status: 1 }))),
  }),
);

// --- Mutations: admin_access only, each one transaction -------------------------------------------

builder.mutationField('createUserGroup', (t) =>
  t.field({
    type: UserGroupRef,
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      usergroup_name: t.arg.string({ required: true }),
      access: t.arg.stringList({ required: true }),
      users: t.arg.intList({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, MANAGE_GROUPS, async ({ tx }) => {
        const tenant = args.tenant_uuid;
        const name = checkName(args.usergroup_name);
        const access = checkPermissions(args.access, 'access');
        const users = await checkPeople(tx, tenant, args.users, 'users');
        await checkNameFree(tx, tenant, name);
        const [group] = await guardName(
          tx.insert(usergroups).values({ tenant_uuid: tenant, usergroup: name }).returning({ id: usergroups.id }),
        );
        await replacePermissions(tx, tenant, group.id, access, []);
        await replaceUsers(tx, tenant, group.id, users, []);
        const [created] = await loadGroups(tx, tenant, [group.id]);
        return created;
      }),
  }),
);

builder.mutationField('updateUserGroup', (t) =>
  t.field({
    type: UserGroupRef,
    description:
      'Renames a group and sets its permissions and people. previous_access and previous_users must be what the ' +
      'caller last read, so a concurrent change is refused instead of lost.',
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      id: t.arg.int({ required: true }),
      usergroup_name: t.arg.string({ required: true }),
      new_access: t.arg.stringList({ required: true }),
      previous_access: t.arg.stringList({ required: true }),
      new_users: t.arg.intList({ required: true }),
      previous_users: t.arg.intList({ required: true }),
      status: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, MANAGE_GROUPS, async ({ tx }) => {
        const tenant = args.tenant_uuid;
        const name = checkName(args.usergroup_name);
        const access = checkPermissions(args.new_access, 'new_access');
        if (args.status != null && args.status !== 0 && args.status !== 1) throw validation(msg('common.statusZeroOne'), 'status');
        // The row lock serialises concurrent updates of one group, so the comparison below stays true until commit.
        const [locked] = await tx
          .select({ id: usergroups.id })
          .from(usergroups)
          .where(and(eq(usergroups.tenant_uuid, tenant), eq(usergroups.id, args.id)))
          .for('update');
        if (!locked) throw notFound(msg('people.groupNotFound'));
        const users = await checkPeople(tx, tenant, args.new_users, 'new_users');
        const [stored] = await loadGroups(tx, tenant, [args.id]);
        const storedUsers = stored.usergroup_users.map((u) => u.id);
        if (!sameSet(stored.usergroup_permissions, args.previous_access) || !sameSet(storedUsers, args.previous_users)) {
          throw new AppError('CONFLICT', msg('people.groupChanged'));
        }
        await checkNameFree(tx, tenant, name, args.id);
        await guardName(
          tx
            .update(usergroups)
            .set({ usergroup: name, ...(args.status != null ? { status: args.status } : {}) })
            .where(and(eq(usergroups.tenant_uuid, tenant), eq(usergroups.id, args.id))),
        );
        await replacePermissions(
          tx,
          tenant,
          args.id,
          access.filter((p) => !stored.usergroup_permissions.includes(p)),
          stored.usergroup_permissions.filter((p) => !access.includes(p as Permission)),
        );
        await replaceUsers(
          tx,
          tenant,
          args.id,
          users.filter((u) => !storedUsers.includes(u)),
          storedUsers.filter((u) => !users.includes(u)),
        );
        const [updated] = await loadGroups(tx, tenant, [args.id]);
        return updated;
      }),
  }),
);

builder.mutationField('deleteUserGroup', (t) =>
  t.field({
    type: 'Boolean',
    description: 'Deletes a group with its permissions and memberships.',
    args: { tenant_uuid: t.arg.id({ required: true }), id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, MANAGE_GROUPS, async ({ tx }) => {
        const deleted = await tx
          .delete(usergroups)
          .where(and(eq(usergroups.tenant_uuid, args.tenant_uuid), eq(usergroups.id, args.id)))
          .returning({ id: usergroups.id });
        if (deleted.length === 0) throw notFound(msg('people.groupNotFound'));
        return true;
      }),
  }),
);

builder.mutationField('updateUserGroupsForUser', (t) =>
  t.field({
    type: [UserGroupRef],
    description: "Sets exactly which groups a person is in; returns the person's groups.",
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      employees_id: t.arg.int({ required: true }),
      usergroup_ids: t.arg.intList({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, MANAGE_GROUPS, async ({ tx }) => {
        const tenant = args.tenant_uuid;
        const [person] = await tx
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, args.employees_id)));
        if (!person) throw notFound(msg('common.personNotFound'));
        const wanted = [...new Set(args.usergroup_ids)];
        const membership = () =>
          tx
            .select({ group: usergroupUsers.usergroups_id })
            .from(usergroupUsers)
            .where(and(eq(usergroupUsers.tenant_uuid, tenant), eq(usergroupUsers.employees_id, args.employees_id)))
            .then((rows) => rows.map((r) => r.group));
        // Every group whose people change is locked, in id order, as updateUserGroup locks the one it edits:
        // its previous_users check then sees either all of this change or none of it.
        const touched = [...new Set([...wanted, ...(await membership())])];
        const locked =
          touched.length === 0
            ? []
            : await tx
                .select({ id: usergroups.id })
                .from(usergroups)
                .where(and(eq(usergroups.tenant_uuid, tenant), inArray(usergroups.id, touched)))
                .orderBy(usergroups.id)
                .for('update');
        const known = new Set(locked.map((g) => g.id));
        const missing = wanted.filter((id) => !known.has(id));
        if (missing.length) throw validation(msg('people.unknownGroup', { names: missing.join(', ') }), 'usergroup_ids');
        const current = await membership();
        const remove = current.filter((g) => !wanted.includes(g));
        const add = wanted.filter((g) => !current.includes(g));
        if (remove.length) {
          await tx
            .delete(usergroupUsers)
            .where(
              and(
                eq(usergroupUsers.tenant_uuid, tenant),
                eq(usergroupUsers.employees_id, args.employees_id),
                inArray(usergroupUsers.usergroups_id, remove),
              ),
            );
        }
        if (add.length) {
          await tx
            .insert(usergroupUsers)
            .values(add.map((usergroups_id) => ({ tenant_uuid: tenant, usergroups_id, employees_id: args.employees_id })))
            .onConflictDoNothing();
        }
        return loadGroups(tx, tenant, wanted);
      }),
  }),
);
