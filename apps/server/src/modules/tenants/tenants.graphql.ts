import { randomUUID } from 'node:crypto';
import { atField, msg } from '@groundwork/core/messages';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { builder } from '../../graphql/builder.js';
import { AppError, unauthenticated } from '../../graphql/errors.js';
import { enterTenant, tenantQuery } from '../../graphql/gate.js';
import { employees } from '../employees/employees.table.js';
import { removeTenantFiles } from '../files/files.storage.js';
import { seedDefaultSettings } from '../settings/settings.graphql.js';
import { createHqContainer } from '../tools/tools.hq.js';
import { seedCompanyDefaults } from './tenants.seed.js';
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
      return ctx.gate.asIdentity(identity, (tx) =>
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

tenantQuery(
  'fetchTenant',
  { area: 'company', action: 'read' },
  {
    type: TenantRef,
    nullable: true,
    resolve: async (_args, { tx, member }) => {
      const rows = await tx.select().from(tenants).where(eq(tenants.tenant_uuid, member.tenantUuid));
      return rows[0] ?? null;
    },
  },
);

// --- createTenant / deleteTenant --------------------------------------------------------------------

/** A person may start this many companies a day: enough for any real use, not for filling the database. */
export const MAX_NEW_TENANTS_PER_DAY = 10;
const COMPANY_MAX = 200;

builder.mutationField('createTenant', (t) =>
  t.field({
    type: TenantRef,
    description:
      'Starts a company for the signed-in person, who becomes its first global admin; the client then selects it (identity SelectTenant).',
    args: { company: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const identity = ctx.session?.sub;
      if (!identity) throw unauthenticated();
      const company = args.company.trim();
      if (!company) throw new AppError('VALIDATION', atField('company', msg('form.required')), { field: 'company' });
      if (company.length > COMPANY_MAX) {
        throw new AppError('VALIDATION', atField('company', msg('form.max', { max: COMPANY_MAX })), { field: 'company' });
      }
      const account = await ctx.accounts.contactOf(identity);
      if (!account) throw unauthenticated();
      const [{ recent }] = await ctx.gate.asIdentity(identity, (tx) =>
        tx
          .select({ recent: sql<number>`count(*)::int` })
          .from(employees)
          .where(
            and(
              eq(employees.cognito_uuid, identity),
              eq(employees.is_admin, true),
              gt(employees.created_on, sql`now() - interval '1 day'`),
            ),
          ),
      );
      if (recent >= MAX_NEW_TENANTS_PER_DAY) {
        throw new AppError('RATE_LIMITED', msg('tenants.tooManyCompanies'));
      }
      const tenant_uuid = randomUUID();
      const [first, ...rest] = account.name.trim().split(/\s+/).filter(Boolean);
      return ctx.gate.founding(tenant_uuid, async (tx) => {
        const [row] = await tx.insert(tenants).values({ tenant_uuid, company }).returning();
        await tx.insert(employees).values({
          tenant_uuid,
          username: account.email ?? account.phone,
          email: account.email,
          cellphone: account.phone,
          firstname: first ?? null,
          lastname: rest.length ? rest.join(' ') : null,
          is_admin: true,
          cognito_uuid: identity,
          cognito_status: 'CONFIRMED',
        });
        await seedDefaultSettings(tx, tenant_uuid);
        await seedCompanyDefaults(tx, tenant_uuid);
        await createHqContainer(tx, tenant_uuid);
        return row;
      });
    },
  }),
);

const resultRows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Every tenant table but tenants itself, ordered so that a table comes before any table it references. */
async function tenantTablesChildrenFirst(tx: Tx): Promise<string[]> {
  const tables = resultRows<{ name: string }>(
    await tx.execute(sql`
      select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname <> 'tenants'`),
  ).map((r) => r.name);
  const edges = resultRows<{ child: string; parent: string }>(
    await tx.execute(sql`
      select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`),
  );
  const known = new Set(tables);
  // Kahn's algorithm on "child references parent": a table is ready once nothing left references it.
  const referencedBy = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (known.has(e.child) && known.has(e.parent)) referencedBy.get(e.parent)?.add(e.child);
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const ready = [...left].filter((t) => [...(referencedBy.get(t) ?? [])].every((c) => !left.has(c))).sort();
    // A cycle of keys (none today) is left to the cascade from tenants rather than looping forever.
    if (!ready.length) break;
    for (const t of ready) {
      order.push(t);
      left.delete(t);
    }
  }
  return order;
}

const digits = (s: string) => s.replace(/\D/g, '');

builder.mutationField('deleteTenant', (t) =>
  t.field({
    type: 'Boolean',
    description:
      "Removes the company and all its data (admins only). user_email must be the caller's sign-in e-mail, typed as a confirmation. Every session that had the company selected loses the selection.",
    args: { tenant_uuid: t.arg.id({ required: true }), user_email: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      // The caller's own account, read before the company's transaction: the embedded database runs one
      // transaction at a time, and the account table is not the company's.
      const account = ctx.session ? await ctx.accounts.contactOf(ctx.session.sub) : null;
      return enterTenant(ctx, args.tenant_uuid, { area: 'company', action: 'write' }, async ({ tx, member, afterCommit }) => {
        const tenant = member.tenantUuid;
        const typed = args.user_email.trim().toLowerCase();
        if (!typed) throw new AppError('VALIDATION', atField('user_email', msg('common.required')), { field: 'user_email' });
        const matches =
          (account?.email != null && typed === account.email) ||
          (account?.phone != null && !typed.includes('@') && digits(typed).length >= 10 && digits(typed) === digits(account.phone));
        if (!matches) {
          throw new AppError('VALIDATION', atField('user_email', msg('tenants.notYourEmail')), { field: 'user_email' });
        }
        // Children before parents: a cascade from tenants alone can trip a NO ACTION key between two tenant
        // tables (timecard_entries -> costcodes) before the cascade reaches the referencing rows.
        // Holding the company row blocks new rows anywhere in it (their key check shares this row) until we finish.
        await tx.execute(sql`select 1 from tenants where tenant_uuid = ${tenant} for update`);
        for (const table of await tenantTablesChildrenFirst(tx)) {
          await tx.execute(sql`delete from ${sql.identifier(table)} where tenant_uuid = ${tenant}`);
        }
        await tx.delete(tenants).where(eq(tenants.tenant_uuid, tenant));
        afterCommit(async () => {
          ctx.gate.cache.invalidateTenant(tenant);
          await ctx.accounts.clearTenantSelection(tenant);
          // Its uploads go too, once no rollback can bring back rows that point at them.
          await removeTenantFiles(ctx.config, tenant).catch((err) =>
            ctx.log.error({ err, tenant_uuid: tenant }, 'could not remove the files of a deleted company'),
          );
        });
        return true;
      });
    },
  }),
);
