import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backup and restore of the embedded database and the uploaded files (issue 25): `npm run backup` and
 * `npm run restore`. One .tar.gz holds `db.tar.gz` (PGlite's own dump of its data directory), `files/` (the
 * uploads, one folder per company) and `backup.json` (what and when). The server must be stopped: PGlite is one
 * process's database. PostgreSQL and S3 have their own tools (pg_dump, bucket versioning); docs/deploy.md says how.
 */

export class BackupError extends Error {}

type Manifest = { format: 'groundwork-backup'; version: 1; created_at: string; files: boolean };

const DB_DUMP = 'db.tar.gz';
const MANIFEST = 'backup.json';

function dbDir(dataDir: string) {
  return path.join(dataDir, 'db');
}

function assertStopped(dataDir: string) {
  if (existsSync(path.join(dbDir(dataDir), 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${dbDir(dataDir)} is open: stop the server first. (If it is not running, it was not shut down cleanly: start it and stop it once, then try again.)`,
    );
  }
}

function tar(args: string[]) {
  const run = spawnSync('tar', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new BackupError(`tar failed: ${run.stderr.trim() || run.error?.message}`);
}

/** Writes the backup archive to `out` and returns its manifest. */
export async function backup(opts: { dataDir: string; filesDir: string; out: string; now?: Date }): Promise<Manifest> {
  if (!existsSync(path.join(dbDir(opts.dataDir), 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dbDir(opts.dataDir)} to back up.`);
  }
  assertStopped(opts.dataDir);
  const work = mkdtempSync(path.join(tmpdir(), 'groundwork-backup-'));
  try {
    const client = new PGlite({ dataDir: dbDir(opts.dataDir) });
    await client.waitReady;
    try {
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(path.join(work, DB_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
    const files = existsSync(opts.filesDir);
    if (files) cpSync(opts.filesDir, path.join(work, 'files'), { recursive: true });
    const manifest: Manifest = {
      format: 'groundwork-backup',
      version: 1,
      created_at: (opts.now ?? new Date()).toISOString(),
      files,
    };
    writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
    tar(['-czf', path.resolve(opts.out), '-C', work, '.']);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores `archive` into `dataDir` (and `filesDir`). An existing database is kept unless `force`, and then it is
 * moved aside (`db.before-restore-<time>`), never deleted.
 */
export async function restore(opts: { archive: string; dataDir: string; filesDir: string; force?: boolean; now?: Date }) {
  if (!existsSync(opts.archive)) throw new BackupError(`No backup at ${opts.archive}.`);
  const target = dbDir(opts.dataDir);
  const occupied = existsSync(target) && readdirSync(target).length > 0;
  if (occupied) {
    assertStopped(opts.dataDir);
    if (!opts.force) {
      throw new BackupError(`${target} already holds a database. Run again with --force to move it aside and restore over it.`);
    }
  }
  const work = mkdtempSync(path.join(tmpdir(), 'groundwork-restore-'));
  try {
    tar(['-xzf', path.resolve(opts.archive), '-C', work]);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(work, MANIFEST), 'utf8'));
    } catch {
      throw new BackupError(`${opts.archive} is not a Groundwork backup (no ${MANIFEST}).`);
    }
    if (manifest.format !== 'groundwork-backup' || manifest.version !== 1) {
      throw new BackupError(`${opts.archive} is not a Groundwork backup this version can restore.`);
    }
    const stamp = (opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
    if (occupied) cpSync(target, `${target}.before-restore-${stamp}`, { recursive: true });
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    const dump = new Blob([readFileSync(path.join(work, DB_DUMP))]);
    const client = new PGlite({ dataDir: target, loadDataDir: dump });
    await client.waitReady;
    await client.close();
    if (manifest.files && existsSync(path.join(work, 'files'))) {
      if (existsSync(opts.filesDir) && readdirSync(opts.filesDir).length > 0) {
        cpSync(opts.filesDir, `${opts.filesDir}.before-restore-${stamp}`, { recursive: true });
        rmSync(opts.filesDir, { recursive: true, force: true });
      }
      cpSync(path.join(work, 'files'), opts.filesDir, { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
