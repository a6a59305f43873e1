import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../testing/test-db.js';
import { type Database, openDatabase } from './client.js';

// Issue 50: PostgreSQL going away under a connection the server holds in a transaction (a restart, a crash, a
// failover) fails that transaction and nothing more: no uncaught error (vitest fails the file on one), and the next
// request gets a fresh connection. (The crash soak still saw the server exit at PostgreSQL kills: not this path.)
describe.skipIf(testDbKind() !== 'postgres')('a lost database connection', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `gw_test_${randomBytes(6).toString('hex')}`;
  let database: Database;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
  });
  afterAll(async () => {
    await database?.close();
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('fails the transaction that held it, and the next request gets a fresh connection', async () => {
    const c = admin();
    await c.connect();
    const failed = database.db
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        // Between two statements the connection is killed, as a database crash would.
        await c.query('select pg_terminate_backend($1)', [rows[0].pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    await c.end();
    expect(await failed).toBeInstanceOf(Error);
    const { rows } = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: { two: number }[] };
    expect(rows[0].two).toBe(2);
  });
});
