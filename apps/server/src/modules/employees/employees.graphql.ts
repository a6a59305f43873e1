import { employeeFields } from '@groundwork/core/people';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { sql } from 'drizzle-orm';
import { forbidden } from '../../graphql/errors.js';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { lockAdmins, withAdminAccess } from './admins.js';
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
  // Archiving or deleting someone with admin access is an admin's decision, and never of the last one.
  async beforeWrite(tx, member, action, changes) {
    const leaving = changes.filter((c) => action === 'delete' || (c.patch?.status !== undefined && c.patch.status !== 1)).map((c) => c.id);
    if (leaving.length === 0) return;
    const assertAnotherAdmin = await lockAdmins(tx, member.tenantUuid);
    if (!member.permissions.has(ADMIN_ACCESS) && (await withAdminAccess(tx, member.tenantUuid, leaving)).length) throw forbidden();
    assertAnotherAdmin(leaving);
  },
});
