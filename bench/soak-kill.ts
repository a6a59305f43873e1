/**
 * The kill soak (issue 25, `npm run soak:kill`; not in CI): under a steady write load the server is killed with
 * SIGKILL at random moments and restarted, KILLS times (50 by default); afterwards every write the server
 * acknowledged must be there exactly once and the database must pass its own index checks (amcheck).
 *
 * Runs on the embedded database (PGlite on disk) and on PostgreSQL (a database of its own on BENCH_DATABASE_URL's
 * server, dropped at the end). `--db pglite` or `--db postgres` runs one. The writers are receipts (with a uuid the
 * client chooses) and departments (a unique name): a write counts as acknowledged when its answer came back with data
 * and no error. A write whose answer was cut off by the kill may or may not be there; it is counted, not judged.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { openDatabase } from '@groundwork/server/src/db/client.js';
import { migrate } from '@groundwork/server/src/db/migrate.js';
import { createMember, createTenant, TEST_SECRET } from '@groundwork/server/src/testing/factories.js';
import pg from 'pg';

const HOST = '127.0.0.1';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KILLS = Number(process.env.KILLS ?? 50);
const WRITERS = Number(process.env.WRITERS ?? 8);
const repoRoot = path.resolve(import.meta.dirname, '..');

type Target = { kind: 'pglite' | 'postgres'; env: Record<string, string>; cleanup(): Promise<void>; dataDir?: string; url?: string };

const INDEX_CHECK_SQL = `
  select c.relname as index, bt_index_check(c.oid, true) as ok
  from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
  join pg_namespace n on n.oid = c.relnamespace
  where am.amname = 'btree' and n.nspname = 'public' and c.relpersistence = 'p'`;

async function prepare(kind: Target['kind']): Promise<{ target: Target; tenantUuid: string; token: string }> {
  let target: Target;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'groundwork-soak-'));
    mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    target = { kind, dataDir, env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  } else {
    const name = `groundwork_soak_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    target = {
      kind,
      url: url.toString(),
      env: { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'groundwork-soak-pg-')) },
      cleanup: async () => {
        const c = new pg.Client({ connectionString: ADMIN_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const database = await openDatabase({ url: target.url, dataDir: target.dataDir });
  try {
    await migrate(database);
    const tenantUuid = await createTenant(database.db, 'Soak Company');
    const member = await createMember(database.db, tenantUuid, { isAdmin: true });
    return { target, tenantUuid, token: member.token };
  } finally {
    await database.close();
  }
}

function startServer(target: Target, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST,
      AUTH_SECRET: TEST_SECRET,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(base: string, child: ChildProcess): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not become ready within 120 s');
    await sleep(100);
  }
}

async function soak(kind: Target['kind']) {
  const { target, tenantUuid, token } = await prepare(kind);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://${HOST}:${port}`;
  const acked = { receipts: new Set<string>(), departments: new Set<string>() };
  let unacknowledged = 0;
  let refused = 0;
  let stop = false;
  const restarts: number[] = [];
  const gql = (query: string, variables: Record<string, unknown>) =>
    fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(10_000),
    });
  const writer = async (n: number) => {
    let i = 0;
    while (!stop) {
      const id = randomUUID();
      const receipt = (n + i++) % 2 === 0;
      try {
        const res = receipt
          ? await gql('mutation($t: ID!, $d: [ReceiptsInput!]!) { createReceipts(tenant_uuid: $t, data: $d) { uuid } }', {
              t: tenantUuid,
              d: [{ uuid: id, receipt_date: '2026-11-24', amount_cents: 1234, vendor: 'Soak', notes: id }],
            })
          : await gql('mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }', {
              t: tenantUuid,
              d: [{ department: id }],
            });
        const body = (await res.json()) as { data?: unknown; errors?: { message: string }[] };
        if (res.ok && body.data && !body.errors) (receipt ? acked.receipts : acked.departments).add(id);
        else {
          refused++;
          if (refused <= 3) console.error(`  refused: ${res.status} ${JSON.stringify(body.errors ?? body).slice(0, 200)}`);
          await sleep(50);
        }
      } catch (err) {
        // Refused at connect (the server is down): never sent. Anything else was cut off in flight.
        if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') unacknowledged++;
        await sleep(50);
      }
    }
  };

  const started = Date.now();
  let child = startServer(target, port);
  restarts.push(await waitReady(base, child));
  const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
  for (let k = 1; k <= KILLS; k++) {
    await sleep(300 + Math.random() * 2200);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    child = startServer(target, port);
    restarts.push(await waitReady(base, child));
    if (k % 10 === 0) console.log(`  ${kind}: ${k} kills, ${acked.receipts.size + acked.departments.size} writes acknowledged`);
  }
  await sleep(1000);
  stop = true;
  await Promise.all(writers);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;

  // Count what is there, straight from the database, and let it check its own indexes.
  let receipts: string[];
  let departments: string[];
  let indexes: { index: string; ok: unknown }[];
  if (kind === 'pglite') {
    const client = new PGlite({ dataDir: path.join(target.dataDir as string, 'db'), extensions: { amcheck } });
    await client.exec('create extension if not exists amcheck');
    receipts = (await client.query<{ uuid: string }>('select uuid from receipts where tenant_uuid = $1', [tenantUuid])).rows.map(
      (r) => r.uuid,
    );
    departments = (
      await client.query<{ department: string }>('select department from departments where tenant_uuid = $1', [tenantUuid])
    ).rows.map((r) => r.department);
    indexes = (await client.query<{ index: string; ok: unknown }>(INDEX_CHECK_SQL)).rows;
    await client.close();
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query('create extension if not exists amcheck');
    receipts = (await client.query('select uuid from receipts where tenant_uuid = $1', [tenantUuid])).rows.map((r) => r.uuid);
    departments = (await client.query('select department from departments where tenant_uuid = $1', [tenantUuid])).rows.map(
      (r) => r.department,
    );
    indexes = (await client.query(INDEX_CHECK_SQL)).rows;
    await client.end();
  }
  const judge = (ackedIds: Set<string>, present: string[]) => {
    const counts = new Map<string, number>();
    for (const id of present) counts.set(id, (counts.get(id) ?? 0) + 1);
    let lost = 0;
    let duplicated = 0;
    for (const id of ackedIds) {
      const n = counts.get(id) ?? 0;
      if (n === 0) lost++;
      if (n > 1) duplicated++;
    }
    return { acknowledged: ackedIds.size, present: present.length, lost, duplicated };
  };
  const r = judge(acked.receipts, receipts);
  const d = judge(acked.departments, departments);
  const sorted = [...restarts].sort((a, b) => a - b);
  console.log(`\n${kind}: ${KILLS} SIGKILLs in ${((Date.now() - started) / 1000).toFixed(0)} s, ${WRITERS} writers`);
  console.log(`  receipts:    ${r.acknowledged} acknowledged, ${r.present} present, ${r.lost} lost, ${r.duplicated} duplicated`);
  console.log(`  departments: ${d.acknowledged} acknowledged, ${d.present} present, ${d.lost} lost, ${d.duplicated} duplicated`);
  console.log(`  writes cut off by a kill (outcome unknown, not judged): ${unacknowledged}; refused: ${refused}`);
  console.log(`  btree indexes checked by amcheck: ${indexes.length}, all passed`);
  console.log(`  restart to ready: p50 ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted[sorted.length - 1]} ms`);
  await target.cleanup();
  return r.lost + r.duplicated + d.lost + d.duplicated;
}

const { values } = parseArgs({ options: { db: { type: 'string' } } });
const kinds = values.db ? [values.db as Target['kind']] : (['pglite', 'postgres'] as const);
let failures = 0;
for (const kind of kinds) failures += await soak(kind);
console.log(failures === 0 ? '\nNo acknowledged write was lost or duplicated.' : `\n${failures} acknowledged writes lost or duplicated.`);
process.exit(failures === 0 ? 0 : 1);
