import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { listenPg, type PgListener } from '../platform/pg-notify.js';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and clients waiting for one (the operator's metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: how instances on one database tell each other things without Redis (access invalidations,
   * live events). NOTIFY goes through the pool; each LISTEN holds a connection of its own.
   */
  notify?(channel: string, payload: string): Promise<void>;
  listen?(channel: string, onMessage: (payload: string) => void, opts?: Parameters<typeof listenPg>[3]): PgListener;
};

/**
 * A connection that breaks must not take the process down. pg emits `error` on a client whose connection dies while
 * no query of its own is running; the pool listens only while the client is idle, so a client checked out between
 * two statements of a transaction (or by the read path) would throw it as an uncaught exception when PostgreSQL
 * crashed. Every client gets a listener of its own: the error is reported once, the statement that runs next fails,
 * and the pool drops the client when it comes back (it is no longer queryable) and opens a new one on a later
 * checkout, so requests succeed again once PostgreSQL is back, without a restart.
 */
export function guardPool(pool: pg.Pool, onError?: (err: Error) => void): pg.Pool {
  // The pool re-emits an idle client's error: already reported by the client's own listener below.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (err) => {
      if (reported) return;
      reported = true;
      onError?.(err);
    });
  });
  return pool;
}

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir/db` (or in memory for `memory://`). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** A pooled connection that broke (PostgreSQL restarted, crashed or failed over): logged, never fatal. */
  onConnectionError?: (err: Error) => void;
  /** PGlite only: start from this dumped data directory (the tests' migrated template) instead of an empty one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = guardPool(
      new pg.Pool({ connectionString: opts.url, max: Number(process.env.PG_POOL_SIZE ?? 10) }),
      opts.onConnectionError,
    );
    return {
      db: drizzlePg(pool) as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      listen: (channel, onMessage, listenOpts) => listenPg(opts.url as string, channel, onMessage, listenOpts),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  // Not waited for here: PGlite's start (its WebAssembly, file system and recovery, most of a second) runs while the
  // caller builds the app, and every query waits for it (a failed start fails them with its error).
  const client = new PGlite({ dataDir: dir, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  client.waitReady.catch(() => {});
  return { db: drizzlePglite(client) as unknown as Db, kind: 'pglite', close: () => client.close() };
}
