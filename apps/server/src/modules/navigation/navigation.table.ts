import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { modules } from '../modules/modules.table.js';

/**
 * The menu's items (listUsersNavigation): a global catalogue seeded by a migration. A member sees an item
 * when they hold any of its permissions (none listed: every member; admin_access: every item) and its
 * module, if any, is not switched off for their company.
 */
export const navigationItems = pgTable('navigation_items', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  path: text('path').notNull().unique(),
  /** 1: an admin-area item, 0: a module item (spec §9: sorted by type descending, then title). */
  type: integer('type').notNull().default(0),
  /** An MUI icon name, e.g. "AccessTime". */
  icon: text('icon'),
  modules_id: integer('modules_id').references(() => modules.id),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
});
