import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_COMPANY, DEMO_PASSWORD, seedDemoCompany } from './db/demo-seed.js';
import { prepareDatabase, ServingRoleError } from './db/migrate.js';
import { storageFor } from './platform/storage.js';

// Under the 10 s a container runtime commonly allows before SIGKILL; the drain itself cuts what hangs at 8 s (app.ts).
const SHUTDOWN_LIMIT_MS = 9_500;

/** Starts the server (main.ts calls it once tracing, when configured, is in place). */
export async function serve(tracing: { shutdown(): Promise<void> } | null) {
  const config = loadConfig();
  // A broken pooled connection (PostgreSQL restarted or crashed) is logged, never fatal: once the app's log exists,
  // there (JSON, LOG_LEVEL), before that on stderr. The pool opens new connections as requests need them.
  let log: { warn(obj: object, msg: string): void } | undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) =>
      log
        ? log.warn({ err }, 'database connection lost; a new one is opened when needed')
        : console.error(`database connection lost: ${err.message}`),
  });
  // Migrates as MIGRATION_DATABASE_URL's role when it is set (the tables' owner), else as DATABASE_URL's.
  // The database starts and migrates while the app is built (its schema, plugins and routes touch no table).
  const prepared = prepareDatabase(database, config.migrationDatabaseUrl);
  const [app] = await Promise.all([buildApp({ config, database }), prepared]);
  log = app.log;
  if (config.demoData) {
    const demo = await seedDemoCompany(database.db, { storage: storageFor(config) });
    if (demo) {
      app.log.info({ tenant_uuid: demo }, `created the demo company "${DEMO_COMPANY}"`);
      // A fixed, public demo password: printing it is the point (it is no secret of anyone's).
      app.log.info(
        `demo sign-in: maria.alvarez@summitridge.test (an admin; every demo person is first.last@summitridge.test) with the password "${DEMO_PASSWORD}"`,
      );
    }
  }
  // Graceful: stop accepting, end SSE streams with a reconnect hint, finish requests in flight and the delivery
  // worker's current message (app.close), close the database. Requests still running at 8 s are cut, and the process exits by 9.5 s whatever hangs.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took over 9.5 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      await app.close();
      await database.close();
      // The last spans go out before the process does.
      await tracing?.shutdown();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Groundwork is serving http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (database: ${database.kind}; files: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : config.filesDir})`,
  );
}

export function exitOnStartupError(err: unknown): never {
  if (err instanceof ConfigError || err instanceof ServingRoleError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
}
