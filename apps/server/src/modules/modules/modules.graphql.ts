import { atRecord, msg } from '@groundwork/core/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { builder } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import { AppError } from '../../graphql/errors.js';
import { enterTenant, type Gated, type Rule, tenantQuery, tenantSubscription } from '../../graphql/gate.js';
import { batchMutation, writeEach } from '../../graphql/record-batch.js';
import { recordTopic } from '../../platform/realtime.js';
import { modules, modulesPricing, pricing, tenantsModules, tenantsPricing } from './modules.table.js';

const MODULES_READ: Rule = { area: 'modules', action: 'read' };
/** Spec §6: pricing lists and module pricing load only for admin_access; only admins change plans and switches. */
const ADMIN_ONLY: Rule = { area: 'pricing', action: 'write' };
const ADMIN_SWITCH: Rule = { ...ADMIN_ONLY, changesAccess: true };
const PRICING_READ: Rule = { area: 'pricing', action: 'read' };

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

tenantQuery('listModules', MODULES_READ, {
  type: [ModuleRef],
  description: "The product's modules; any member may read them.",
  resolve: (_args, { tx }) => tx.select().from(modules).orderBy(asc(modules.id)),
});

tenantQuery('listPricing', PRICING_READ, {
  type: [PricingRef],
  resolve: (_args, { tx }) => tx.select().from(pricing).orderBy(asc(pricing.id)),
});

tenantQuery('listModulesPricing', PRICING_READ, {
  type: [ModulePricingRef],
  resolve: (_args, { tx }) => tx.select().from(modulesPricing).orderBy(asc(modulesPricing.modules_id), asc(modulesPricing.pricing_id)),
});

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
  read: Rule;
  /** Writes change what members may reach (module switches): the company's cached members are dropped. */
  changesAccess?: boolean;
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

  const checkStatus = (status: unknown, i: number) => {
    if (status != null && status !== 0 && status !== 1) {
      throw new AppError('VALIDATION', atRecord(i, msg('common.statusOnOff')), { index: i, field: 'status' });
    }
  };
  const mine = (tenant: string, id: number) => and(eq(cols.tenant_uuid, tenant), eq(cols.id, id));

  builder.queryField(`list${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: t.arg.id({ required: true }) },
      resolve: (_root, args, ctx) =>
        enterTenant(
          ctx,
          args.tenant_uuid,
          opts.read,
          ({ tx }) =>
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
        enterTenant(ctx, args.tenant_uuid, opts.read, async ({ tx }) => {
          const rows = (await tx.select().from(table).where(mine(args.tenant_uuid, args.id))) as SwitchRow[];
          return rows[0] ?? null;
        }),
    }),
  );

  const rule = opts.changesAccess ? ADMIN_SWITCH : ADMIN_ONLY;
  const enter = (ctx: Ctx, tenant: string, fn: (g: Gated) => Promise<SwitchRow[]>) => enterTenant(ctx, tenant, rule, fn);
  type Values = Record<string, number | null | undefined>;

  batchMutation({
    name,
    event: 'create',
    type: objectRef,
    input: createInput,
    enter,
    write: async ({ tx, member }, data: Values[]) =>
      (await writeEach(data, (r, i) => {
        checkStatus(r.status, i);
        const values = { tenant_uuid: member.tenantUuid, [ref]: r[ref], status: r.status ?? 1 };
        return tx
          .insert(table)
          .values(values as never)
          .returning();
      })) as SwitchRow[],
  });

  batchMutation({
    name,
    event: 'update',
    type: objectRef,
    input: updateInput,
    enter,
    write: async ({ tx, member }, data: Values[]) =>
      (await writeEach(
        data,
        (r, i) => {
          checkStatus(r.status, i);
          const patch: Record<string, unknown> = {};
          if (r[ref] != null) patch[ref] = r[ref];
          if (r.status != null) patch.status = r.status;
          if (Object.keys(patch).length === 0) throw new AppError('VALIDATION', atRecord(i, msg('common.nothingToUpdate')), { index: i });
          return tx
            .update(table)
            .set({ ...patch, updated_on: sql`now()` } as never)
            .where(mine(member.tenantUuid, r.id as number))
            .returning();
        },
        { mustMatch: true },
      )) as SwitchRow[],
  });

  batchMutation({
    name,
    event: 'delete',
    type: objectRef,
    input: deleteInput,
    enter,
    write: async ({ tx, member }, data: { id: number }[]) =>
      (await writeEach(data, ({ id }) => tx.delete(table).where(mine(member.tenantUuid, id)).returning(), {
        mustMatch: true,
      })) as SwitchRow[],
  });

  for (const event of ['create', 'update', 'delete'] as const) {
    tenantSubscription(`on${event[0].toUpperCase()}${event.slice(1)}${name}`, opts.read, {
      type: objectRef,
      source: (member, _access, ctx) => ctx.realtime.subscribe(recordTopic(name, event, member.tenantUuid)) as AsyncIterable<SwitchRow>,
      resolve: (row: SwitchRow) => row,
    });
  }
}

defineSwitchOperations({
  name: 'TenantsModules',
  typeName: 'TenantsModule',
  table: tenantsModules,
  ref: 'modules_id',
  // Which modules are on shapes everyone's menu, so every member may see the switches.
  read: MODULES_READ,
  changesAccess: true,
  describe: 'A module switched on (status 1) or off (0) for the company; a module without a row is on.',
});

defineSwitchOperations({
  name: 'TenantsPricing',
  typeName: 'TenantsPricing',
  table: tenantsPricing,
  ref: 'pricing_id',
  read: { area: 'billing', action: 'read' },
  describe: 'A plan the company is on (status 1 active).',
});
