import { randomUUID } from 'node:crypto';
import type { Permission } from '@groundwork/core/permissions';
import type { Db } from '../db/client.js';
import { withTenant } from '../db/with-tenant.js';
import { session, user } from '../identity/auth.table.js';
import { newSessionToken, SESSION_TTL_SECONDS, signToken } from '../identity/session.js';
import { employees } from '../modules/employees/employees.table.js';
import { files } from '../modules/files/files.table.js';
import { tenants } from '../modules/tenants/tenants.table.js';
import { usergroupPermissions, usergroups, usergroupUsers } from '../modules/usergroups/usergroups.table.js';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export async function createTenant(db: Db, company = `Company ${randomUUID().slice(0, 8)}`): Promise<string> {
  const tenant_uuid = randomUUID();
  await withTenant(db, tenant_uuid, (tx) => tx.insert(tenants).values({ tenant_uuid, company }));
  return tenant_uuid;
}

export type TestMember = { tenantUuid: string; employeeId: number; identity: string; token: string };

/**
 * A signed-in active member of `tenantUuid`, holding `permissions` through one active group
 * (or admin_access through is_admin), with a session selecting that tenant.
 */
export async function createMember(
  db: Db,
  tenantUuid: string,
  opts: { permissions?: Permission[]; isAdmin?: boolean; identity?: string; firstname?: string } = {},
): Promise<TestMember> {
  const identity = opts.identity ?? randomUUID();
  const employeeId = await withTenant(db, tenantUuid, async (tx) => {
    const [emp] = await tx
      .insert(employees)
      .values({
        tenant_uuid: tenantUuid,
        cognito_uuid: identity,
        cognito_status: 'CONFIRMED',
        firstname: opts.firstname ?? 'Test',
        lastname: 'Member',
        is_admin: opts.isAdmin ?? false,
      })
      .returning({ id: employees.id });
    if (opts.permissions?.length) {
      const [group] = await tx
        .insert(usergroups)
        .values({ tenant_uuid: tenantUuid, usergroup: `Group of ${emp.id}` })
        .returning({ id: usergroups.id });
      await tx
        .insert(usergroupPermissions)
        .values(opts.permissions.map((permission) => ({ tenant_uuid: tenantUuid, usergroups_id: group.id, permission })));
      await tx.insert(usergroupUsers).values({ tenant_uuid: tenantUuid, usergroups_id: group.id, employees_id: emp.id });
    }
    return emp.id;
  });
  return { tenantUuid, employeeId, identity, token: await createSession(db, identity, tenantUuid) };
}

/**
 * A new company with its admin and a member holding basic_access only (a foreman once given jobs), and the admin of
 * another company (who must see nothing of the first).
 */
export async function createCompanyWithForeman(db: Db) {
  const tenant = await createTenant(db);
  return {
    tenant,
    admin: await createMember(db, tenant, { isAdmin: true }),
    foreman: await createMember(db, tenant, { permissions: ['basic_access'] }),
    foreign: await createMember(db, await createTenant(db), { isAdmin: true }),
  };
}

/**
 * A real better-auth user (made if missing, with no password: tests that need one sign up through
 * /api/identity) and a live session for it, optionally with a company selected. Returns the signed
 * session token, usable as `Authorization: Bearer <token>` or as the session cookie's value.
 */
export async function createSession(db: Db, identity: string, tenantUuid?: string): Promise<string> {
  const now = new Date();
  await db
    .insert(user)
    .values({ id: identity, name: '', email: `${identity}@test.example`, emailVerified: true, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const token = newSessionToken();
  await db.insert(session).values({
    id: randomUUID(),
    token,
    userId: identity,
    selectedTenantUuid: tenantUuid ?? null,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return signToken(TEST_SECRET, token);
}

/** A stored-file record (a small JPEG with a thumbnail) uploaded by `who`, made directly in the database; returns its uuid. */
export async function createFileRecord(db: Db, who: TestMember, name = 'receipt.jpg'): Promise<string> {
  return withTenant(db, who.tenantUuid, async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({
        tenant_uuid: who.tenantUuid,
        original_name: name,
        mimetype: 'image/jpeg',
        ext: 'jpg',
        employees_id: who.employeeId,
        created_by: who.employeeId,
        server_filename: `${randomUUID()}.jpg`,
        bytes: 1234,
        thumbnail_base64: 'data:image/jpeg;base64,AAAA',
      })
      .returning({ uuid: files.uuid });
    return row.uuid;
  });
}
