import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordId, tenantUuid } from '../../db/columns.js';
import { employees } from '../employees/employees.table.js';
import { tenants } from '../tenants/tenants.table.js';

export const usergroups = pgTable(
  'usergroups',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    usergroup: text('usergroup').notNull(),
    status: integer('status').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade'),
    // Group names are unique per company whatever their case, so two admins cannot both create "Office".
    uniqueIndex('usergroups_tenant_name_idx').on(t.tenant_uuid, sql`lower(${t.usergroup})`),
  ],
);

export const usergroupPermissions = pgTable(
  'usergroup_permissions',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    usergroups_id: integer('usergroups_id').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.usergroups_id], foreignColumns: [usergroups.tenant_uuid, usergroups.id] }).onDelete('cascade'),
    uniqueIndex('usergroup_permissions_unique_idx').on(t.tenant_uuid, t.usergroups_id, t.permission),
  ],
);

export const usergroupUsers = pgTable(
  'usergroup_users',
  {
    tenant_uuid: tenantUuid(),
    id: recordId(),
    usergroups_id: integer('usergroups_id').notNull(),
    employees_id: integer('employees_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.usergroups_id], foreignColumns: [usergroups.tenant_uuid, usergroups.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }).onDelete('cascade'),
    uniqueIndex('usergroup_users_unique_idx').on(t.tenant_uuid, t.usergroups_id, t.employees_id),
    index('usergroup_users_employee_idx').on(t.tenant_uuid, t.employees_id),
  ],
);
