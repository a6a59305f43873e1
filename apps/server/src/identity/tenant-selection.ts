import type { IdentityActions, IdentityClaims, MfaType } from '@groundwork/core/identity';
import { and, eq, inArray } from 'drizzle-orm';
import { withIdentity } from '../db/with-tenant.js';
import { employees } from '../modules/employees/employees.table.js';
import { activeMembership, loadMember } from '../modules/employees/membership.js';
import { tenants } from '../modules/tenants/tenants.table.js';
import { session as sessionTable, user } from './auth.table.js';
import { IdentityError } from './errors.js';
import { type ActionRequest, type FlowContext, isPlaceholder, type UserRow } from './flow-context.js';
import { confirmInvitedRows } from './invited-rows.js';

/** The claims the web app reads: the account, its companies and, in the selected one, its groups. */
export function tenantClaims(flow: FlowContext) {
  const { db, usernameOf, mfaEnabled } = flow;
  async function claims(u: UserRow, selected: string | null): Promise<IdentityClaims> {
    const companies = await withIdentity(db, u.id, (tx) =>
      tx
        .select({ tenant_uuid: tenants.tenant_uuid, company: tenants.company })
        .from(tenants)
        .where(
          and(
            eq(tenants.status, 1),
            inArray(
              tenants.tenant_uuid,
              tx
                .select({ t: employees.tenant_uuid })
                .from(employees)
                .where(activeMembership({ identity: u.id })),
            ),
          ),
        )
        .orderBy(tenants.company),
    );
    const member = selected ? await loadMember(db, u.id, selected) : null;
    const enabled = mfaEnabled(u);
    return {
      username: usernameOf(u),
      email: isPlaceholder(u.email) ? null : u.email,
      email_verified: !isPlaceholder(u.email) && u.emailVerified,
      phone_number: u.phoneNumber ?? null,
      phone_number_verified: Boolean(u.phoneNumber && u.phoneNumberVerified),
      'custom:cognito_uuid': u.id,
      'custom:tenants': companies,
      'custom:selected_tenant_uuid': member ? selected : null,
      'cognito:groups': member ? [...member.permissions].sort() : [],
      mfa: { enabled, preferred: u.mfaPreferred && enabled.includes(u.mfaPreferred as MfaType) ? (u.mfaPreferred as MfaType) : null },
    };
  }

  return claims;
}

export type Claims = ReturnType<typeof tenantClaims>;

/** Reading the claims, and choosing the company a session works in (only one the account is an active member of). */
export function tenantSelectionActions(flow: FlowContext, claims: Claims) {
  const { db, now, userById, requireSession } = flow;
  async function isActiveMember(identity: string, tenantUuid: string): Promise<boolean> {
    const rows = await withIdentity(db, identity, (tx) =>
      tx.select({ id: employees.id }).from(employees).where(activeMembership({ identity, tenantUuid })).limit(1),
    );
    return rows.length > 0;
  }

  return {
    async GetUser(_body: unknown, req: ActionRequest): Promise<IdentityClaims> {
      const s = requireSession(req);
      return claims(await userById(s.userId), s.claims.tid ?? null);
    },

    async SelectTenant(body: Partial<IdentityActions['SelectTenant']['req']>, req: ActionRequest): Promise<IdentityClaims> {
      const s = requireSession(req);
      const tenant = body.tenant_uuid ?? null;
      if (tenant !== null) {
        const member = typeof tenant === 'string' && /^[0-9a-f-]{36}$/i.test(tenant) && (await isActiveMember(s.userId, tenant));
        if (!member) throw new IdentityError('NotAuthorizedException', 'You are not an active member of that company.', 403);
      }
      await db.update(sessionTable).set({ selectedTenantUuid: tenant, updatedAt: now() }).where(eq(sessionTable.id, s.id));
      if (tenant !== null) {
        const [chooser] = await db.select({ mustChange: user.mustChangePassword }).from(user).where(eq(user.id, s.userId));
        if (chooser && !chooser.mustChange) await confirmInvitedRows(db, s.userId);
      }
      return claims(await userById(s.userId), tenant);
    },
  };
}
