import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// listStaticData's lists (spec §3 "Static data lists"): global product data seeded by a migration, read-only
// for app_user, the same for every company.

export const staticStates = pgTable('static_states', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/** Ordered one-column lists: 'trades', 'requirement_categories', 'scheduled_event_types'. */
export const staticListItems = pgTable(
  'static_list_items',
  {
    list: text('list').notNull(),
    position: integer('position').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.position] })],
);

export const apprenticeshipRequirementsTemplate = pgTable('apprenticeship_requirements_template', {
  id: integer('id').primaryKey(),
  category: text('category').notNull(),
  title: text('title').notNull(),
  hours: integer('hours').notNull(),
});
