import { employeeFields } from '@groundwork/core/people';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { forbidden } from '../../graphql/errors.js';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { lockAdmins } from './admins.js';
import { employees } from './employees.table.js';

// listEmployees is sorted by firstname then lastname (spec §7); identity links are set by invitations only.
export const employeeOps = defineRecordOperations({
  name: 'Employees',
  typeName: 'Employee',
  table: employees,
  permissions: { admin: 'people_admin', basic: 'people_basic' },
  orderBy: () => [sql`lower(coalesce(${employees.firstname}, ''))`, sql`lower(coalesce(${employees.lastname}, ''))`],
  readOnly: ['cognito_uuid', 'cognito_status', 'is_admin', 'logged_in'],
  validate: employeeFields,
  // Archiving or deleting a global admin is an admin's decision, and never of the last one.
  async beforeWrite(tx, member, action, changes) {
    const leaving = changes.filter((c) => action === 'delete' || (c.patch?.status !== undefined && c.patch.status !== 1)).map((c) => c.id);
    if (leaving.length === 0) return;
    const assertAnotherAdmin = await lockAdmins(tx, member.tenantUuid);
    const admins = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, member.tenantUuid), inArray(employees.id, leaving), eq(employees.is_admin, true)));
    if (admins.length && !member.permissions.has(ADMIN_ACCESS)) throw forbidden();
    assertAnotherAdmin(leaving);
  },
});
