import { namedRecord } from '@groundwork/core/people';
import { sql } from 'drizzle-orm';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { departments } from './departments.table.js';

defineRecordOperations({
  name: 'Departments',
  typeName: 'Department',
  table: departments,
  area: 'organisation',
  orderBy: () => [sql`lower(${departments.department})`],
  validate: namedRecord('department'),
});
