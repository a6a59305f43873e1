import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { type AnyColumn, and, eq, fillPlaceholders, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { employees } from './employees.table.js';

/** The signed-in person as an active member of the selected company. */
export type Member = {
  tenantUuid: string;
  identity: string;
  employeeId: number;
  isAdmin: boolean;
  permissions: ReadonlySet<string>;
  /** Module ids the company has switched off. */
  off: ReadonlySet<number>;
};

/**
 * The one test of an active member, on `employees`: an active person row (status 1) whose account link was
 * not deleted (COGNITO_STATUS.deleted); with `identity`, that account's row, and with `tenantUuid`, in that
 * company. The constants are written into the statement, as PostgreSQL sees them in its own policies.
 */
export function activeMembership(of: { identity?: string | Placeholder; tenantUuid?: string | Placeholder } = {}): SQL {
  return and(
    of.tenantUuid === undefined ? undefined : eq(employees.tenant_uuid, of.tenantUuid),
    of.identity === undefined ? undefined : eq(employees.cognito_uuid, of.identity),
    sql`${employees.status} = 1`,
    sql`(${employees.cognito_status} is null or ${employees.cognito_status} <> 'Deleted')`,
  ) as SQL;
}

type MemberRow = { id: number; is_admin: boolean; permissions: string[]; off: number[] };

// One statement: the person, the union of their active groups' permissions and the company's switched-off
// modules. Runs inside the walled transaction, so row-level security applies to it too.
const memberSql = (identity: string | Placeholder, tenant: string | Placeholder) => sql`
  select ${employees.id}, ${employees.is_admin},
    coalesce((select array_agg(distinct p.permission) from usergroup_users u
      join usergroups g on g.tenant_uuid = u.tenant_uuid and g.id = u.usergroups_id and g.status = 1
      join usergroup_permissions p on p.tenant_uuid = g.tenant_uuid and p.usergroups_id = g.id
      where u.tenant_uuid = ${employees.tenant_uuid} and u.employees_id = ${employees.id}), '{}') as permissions,
    coalesce((select array_agg(m.modules_id) from tenants_modules m
      where m.tenant_uuid = ${employees.tenant_uuid} and m.status <> 1), '{}') as off
  from ${employees}
  where ${activeMembership({ identity, tenantUuid: tenant })}
  limit 1`;

function memberOf(row: MemberRow | undefined, identity: string, tenantUuid: string): Member | null {
  if (!row) return null;
  const permissions = new Set(row.permissions);
  if (row.is_admin) permissions.add(ADMIN_ACCESS);
  return { tenantUuid, identity, employeeId: row.id, isAdmin: row.is_admin, permissions, off: new Set(row.off.map(Number)) };
}

/** Reads membership and effective permissions inside a transaction already walled to `tenantUuid`. */
export async function loadMemberIn(tx: Tx, identity: string, tenantUuid: string): Promise<Member | null> {
  const result = (await tx.execute(memberSql(identity, tenantUuid))) as unknown as { rows: MemberRow[] };
  return memberOf(result.rows[0], identity, tenantUuid);
}

/** The same statement's text once, with its parameters' places (identity, tenant). */
let memberStatement: { text: string; params: unknown[] } | undefined;

/**
 * The same read on a pooled connection already walled to `tenantUuid` (the gate's read path), run by name: parsed
 * and planned once per connection instead of built and planned on every read.
 */
export async function loadMemberOn(
  client: { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> },
  identity: string,
  tenantUuid: string,
): Promise<Member | null> {
  if (!memberStatement) {
    const { sql: text, params } = new PgDialect().sqlToQuery(memberSql(sql.placeholder('identity'), sql.placeholder('tenant')));
    memberStatement = { text, params };
  }
  const { rows } = await client.query({
    name: 'gw_member',
    text: memberStatement.text,
    values: fillPlaceholders(memberStatement.params, { identity, tenant: tenantUuid }),
  });
  return memberOf(rows[0] as MemberRow | undefined, identity, tenantUuid);
}

/** The member, read in a walled transaction of its own: for the identity layer's claims. */
export function loadMember(db: Db, identity: string, tenantUuid: string): Promise<Member | null> {
  return withTenant(db, tenantUuid, (tx) => loadMemberIn(tx, identity, tenantUuid));
}

/** The member's own rows of a table that records whose they are (employees_id): in their company, and theirs. */
export function ownRows(table: { tenant_uuid: AnyColumn; employees_id: AnyColumn }, member: Member): SQL {
  return and(eq(table.tenant_uuid, member.tenantUuid), eq(table.employees_id, member.employeeId)) as SQL;
}
