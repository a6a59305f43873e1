import { sql } from 'drizzle-orm';
import {
  type GraphQLArgument,
  type GraphQLField,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLObjectType,
  type GraphQLScalarType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import type { Db } from '../db/client.js';
import type { TestApp } from './test-app.js';

/**
 * The schema sweep (DESIGN.md "Tenant walls"): every root field with a tenant_uuid argument is found in
 * the schema and called, so a new operation is covered without anyone writing a test for it.
 */

type RootKind = 'query' | 'mutation' | 'subscription';
export type SweptField = { kind: RootKind; field: GraphQLField<unknown, unknown> };

/** Every root field that takes tenant_uuid: the operations on company data. */
export function tenantFields(schema: GraphQLSchema): SweptField[] {
  const roots: [RootKind, GraphQLObjectType | null | undefined][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) =>
    Object.values(type?.getFields() ?? {})
      .filter((f) => f.args.some((a) => a.name === 'tenant_uuid'))
      .map((field) => ({ kind, field })),
  );
}

/** Values for the sweep: the tenant to name, and the ids to use for id-like arguments. */
export type Values = { tenantUuid: string; id: number; text: string };

/** A value of `type` that passes GraphQL's coercion: every required input field filled, lists of one. */
function sampleValue(type: GraphQLInputType, name: string, v: Values, depth = 0): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType as GraphQLInputType, name, v, depth);
  if (isListType(type)) return [sampleValue(type.ofType as GraphQLInputType, name, v, depth)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      // Required fields always; optional ones at the top level too, so filters and patches carry values.
      if (isNonNullType(f.type) || depth === 0) {
        if (f.name === 'and' || getNamedType(f.type) === type) continue;
        out[f.name] = sampleValue(f.type, f.name, v, depth + 1);
      }
    }
    return out;
  }
  switch ((type as GraphQLScalarType).name) {
    case 'Int':
      return v.id;
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    case 'ID':
      return name === 'tenant_uuid' ? v.tenantUuid : '00000000-0000-4000-8000-000000000000';
    case 'JSON':
      return {};
    default:
      return /date/.test(name) ? '2026-01-05' : /email/.test(name) ? 'sweep@example.test' : v.text;
  }
}

/** The operation text calling `field` with every argument as a variable, selecting __typename of objects. */
function operationFor({ kind, field }: SweptField): string {
  const vars = field.args.map((a, i) => `$a${i}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a, i) => `${a.name}: $a${i}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isLeafType(named) ? '' : ' { __typename }';
  return `${kind}${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

export function variablesFor(field: GraphQLField<unknown, unknown>, v: Values, override?: (arg: GraphQLArgument) => unknown) {
  const variables: Record<string, unknown> = {};
  field.args.forEach((a, i) => {
    const given = override?.(a);
    variables[`a${i}`] = given !== undefined ? given : sampleValue(a.type, a.name, v);
  });
  return variables;
}

export type Answer = { status: number; codes: string[]; data: unknown; body: string };

/** Calls one operation over HTTP as `token`; subscriptions over SSE (the stream ends when the gate refuses). */
export async function call(t: TestApp, swept: SweptField, variables: Record<string, unknown>, token: string): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(swept.kind === 'subscription' ? { accept: 'text/event-stream' } : {}),
    },
    payload: JSON.stringify({ query: operationFor(swept), variables }).replaceAll(JSON.stringify(DEEP), deepJson),
  });
  const body = res.body;
  const codes = [...body.matchAll(/"code":"([A-Z_]+)"/g)].map((m) => m[1]);
  let data: unknown = null;
  if (swept.kind !== 'subscription') {
    try {
      data = (JSON.parse(body) as { data?: unknown }).data ?? null;
    } catch {
      data = null;
    }
  }
  return { status: res.statusCode, codes, data, body };
}

/**
 * Everything a company has, as one comparable string: every row of every tenant table for `tenantUuid`,
 * read as the owner (no walls), so a sweep can prove nothing of the company changed.
 */
export async function companySnapshot(db: Db, tenantUuid: string): Promise<string> {
  const tables = (
    (await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`)) as unknown as { rows: { name: string }[] }
  ).rows.map((r) => r.name);
  const parts: string[] = [];
  for (const table of tables) {
    const rows = (
      (await db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*)::int as n from ${sql.identifier(table)} t where tenant_uuid = ${tenantUuid}`,
      )) as unknown as { rows: { h: string; n: number }[] }
    ).rows[0];
    parts.push(`${table}:${rows.n}:${rows.h}`);
  }
  return parts.join('\n');
}

/**
 * Stands for a value nested 20,000 levels deep. JSON.stringify (and so app.inject) would overflow the
 * stack on the real thing, so call() writes it into the request body as text.
 */
const DEEP = '\u0001deep-variable\u0001';
const deepJson = `${'{"a":'.repeat(20_000)}{}${'}'.repeat(20_000)}`;

/** Malformed values for an argument of this type: wrong shapes, bounds, NUL bytes, huge and deep values. */
export function malformedValues(type: GraphQLInputType, depth = 0): unknown[] {
  const inner = isNonNullType(type) ? (type.ofType as GraphQLInputType) : type;
  if (isListType(inner)) {
    const item = inner.ofType as GraphQLInputType;
    // A list of one record with one bad field: what a batch write or an `in` filter sees.
    const items = depth < 2 ? malformedValues(item, depth + 1).map((bad) => [bad]) : [];
    return [[], Array.from({ length: 1200 }, () => null), 'not a list', ...items];
  }
  if (inner instanceof GraphQLInputObjectType) {
    const base = sampleValue(inner, '', { tenantUuid: '00000000-0000-4000-8000-000000000000', id: 1, text: 'sweep' }, 1) as Record<
      string,
      unknown
    >;
    const fieldVariants =
      depth < 2
        ? Object.values(inner.getFields()).flatMap((f) =>
            f.name === 'and' ? [] : malformedValues(f.type, depth + 1).map((bad) => ({ ...base, [f.name]: bad })),
          )
        : [];
    return [{}, { nope: 1 }, 'x', [1, 2], ...fieldVariants];
  }
  if (inner instanceof GraphQLList || inner instanceof GraphQLNonNull) return [null];
  switch ((inner as GraphQLScalarType).name) {
    case 'Int':
      return [-1, 0, 2147483647, 2147483648, 1.5, 'x'];
    case 'Float':
      return [1e308, -1e308, Number.MAX_VALUE, 'NaN'];
    case 'Boolean':
      return ['yes', 2];
    case 'ID':
      return ['not-a-uuid', '\u0000', 'x'.repeat(10_000)];
    case 'JSON':
      return [DEEP, { constructor: 1, ['__proto__']: { polluted: true } }, '\u0000'];
    default:
      return [
        '',
        '\u0000',
        'a\u0000b',
        'x'.repeat(200_000),
        '9999-99-99',
        '2026-02-30',
        "'; drop table employees; --",
        '\ud800',
        // Cursors of the right shape with the wrong contents: a nextToken is never trusted.
        Buffer.from(JSON.stringify([{ a: 1 }, 'x'])).toString('base64url'),
        Buffer.from(JSON.stringify(['2026-13-45', 'not-a-number'])).toString('base64url'),
        Buffer.from(JSON.stringify(['x'])).toString('base64url'),
      ];
  }
}

type Member = { tenantUuid: string; employeeId: number; token: string };

/**
 * Calls every tenant operation as `outsider` (an admin of another company) naming `victim`'s company and
 * ids. Each must answer NOT_FOUND or FORBIDDEN, with no data; returns the fields that did not, with why.
 */
export async function sweepForeignTenant(t: TestApp, schema: GraphQLSchema, victim: Member, outsider: Member): Promise<string[]> {
  const failures: string[] = [];
  const v: Values = { tenantUuid: victim.tenantUuid, id: victim.employeeId, text: 'sweep' };
  for (const swept of tenantFields(schema)) {
    const answer = await call(t, swept, variablesFor(swept.field, v), outsider.token);
    const refused = answer.codes.some((c) => c === 'NOT_FOUND' || c === 'FORBIDDEN');
    const leaked = answer.data && (answer.data as Record<string, unknown>)[swept.field.name] != null;
    if (answer.status >= 500 || !refused || leaked) {
      failures.push(`${swept.field.name}: HTTP ${answer.status} ${answer.body.slice(0, 300)}`);
    }
  }
  return failures;
}
