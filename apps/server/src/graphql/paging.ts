import { msg } from '@groundwork/core/messages';
import type { ObjectRef } from '@pothos/core';
import { builder, type Types } from './builder.js';
import { AppError } from './errors.js';

/** The most rows one page of a module's own search may ask for. */
export const MAX_PAGE_LIMIT = 200;

/** A page size outside 1..max is the caller's mistake, refused before any SQL. */
export function checkLimit(limit: number, max = MAX_PAGE_LIMIT) {
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new AppError('VALIDATION', msg('common.limitRange', { max }));
}

/** A keyset page token: the last row's sort keys as base64url JSON. */
export const encodeToken = (keys: unknown) => Buffer.from(JSON.stringify(keys)).toString('base64url');

/** The keys a page token holds when `ok` accepts them; any other token (one we did not issue) is refused. */
export function decodeToken<T>(token: string, ok: (v: unknown) => v is T): T {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (ok(v)) return v;
  } catch {
    // not ours
  }
  throw new AppError('VALIDATION', msg('common.invalidNextToken'));
}

/** A [text, id] sort key, as pages ordered by a name or a date and then id carry. */
export const isTextIdKey = (v: unknown): v is [string, number] => Array.isArray(v) && typeof v[0] === 'string' && Number.isInteger(v[1]);

/** What a module's search asks of paging: a page size and the token of the page before. */
export type PageArgs = { limit?: number | null; nextToken?: string | null };

/**
 * One keyset page of a module's search ordered by a text key (a name, a date) and then id: the size is checked and
 * the token decoded before `fetch` runs any SQL; the next token is the page's last [key, id] when more rows follow.
 */
export async function textIdPage<K extends string, R extends Record<K | 'id', unknown>>(
  args: PageArgs,
  key: K,
  fetch: (limit: number, after: (Record<K, string> & { id: number }) | null) => Promise<{ items: R[]; more: boolean; last?: R | null }>,
): Promise<{ items: R[]; nextToken: string | null }> {
  const limit = args.limit ?? 50;
  checkLimit(limit);
  const token = args.nextToken ? decodeToken(args.nextToken, isTextIdKey) : null;
  const after = token ? ({ [key]: token[0], id: token[1] } as Record<K, string> & { id: number }) : null;
  const { items, more, last } = await fetch(limit, after);
  return { items, nextToken: more && last ? encodeToken([last[key], last.id]) : null };
}

/** One page of a list as the API returns it: the rows and the token of the next page (null on the last). */
export type Page<T> = { items: T[]; nextToken: string | null };

/** The GraphQL type of a `Page` of `itemRef`'s rows: `items` and `nextToken`. */
export function pageRef<T>(typeName: string, itemRef: ObjectRef<Types, T>) {
  return builder.objectRef<Page<T>>(typeName).implement({
    fields: (t) => ({
      items: t.field({ type: [itemRef], resolve: (p) => p.items }),
      nextToken: t.exposeString('nextToken', { nullable: true }),
    }),
  });
}

/**
 * Each row with `extra(row)`'s fields added in place, for rows just read for this request (never shared ones). A copy
 * per row (`{ ...row, photos }`) is V8's slow path: for a page of 50 it cost a list a tenth of its time.
 */
export function extendRows<R extends object, E extends object>(rows: R[], extra: (row: R) => E): (R & E)[] {
  for (const row of rows) Object.assign(row, extra(row));
  return rows as (R & E)[];
}

/** A page of `limit` rows from `limit + 1` read: the rows, whether more follow, and the page's last row (its cursor). */
export function pageOf<R>(rows: R[], limit: number): { items: R[]; more: boolean; last: R | null } {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, more, last: items[items.length - 1] ?? null };
}
