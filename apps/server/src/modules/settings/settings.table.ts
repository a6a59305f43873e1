import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey } from '../../db/tenant-keys.js';

/**
 * The global options a company may set (listGlobalSettings): a catalogue seeded by a migration, read-only
 * for app_user. The defaults are what a company without a row of its own gets, and they mean exactly what
 * the modules reading tenant_settings do when the row is missing.
 */
export const codxTenantOptionsValues = pgTable('codx_tenant_options_values', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description'),
  group: text('group').notNull(),
  /** 'boolean' | 'date' | 'number' | 'select' (packages/core/src/settings.ts). */
  value_type: text('value_type').notNull(),
  options: text('options').array(),
  default_custom_value: text('default_custom_value'),
  default_pass_through_value: text('default_pass_through_value'),
  position: integer('position').notNull(),
});

/**
 * A company's value for one global option (spec §3 "Tenant settings"): custom_value is 'true'/'false'
 * or a date; pass_through_value carries an option's parameter (e.g. the minutes of settings 43-48).
 */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    ...tenantKeyColumns(),
    codx_tenant_options_values_id: integer('codx_tenant_options_values_id')
      .notNull()
      .references(() => codxTenantOptionsValues.id),
    custom_value: text('custom_value'),
    pass_through_value: text('pass_through_value'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    uniqueIndex('tenant_settings_option_idx').on(t.tenant_uuid, t.codx_tenant_options_values_id),
  ],
);
