import { BATCH_MAX_RECORDS } from '@groundwork/core/limits';
import { atField, atRecord, fromText, msg } from '@groundwork/core/messages';
import { accessTo } from '@groundwork/core/permissions';
import { and, eq, getTableColumns, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type FieldNode, type GraphQLResolveInfo, Kind } from 'graphql';
import type { Tx } from '../db/client.js';
import type { Row } from '../platform/realtime.js';
import { AppError } from './errors.js';
import type { Member } from './gate.js';
import type { RecordModel } from './record-model.js';

export type Scalar = 'Int' | 'Float' | 'Boolean' | 'ID' | 'String' | 'JSON';

export type Column = { key: string; column: PgColumn; scalar: Scalar };

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

/** Each field node's selected columns, at the top and under `items`: a parsed query is reused, and so is this. */
const selectedByNode = new WeakMap<FieldNode, Partial<Record<'top' | 'items', ReadonlySet<string> | null>>>();

/**
 * The columns a query selects under `items` (list) or at the top (get), so the database sends only
 * those; null when the selection uses fragments, and every column is read. Worked out once per field node.
 */
export function selectedColumns(info: GraphQLResolveInfo, underItems: boolean): ReadonlySet<string> | null {
  const node = info.fieldNodes[0];
  if (!node) return new Set();
  return memoized(selectedByNode, node, underItems ? 'items' : 'top', () => selectionOf(node, underItems));
}

/** `make()` for `key` and `slot`, worked out once while `key` lives (a parsed query's node, a selection). */
function memoized<K extends object, S extends string, V>(map: WeakMap<K, Partial<Record<S, V>>>, key: K, slot: S, make: () => V): V {
  let memo = map.get(key);
  if (!memo) {
    memo = {};
    map.set(key, memo);
  }
  if (!(slot in memo)) memo[slot] = make();
  return memo[slot] as V;
}

function selectionOf(node: FieldNode, underItems: boolean): Set<string> | null {
  let selections = node.selectionSet?.selections ?? [];
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

export const encodeCursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

export function decodeCursor(token: string, length: number): unknown[] {
  try {
    const values = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    // Only plain values: a forged token's objects never reach SQL, and a wrong type is PostgreSQL's 22P02.
    const plain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (Array.isArray(values) && values.length === length && values.every(plain)) return values;
  } catch {
    // fall through: a token we did not issue
  }
  throw new AppError('VALIDATION', msg('common.invalidNextToken'));
}

export function checkBatch(data: unknown[]) {
  if (data.length === 0) throw new AppError('VALIDATION', msg('common.atLeastOneRecord'));
  if (data.length > BATCH_MAX_RECORDS) {
    throw new AppError('VALIDATION', msg('common.tooManyRecords', { max: BATCH_MAX_RECORDS }));
  }
}

type Values = Record<string, unknown>;
/** A list filter: and, eq, ne, in (DESIGN.md "API"). */
export type Filter = {
  and?: Filter[] | null;
  eq?: Values | null;
  ne?: Values | null;
  in?: Record<string, unknown[] | null | undefined> | null;
};

/** The columns an operation reads, and their names joined (a prepared statement's shape). */
type Projection = { columns: Record<string, PgColumn>; key: string };

/** A model's columns and the SQL pieces its operations are built from. */
export function recordColumns(model: RecordModel) {
  const { name, table } = model;
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
  /** The projections worked out so far, by the selection they came from and whether the member only reads. */
  const projections = new WeakMap<object, Partial<Record<'all' | 'reader', Projection>>>();
  const everything: Projection = { columns: allColumns, key: Object.keys(allColumns).join(',') };
  /**
   * The columns to read (and their names joined, for a prepared statement's shape): those the query selects,
   * narrowed to readerColumns for members who only read. Worked out once per selection.
   */
  const projection = (info: GraphQLResolveInfo, underItems: boolean, member: Member): Projection => {
    const wanted = selectedColumns(info, underItems);
    const readerOnly = readerColumns !== null && !accessTo(member.permissions, model.area, 'write', member.off);
    if (!wanted && !readerOnly) return everything;
    const source = wanted ?? everything;
    return memoized(projections, source, readerOnly ? 'reader' : 'all', () => {
      const columns = Object.fromEntries(
        Object.entries(allColumns).filter(([k]) => k === 'id' || ((!wanted || wanted.has(k)) && (!readerOnly || readerColumns.has(k)))),
      );
      return { columns, key: Object.keys(columns).join(',') };
    });
  };
  const softDelete = model.softDelete ? { column: col(model.softDelete.column), value: model.softDelete.value } : undefined;

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
        throw new AppError('VALIDATION', atRecord(index, atField(field, issue ? fromText(issue.message) : msg('common.invalid'))), {
          index,
          field,
        });
      }
    }
    return out;
  };

  return {
    columns,
    byKey,
    col,
    tenantCol,
    idCol,
    ownerCol,
    readOnly,
    writable,
    hasUpdatedOn,
    projection,
    softDelete,
    filterSql,
    scope,
    cleanRecord,
  };
}

/**
 * The stored rows a batch's changes name (created records name none), for beforeWrite rules that compare a
 * record as it was with the patch. An id that is not the company's is simply absent: the operation answers NOT_FOUND.
 */
export async function storedRows<T extends PgTable & { id: PgColumn; tenant_uuid: PgColumn }>(
  tx: Tx,
  table: T,
  tenant: string,
  changes: readonly { id: number | null }[],
): Promise<T['$inferSelect'][]> {
  const ids = changes.flatMap((c) => (c.id === null ? [] : [c.id]));
  if (!ids.length) return [];
  return (await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.tenant_uuid, tenant), inArray(table.id, ids)))) as T['$inferSelect'][];
}
