import { getAuthTables } from 'better-auth/db';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../testing/test-app.js';
import { authOptions } from './auth.js';
import { authSchema } from './auth.table.js';

const SQL_TYPE: Record<string, string> = { string: 'PgText', boolean: 'PgBoolean', date: 'PgTimestamp', number: 'PgInteger' };

// An upgrade of better-auth or a plugin that adds, renames or retypes a field fails here, not in production.
describe('auth tables match better-auth’s own definitions (getAuthTables)', () => {
  const expected = getAuthTables(authOptions(testConfig()));

  it('has a drizzle table for every better-auth model, and no extra', () => {
    expect(Object.keys(authSchema).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [model, table] of Object.entries(expected)) {
    it(`matches ${model}: every field, its type, required, unique and reference`, () => {
      const ours = authSchema[model as keyof typeof authSchema];
      expect(ours, model).toBeDefined();
      const config = getTableConfig(ours);
      const columns = ours as unknown as Record<string, PgColumn>;
      const fields = table.fields as Record<
        string,
        { type: string; bigint?: boolean; required?: boolean; unique?: boolean; references?: { model: string } }
      >;
      for (const [field, def] of Object.entries(fields)) {
        const column = columns[field];
        expect(column, `${model}.${field}`).toBeDefined();
        expect(column.columnType, `${model}.${field} type`).toBe(def.bigint ? 'PgBigInt53' : SQL_TYPE[def.type]);
        if (def.required) expect(column.notNull, `${model}.${field} not null`).toBe(true);
        if (def.unique) expect(column.isUnique, `${model}.${field} unique`).toBe(true);
        if (def.references) {
          const fk = config.foreignKeys.find((k) => k.reference().columns.some((c) => c.name === column.name));
          expect(fk, `${model}.${field} references ${def.references.model}`).toBeDefined();
        }
      }
      const known = new Set(['id', ...Object.keys(fields)]);
      const extra = config.columns.map((c) => Object.entries(columns).find(([, col]) => col === c)?.[0]).filter((k) => k && !known.has(k));
      expect(extra, `${model}: columns better-auth does not know`).toEqual([]);
    });
  }
});
