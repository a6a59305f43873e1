import { Column, fillPlaceholders, is, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { preparedStatements, readClient } from './gate.js';

type DrizzlePrepared = {
  client: { query(config: unknown, values: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig: unknown;
  params: unknown[];
  fields: { path: string[]; field: unknown }[];
};

/**
 * Runs a drizzle prepared select on its connection and builds each row with decoders worked out once:
 * the same SQL, parameters and value decoding as drizzle's execute, without its per-value type checks
 * (a tenth of a list's time went there).
 */
function fastRows(query: unknown): { execute(values: Record<string, unknown>): Promise<unknown[]> } {
  const { client, queryConfig, params, fields } = query as DrizzlePrepared;
  const keys = fields.map((f) => {
    if (f.path.length !== 1) throw new Error('fastRows: nested selections are not supported');
    return f.path[0];
  });
  const decoders = fields.map(({ field }) => {
    const decoder = (is(field, Column) ? field : (field as { decoder: unknown }).decoder) as {
      mapFromDriverValue(v: unknown): unknown;
    };
    return (v: unknown) => decoder.mapFromDriverValue(v);
  });
  const row = rowBuilder(keys, decoders);
  return {
    async execute(values) {
      const { rows } = await client.query(queryConfig, fillPlaceholders(params, values));
      return (rows as unknown[][]).map(row);
    },
  };
}

/**
 * A row from a result's values as one object literal with the statement's keys, compiled once per statement: every
 * row has the same shape from its first property on, which V8 builds, and the serializer reads, several times faster
 * than an object grown key by key. The keys are the select's own names (our code), written as JSON strings.
 */
function rowBuilder(keys: string[], decoders: ((v: unknown) => unknown)[]): (values: unknown[]) => Record<string, unknown> {
  const body = keys.map((k, i) => `${JSON.stringify(k)}: v[${i}] === null ? null : d[${i}](v[${i}])`).join(', ');
  return new Function('d', `return (v) => ({ ${body} });`)(decoders);
}

const statementNames = new Map<string, string>();
/** One name per operation shape (which starts with the operation), the same on every connection. */
function statementName(shape: string): string {
  let found = statementNames.get(shape);
  if (!found) {
    found = `gw_${shape.slice(0, shape.indexOf('|'))}_${statementNames.size}`;
    statementNames.set(shape, found);
  }
  return found;
}

type Buildable = { prepare(name: string): unknown; execute(values: Record<string, unknown>): Promise<unknown[]> };

/**
 * A select built with sql.placeholder values, built once per `shape` (a string naming the operation and
 * everything that changes the SQL text) and run as a named prepared statement on the read path's
 * connection; inside a transaction it is simply built and run.
 */
export async function selectPrepared<T = Record<string, unknown>>(
  tx: Tx,
  shape: string,
  build: () => Buildable,
  values: Record<string, unknown>,
): Promise<T[]> {
  const cache = preparedStatements(tx);
  if (!cache) return (await build().execute(values)) as T[];
  let statement = cache.get(shape) as ReturnType<typeof fastRows> | undefined;
  if (!statement) {
    statement = fastRows(build().prepare(statementName(shape)));
    cache.set(shape, statement);
  }
  return (await statement.execute(values)) as T[];
}

const textNames = new Map<string, string>();

/**
 * A raw statement (sql`…`) run as a named prepared statement on the read path's connection, so PostgreSQL
 * parses and plans each distinct text once per connection (the dashboard's planning cost more than some of its
 * cards); inside a transaction, or on PGlite, it is simply executed. `operation` only names the statement.
 */
export async function executePrepared<T>(tx: Tx, operation: string, query: SQL): Promise<T[]> {
  const client = readClient(tx);
  if (!client) return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
  const { sql: text, params } = (tx as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  let name = textNames.get(text);
  if (!name) {
    name = `gw_${operation}_raw_${textNames.size}`;
    textNames.set(text, name);
  }
  const { rows } = await client.query({ name, text, values: params as unknown[] });
  return rows as T[];
}
