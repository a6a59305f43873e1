import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { activeStatus, createdOn } from '../../db/columns.js';

// The company itself. Its key is named tenant_uuid so the same wall policy that guards
// every tenant table also limits a tenant session to its own company row.
export const tenants = pgTable('tenants', {
  tenant_uuid: uuid('tenant_uuid').primaryKey().defaultRandom(),
  company: text('company').notNull(),
  accountingsystems_id: integer('accountingsystems_id'),
  timecardsystems_id: integer('timecardsystems_id'),
  status: activeStatus(),
  created_on: createdOn(),
});
