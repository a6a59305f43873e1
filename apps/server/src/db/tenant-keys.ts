import { type AnyPgColumn, foreignKey, primaryKey } from 'drizzle-orm/pg-core';
import { tenants } from '../modules/tenants/tenants.table.js';

// The key shape of DESIGN.md "Tenant walls": primary key (tenant_uuid, id), and every reference to another tenant
// table carries tenant_uuid, so a row can never point at another company's row and Citus can distribute by tenant.
// Apart from columns.ts because it needs the tenants table, which itself uses columns.ts.

type TenantColumns = { tenant_uuid: AnyPgColumn };
type TenantRecord = TenantColumns & { id: AnyPgColumn };

/** The primary key (tenant_uuid, id). */
export const tenantPrimaryKey = (t: TenantRecord) => primaryKey({ columns: [t.tenant_uuid, t.id] });

/** The row belongs to its company: removing the company removes the row. */
export const tenantCascade = (t: TenantColumns) =>
  foreignKey({ columns: [t.tenant_uuid], foreignColumns: [tenants.tenant_uuid] }).onDelete('cascade');

/** `column` names a record of `target` in the same company: (tenant_uuid, column) → target (tenant_uuid, id). */
export const tenantRef = (t: TenantColumns, column: AnyPgColumn, target: TenantRecord) =>
  foreignKey({ columns: [t.tenant_uuid, column], foreignColumns: [target.tenant_uuid, target.id] });
