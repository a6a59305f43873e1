import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';

export const usergroups = pgTable(
  'usergroups',
  {
    ...tenantKeyColumns(),
    usergroup: text('usergroup').notNull(),
    status: activeStatus(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    // Group names are unique per company whatever their case, so two admins cannot both create "Office".
    uniqueIndex('usergroups_tenant_name_idx').on(t.tenant_uuid, sql`lower(${t.usergroup})`),
  ],
);

export const usergroupPermissions = pgTable(
  'usergroup_permissions',
  {
    ...tenantKeyColumns(),
    usergroups_id: integer('usergroups_id').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantRef(t, t.usergroups_id, usergroups).onDelete('cascade'),
    uniqueIndex('usergroup_permissions_unique_idx').on(t.tenant_uuid, t.usergroups_id, t.permission),
  ],
);

export const usergroupUsers = pgTable(
  'usergroup_users',
  {
    ...tenantKeyColumns(),
    usergroups_id: integer('usergroups_id').notNull(),
    employees_id: integer('employees_id').notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantRef(t, t.usergroups_id, usergroups).onDelete('cascade'),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    uniqueIndex('usergroup_users_unique_idx').on(t.tenant_uuid, t.usergroups_id, t.employees_id),
    index('usergroup_users_employee_idx').on(t.tenant_uuid, t.employees_id),
  ],
);
