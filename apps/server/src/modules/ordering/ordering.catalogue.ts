import { atField, atRecord, msg } from '@groundwork/core/messages';
import { type BulkItem, duplicatesWithin, expandBundles, itemKey, ORDERING_LIMITS, type OrderLine } from '@groundwork/core/ordering';
import { and, asc, eq, getTableColumns, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { outer } from '../../db/columns.js';
import { AppError } from '../../graphql/errors.js';
import { pageOf } from '../../graphql/paging.js';
import { selectPrepared } from '../../graphql/prepared.js';
import { storedRows } from '../../graphql/record-columns.js';
import type { BeforeWrite } from '../../graphql/record-operations.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { bundleItems, type itemClasses, items, type itemTypes } from './ordering.table.js';

export const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

// --- Catalogue --------------------------------------------------------------------------------------

export type ItemSearch = {
  search?: string | null;
  item_type_id?: number | null;
  item_class_id?: number | null;
  vendor_id?: number | null;
  /** Absent: active items (status 1 and active 'true'); false: the archived and inactive ones. */
  active?: boolean | null;
  limit: number;
  after: { item: string; id: number } | null;
  /** The fields the request selected (null: all); only those are read. */
  fields?: ReadonlySet<string> | null;
};

/** The table's columns and the joined names the request asked for, plus the keyset's keys; everything when unknown. */
export function pickColumns<C extends Record<string, unknown>, E extends Record<string, unknown>>(
  columns: C,
  extras: E,
  fields: ReadonlySet<string> | null | undefined,
  keys: string[],
): C & E {
  if (!fields) return { ...columns, ...extras };
  const wanted = (k: string) => fields.has(k) || keys.includes(k);
  return Object.fromEntries([...Object.entries(columns), ...Object.entries(extras)].filter(([k]) => wanted(k))) as C & E;
}

export type ItemRow = typeof items.$inferSelect & { vendor_name: string | null; type_name: string | null; class_name: string | null };

/** The catalogue by name, filtered; keyset pages on (item, id), served by items_tenant_name_idx. */
export async function searchItemRows(tx: Tx, tenant: string, f: ItemSearch) {
  const active = f.active ?? true;
  const q = f.search?.trim();
  const p = sql.placeholder;
  const selection = pickColumns(itemColumns, itemExtras, f.fields, ['id', 'item']);
  const has = {
    type: f.item_type_id != null,
    class: f.item_class_id != null,
    vendor: f.vendor_id != null,
    search: Boolean(q),
    after: Boolean(f.after),
  };
  // Each combination of columns and filters is one shape, built once and run as a prepared statement.
  const shape = `searchItems|${Object.keys(selection).join(',')}|${active}|${Object.values(has).map(Number).join('')}`;
  const build = () =>
    tx
      .select(selection)
      .from(items)
      .where(
        and(
          eq(items.tenant_uuid, p('tenant')),
          active ? and(eq(items.status, 1), eq(items.active, 'true')) : or(ne(items.status, 1), eq(items.active, 'false')),
          has.type ? eq(items.item_type_id, p('type')) : undefined,
          has.class ? eq(items.item_class_id, p('class')) : undefined,
          has.vendor ? eq(items.vendor_id, p('vendor')) : undefined,
          has.search
            ? or(ilike(items.item, p('pattern')), ilike(items.acc_id, p('pattern')), ilike(items.description, p('pattern')))
            : undefined,
          has.after ? sql`(${items.item}, ${items.id}) > (${p('afterItem')}, ${p('afterId')})` : undefined,
        ),
      )
      .orderBy(asc(items.item), asc(items.id))
      .limit(p('limit'));
  const rows = await selectPrepared<ItemRow>(tx, shape, build, {
    tenant,
    type: f.item_type_id,
    class: f.item_class_id,
    vendor: f.vendor_id,
    pattern: q ? escapeLike(q) : null,
    afterItem: f.after?.item,
    afterId: f.after?.id,
    limit: f.limit + 1,
  });
  return pageOf(rows, f.limit);
}
const { tenant_uuid: _t, ...itemColumns } = getTableColumns(items);
const itemExtras = {
  vendor_name: sql<
    string | null
  >`(select v.name from vendors v where v.tenant_uuid = ${outer(items.tenant_uuid)} and v.id = ${outer(items.vendor_id)})`,
  type_name: sql<
    string | null
  >`(select t.partclass from item_types t where t.tenant_uuid = ${outer(items.tenant_uuid)} and t.id = ${outer(items.item_type_id)})`,
  class_name: sql<
    string | null
  >`(select c.partclass from item_classes c where c.tenant_uuid = ${outer(items.tenant_uuid)} and c.id = ${outer(items.item_class_id)})`,
};

/** Names among `names` the catalogue already has (spec §5, case-insensitively), as the catalogue spells them. */
async function existingNames(tx: Tx, tenant: string, names: readonly string[], exceptIds: readonly number[] = []) {
  const keys = [...new Set(names.map(itemKey))];
  if (!keys.length) return [];
  const rows = await tx
    .select({ item: items.item })
    .from(items)
    .where(
      and(
        eq(items.tenant_uuid, tenant),
        sql`lower(${items.item}) in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
        exceptIds.length
          ? sql`${items.id} not in (${sql.join(
              exceptIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : undefined,
      ),
    )
    .orderBy(asc(items.item));
  return rows.map((r) => r.item);
}

/**
 * Spec §5 bulk item create: refuses the whole batch when a name repeats within it ('Duplicate items within batch')
 * or is already in the catalogue ('Duplicate items detected'); new items are active 'true', status 1.
 */
export async function bulkCreateItems(
  tx: Tx,
  tenant: string,
  batch: readonly BulkItem[],
  defaults: { item_type_id?: number | null; item_class_id?: number | null; vendor_id?: number | null; costcodes_id?: number | null },
) {
  if (!batch.length) throw new AppError('VALIDATION', msg('ordering.noItems'));
  if (batch.length > ORDERING_LIMITS.bulk) throw new AppError('VALIDATION', msg('ordering.tooManyItems'));
  const names = batch.map((b) => b.item.trim().replace(/\s+/g, ' '));
  const empty = names.findIndex((n) => !n);
  if (empty >= 0) throw new AppError('VALIDATION', atRecord(empty, atField('item', msg('ordering.required'))), { index: empty });
  const long = names.findIndex((n) => n.length > ORDERING_LIMITS.name);
  if (long >= 0)
    throw new AppError('VALIDATION', atRecord(long, atField('item', msg('form.max', { max: ORDERING_LIMITS.name }))), {
      index: long,
    });
  const within = duplicatesWithin(names);
  if (within.length) throw new AppError('VALIDATION', msg('ordering.duplicateInBatch', { names: within.join(', ') }), { field: 'items' });
  const existing = await existingNames(tx, tenant, names);
  if (existing.length) throw new AppError('VALIDATION', msg('ordering.duplicateItems', { names: existing.join(', ') }), { field: 'items' });
  await checkDefaults(tx, tenant, defaults);
  return tx
    .insert(items)
    .values(
      batch.map((b, i) => ({
        tenant_uuid: tenant,
        item: names[i],
        active: 'true',
        status: 1,
        unit: b.unit?.trim().slice(0, ORDERING_LIMITS.unit) || null,
        unit_cost_cents: b.unit_cost_cents ?? null,
        item_type_id: defaults.item_type_id ?? null,
        item_class_id: defaults.item_class_id ?? null,
        vendor_id: defaults.vendor_id ?? null,
        costcodes_id: defaults.costcodes_id ?? null,
      })),
    )
    .returning();
}

/** The batch's type, class, vendor and cost code: each the company's, or the whole batch is refused. */
async function checkDefaults(
  tx: Tx,
  tenant: string,
  d: { item_type_id?: number | null; item_class_id?: number | null; vendor_id?: number | null; costcodes_id?: number | null },
) {
  const refs: [number | null | undefined, string, string][] = [
    [d.item_type_id, 'item_types', 'item_type_id'],
    [d.item_class_id, 'item_classes', 'item_class_id'],
    [d.vendor_id, 'vendors', 'vendor_id'],
    [d.costcodes_id, 'costcodes', 'costcodes_id'],
  ];
  for (const [id, table, field] of refs) {
    if (id == null) continue;
    const found = (await tx.execute(
      sql`select 1 from ${sql.identifier(table)} where tenant_uuid = ${tenant} and id = ${id} and status = 1`,
    )) as unknown as { rows: unknown[] };
    if (!found.rows.length) throw new AppError('VALIDATION', atField(field, msg('common.chooseRecord')), { field });
  }
}

type BundlePart = { items_id: number; quantity: number; item: string; unit: string | null; unit_cost_cents: number | null };

/** The active parts of the bundles among `ids`, with each part's catalogue name, unit and cost. */
async function bundlesOf(tx: Tx, tenant: string, ids: readonly number[]) {
  const out = new Map<number, { name: string; parts: BundlePart[] }>();
  if (!ids.length) return out;
  const rows = await tx
    .select({
      bundle_id: bundleItems.bundle_items_id,
      bundle_name: sql<string>`(select b.item from items b where b.tenant_uuid = ${outer(bundleItems.tenant_uuid)} and b.id = ${outer(bundleItems.bundle_items_id)})`,
      items_id: bundleItems.items_id,
      quantity: bundleItems.quantity,
      item: items.item,
      unit: items.unit,
      unit_cost_cents: items.unit_cost_cents,
    })
    .from(bundleItems)
    .innerJoin(items, and(eq(items.tenant_uuid, bundleItems.tenant_uuid), eq(items.id, bundleItems.items_id)))
    .where(and(eq(bundleItems.tenant_uuid, tenant), inArray(bundleItems.bundle_items_id, [...ids]), eq(bundleItems.status, 1)))
    .orderBy(asc(bundleItems.id));
  for (const r of rows) {
    const entry = out.get(r.bundle_id) ?? { name: r.bundle_name, parts: [] };
    entry.parts.push({
      items_id: r.items_id,
      quantity: Number(r.quantity),
      item: r.item,
      unit: r.unit,
      unit_cost_cents: r.unit_cost_cents,
    });
    out.set(r.bundle_id, entry);
  }
  return out;
}

/**
 * An order's lines as they are kept: every item and cost code the company's, catalogue lines named and priced from
 * the catalogue where the line leaves them out, bundles expanded into their parts.
 */
export async function prepareLines(tx: Tx, tenant: string, lines: readonly OrderLine[]): Promise<OrderLine[]> {
  const itemIds = [...new Set(lines.flatMap((l) => (l.items_id ? [l.items_id] : [])))];
  const codeIds = [...new Set(lines.flatMap((l) => (l.costcodes_id ? [l.costcodes_id] : [])))];
  const known = itemIds.length
    ? await tx
        .select({ id: items.id, item: items.item, unit: items.unit, unit_cost_cents: items.unit_cost_cents, is_bundle: items.is_bundle })
        .from(items)
        .where(and(eq(items.tenant_uuid, tenant), inArray(items.id, itemIds)))
    : [];
  if (known.length !== itemIds.length) throw new AppError('VALIDATION', msg('ordering.item'), { field: 'lines' });
  if (codeIds.length) {
    const codes = await tx
      .select({ id: costcodes.id })
      .from(costcodes)
      .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)));
    if (codes.length !== codeIds.length) throw new AppError('VALIDATION', msg('ordering.costcode'), { field: 'lines' });
  }
  const byId = new Map(known.map((k) => [k.id, k]));
  const filled = lines.map((l) => {
    const k = l.items_id ? byId.get(l.items_id) : undefined;
    return {
      items_id: l.items_id ?? null,
      description: l.description?.trim() || k?.item || null,
      quantity: l.quantity,
      unit: l.unit?.trim() || k?.unit || null,
      unit_cost_cents: l.unit_cost_cents ?? k?.unit_cost_cents ?? null,
      costcodes_id: l.costcodes_id ?? null,
    };
  });
  const bundles = await bundlesOf(
    tx,
    tenant,
    known.filter((k) => k.is_bundle).map((k) => k.id),
  );
  const expanded = expandBundles(filled, bundles);
  if (expanded.length > ORDERING_LIMITS.lines) throw new AppError('VALIDATION', msg('ordering.tooManyLines'), { field: 'lines' });
  return expanded;
}

/** A bundle's active parts with their names. */
export async function bundlePartsOf(tx: Tx, tenant: string, bundle_items_id: number) {
  const rows = await tx
    .select({ id: bundleItems.id, items_id: bundleItems.items_id, item: items.item, unit: items.unit, quantity: bundleItems.quantity })
    .from(bundleItems)
    .innerJoin(items, and(eq(items.tenant_uuid, bundleItems.tenant_uuid), eq(items.id, bundleItems.items_id)))
    .where(and(eq(bundleItems.tenant_uuid, tenant), eq(bundleItems.bundle_items_id, bundle_items_id), eq(bundleItems.status, 1)))
    .orderBy(bundleItems.id);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

// --- Rules of the catalogue's record operations -------------------------------------------------------

/** A type or class may not be its own parent, nor its own ancestor. */
export function treeLoopRule(table: typeof itemTypes | typeof itemClasses): BeforeWrite {
  return async (tx, member, action, changes) => {
    if (action === 'delete') return;
    for (const c of changes) {
      const parent = c.patch?.parent_id as number | null | undefined;
      if (parent == null || c.id === null) continue;
      // Walk up from the new parent: meeting the record itself would close a loop.
      const result = (await tx.execute(sql`
        with recursive up(id, parent_id) as (
          select id, parent_id from ${table} where tenant_uuid = ${member.tenantUuid} and id = ${parent}
          union all
          select t.id, t.parent_id from ${table} t join up on t.tenant_uuid = ${member.tenantUuid} and t.id = up.parent_id
        ) cycle id set looped using path
        select 1 from up where id = ${c.id} limit 1`)) as unknown as { rows: unknown[] };
      if (result.rows.length) throw new AppError('VALIDATION', msg('ordering.parentSelf'), { field: 'parent_id' });
    }
  };
}

// Spec §5: a name the catalogue has, or one repeated in the batch, refuses the whole batch.
export const itemNameRule: BeforeWrite = async (tx, member, action, changes) => {
  if (action === 'delete') return;
  const named = changes.flatMap((c) => (typeof c.patch?.item === 'string' ? [{ id: c.id, item: (c.patch.item as string).trim() }] : []));
  const seen = new Map<string, string>();
  const within: string[] = [];
  for (const n of named) {
    const key = itemKey(n.item);
    if (seen.has(key)) within.push(seen.get(key) as string);
    else seen.set(key, n.item);
  }
  if (within.length)
    throw new AppError('VALIDATION', msg('ordering.duplicateInBatch', { names: [...new Set(within)].join(', ') }), { field: 'item' });
  const taken = await existingNames(
    tx,
    member.tenantUuid,
    named.map((n) => n.item),
    named.flatMap((n) => (n.id === null ? [] : [n.id])),
  );
  if (taken.length) throw new AppError('VALIDATION', msg('ordering.duplicateItems', { names: taken.join(', ') }), { field: 'item' });
  for (const c of changes) if (typeof c.patch?.item === 'string') c.patch.item = (c.patch.item as string).trim().replace(/\s+/g, ' ');
};

export const bundleItemRule: BeforeWrite = async (tx, member, action, changes) => {
  if (action === 'delete') return;
  const tenant = member.tenantUuid;
  // An id that is not the company's is left to the operation, which answers NOT_FOUND.
  const stored = await storedRows(tx, bundleItems, tenant, changes);
  const pairs = changes.flatMap((c) => {
    const before = stored.find((s) => s.id === c.id);
    if (c.id !== null && !before) return [];
    return [{ ...before, ...c.patch } as { bundle_items_id: number; items_id: number }];
  });
  if (!pairs.length) return;
  for (const p of pairs) {
    if (p.bundle_items_id === p.items_id) throw new AppError('VALIDATION', msg('ordering.bundleSelf'), { field: 'items_id' });
  }
  const bundles = [...new Set(pairs.map((p) => p.bundle_items_id))];
  const parts = [...new Set(pairs.map((p) => p.items_id))];
  // No nesting: a part is never a bundle, a bundle is never a part of another.
  const [nested] = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.tenant_uuid, tenant), inArray(items.id, parts), eq(items.is_bundle, true)))
    .limit(1);
  const [inside] = await tx
    .select({ id: bundleItems.id })
    .from(bundleItems)
    .where(and(eq(bundleItems.tenant_uuid, tenant), inArray(bundleItems.items_id, bundles)))
    .limit(1);
  if (nested || inside) throw new AppError('VALIDATION', msg('ordering.bundleNested'), { field: 'items_id' });
  await tx
    .update(items)
    .set({ is_bundle: true })
    .where(and(eq(items.tenant_uuid, tenant), inArray(items.id, bundles)));
};
