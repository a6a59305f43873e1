import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '@groundwork/core/limits';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { filter, pipe } from 'graphql-yoga';
import { type RecordEvent, type Row, recordTopic } from '../platform/realtime.js';
import { builder } from './builder.js';
import type { Ctx } from './context.js';
import { AppError, forbidden, notFound, recordError } from './errors.js';
import { enterTenant, type Gated, tenantSubscription } from './gate.js';
import { selectPrepared } from './prepared.js';
import { checkBatch, decodeCursor, encodeCursor, recordColumns } from './record-columns.js';
import type { RecordModel } from './record-model.js';
import { recordTypes } from './record-types.js';

// Modules import selectedColumns from here, with the record operations it serves.
export { selectedColumns } from './record-columns.js';

export type { BeforeWrite, RecordModel } from './record-model.js';

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
 * Writes a batch one record at a time, in the caller's transaction (all or nothing): a failure names the record it
 * came from, and with `mustMatch` a write that reached no row is that record's "not found".
 */
export async function writeEach<I>(
  items: readonly I[],
  write: (item: I, index: number) => PromiseLike<unknown[]>,
  opts: { mustMatch?: boolean } = {},
): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [i, item] of items.entries()) {
    let rows: unknown[];
    try {
      rows = await write(item, i);
    } catch (e) {
      throw recordError(e, i);
    }
    if (opts.mustMatch && rows.length === 0) throw notFound(`Record ${i + 1} not found.`, { index: i });
    out.push(...rows);
  }
  return out;
}

/** Builds the generic operations of DESIGN.md "API" for one table; modules add only what differs. */
export function defineRecordOperations(model: RecordModel) {
  const { name, typeName, table } = model;
  const { columns, tenantCol, idCol, ownerCol, writable, hasUpdatedOn, projection, softDelete, filterSql, scope, cleanRecord } =
    recordColumns(model);
  const { objectRef, connectionRef, filterRef, createInputRef, updateInputRef, deleteInputRef } = recordTypes(
    name,
    typeName,
    columns,
    writable,
    ownerCol,
  );

  const publish = (g: Gated, event: RecordEvent, rows: Row[]) => {
    const topic = recordTopic(name, event, g.member.tenantUuid);
    g.afterCommit(() => {
      for (const row of rows) g.ctx.realtime.publish(topic, row);
    });
  };

  // --- Queries -------------------------------------------------------------------------------
  builder.queryField(`list${name}`, (t) =>
    t.field({
      type: connectionRef,
      args: {
        tenant_uuid: t.arg.id({ required: true }),
        filter: t.arg({ type: filterRef, required: false }),
        limit: t.arg.int({ required: false }),
        nextToken: t.arg.string({ required: false }),
      },
      resolve: (_root, args, ctx, info) =>
        gated(ctx, model, args.tenant_uuid, 'read', async ({ tx, member, ownOnly }) => {
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
                  .select({ ...columns, ...keyFields })
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
                  .limit(p('limit')),
              {
                tenant: member.tenantUuid,
                owner: member.employeeId,
                limit: limit + 1,
                ...Object.fromEntries((after ?? []).map((v, i) => [`k${i}`, v])),
              },
            );
          } else {
            rows = await tx
              .select({ ...columns, ...keyFields })
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
      args: { tenant_uuid: t.arg.id({ required: true }), id: t.arg.int({ required: true }) },
      resolve: (_root, args, ctx, info) =>
        gated(ctx, model, args.tenant_uuid, 'read', async ({ tx, member, ownOnly }) => {
          const rows = await tx
            .select(projection(info, false, member))
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
      args: { tenant_uuid: t.arg.id({ required: true }), data: t.arg({ type: [createInputRef], required: true }) },
      resolve: (_root, args, ctx) => {
        const tenant = args.tenant_uuid;
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
          const out = (await writeEach(records, (rec) =>
            tx
              .insert(table)
              .values(rec as PgInsertValue<PgTable>)
              .returning(),
          )) as Row[];
          publish(g, 'create', out);
          return out;
        });
      },
    }),
  );

  builder.mutationField(`update${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: t.arg.id({ required: true }), data: t.arg({ type: [updateInputRef], required: true }) },
      resolve: (_root, args, ctx) => {
        const tenant = args.tenant_uuid;
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
          const out = (await writeEach(
            patches,
            ({ id, patch }) => {
              const set = hasUpdatedOn ? { ...patch, updated_on: sql`now()` } : patch;
              return tx
                .update(table)
                .set(set as PgUpdateSetSource<PgTable>)
                .where(and(scope(member, false), eq(idCol, id)))
                .returning();
            },
            { mustMatch: true },
          )) as Row[];
          publish(g, 'update', out);
          return out;
        });
      },
    }),
  );

  builder.mutationField(`delete${name}`, (t) =>
    t.field({
      type: [objectRef],
      args: { tenant_uuid: t.arg.id({ required: true }), data: t.arg({ type: [deleteInputRef], required: true }) },
      resolve: (_root, args, ctx) => {
        const tenant = args.tenant_uuid;
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
          const out = (await writeEach(
            data,
            ({ id }) => {
              const where = and(scope(member, false), eq(idCol, id));
              return softDelete
                ? tx
                    .update(table)
                    .set({ [softDelete.column.name]: softDelete.value } as PgUpdateSetSource<PgTable>)
                    .where(where)
                    .returning()
                : tx.delete(table).where(where).returning();
            },
            { mustMatch: true },
          )) as Row[];
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
