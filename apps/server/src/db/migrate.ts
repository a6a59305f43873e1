import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Applies pending migrations, then re-applies the tenant walls so no table is ever left open. */
export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  // Two instances starting together must not both migrate; the lock is held for the transaction.
  if (database.kind === 'postgres') {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      await migratePg(tx as never, { migrationsFolder });
      await tx.execute(sql`select app_enforce_tenant_walls()`);
    });
    return;
  }
  await migratePglite(db as never, { migrationsFolder });
  await db.execute(sql`select app_enforce_tenant_walls()`);
}
