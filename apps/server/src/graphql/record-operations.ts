import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '@groundwork/core/limits';
import { atRecord, msg } from '@groundwork/core/messages';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { filter, pipe } from 'graphql-yoga';
import { type Row, recordTopic } from '../platform/realtime.js';
import { builder } from './builder.js';
import type { Ctx } from './context.js';
import { AppError, forbidden } from './errors.js';
import { enterTenant, type Gated, tenantSubscription } from './gate.js';
import { selectPrepared } from './prepared.js';
import { batchMutation, writeEach } from './record-batch.js';
import { decodeCursor, encodeCursor, recordColumns } from './record-columns.js';
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

  // --- Queries -------------------------------------------------------------------------------
  /** A list's sort keys: the model's order, then the id (a cursor holds one value for each). */
  const sortKeys = () => [...(model.orderBy?.() ?? []), sql`${idCol}`];
  const keyCount = sortKeys().length;
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
            throw new AppError('VALIDATION', msg('common.limitRange', { max: LIST_MAX_LIMIT }));
          }
          const after = args.nextToken ? decodeCursor(args.nextToken, keyCount) : undefined;
          const { columns, key } = projection(info, true, member);
          let rows: unknown[];
          if (!args.filter) {
            // Without a filter a list has few shapes (columns, own rows, a cursor): each is built and parsed once,
            // and a request builds nothing.
            const shape = `list${name}|${key}|${ownOnly}|${after ? 'after' : ''}`;
            const p = sql.placeholder;
            rows = await selectPrepared(
              tx,
              shape,
              () => {
                const keys = sortKeys();
                // The next page's cursor needs the sort keys of the page's last row only: the others get nulls (no
                // text to send, decode and drop), in the same order, so PostgreSQL sorts once.
                const ordered = sql.join(keys, sql`, `);
                const lastKeys = Object.fromEntries(
                  keys.map((k, i) => [`__k${i}`, sql`case when row_number() over (order by ${ordered}) = ${p('last')} then ${k} end`]),
                );
                return tx
                  .select({ ...columns, ...lastKeys })
                  .from(table)
                  .where(
                    and(
                      eq(tenantCol, p('tenant')),
                      ownOnly && ownerCol ? eq(ownerCol, p('owner')) : undefined,
                      softDelete ? ne(softDelete.column, softDelete.value) : undefined,
                      after
                        ? sql`(${ordered}) > (${sql.join(
                            keys.map((_, i) => sql`${p(`k${i}`)}`),
                            sql`, `,
                          )})`
                        : undefined,
                    ),
                  )
                  .orderBy(...keys.map((k) => asc(k)))
                  .limit(p('limit'));
              },
              {
                tenant: member.tenantUuid,
                owner: member.employeeId,
                limit: limit + 1,
                last: limit,
                ...(after ? Object.fromEntries(after.map((v, i) => [`k${i}`, v])) : {}),
              },
            );
          } else {
            const keys = sortKeys();
            const afterSql = after
              ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
                  after.map((v) => sql`${v}`),
                  sql`, `,
                )})`
              : undefined;
            rows = await tx
              .select({ ...columns, ...Object.fromEntries(keys.map((k, i) => [`__k${i}`, k])) })
              .from(table)
              .where(and(scope(member, ownOnly), filterSql(args.filter), afterSql))
              .orderBy(...keys.map((k) => asc(k)))
              .limit(limit + 1);
          }
          const more = rows.length > limit;
          const page = (more ? rows.slice(0, limit) : rows) as Row[];
          const last = page[page.length - 1];
          const nextToken = more && last ? encodeCursor(Array.from({ length: keyCount }, (_, i) => last[`__k${i}`])) : null;
          // The sort keys (`__k…`) stay on the rows: no field reads them, and a copy per row would cost more.
          const items = page;
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
            .select(projection(info, false, member).columns)
            .from(table)
            .where(and(scope(member, ownOnly), eq(idCol, args.id)))
            .limit(1);
          return (rows[0] as Row | undefined) ?? null;
        }),
    }),
  );

  // --- Mutations: each batch is one transaction, all or nothing; events go out after commit --------
  const enter = (action: 'create' | 'write') => (ctx: Ctx, tenant: string, fn: (g: Gated & { ownOnly: boolean }) => Promise<Row[]>) =>
    gated(ctx, model, tenant, action, fn);

  batchMutation({
    name,
    event: 'create',
    type: objectRef,
    input: createInputRef,
    enter: enter('create'),
    write: async ({ tx, member, ownOnly, ctx }, data: Row[]) => {
      const records = data.map((r, i) => {
        const rec = cleanRecord(r, i);
        if (ownOnly && ownerCol && rec.employees_id != null && rec.employees_id !== member.employeeId) {
          throw forbidden();
        }
        if (ownerCol) rec.employees_id = ownOnly ? member.employeeId : (rec.employees_id ?? member.employeeId);
        return { ...rec, tenant_uuid: member.tenantUuid };
      });
      await model.beforeWrite?.(
        tx,
        member,
        'create',
        records.map((patch) => ({ id: null, patch })),
        ctx.now(),
      );
      return (await writeEach(records, (rec) =>
        tx
          .insert(table)
          .values(rec as PgInsertValue<PgTable>)
          .returning(),
      )) as Row[];
    },
  });

  batchMutation({
    name,
    event: 'update',
    type: objectRef,
    input: updateInputRef,
    enter: enter('write'),
    write: async ({ tx, member, ctx }, data: Row[]) => {
      const patches = data.map((r, i) => {
        const patch = cleanRecord(r, i);
        delete patch.uuid;
        if (Object.keys(patch).length === 0) {
          throw new AppError('VALIDATION', atRecord(i, msg('common.nothingToUpdate')), { index: i });
        }
        return { id: r.id as number, patch };
      });
      await model.beforeWrite?.(tx, member, 'update', patches, ctx.now());
      return (await writeEach(
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
    },
  });

  batchMutation({
    name,
    event: 'delete',
    type: objectRef,
    input: deleteInputRef,
    enter: enter('write'),
    write: async ({ tx, member, ctx }, data: { id: number }[]) => {
      await model.beforeWrite?.(
        tx,
        member,
        'delete',
        data.map(({ id }) => ({ id, patch: null })),
        ctx.now(),
      );
      return (await writeEach(
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
    },
  });

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
