import { msg } from '@groundwork/core/messages';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { usergroupPermissions, usergroups, usergroupUsers } from '../usergroups/usergroups.table.js';
import { employees } from './employees.table.js';
import { activeMembership } from './membership.js';

/** A person who can act as a global admin: is_admin, active, and still signed in to the company. */
const activeAdmin = and(eq(employees.is_admin, true), isNotNull(employees.cognito_uuid), activeMembership());

/**
 * Locks the company's active admins (in id order, before any other person row, so two writers cannot
 * deadlock) and returns a check that refuses a change taking away the last of them. Two admins removing
 * each other at the same moment therefore cannot both succeed.
 */
export async function lockAdmins(tx: Tx, tenantUuid: string) {
  const admins = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenantUuid), activeAdmin))
    .orderBy(employees.id)
    .for('no key update');
  return (leaving: readonly number[]) => {
    const gone = new Set(leaving);
    if (admins.length > 0 && admins.every((a) => gone.has(a.id))) throw new AppError('CONFLICT', msg('people.lastAdmin'));
  };
}

/**
 * Which of these people hold admin access (is_admin, or an active group granting admin_access): only
 * someone with admin access may invite into, remove, archive or delete such a person, so a people admin
 * cannot take over an admin's row with an address of their own.
 */
export async function withAdminAccess(tx: Tx, tenantUuid: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const viaGroup = tx
    .select({ id: usergroupUsers.employees_id })
    .from(usergroupUsers)
    .innerJoin(usergroups, and(eq(usergroups.tenant_uuid, usergroupUsers.tenant_uuid), eq(usergroups.id, usergroupUsers.usergroups_id)))
    .innerJoin(
      usergroupPermissions,
      and(eq(usergroupPermissions.tenant_uuid, usergroups.tenant_uuid), eq(usergroupPermissions.usergroups_id, usergroups.id)),
    )
    .where(
      and(
        eq(usergroupUsers.tenant_uuid, tenantUuid),
        eq(usergroups.status, 1),
        eq(usergroupPermissions.permission, ADMIN_ACCESS),
        inArray(usergroupUsers.employees_id, [...ids]),
      ),
    );
  const rows = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.tenant_uuid, tenantUuid),
        inArray(employees.id, [...ids]),
        or(eq(employees.is_admin, true), sql`${employees.id} in (${viaGroup})`),
      ),
    );
  return rows.map((r) => r.id);
}
