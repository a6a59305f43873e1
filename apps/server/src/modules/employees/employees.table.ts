import { DIRECTORY_FIELDS } from '@groundwork/core/people';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, recordUuid, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey } from '../../db/tenant-keys.js';

export const employees = pgTable(
  'employees',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    username: text('username'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    email: text('email'),
    private_email: text('private_email'),
    cellphone: text('cellphone'),
    street: text('street'),
    street2: text('street2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    birthdate: date('birthdate', { mode: 'string' }),
    hiredate: date('hiredate', { mode: 'string' }),
    // The spec sends trades as a JSON string; it is kept as text so it round-trips unchanged.
    trades: text('trades'),
    skills: text('skills'),
    app_theme: text('app_theme'),
    paypos_id: integer('paypos_id'),
    status: activeStatus(),
    logged_in: boolean('logged_in').notNull().default(false),
    is_admin: boolean('is_admin').notNull().default(false),
    acc_paypos: text('acc_paypos'),
    acc_status: text('acc_status'),
    acc_id: text('acc_id'),
    acc_sync_token: text('acc_sync_token'),
    cognito_status: text('cognito_status'),
    cognito_uuid: text('cognito_uuid'),
    tc_id: text('tc_id'),
    pto_balances: jsonb('pto_balances'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    // The exact sort keys of listEmployees, so a page is read from the index instead of sorting the tenant.
    index('employees_tenant_name_idx').on(
      t.tenant_uuid,
      sql`lower(coalesce(${t.firstname}, ''))`,
      sql`lower(coalesce(${t.lastname}, ''))`,
      t.id,
    ),
    uniqueIndex('employees_tenant_identity_idx').on(t.tenant_uuid, t.cognito_uuid).where(sql`cognito_uuid is not null`),
    // Finding a person's companies at sign-in crosses tenants by design (see post-migrate.sql).
    index('employees_identity_idx').on(t.cognito_uuid),
  ],
);

/** The directory projection (core DIRECTORY_FIELDS) as drizzle columns, for readers who are not people admins. */
export const directoryColumns = Object.fromEntries(DIRECTORY_FIELDS.map((k) => [k, employees[k]])) as {
  [K in (typeof DIRECTORY_FIELDS)[number]]: (typeof employees)[K];
};

/** A person as every list names them: first and last name, else the username, else '#id' (core's `personName` in SQL). */
export const employeeName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), ''), ${employees.username}, '#' || ${employees.id})`;
