import { and, eq, inArray } from 'drizzle-orm';
import { withIdentity, withTenant } from '../../db/with-tenant.js';
import { builder } from '../../graphql/builder.js';
import { requireMember } from '../../graphql/context.js';
import { unauthenticated } from '../../graphql/errors.js';
import { employees } from '../employees/employees.table.js';
import { tenants } from './tenants.table.js';

type TenantRow = typeof tenants.$inferSelect;

const TenantRef = builder.objectRef<TenantRow>('Tenant').implement({
  fields: (t) => ({
    tenant_uuid: t.exposeID('tenant_uuid'),
    company: t.exposeString('company'),
    accountingsystems_id: t.exposeInt('accountingsystems_id', { nullable: true }),
    timecardsystems_id: t.exposeInt('timecardsystems_id', { nullable: true }),
    status: t.exposeInt('status'),
    created_on: t.exposeString('created_on'),
  }),
});

// Tenants are global: the list is the signed-in identity's companies (the custom:tenants claim),
// found before any company is chosen, so it is the one read that runs without a tenant set.
builder.queryField('listTenants', (t) =>
  t.field({
    type: [TenantRef],
    resolve: async (_root, _args, ctx) => {
      const identity = ctx.session?.sub;
      if (!identity) throw unauthenticated();
      return withIdentity(ctx.db, identity, (tx) =>
        tx
          .select()
          .from(tenants)
          .where(
            and(
              eq(tenants.status, 1),
              inArray(
                tenants.tenant_uuid,
                tx
                  .select({ t: employees.tenant_uuid })
                  .from(employees)
                  .where(and(eq(employees.cognito_uuid, identity), eq(employees.status, 1))),
              ),
            ),
          )
          .orderBy(tenants.company),
      );
    },
  }),
);

builder.queryField('fetchTenant', (t) =>
  t.field({
    type: TenantRef,
    nullable: true,
    args: { tenant_uuid: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const member = await requireMember(ctx, args.tenant_uuid);
      const rows = await withTenant(ctx.db, member.tenantUuid, (tx) =>
        tx.select().from(tenants).where(eq(tenants.tenant_uuid, member.tenantUuid)),
      );
      return rows[0] ?? null;
    },
  }),
);
