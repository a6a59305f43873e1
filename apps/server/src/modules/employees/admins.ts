import { COGNITO_STATUS, PEOPLE_MESSAGES } from '@groundwork/core/people';
import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { employees } from './employees.table.js';

/** A person who can act as a global admin: is_admin, active, and still signed in to the company. */
export const activeAdmin = and(
  eq(employees.is_admin, true),
  eq(employees.status, 1),
  isNotNull(employees.cognito_uuid),
  or(isNull(employees.cognito_status), ne(employees.cognito_status, COGNITO_STATUS.deleted)),
);

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
    if (admins.length > 0 && admins.every((a) => gone.has(a.id))) throw new AppError('CONFLICT', PEOPLE_MESSAGES.lastAdmin);
  };
}
