import { namedRecord } from '@groundwork/core/people';
import { sql } from 'drizzle-orm';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { divisions } from './divisions.table.js';

defineRecordOperations({
  name: 'Divisions',
  typeName: 'Division',
  table: divisions,
  area: 'organisation',
  orderBy: () => [sql`lower(${divisions.division})`],
  validate: namedRecord('division'),
});
