import { doublePrecision, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey } from '../../db/tenant-keys.js';

/**
 * The product's modules (spec §3 "Module"): a global catalogue, the same for every company, seeded by a
 * migration. It has no tenant_uuid, so app_user may only read it (see the catalogue migration's grants).
 */
export const modules = pgTable('modules', {
  id: integer('id').primaryKey(),
  module: text('module').notNull().unique(),
  title: text('title').notNull(),
});

/** Price plans (spec §3 "Pricing"): global catalogue. */
export const pricing = pgTable('pricing', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  price: doublePrecision('price').notNull(),
});

/** Which plan pays for which module (spec §3 "Module pricing"): global catalogue. */
export const modulesPricing = pgTable(
  'modules_pricing',
  {
    modules_id: integer('modules_id')
      .notNull()
      .references(() => modules.id),
    pricing_id: integer('pricing_id')
      .notNull()
      .references(() => pricing.id),
  },
  (t) => [primaryKey({ columns: [t.modules_id, t.pricing_id] })],
);

/**
 * A company's switch for one module (spec §3 "Tenant-module"): status 1 on, 0 off. No row means on, so a
 * module added to the catalogue later is on for everyone until a company turns it off.
 */
export const tenantsModules = pgTable(
  'tenants_modules',
  {
    ...tenantKeyColumns(),
    modules_id: integer('modules_id')
      .notNull()
      .references(() => modules.id),
    status: activeStatus(),
    ...auditColumns(),
  },
  (t) => [tenantPrimaryKey(t), tenantCascade(t), uniqueIndex('tenants_modules_module_idx').on(t.tenant_uuid, t.modules_id)],
);

/** A company's plans (spec §3 "Tenant pricing"): status 1 active. */
export const tenantsPricing = pgTable(
  'tenants_pricing',
  {
    ...tenantKeyColumns(),
    pricing_id: integer('pricing_id')
      .notNull()
      .references(() => pricing.id),
    status: activeStatus(),
    ...auditColumns(),
  },
  (t) => [tenantPrimaryKey(t), tenantCascade(t), uniqueIndex('tenants_pricing_pricing_idx').on(t.tenant_uuid, t.pricing_id)],
);
