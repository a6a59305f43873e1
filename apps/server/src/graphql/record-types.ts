import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Row } from '../platform/realtime.js';
import { builder } from './builder.js';
import { pageRef } from './paging.js';
import type { Column, Filter } from './record-columns.js';

/** The GraphQL types of one model's record operations: the record, its page, the filter and the inputs. */
export function recordTypes(name: string, typeName: string, columns: Column[], writable: Column[], ownerCol: PgColumn | undefined) {
  const objectRef = builder.objectRef<Row>(typeName).implement({
    fields: (t) =>
      Object.fromEntries(
        columns.map((c) => [c.key, t.field({ type: c.scalar, nullable: !c.column.notNull, resolve: (row) => row[c.key] as never })]),
      ),
  });

  const connectionRef = pageRef(`${typeName}Connection`, objectRef);

  type Values = Record<string, unknown>;
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
  return { objectRef, connectionRef, filterRef, createInputRef, updateInputRef, deleteInputRef };
}
