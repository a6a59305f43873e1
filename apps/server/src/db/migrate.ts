import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, openDatabase } from './client.js';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Applies pending migrations, then re-applies the tenant walls and the serving role's grants so no table is
 * ever left open (or out of the server's reach). Runs as the role that owns the tables.
 */
export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  // Two instances starting together must not both migrate; the lock is held for the transaction.
  if (database.kind === 'postgres') {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      await migratePg(tx as never, { migrationsFolder });
      await tx.execute(sql`select app_enforce_tenant_walls(), app_grant_server()`);
    });
    return;
  }
  await migratePglite(db as never, { migrationsFolder });
  await db.execute(sql`select app_enforce_tenant_walls(), app_grant_server()`);
}

export class ServingRoleError extends Error {}

/**
 * Gets `serving` (the database requests use) ready. With no `migrationUrl` it migrates itself: PGlite, or a
 * laptop's PostgreSQL where one role owns the tables and serves. With one (MIGRATION_DATABASE_URL), the
 * migrations run as that URL's role, which owns the tables, and the serving role is made a member of
 * app_server (0013_serving_role.sql); a serving role that could undo the walls (a superuser, one that
 * bypasses row-level security, or a member of a table owner) is refused.
 */
export async function prepareDatabase(serving: Database, migrationUrl?: string): Promise<void> {
  if (!migrationUrl || serving.kind !== 'postgres') {
    await migrate(serving);
    return;
  }
  const [me] = rowsOf<{ role: string }>(await serving.db.execute(sql`select current_user as role`));
  const owner = await openDatabase({ url: migrationUrl });
  try {
    await migrate(owner);
    const [found] = rowsOf<{ superuser: boolean; bypass: boolean; owns: string | null; member: boolean }>(
      await owner.db.execute(sql`
        select r.rolsuper as superuser, r.rolbypassrls as bypass,
          (select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and pg_has_role(r.oid, c.relowner, 'MEMBER') limit 1) as owns,
          pg_has_role(r.oid, 'app_server', 'MEMBER') as member
        from pg_roles r where r.rolname = ${me.role}`),
    );
    const refuse = (why: string) =>
      new ServingRoleError(`DATABASE_URL: its role "${me.role}" ${why}; requests must run as a role that cannot undo the tenant walls`);
    if (!found) throw refuse('was not found by the migration role');
    if (found.superuser) throw refuse('is a superuser');
    if (found.bypass) throw refuse('bypasses row-level security');
    if (found.owns) throw refuse(`owns (or is a member of the owner of) the table ${found.owns}`);
    if (!found.member) {
      try {
        await owner.db.execute(sql`grant app_server to ${sql.identifier(me.role)}`);
      } catch (err) {
        throw new ServingRoleError(
          `MIGRATION_DATABASE_URL: its role could not grant app_server to "${me.role}" (${(err as Error).message}); ` +
            `run "GRANT app_server TO ${me.role}" as a role that may`,
        );
      }
    }
  } finally {
    await owner.close();
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
