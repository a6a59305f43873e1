import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { withTenant } from '../db/with-tenant.js';
import type { IdentityService } from '../identity/service.js';
import type { SessionClaims } from '../identity/session.js';
import { employees } from '../modules/employees/employees.table.js';
import { usergroupPermissions, usergroups, usergroupUsers } from '../modules/usergroups/usergroups.table.js';
import type { Mailer } from '../platform/mail.js';
import type { Realtime } from '../platform/realtime.js';
import { notFound, unauthenticated } from './errors.js';

/** The signed-in person as an active member of the selected company, read fresh for each request. */
export type Member = {
  tenantUuid: string;
  identity: string;
  employeeId: number;
  isAdmin: boolean;
  permissions: ReadonlySet<string>;
};

export type Ctx = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  realtime: Realtime;
  session: SessionClaims | null;
  /** The identity layer's account operations (invitations) and the platform mailer, for custom operations. */
  identity: Pick<IdentityService, 'createInvitedUser'>;
  mailer: Mailer;
  /**
   * Memoised per request: the membership check runs once however many fields need it. Given the
   * transaction the operation is about to use, it runs there, saving a round trip of its own.
   */
  member(tx?: Tx): Promise<Member | null>;
};

export function createContext(base: Omit<Ctx, 'member'>): Ctx {
  let cached: Promise<Member | null> | undefined;
  return {
    ...base,
    member(tx) {
      const { session } = base;
      if (!session?.tid) return Promise.resolve(null);
      cached ??= tx ? loadMemberIn(tx, session.sub, session.tid) : loadMember(base.db, session.sub, session.tid);
      return cached;
    },
  };
}

/**
 * Wall 1: the session decides the tenant. The tenant_uuid a call names must be the session's selected
 * company and the caller must still be an active member there; otherwise the call fails as if the
 * record did not exist.
 */
/** The cheap half of wall 1, before any database work: a session, and the tenant it selected. */
export function checkSessionTenant(ctx: Ctx, tenantUuid: string): void {
  if (!ctx.session) throw unauthenticated();
  if (!ctx.session.tid || ctx.session.tid !== tenantUuid) throw notFound();
}

export async function requireMember(ctx: Ctx, tenantUuid: string, tx?: Tx): Promise<Member> {
  checkSessionTenant(ctx, tenantUuid);
  const member = await ctx.member(tx);
  if (!member) throw notFound();
  return member;
}

export function loadMember(db: Db, identity: string, tenantUuid: string): Promise<Member | null> {
  return withTenant(db, tenantUuid, (tx) => loadMemberIn(tx, identity, tenantUuid));
}

/** Reads membership and effective permissions inside a transaction already walled to `tenantUuid`. */
export async function loadMemberIn(tx: Tx, identity: string, tenantUuid: string): Promise<Member | null> {
  const rows = await tx
    .select({
      id: employees.id,
      isAdmin: employees.is_admin,
      permissions: sql<
        string[]
      >`coalesce(array_agg(distinct ${usergroupPermissions.permission}) filter (where ${usergroupPermissions.permission} is not null), '{}')`,
    })
    .from(employees)
    .leftJoin(usergroupUsers, and(eq(usergroupUsers.tenant_uuid, employees.tenant_uuid), eq(usergroupUsers.employees_id, employees.id)))
    .leftJoin(
      usergroups,
      and(
        eq(usergroups.tenant_uuid, usergroupUsers.tenant_uuid),
        eq(usergroups.id, usergroupUsers.usergroups_id),
        eq(usergroups.status, 1),
      ),
    )
    .leftJoin(
      usergroupPermissions,
      and(eq(usergroupPermissions.tenant_uuid, usergroups.tenant_uuid), eq(usergroupPermissions.usergroups_id, usergroups.id)),
    )
    .where(
      and(
        eq(employees.tenant_uuid, tenantUuid),
        eq(employees.cognito_uuid, identity),
        eq(employees.status, 1),
        or(isNull(employees.cognito_status), ne(employees.cognito_status, 'Deleted')),
      ),
    )
    .groupBy(employees.id, employees.is_admin);
  const row = rows[0];
  if (!row) return null;
  const permissions = new Set(row.permissions);
  if (row.isAdmin) permissions.add(ADMIN_ACCESS);
  return { tenantUuid, identity, employeeId: row.id, isAdmin: row.isAdmin, permissions };
}
