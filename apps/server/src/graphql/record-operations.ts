import { BATCH_MAX_RECORDS, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '@groundwork/core/limits';
import { type Area, accessTo } from '@groundwork/core/permissions';
import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type FieldNode, type GraphQLResolveInfo, Kind } from 'graphql';
import { filter, pipe } from 'graphql-yoga';
import type { z } from 'zod';
import type { Tx } from '../db/client.js';
import { type RecordEvent, type Row, recordTopic } from '../platform/realtime.js';
import { builder } from './builder.js';
import type { Ctx } from './context.js';
import { AppError, forbidden, notFound, recordError } from './errors.js';
import { enterTenant, type Gated, type Member, tenantSubscription } from './gate.js';
import { selectPrepared } from './prepared.js';

type Scalar = 'Int' | 'Float' | 'Boolean' | 'ID' | 'String' | 'JSON';

export type RecordModel = {
  /** The spec's model name; operations are list<name>, get<name>, create<name>… */
  name: string;
  /** The GraphQL object type's name. */
  typeName: string;
  table: PgTable;
  /** The area of the permission matrix (packages/core/src/permissions.ts) whose rules apply. */
  area: Area;
  /**
   * The table's employees_id owns each row: members whose access to the area is 'own' (spec §6) see and
   * add only their own rows. Without it, 'own' access reaches nothing here.
   */
  ownRecords?: boolean;
  /** Writes change who may do what (status, admin flag, groups): the tenant's cached members are dropped. */
  changesAccess?: boolean;
  /** The only columns members who may read but not write the area receive; the others read as null. */
  readerColumns?: readonly string[];
  /** Ascending, non-null sort keys; id is always appended so the order is total and the cursor stable. */
  orderBy?: () => SQL[];
  /** Columns a client may never write. id, tenant_uuid, created_on and updated_on never are. */
  readOnly?: string[];
  /** Rules the column types cannot express; field names are the columns'. */
  validate?: z.ZodType<Record<string, unknown>>;
  /**
   * Delete becomes an update of this column to this value: the row stays (spec: job soft delete), and
   * from then on every operation treats it as gone.
   */
  softDelete?: { column: string; value: unknown };
  /**
   * Rules that need the stored rows (e.g. the last admin of a company), run in the write's transaction
   * before the write (create: id null); throw an AppError to refuse the whole batch.
   */
  beforeWrite?: (
    tx: Tx,
    member: Member,
    action: 'create' | 'update' | 'delete',
    changes: { id: number | null; patch: Row | null }[],
  ) => Promise<void>;
};

/** A model's beforeWrite rule, for modules that keep their rules apart from the wiring. */
export type BeforeWrite = NonNullable<RecordModel['beforeWrite']>;

type Column = { key: string; column: PgColumn; scalar: Scalar };

const ALWAYS_READ_ONLY = new Set(['id', 'tenant_uuid', 'created_on', 'updated_on']);

function scalarOf(column: PgColumn): Scalar {
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgSerial':
    case 'PgSmallSerial':
      return 'Int';
    case 'PgDoublePrecision':
    case 'PgReal':
    case 'PgNumericNumber':
    case 'PgBigInt53':
      return 'Float';
    case 'PgBoolean':
      return 'Boolean';
    case 'PgUUID':
      return 'ID';
    case 'PgJson':
    case 'PgJsonb':
      return 'JSON';
    default:
      return 'String';
  }
}

/**
 * Through the gate with the model's area; 'own' access is honoured only where the table has an owner.
 * Writes that change access drop the company's cached members once they commit.
 */
function gated<T>(
  ctx: Ctx,
  model: RecordModel,
  tenantUuid: string,
  action: 'read' | 'create' | 'write',
  fn: (g: Gated & { ownOnly: boolean }) => Promise<T>,
): Promise<T> {
  const changesAccess = action !== 'read' && model.changesAccess;
  return enterTenant(
    ctx,
    tenantUuid,
    { area: model.area, action, changesAccess },
    (g) => {
      const ownOnly = g.access === 'own';
      if (ownOnly && !model.ownRecords) throw forbidden();
      return fn({ ...g, ownOnly });
    },
    { readOnly: action === 'read' },
  );
}

/**
 * The columns a query selects under `items` (list) or at the top (get), so the database sends only
 * those; null when the selection uses fragments, and every column is read.
 */
export function selectedColumns(info: GraphQLResolveInfo, underItems: boolean): Set<string> | null {
  let selections = info.fieldNodes[0]?.selectionSet?.selections ?? [];
  if (underItems) {
    const items = selections.find((n): n is FieldNode => n.kind === Kind.FIELD && n.name.value === 'items');
    if (!items) return new Set();
    selections = items.selectionSet?.selections ?? [];
  }
  const names = new Set<string>();
  for (const node of selections) {
    if (node.kind !== Kind.FIELD) return null;
    names.add(node.name.value);
  }
  return names;
}

const encodeCursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

function decodeCursor(token: string, length: number): unknown[] {
  try {
    const values = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    // Only plain values: a forged token's objects never reach SQL, and a wrong type is PostgreSQL's 22P02.
    const plain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (Array.isArray(values) && values.length === length && values.every(plain)) return values;
  } catch {
    // fall through: a token we did not issue
  }
  throw new AppError('VALIDATION', 'Invalid nextToken.');
}

function checkBatch(data: unknown[]) {
  if (data.length === 0) throw new AppError('VALIDATION', 'At least one record is required.');
  if (data.length > BATCH_MAX_RECORDS) {
    throw new AppError('VALIDATION', `Too many records: at most ${BATCH_MAX_RECORDS} in one call.`);
  }
}

/** Builds the generic operations of DESIGN.md "API" for one table; modules add only what differs. */
export function defineRecordOperations(model: RecordModel) {
  const { name, typeName, table } = model;
  const columns: Column[] = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    column: column as PgColumn,
    scalar: scalarOf(column as PgColumn),
  }));
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const col = (key: string) => {
    const c = byKey.get(key);
    if (!c) throw new Error(`${name}: table has no column ${key}`);
    return c.column;
  };
  const tenantCol = col('tenant_uuid');
  const idCol = col('id');
  const ownerCol = model.ownRecords ? col('employees_id') : undefined;
  const readOnly = new Set([...ALWAYS_READ_ONLY, ...(model.readOnly ?? [])]);
  const writable = columns.filter((c) => !readOnly.has(c.key));
  const hasUpdatedOn = byKey.has('updated_on');
  const allColumns = getTableColumns(table);
  // Columns the schema declares non-null are always read (GraphQL cannot answer null for them); the model's
  // reader columns must therefore leave only nullable private fields out.
  const readerColumns = model.readerColumns
    ? new Set([...model.readerColumns, ...columns.filter((c) => c.column.notNull).map((c) => c.key)])
    : null;
  /** The columns to read: those the query selects, narrowed to readerColumns for members who only read. */
  const projection = (info: GraphQLResolveInfo, underItems: boolean, member: Member) => {
    const wanted = selectedColumns(info, underItems);
    const readerOnly = readerColumns && !accessTo(member.permissions, model.area, 'write', member.off);
    if (!wanted && !readerOnly) return allColumns;
    return Object.fromEntries(
      Object.entries(allColumns).filter(([k]) => k === 'id' || ((!wanted || wanted.has(k)) && (!readerOnly || readerColumns.has(k)))),
    );
  };
  const softDelete = model.softDelete ? { column: col(model.softDelete.column), value: model.softDelete.value } : undefined;

  // --- GraphQL types -------------------------------------------------------------------------
  const objectRef = builder.objectRef<Row>(typeName).implement({
    fields: (t) =>
      Object.fromEntries(
        columns.map((c) => [c.key, t.field({ type: c.scalar, nullable: !c.column.notNull, resolve: (row) => row[c.key] as never })]),
      ),
  });

  const connectionRef = builder.objectRef<{ items: Row[]; nextToken: string | null }>(`${typeName}Connection`).implement({
    fields: (t) => ({
      items: t.field({ type: [objectRef], resolve: (p) => p.items }),
      nextToken: t.exposeString('nextToken', { nullable: true }),
    }),
  });

  type Values = Record<string, unknown>;
  type Filter = {
    and?: Filter[] | null;
    eq?: Values | null;
    ne?: Values | null;
    in?: Record<string, unknown[] | null | undefined> | null;
  };
  const valuesRef = builder.inputRef<Values>(`${name}Values`).implement({
    // Column-driven fields are typed by the table at run time; the static type is the loose Values.
    fields: (t) => Object.fromEntries(columns.map((c) => [c.key, t.field({ type: c.scalar, required: false })])) as never,
  });
  const valueListsRef = builder.inputRef<NonNullable<Filter['in']>>(`${name}ValueLists`).implement({
    fields: (t) => Object.fromEntries(columns.map((c) => [c.key, t.field({ type: [c.scalar], required: false })])),
  });
  const filterRef = builder.inputRef<Filter>(`${name}Filter`);
  filterRef.implement({
    fields: (t) => ({
      and: t.field({ type: [filterRef], required: false }),
      eq: t.field({ type: valuesRef, required: false }),
      ne: t.field({ type: valuesRef, required: false }),
      in: t.field({ type: valueListsRef, required: false }),
    }),
  });

  const createInputRef = builder.inputType(`${name}Input`, {
    fields: (t) =>
      Object.fromEntries(
        writable.map((c) => [
          c.key,
          // The owner of an own-records model defaults to the caller, so it is never required.
          t.field({ type: c.scalar, required: c.column.notNull && !c.column.hasDefault && c.column !== ownerCol }),
        ]),
      ),
  });
  const updateInputRef = builder.inputType(`${name}UpdateInput`, {
    fields: (t) => ({
      id: t.int({ required: true }),
      ...Object.fromEntries(writable.filter((c) => c.key !== 'uuid').map((c) => [c.key, t.field({ type: c.scalar, required: false })])),
    }),
  });
  const deleteInputRef = builder.inputType(`${name}DeleteInput`, {
    fields: (t) => ({ id: t.int({ required: true }) }),
  });

  // --- SQL helpers ---------------------------------------------------------------------------
  const filterSql = (f: Filter | null | undefined): SQL | undefined => {
    if (!f) return undefined;
    const parts: (SQL | undefined)[] = [];
    for (const sub of f.and ?? []) parts.push(filterSql(sub));
    for (const [k, v] of Object.entries(f.eq ?? {})) {
      if (v !== undefined) parts.push(v === null ? isNull(col(k)) : eq(col(k), v));
    }
    for (const [k, v] of Object.entries(f.ne ?? {})) {
      if (v !== undefined) parts.push(v === null ? isNotNull(col(k)) : ne(col(k), v));
    }
    for (const [k, list] of Object.entries(f.in ?? {})) {
      if (!list) continue;
      // An empty list matches nothing, as SQL's `in ()` would if it were allowed.
      parts.push(list.length === 0 ? sql`false` : inArray(col(k), list));
    }
    return and(...parts);
  };
  const scope = (member: Member, ownOnly: boolean): SQL =>
    and(
      eq(tenantCol, member.tenantUuid),
      ownOnly && ownerCol ? eq(ownerCol, member.employeeId) : undefined,
      softDelete ? ne(softDelete.column, softDelete.value) : undefined,
    ) as SQL;

  const cleanRecord = (record: Row, index: number): Row => {
    const out: Row = {};
    for (const [k, v] of Object.entries(record)) {
      if (v !== undefined && byKey.has(k) && !readOnly.has(k)) out[k] = v;
    }
    if (model.validate) {
      const parsed = model.validate.safeParse(out);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.');
        throw new AppError('VALIDATION', `Record ${index + 1}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`, {
          index,
          field,
        });
      }
    }
    return out;
  };

  const publish = (g: Gated, event: RecordEvent, rows: Row[]) => {
    const topic = recordTopic(name, event, g.member.tenantUuid);
    g.afterCommit(() => {
      for (const row of rows) g.ctx.realtime.publish(topic, row);
    });
  };

  const tenantArg = (t: { arg: { id: (o: { required: true }) => unknown } }) => t.arg.id({ required: true });

  // --- Queries -------------------------------------------------------------------------------
  builder.queryField(`list${name}`, (t) =>
    t.field({
      type: connectionRef,
      args: {
        tenant_uuid: tenantArg(t) as never,
        filter: t.arg({ type: filterRef, required: false }),
        limit: t.arg.int({ required: false }),
        nextToken: t.arg.string({ required: false }),
      },
      resolve: (_root, args, ctx, info) =>
        gated(ctx, model, args.tenant_uuid as string, 'read', async ({ tx, member, ownOnly }) => {
          const limit = args.limit ?? LIST_DEFAULT_LIMIT;
          if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX_LIMIT) {
            throw new AppError('VALIDATION', `limit must be between 1 and ${LIST_MAX_LIMIT}.`);
          }
          const keys = [...(model.orderBy?.() ?? []), sql`${idCol}`];
          const after = args.nextToken ? decodeCursor(args.nextToken, keys.length) : undefined;
          const afterSql = after
            ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
                after.map((v) => sql`${v}`),
                sql`, `,
              )})`
            : undefined;
          const keyFields = Object.fromEntries(keys.map((k, i) => [`__k${i}`, k]));
          const columns = projection(info, true, member);
          let rows: unknown[];
          if (!args.filter) {
            // Without a filter a list has few shapes (columns, own rows, a cursor): each is built and parsed once.
            const shape = `list${name}|${Object.keys(columns).join(',')}|${ownOnly}|${after ? 'after' : ''}`;
            const p = sql.placeholder;
            rows = await selectPrepared(
              tx,
              shape,
              () =>
                tx
                  .select({ ...columns, ...keyFields } as never)
                  .from(table)
                  .where(
                    and(
                      eq(tenantCol, p('tenant')),
                      ownOnly && ownerCol ? eq(ownerCol, p('owner')) : undefined,
                      softDelete ? ne(softDelete.column, softDelete.value) : undefined,
                      after
                        ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
                            keys.map((_, i) => sql`${p(`k${i}`)}`),
                            sql`, `,
                          )})`
                        : undefined,
                    ),
                  )
                  .orderBy(...keys.map((k) => asc(k)))
                  .limit(p('limit')) as never,
              {
                tenant: member.tenantUuid,
                owner: member.employeeId,
                limit: limit + 1,
                ...Object.fromEntries((after ?? []).map((v, i) => [`k${i}`, v])),
              },
            );
          } else {
            rows = await tx
              .select({ ...columns, ...keyFields } as never)
              .from(table)
              .where(and(scope(member, ownOnly), filterSql(args.filter), afterSql))
              .orderBy(...keys.map((k) => asc(k)))
              .limit(limit + 1);
          }
          const more = rows.length > limit;
          const page = (more ? rows.slice(0, limit) : rows) as Row[];
          const last = page[page.length - 1];
          const nextToken = more && last ? encodeCursor(keys.map((_, i) => last[`__k${i}`])) : null;
          // The sort keys leave each row as a fresh object: deleting properties would slow every later read of it.
          const items = page.map((row) => {
            const item: Row = {};
            for (const k in row) if (!k.startsWith('__k')) item[k] = row[k];
            return item;
          });
          return { items, nextToken };
        }),
    }),
  );

  builder.queryField(`get${name}`, (t) =>
    t.field({
      type: objectRef,
      nullable: true,
      args: { tenant_uuid: tenantArg(t) as never, id: t.arg.int({ required: true }) },
      resolve: (_root, args, ctx, info) =>
        gated(ctx, model, args.tenant_uuid as string, 'read', async ({ tx, member, ownOnly }) => {
          const rows = await tx
            .select(projection(info, false, member) as never)
            .from(table)
            .where(and(scope(member, ownOnly), eq(idCol, args.id)))
            .limit(1);
          return (rows[0] as Row | undefined) ?? null;
        }),
    }),
  );

  // --- Mutations: each batch is one transaction, all or nothing; events go out after commit --------
  builder.mutationField(`create${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: tenantArg(t) as never, data: t.arg({ type: [createInputRef], required: true }) },
      resolve: (_root, args, ctx) => {
        const tenant = args.tenant_uuid as string;
        return gated(ctx, model, tenant, 'create', async (g) => {
          const { tx, member, ownOnly } = g;
          const data = args.data as Row[];
          checkBatch(data);
          const records = data.map((r, i) => {
            const rec = cleanRecord(r, i);
            if (ownOnly && ownerCol && rec.employees_id != null && rec.employees_id !== member.employeeId) {
              throw forbidden();
            }
            if (ownerCol) rec.employees_id = ownOnly ? member.employeeId : (rec.employees_id ?? member.employeeId);
            return { ...rec, tenant_uuid: tenant };
          });
          await model.beforeWrite?.(
            tx,
            member,
            'create',
            records.map((patch) => ({ id: null, patch })),
          );
          const out: Row[] = [];
          for (const [i, rec] of records.entries()) {
            try {
              out.push(
                ...((await tx
                  .insert(table)
                  .values(rec as never)
                  .returning()) as Row[]),
              );
            } catch (e) {
              throw recordError(e, i);
            }
          }
          publish(g, 'create', out);
          return out;
        });
      },
    }),
  );

  builder.mutationField(`update${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: tenantArg(t) as never, data: t.arg({ type: [updateInputRef], required: true }) },
      resolve: (_root, args, ctx) => {
        const tenant = args.tenant_uuid as string;
        return gated(ctx, model, tenant, 'write', async (g) => {
          const { tx, member } = g;
          const data = args.data as Row[];
          checkBatch(data);
          const patches = data.map((r, i) => {
            const patch = cleanRecord(r, i);
            delete patch.uuid;
            if (Object.keys(patch).length === 0) {
              throw new AppError('VALIDATION', `Record ${i + 1}: nothing to update.`, { index: i });
            }
            return { id: r.id as number, patch };
          });
          await model.beforeWrite?.(tx, member, 'update', patches);
          const out: Row[] = [];
          for (const [i, { id, patch }] of patches.entries()) {
            const set = hasUpdatedOn ? { ...patch, updated_on: sql`now()` } : patch;
            let rows: Row[];
            try {
              rows = (await tx
                .update(table)
                .set(set as never)
                .where(and(scope(member, false), eq(idCol, id)))
                .returning()) as Row[];
            } catch (e) {
              throw recordError(e, i);
            }
            if (rows.length === 0) throw notFound(`Record ${i + 1} not found.`, { index: i });
            out.push(...rows);
          }
          publish(g, 'update', out);
          return out;
        });
      },
    }),
  );

  builder.mutationField(`delete${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: tenantArg(t) as never, data: t.arg({ type: [deleteInputRef], required: true }) },
      resolve: (_root, args, ctx) => {
        const tenant = args.tenant_uuid as string;
        return gated(ctx, model, tenant, 'write', async (g) => {
          const { tx, member } = g;
          const data = args.data as { id: number }[];
          checkBatch(data);
          await model.beforeWrite?.(
            tx,
            member,
            'delete',
            data.map(({ id }) => ({ id, patch: null })),
          );
          const out: Row[] = [];
          for (const [i, { id }] of data.entries()) {
            const where = and(scope(member, false), eq(idCol, id));
            let rows: Row[];
            try {
              rows = (
                softDelete
                  ? await tx
                      .update(table)
                      .set({ [softDelete.column.name]: softDelete.value } as never)
                      .where(where)
                      .returning()
                  : await tx.delete(table).where(where).returning()
              ) as Row[];
            } catch (e) {
              throw recordError(e, i);
            }
            if (rows.length === 0) throw notFound(`Record ${i + 1} not found.`, { index: i });
            out.push(...rows);
          }
          publish(g, 'delete', out);
          return out;
        });
      },
    }),
  );

  // --- Subscriptions: per-tenant topics; members with own access only get their own rows -------------
  for (const event of ['create', 'update', 'delete'] as const) {
    tenantSubscription(
      `on${event[0].toUpperCase()}${event.slice(1)}${name}`,
      { area: model.area, action: 'read' },
      {
        type: objectRef,
        source: (member, access, ctx) => {
          if (access === 'own' && !ownerCol) throw forbidden();
          const source = ctx.realtime.subscribe(recordTopic(name, event, member.tenantUuid));
          if (access === 'all') return source;
          return pipe(
            source,
            filter((row: Row) => row.employees_id === member.employeeId),
          );
        },
        resolve: (row: Row) => row,
      },
    );
  }

  return { objectRef, filterRef, connectionRef };
}
