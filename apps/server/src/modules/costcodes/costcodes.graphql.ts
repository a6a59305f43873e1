import { costcodeFields } from '@groundwork/core/people';
import { sql } from 'drizzle-orm';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { costcodes } from './costcodes.table.js';

// Everyone who enters time needs the cost codes, so basic_access may read them.
defineRecordOperations({
  name: 'Costcodes',
  typeName: 'Costcode',
  table: costcodes,
  area: 'costcodes',
  orderBy: () => [sql`${costcodes.costcode}`],
  validate: costcodeFields,
});
