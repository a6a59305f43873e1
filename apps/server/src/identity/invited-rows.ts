import { COGNITO_STATUS } from '@groundwork/core/people';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { withIdentity, withTenant } from '../db/with-tenant.js';
import { employees } from '../modules/employees/employees.table.js';

/**
 * An invited person chose their own password: every row linked to their identity that still waits for that
 * (FORCE_CHANGE_PASSWORD), in every company, becomes CONFIRMED. The companies are found through the identity's
 * own membership rows (the identity_membership policy) and each is changed inside its own tenant walls.
 * Returns how many rows changed.
 */
export async function confirmInvitedRows(db: Db, identity: string): Promise<number> {
  const invited = and(eq(employees.cognito_uuid, identity), eq(employees.cognito_status, COGNITO_STATUS.invited));
  const companies = await withIdentity(db, identity, (tx) =>
    tx.selectDistinct({ tenant_uuid: employees.tenant_uuid }).from(employees).where(invited),
  );
  let changed = 0;
  for (const { tenant_uuid } of companies) {
    const rows = await withTenant(db, tenant_uuid, (tx) =>
      tx
        .update(employees)
        .set({ cognito_status: COGNITO_STATUS.confirmed, updated_on: sql`now()` })
        .where(and(eq(employees.tenant_uuid, tenant_uuid), invited))
        .returning({ id: employees.id }),
    );
    changed += rows.length;
  }
  return changed;
}
