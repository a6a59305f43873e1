import { employeeFields } from '@groundwork/core/people';
import { sql } from 'drizzle-orm';
import { defineRecordOperations } from '../../graphql/record-operations.js';
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
});
