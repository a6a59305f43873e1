import { DIRECTORY_FIELDS, employeeFields } from '@groundwork/core/people';
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
  area: 'people',
  changesAccess: true,
  readerColumns: DIRECTORY_FIELDS,
  orderBy: () => [sql`lower(coalesce(${employees.firstname}, ''))`, sql`lower(coalesce(${employees.lastname}, ''))`],
  readOnly: ['cognito_uuid', 'cognito_status', 'is_admin', 'logged_in'],
  validate: employeeFields,
  // Changing anything of someone with admin access is an admin's decision; archiving or deleting them
  // never takes the last one.
  async beforeWrite(tx, member, action, changes) {
    if (action === 'create') return;
    const ids = changes.map((c) => c.id as number);
    const leaving = changes
      .filter((c) => action === 'delete' || (c.patch?.status !== undefined && c.patch.status !== 1))
      .map((c) => c.id as number);
    const assertAnotherAdmin = leaving.length ? await lockAdmins(tx, member.tenantUuid) : null;
    if (!member.permissions.has(ADMIN_ACCESS) && (await withAdminAccess(tx, member.tenantUuid, ids)).length) throw forbidden();
    assertAnotherAdmin?.(leaving);
  },
});
