import { atField, msg } from '@groundwork/core/messages';
import { compareNavigationItems, FOREMAN_PATHS } from '@groundwork/core/navigation';
import { ADMIN_ACCESS, accessTo } from '@groundwork/core/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { tenantQuery } from '../../graphql/gate.js';
import { employees } from '../employees/employees.table.js';
import { activeMembership } from '../employees/membership.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { usergroupPermissions, usergroups, usergroupUsers } from '../usergroups/usergroups.table.js';
import { navigationItems } from './navigation.table.js';

type Item = { id: number; title: string; path: string; type: number; icon: string | null; modules_id: number | null };

const NavigationItemRef = builder.objectRef<Item>('NavigationItem').implement({
  description: 'A menu item. title is English; the web app translates it by path.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    path: t.exposeString('path'),
    type: t.exposeInt('type', { description: '1: admin-area item, 0: module item.' }),
    icon: t.exposeString('icon', { nullable: true, description: 'An MUI icon name, e.g. "AccessTime".' }),
    modules_id: t.exposeInt('modules_id', { nullable: true }),
  }),
});

/** The effective permissions of an active member: the union over their active groups, plus admin_access for a global admin. */
async function permissionsOf(tx: Tx, tenantUuid: string, employeeId: number): Promise<Set<string> | null> {
  const [person] = await tx
    .select({ isAdmin: employees.is_admin })
    .from(employees)
    .where(and(activeMembership({ tenantUuid }), eq(employees.id, employeeId)));
  if (!person) return null;
  const rows = await tx
    .selectDistinct({ permission: usergroupPermissions.permission })
    .from(usergroupUsers)
    .innerJoin(
      usergroups,
      and(
        eq(usergroups.tenant_uuid, usergroupUsers.tenant_uuid),
        eq(usergroups.id, usergroupUsers.usergroups_id),
        eq(usergroups.status, 1),
      ),
    )
    .innerJoin(
      usergroupPermissions,
      and(eq(usergroupPermissions.tenant_uuid, usergroups.tenant_uuid), eq(usergroupPermissions.usergroups_id, usergroups.id)),
    )
    .where(and(eq(usergroupUsers.tenant_uuid, tenantUuid), eq(usergroupUsers.employees_id, employeeId)));
  const set = new Set(rows.map((r) => r.permission));
  if (person.isAdmin) set.add(ADMIN_ACCESS);
  return set;
}

/** Whether `employeeId` is a foreman of one of the company's active jobs (what "My crews" lists). */
async function isForeman(tx: Tx, tenantUuid: string, employeeId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobsForemen.jobs_id })
    .from(jobsForemen)
    .innerJoin(jobs, and(eq(jobs.tenant_uuid, jobsForemen.tenant_uuid), eq(jobs.id, jobsForemen.jobs_id), eq(jobs.status, 1)))
    .where(and(eq(jobsForemen.tenant_uuid, tenantUuid), eq(jobsForemen.employees_id, employeeId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The items `permissions` allow in the company: an item is shown when it asks for no permission or for
 * one the person holds (admin_access: all of them), and its module, if any, is not switched off there.
 * A foreman of an active job who may read the schedule also gets the foreman's items (FOREMAN_PATHS:
 * "My crews", issue 46), so the menu, the route and getMyCrews agree.
 */
async function navigationFor(tx: Tx, tenantUuid: string, permissions: ReadonlySet<string>, employeeId: number): Promise<Item[]> {
  const items = await tx.select().from(navigationItems);
  const switches = await tx
    .select({ modules_id: tenantsModules.modules_id, status: tenantsModules.status })
    .from(tenantsModules)
    .where(eq(tenantsModules.tenant_uuid, tenantUuid));
  const off = new Set(switches.filter((s) => s.status !== 1).map((s) => s.modules_id));
  const all = permissions.has(ADMIN_ACCESS);
  const foreman = !all && accessTo(permissions, 'scheduling', 'read', off) !== null && (await isForeman(tx, tenantUuid, employeeId));
  return items
    .filter((i) => i.modules_id == null || !off.has(i.modules_id))
    .filter(
      (i) =>
        all || i.permissions.length === 0 || i.permissions.some((p) => permissions.has(p)) || (foreman && FOREMAN_PATHS.includes(i.path)),
    )
    .map(({ permissions: _p, ...item }) => item)
    .sort(compareNavigationItems);
}

tenantQuery(
  'listUsersNavigation',
  { area: 'self', action: 'read' },
  {
    type: [NavigationItemRef],
    description:
      "The caller's menu, sorted by type descending then title. user_id/username, when given, must be the caller's unless they hold admin_access, who may read anyone's.",
    args: (arg) => ({ user_id: arg.int({ required: false }), username: arg.string({ required: false }) }),
    resolve: async (args, { tx, member }) => {
      const username = args.username?.trim() || null;
      if (username && username.length > 256) throw new AppError('VALIDATION', atField('username', msg('form.max', { max: 256 })));
      if (args.user_id == null && !username) return navigationFor(tx, member.tenantUuid, member.permissions, member.employeeId);
      const isAdmin = member.permissions.has(ADMIN_ACCESS);
      const [person] = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.tenant_uuid, member.tenantUuid),
            args.user_id != null ? eq(employees.id, args.user_id) : undefined,
            username ? sql`lower(${employees.username}) = lower(${username})` : undefined,
          ),
        )
        .limit(2);
      // Someone else's menu is an admin's business; to anyone else it makes no difference whether they exist.
      if (person?.id === member.employeeId) return navigationFor(tx, member.tenantUuid, member.permissions, member.employeeId);
      if (!isAdmin) throw forbidden();
      if (!person) throw notFound(msg('common.thatPersonNotFound'));
      const permissions = await permissionsOf(tx, member.tenantUuid, person.id);
      return permissions ? navigationFor(tx, member.tenantUuid, permissions, person.id) : [];
    },
  },
);
