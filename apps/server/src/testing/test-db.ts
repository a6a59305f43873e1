import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/** Which database the suite runs on: the vitest project sets GW_TEST_DB (see vitest.config.ts). */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.GW_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * A migrated database of its own for one test file: PGlite in memory, or a new database on the
 * PostgreSQL server at TEST_DATABASE_URL, dropped again by `dispose`.
 */
export async function createTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  // The suite's migrated template (see database-template.ts) when the global setup made one.
  if (testDbKind() === 'pglite') {
    const template = inject('pgliteTemplate');
    if (template) return withDispose(await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(template)]) }));
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database);
    return withDispose(database);
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('GW_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `gw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  if (!template) await migrate(database);
  return {
    ...database,
    async dispose() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const withDispose = (database: Database) => ({ ...database, dispose: () => database.close() });
