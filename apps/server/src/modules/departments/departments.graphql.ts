import { namedRecord } from '@groundwork/core/people';
import { sql } from 'drizzle-orm';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { departments } from './departments.table.js';

export const departmentOps = defineRecordOperations({
  name: 'Departments',
  typeName: 'Department',
  table: departments,
  permissions: { admin: 'people_admin', basic: 'people_basic', read: ['basic_access'] },
  orderBy: () => [sql`lower(${departments.department})`],
  validate: namedRecord('department'),
});
