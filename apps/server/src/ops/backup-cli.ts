import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, backup, restore } from './backup.js';

// `npm run backup [-- --out <file>]` and `npm run restore -- <file> [--force]`, with the server stopped. They read
// DATA_DIR and FILES_DIR like the server does.

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/deploy.md), not with this command.');
  }
  if (config.dataDir === 'memory://') throw new BackupError('DATA_DIR is memory://: there is nothing on disk to back up.');
  if (config.s3) console.warn('Files are in the S3 bucket: only the database is in this backup; keep the bucket versioned.');
  if (command === 'backup') {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const out = values.out ?? path.join('backups', `groundwork-${stamp}.tar.gz`);
    await backup({ dataDir: config.dataDir, filesDir: config.filesDir, out });
    console.log(`Backed up ${config.dataDir} to ${path.resolve(out)}`);
  } else if (command === 'restore') {
    const archive = positionals[0];
    if (!archive) throw new BackupError('Usage: npm run restore -- <backup.tar.gz> [--force]');
    const manifest = await restore({ archive, dataDir: config.dataDir, filesDir: config.filesDir, force: values.force });
    console.log(`Restored the backup of ${manifest.created_at} into ${config.dataDir}`);
  } else {
    throw new BackupError('Usage: backup-cli.ts backup [--out <file>] | restore <file> [--force]');
  }
}

main().catch((err) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
