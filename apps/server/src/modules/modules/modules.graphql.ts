import { BATCH_MAX_RECORDS } from '@groundwork/core/limits';
import { ADMIN_ACCESS, type Permission } from '@groundwork/core/permissions';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { builder } from '../../graphql/builder.js';
import { type Ctx, checkSessionTenant, type Member, requireMember } from '../../graphql/context.js';
import { AppError, forbidden, notFound, recordError } from '../../graphql/errors.js';
import { type RecordEvent, recordTopic } from '../../platform/realtime.js';
import { modules, modulesPricing, pricing, tenantsModules, tenantsPricing } from './modules.table.js';

/** Runs `fn` in the caller's tenant transaction once the session, membership and `allowed` check pass. */
async function asMember<T>(
  ctx: Ctx,
  tenantUuid: string,
  allowed: (m: Member) => boolean,
  fn: (tx: Tx, member: Member) => Promise<T>,
): Promise<T> {
  checkSessionTenant(ctx, tenantUuid);
  return withTenant(ctx.db, tenantUuid, async (tx) => {
    const member = await requireMember(ctx, tenantUuid, tx);
    if (!allowed(member)) throw forbidden();
    return fn(tx, member);
  });
}

const anyMember = () => true;
const holds =
  (...wanted: Permission[]) =>
  (m: Member) =>
    m.permissions.has(ADMIN_ACCESS) || wanted.some((p) => m.permissions.has(p));
const adminOnly = holds();

// --- The global catalogues ---------------------------------------------------------------------------

type ModuleRow = typeof modules.$inferSelect;
type PricingRow = typeof pricing.$inferSelect;
type ModulePricingRow = typeof modulesPricing.$inferSelect;

const ModuleRef = builder.objectRef<ModuleRow>('Module').implement({
  fields: (t) => ({ id: t.exposeInt('id'), module: t.exposeString('module'), title: t.exposeString('title') }),
});
const PricingRef = builder.objectRef<PricingRow>('Pricing').implement({
  fields: (t) => ({ id: t.exposeInt('id'), title: t.exposeString('title'), price: t.exposeFloat('price') }),
});
const ModulePricingRef = builder.objectRef<ModulePricingRow>('ModulePricing').implement({
  fields: (t) => ({ modules_id: t.exposeInt('modules_id'), pricing_id: t.exposeInt('pricing_id') }),
});

builder.queryField('listModules', (t) =>
  t.field({
    type: [ModuleRef],
    description: "The product's modules; any member may read them.",
    args: { tenant_uuid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => asMember(ctx, args.tenant_uuid, anyMember, (tx) => tx.select().from(modules).orderBy(asc(modules.id))),
  }),
);

// Spec §6: pricing lists and module pricing load only for admin_access.
builder.queryField('listPricing', (t) =>
  t.field({
    type: [PricingRef],
    args: { tenant_uuid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => asMember(ctx, args.tenant_uuid, adminOnly, (tx) => tx.select().from(pricing).orderBy(asc(pricing.id))),
  }),
);

builder.queryField('listModulesPricing', (t) =>
  t.field({
    type: [ModulePricingRef],
    args: { tenant_uuid: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      asMember(ctx, args.tenant_uuid, adminOnly, (tx) =>
        tx.select().from(modulesPricing).orderBy(asc(modulesPricing.modules_id), asc(modulesPricing.pricing_id)),
      ),
  }),
);

// --- A company's module switches and plans ----------------------------------------------------------

type SwitchRow = { tenant_uuid: string; id: number; status: number; created_on: string; updated_on: string } & Record<string, unknown>;

/**
 * The record operations of spec §7 for a small per-company switch table (TenantsModules, TenantsPricing):
 * list returns the whole (catalogue-sized) list, create/update/delete take a list of records in one
 * transaction, and each change is announced on the company's own topic. Writes need admin_access.
 */
function defineSwitchOperations(opts: {
  name: string;
  typeName: string;
  table: PgTable;
  ref: 'modules_id' | 'pricing_id';
  canRead: (m: Member) => boolean;
  describe: string;
}) {
  const { name, typeName, table, ref } = opts;
  const cols = table as unknown as Record<string, PgColumn>;
  const objectRef = builder.objectRef<SwitchRow>(typeName).implement({
    description: opts.describe,
    fields: (t) => ({
      tenant_uuid: t.id({ resolve: (r) => r.tenant_uuid }),
      id: t.int({ resolve: (r) => r.id }),
      [ref]: t.int({ resolve: (r) => r[ref] as number }),
      status: t.int({ resolve: (r) => r.status }),
      created_on: t.string({ resolve: (r) => r.created_on }),
      updated_on: t.string({ resolve: (r) => r.updated_on }),
    }),
  });
  const createInput = builder.inputType(`${name}Input`, {
    fields: (t) => ({ [ref]: t.int({ required: true }), status: t.int({ required: false }) }),
  });
  const updateInput = builder.inputType(`${name}UpdateInput`, {
    fields: (t) => ({ id: t.int({ required: true }), [ref]: t.int({ required: false }), status: t.int({ required: false }) }),
  });
  const deleteInput = builder.inputType(`${name}DeleteInput`, { fields: (t) => ({ id: t.int({ required: true }) }) });

  const checkBatch = (data: unknown[]) => {
    if (data.length === 0) throw new AppError('VALIDATION', 'At least one record is required.');
    if (data.length > BATCH_MAX_RECORDS) throw new AppError('VALIDATION', `Too many records: at most ${BATCH_MAX_RECORDS} in one call.`);
  };
  const checkStatus = (status: unknown, i: number) => {
    if (status != null && status !== 0 && status !== 1) {
      throw new AppError('VALIDATION', `Record ${i + 1}: status must be 1 (on) or 0 (off).`, { index: i, field: 'status' });
    }
  };
  const publish = (ctx: Ctx, event: RecordEvent, tenant: string, rows: SwitchRow[]) => {
    for (const row of rows) ctx.realtime.publish(recordTopic(name, event, tenant), row);
  };
  const mine = (tenant: string, id: number) => and(eq(cols.tenant_uuid, tenant), eq(cols.id, id));

  builder.queryField(`list${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: t.arg.string({ required: true }) },
      resolve: (_root, args, ctx) =>
        asMember(
          ctx,
          args.tenant_uuid,
          opts.canRead,
          (tx) =>
            tx
              .select()
              .from(table)
              .where(eq(cols.tenant_uuid, args.tenant_uuid))
              .orderBy(asc(cols[ref]), asc(cols.id)) as unknown as Promise<SwitchRow[]>,
        ),
    }),
  );

  builder.queryField(`get${name}`, (t) =>
    t.field({
      type: objectRef,
      nullable: true,
      args: { tenant_uuid: t.arg.id({ required: true }), id: t.arg.int({ required: true }) },
      resolve: (_root, args, ctx) =>
        asMember(ctx, args.tenant_uuid, opts.canRead, async (tx) => {
          const rows = (await tx.select().from(table).where(mine(args.tenant_uuid, args.id))) as SwitchRow[];
          return rows[0] ?? null;
        }),
    }),
  );

  builder.mutationField(`create${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: t.arg.id({ required: true }), data: t.arg({ type: [createInput], required: true }) },
      resolve: async (_root, args, ctx) => {
        const tenant = args.tenant_uuid;
        const rows = await asMember(ctx, tenant, adminOnly, async (tx) => {
          const data = args.data as Record<string, number | null | undefined>[];
          checkBatch(data);
          const out: SwitchRow[] = [];
          for (const [i, r] of data.entries()) {
            checkStatus(r.status, i);
            try {
              const values = { tenant_uuid: tenant, [ref]: r[ref], status: r.status ?? 1 };
              out.push(
                ...((await tx
                  .insert(table)
                  .values(values as never)
                  .returning()) as SwitchRow[]),
              );
            } catch (e) {
              throw recordError(e, i);
            }
          }
          return out;
        });
        publish(ctx, 'create', tenant, rows);
        return rows;
      },
    }),
  );

  builder.mutationField(`update${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: t.arg.id({ required: true }), data: t.arg({ type: [updateInput], required: true }) },
      resolve: async (_root, args, ctx) => {
        const tenant = args.tenant_uuid;
        const rows = await asMember(ctx, tenant, adminOnly, async (tx) => {
          const data = args.data as Record<string, number | null | undefined>[];
          checkBatch(data);
          const out: SwitchRow[] = [];
          for (const [i, r] of data.entries()) {
            checkStatus(r.status, i);
            const patch: Record<string, unknown> = {};
            if (r[ref] != null) patch[ref] = r[ref];
            if (r.status != null) patch.status = r.status;
            if (Object.keys(patch).length === 0) throw new AppError('VALIDATION', `Record ${i + 1}: nothing to update.`, { index: i });
            let updated: SwitchRow[];
            try {
              updated = (await tx
                .update(table)
                .set({ ...patch, updated_on: sql`now()` } as never)
                .where(mine(tenant, r.id as number))
                .returning()) as SwitchRow[];
            } catch (e) {
              throw recordError(e, i);
            }
            if (updated.length === 0) throw notFound(`Record ${i + 1} not found.`, { index: i });
            out.push(...updated);
          }
          return out;
        });
        publish(ctx, 'update', tenant, rows);
        return rows;
      },
    }),
  );

  builder.mutationField(`delete${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: t.arg.id({ required: true }), data: t.arg({ type: [deleteInput], required: true }) },
      resolve: async (_root, args, ctx) => {
        const tenant = args.tenant_uuid;
        const rows = await asMember(ctx, tenant, adminOnly, async (tx) => {
          checkBatch(args.data);
          const out: SwitchRow[] = [];
          for (const [i, { id }] of args.data.entries()) {
            const deleted = (await tx.delete(table).where(mine(tenant, id)).returning()) as SwitchRow[];
            if (deleted.length === 0) throw notFound(`Record ${i + 1} not found.`, { index: i });
            out.push(...deleted);
          }
          return out;
        });
        publish(ctx, 'delete', tenant, rows);
        return rows;
      },
    }),
  );

  for (const event of ['create', 'update', 'delete'] as const) {
    builder.subscriptionField(`on${event[0].toUpperCase()}${event.slice(1)}${name}`, (t) =>
      t.field({
        type: objectRef,
        args: { tenant_uuid: t.arg.id({ required: true }) },
        subscribe: async (_root, args, ctx) => {
          const member = await requireMember(ctx, args.tenant_uuid);
          if (!opts.canRead(member)) throw forbidden();
          return ctx.realtime.subscribe(recordTopic(name, event, member.tenantUuid)) as AsyncIterable<SwitchRow>;
        },
        resolve: (row: SwitchRow) => row,
      }),
    );
  }
}

defineSwitchOperations({
  name: 'TenantsModules',
  typeName: 'TenantsModule',
  table: tenantsModules,
  ref: 'modules_id',
  // Which modules are on shapes everyone's menu, so every member may see the switches.
  canRead: anyMember,
  describe: 'A module switched on (status 1) or off (0) for the company; a module without a row is on.',
});

defineSwitchOperations({
  name: 'TenantsPricing',
  typeName: 'TenantsPricing',
  table: tenantsPricing,
  ref: 'pricing_id',
  canRead: holds('billing_admin', 'billing_basic'),
  describe: 'A plan the company is on (status 1 active).',
});
