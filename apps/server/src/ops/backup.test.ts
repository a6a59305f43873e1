import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, backup, restore } from './backup.js';

// npm run backup / npm run restore (issue 25) on the embedded database and the uploaded files.

const root = mkdtempSync(path.join(tmpdir(), 'gw-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function makeInstall(name: string, rows: string[]) {
  const dataDir = path.join(root, name);
  mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const client = new PGlite({ dataDir: path.join(dataDir, 'db') });
  await client.waitReady;
  await client.exec('create table if not exists kept (note text)');
  for (const note of rows) await client.query('insert into kept values ($1)', [note]);
  await client.close();
  const filesDir = path.join(dataDir, 'files');
  mkdirSync(path.join(filesDir, 'company-a'), { recursive: true });
  writeFileSync(path.join(filesDir, 'company-a', 'photo.jpg'), `photo of ${name}`);
  return { dataDir, filesDir };
}

async function notes(dataDir: string) {
  const client = new PGlite({ dataDir: path.join(dataDir, 'db') });
  try {
    return (await client.query<{ note: string }>('select note from kept order by note')).rows.map((r) => r.note);
  } finally {
    await client.close();
  }
}

// The embedded database only: the PostgreSQL run of the suite has nothing new to show here.
// Each case opens the embedded database four to six times (a few seconds each on a busy two-core machine): the
// timeout is a guard against a hang, not a measure (one case passed 30 s while the web suite ran beside it).
describe.skipIf(process.env.GW_TEST_DB === 'postgres')('backup and restore', { timeout: 120_000 }, () => {
  it('round-trips the database and the files into an empty data directory', async () => {
    const source = await makeInstall('source', ['first', 'second']);
    const out = path.join(root, 'out', 'one.tar.gz');
    const manifest = await backup({ ...source, out, now: new Date('2026-11-24T10:00:00Z') });
    expect(manifest).toEqual({ format: 'groundwork-backup', version: 1, created_at: '2026-11-24T10:00:00.000Z', files: true });
    const target = { dataDir: path.join(root, 'target'), filesDir: path.join(root, 'target', 'files') };
    await restore({ archive: out, ...target });
    expect(await notes(target.dataDir)).toEqual(['first', 'second']);
    expect(readFileSync(path.join(target.filesDir, 'company-a', 'photo.jpg'), 'utf8')).toBe('photo of source');
  });

  it('keeps an existing database unless forced, and then moves it aside instead of deleting it', async () => {
    const source = await makeInstall('source2', ['from the backup']);
    const out = path.join(root, 'two.tar.gz');
    await backup({ ...source, out });
    const target = await makeInstall('occupied', ['already here']);
    await expect(restore({ archive: out, ...target })).rejects.toThrow(/already holds a database.*--force/);
    expect(await notes(target.dataDir)).toEqual(['already here']);
    await restore({ archive: out, ...target, force: true, now: new Date('2026-11-24T11:00:00Z') });
    expect(await notes(target.dataDir)).toEqual(['from the backup']);
    const aside = readdirSync(target.dataDir).filter((n) => n.startsWith('db.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(`${target.filesDir}.before-restore-2026-11-24T11-00-00-000Z`, 'company-a', 'photo.jpg'), 'utf8')).toBe(
      'photo of occupied',
    );
  });

  it('refuses while the database is open, and refuses what is not a backup', async () => {
    const source = await makeInstall('open', ['x']);
    const client = new PGlite({ dataDir: path.join(source.dataDir, 'db') });
    await client.waitReady;
    try {
      await expect(backup({ ...source, out: path.join(root, 'never.tar.gz') })).rejects.toThrow(/stop the server first/);
    } finally {
      await client.close();
    }
    expect(existsSync(path.join(root, 'never.tar.gz'))).toBe(false);
    const junk = path.join(root, 'junk.tar.gz');
    spawnSync('tar', ['-czf', junk, '-C', source.filesDir, '.']);
    await expect(restore({ archive: junk, dataDir: path.join(root, 'fresh'), filesDir: path.join(root, 'fresh-files') })).rejects.toThrow(
      BackupError,
    );
  });

  it('works from the command line with DATA_DIR', async () => {
    const source = await makeInstall('cli', ['by the command']);
    const out = path.join(root, 'cli.tar.gz');
    const repo = path.resolve(import.meta.dirname, '../../../..');
    const env = { ...process.env, DATA_DIR: source.dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/backup-cli.ts', 'backup', '--out', out], {
      cwd: repo,
      env,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Backed up');
    const restored = path.join(root, 'cli-restored');
    const back = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/backup-cli.ts', 'restore', out], {
      cwd: repo,
      env: { ...env, DATA_DIR: restored },
      encoding: 'utf8',
    });
    expect(back.stdout).toContain('Restored the backup');
    expect(await notes(restored)).toEqual(['by the command']);
  }, 60_000);
});
