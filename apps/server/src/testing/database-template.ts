import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data directory (server project). */
    pgliteTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server to copy from (server-pg project). */
    postgresTemplate: string;
  }
}

/**
 * Vitest global setup: migrates one database per suite run and hands it to every test file as a template. A fresh
 * PGlite spends over two seconds in initdb; loading a dumped, migrated data directory takes a fifth of that. On
 * PostgreSQL a file's database is `create database … template …`. Migrations still run here, once, on each kind.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.GW_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('GW_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `gw_template_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    project.provide('postgresTemplate', name);
    return () => admin(`drop database if exists ${name} with (force)`);
  }
  const client = new PGlite();
  const database: Database = { db: drizzle(client) as unknown as Database['db'], kind: 'pglite', close: () => client.close() };
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  try {
    await migrate(database);
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
