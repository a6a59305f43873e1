import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '@groundwork/server/src/config.js';
import { openDatabase } from '@groundwork/server/src/db/client.js';
import { migrate } from '@groundwork/server/src/db/migrate.js';
import { TEST_SECRET } from '@groundwork/server/src/testing/factories.js';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { type LargeTenant, SIZES, seedLargeTenant, TIME } from './seed.js';

const HOST = '127.0.0.1';
const PAGE = 100;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = envInt('BENCH_DURATION', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 64);
// The raw route gets the same pool size openDatabase gives the app, so only the stack differs.
const POOL_SIZE = Number(process.env.PG_POOL_SIZE ?? 10);

type Ctx = LargeTenant;

/**
 * Each operation against a raw route serving the same rows in the same order straight from pg:
 * the ratio is what the GraphQL stack and the tenant walls cost on top of the query itself.
 */
const SCENARIOS: {
  op: string;
  as: 'admin' | 'foreman';
  query: string;
  variables: (c: Ctx) => Record<string, unknown>;
  rows: (data: any) => Row[];
  sql: string;
  params: (c: Ctx) => unknown[];
}[] = [
  {
    op: 'listEmployees',
    as: 'admin',
    query:
      'query($t: ID!, $n: Int) { listEmployees(tenant_uuid: $t, limit: $n) { items { id firstname lastname email status } nextToken } }',
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.listEmployees.items,
    sql: `select id, firstname, lastname, email, status from employees where tenant_uuid = $1
  order by lower(coalesce(firstname, '')), lower(coalesce(lastname, '')), id limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    op: 'listJobs',
    as: 'admin',
    query: 'query($t: ID!, $n: Int) { listJobs(tenant_uuid: $t, limit: $n) { items { id job job_abbr status } nextToken } }',
    variables: (c) => ({ t: c.tenantUuid, n: PAGE }),
    rows: (d) => d.listJobs.items,
    sql: `select id, job, job_abbr, status from jobs where tenant_uuid = $1 and status <> 0
  order by lower(coalesce(nullif(job_abbr, ''), job)), id limit $2`,
    params: (c) => [c.tenantUuid, PAGE],
  },
  {
    op: 'getTimecardInfo (one pay period)',
    as: 'admin',
    query: `query($t: ID!, $e: Int, $s: String, $end: String) { getTimecardInfo(tenant_uuid: $t, employee_id: $e, start_date: $s, end_date: $end) {
      users_timecard_entries { id employees_id timecard_date jobs_id costcodes_id hours } } }`,
    variables: (c) => ({ t: c.tenantUuid, e: c.personId, s: TIME.measured.start, end: TIME.measured.end }),
    rows: (d) => d.getTimecardInfo.users_timecard_entries,
    sql: `select id, employees_id, timecard_date::text, jobs_id, costcodes_id, hours from timecard_entries
  where tenant_uuid = $1 and employees_id = $2 and timecard_date between $3 and $4 order by timecard_date, id`,
    params: (c) => [c.tenantUuid, c.personId, TIME.measured.start, TIME.measured.end],
  },
  {
    op: 'getTimecardInfo (crew of 20)',
    as: 'foreman',
    query: `query($t: ID!, $s: String, $end: String) { getTimecardInfo(tenant_uuid: $t, start_date: $s, end_date: $end, fetch_crew_timecards: true) {
      timecard_entries_collection { id employees_id timecard_date jobs_id costcodes_id hours } } }`,
    variables: (c) => ({ t: c.tenantUuid, s: TIME.measured.start, end: TIME.measured.end }),
    rows: (d) => d.getTimecardInfo.timecard_entries_collection,
    sql: `select id, employees_id, timecard_date::text, jobs_id, costcodes_id, hours from timecard_entries
  where tenant_uuid = $1 and timecard_date between $2 and $3 and employees_id in (
    select distinct te.employees_id from timecard_entries te join jobs_foremen f on f.tenant_uuid = te.tenant_uuid and f.jobs_id = te.jobs_id
    where te.tenant_uuid = $1 and te.timecard_date between $2 and $3)
  order by employees_id, timecard_date, id`,
    params: (c) => [c.tenantUuid, TIME.measured.start, TIME.measured.end],
  },
];

type Row = Record<string, unknown>;
type Target = { name: string; opts: autocannon.Options };

async function main(signal: AbortSignal): Promise<void> {
  const dbName = `gw_bench_${randomBytes(6).toString('hex')}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  // Undone in reverse order: servers close before the pools they use end.
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    await admin.query(`create database ${dbName}`);
    const database = await openDatabase({ url: dbUrl.toString() });
    cleanup.push(() => database.close());
    await migrate(database);
    const seedStart = performance.now();
    const tenant = await seedLargeTenant(database.db);
    console.log(
      `seeded ${dbName}: ${SIZES.people} people, ${SIZES.costcodes} cost codes, ${SIZES.jobs} jobs, ${SIZES.timeEntries} time entries in ${Math.round(performance.now() - seedStart)} ms`,
    );
    signal.throwIfAborted();

    const config = loadConfig({
      NODE_ENV: process.env.NODE_ENV,
      DATABASE_URL: dbUrl.toString(),
      AUTH_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      WEB_DIST: process.env.WEB_DIST,
    });
    // Imported only now: graphql-js picks its production code paths from NODE_ENV when it loads.
    const { buildApp } = await import('@groundwork/server/src/app.js');
    const app = await buildApp({ config, database });
    cleanup.push(() => app.close());
    const appUrl = await app.listen({ host: HOST, port: 0 });

    const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: POOL_SIZE });
    pool.on('error', (err) => console.error('raw pool:', err.message));
    cleanup.push(() => pool.end());
    const raw = Fastify({ logger: false });
    for (const [i, scenario] of SCENARIOS.entries()) {
      const params = scenario.params(tenant);
      raw.get(`/${i}`, async () => ({ items: (await pool.query<Row>(scenario.sql, params)).rows }));
    }
    cleanup.push(() => raw.close());
    const rawUrl = await raw.listen({ host: HOST, port: 0 });

    for (const [i, scenario] of SCENARIOS.entries()) {
      const targets: Target[] = [
        {
          name: 'graphql',
          opts: {
            url: `${appUrl}/graphql`,
            method: 'POST',
            headers: {
              authorization: `Bearer ${scenario.as === 'admin' ? tenant.token : tenant.foremanToken}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ query: scenario.query, variables: scenario.variables(tenant) }),
          },
        },
        { name: 'raw', opts: { url: `${rawUrl}/${i}`, method: 'GET' } },
      ];
      await verifySamePage(scenario, targets);
      const results: [string, autocannon.Result][] = [];
      for (const { name, opts } of targets) {
        console.log(`${scenario.op} ${name}: ${CONNECTIONS} connections, ${DURATION} s after a 2 s warm-up…`);
        results.push([
          name,
          await load({ ...opts, connections: CONNECTIONS, duration: DURATION, warmup: { connections: CONNECTIONS, duration: 2 } }, signal),
        ]);
      }
      printTable(scenario.op, results);
    }
    const bundle = bundleReport(config.webDist);
    if (bundle) console.log(bundle);
  } finally {
    for (const undo of cleanup.reverse()) await undo().catch((err) => console.error('cleanup:', err));
    await disconnected(admin, dbName);
    // with (force): a connection left behind by a failure must not keep the database alive.
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/**
 * pool.end() resolves before the server has seen every connection close. A forced drop would terminate
 * those stragglers, and pg raises that on the idle client as an unhandled 'error' that kills the process.
 */
async function disconnected(admin: pg.Client, dbName: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName]);
    if (rows[0].n === 0) return;
    await sleep(100);
  }
}

/** Both routes must serve the same rows, or the ratio compares different work. */
async function verifySamePage(scenario: (typeof SCENARIOS)[number], [gql, raw]: Target[]): Promise<void> {
  const fetchJson = async ({ opts }: Target) => {
    const res = await fetch(opts.url, { method: opts.method, headers: opts.headers, body: opts.body });
    if (!res.ok) throw new Error(`${opts.url}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
  const g = (await fetchJson(gql)) as { data?: unknown; errors?: unknown };
  const r = (await fetchJson(raw)) as { items: Row[] };
  if (!g.data) throw new Error(`graphql returned no data: ${JSON.stringify(g.errors)}`);
  const a = scenario.rows(g.data);
  if (a.length === 0 || JSON.stringify(a) !== JSON.stringify(r.items)) {
    const at = a.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(r.items[i]));
    throw new Error(
      `first pages differ (${a.length} vs ${r.items.length} rows; first difference at ${at}): ${JSON.stringify([a[at], r.items[at]])}`,
    );
  }
  console.log(`${scenario.op}: both return the same ${a.length} rows`);
}

function load(opts: autocannon.Options, signal: AbortSignal): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // One worker thread generates the load, so it does not share the servers' event loop.
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      instance.stop();
      reject(signal.reason);
    };
    const instance = autocannon({ workers: 1, ...opts }, (err, result) => {
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(result);
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function printTable(op: string, results: [string, autocannon.Result][]): void {
  const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(18) : c.padStart(10))).join(''));
  row([op, 'req/s', 'p50 ms', 'p99 ms', 'errors']);
  for (const [name, r] of results) {
    row([name, r.requests.average.toFixed(0), String(r.latency.p50), String(r.latency.p99), String(r.errors + r.non2xx)]);
  }
  const [[, g], [, raw]] = results;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  row([
    'ratio graphql/raw',
    ratio(g.requests.average, raw.requests.average),
    ratio(g.latency.p50, raw.latency.p50),
    ratio(g.latency.p99, raw.latency.p99),
    '',
  ]);
}

/** The entry script and the chunks index.html preloads with it: what the 250 KB initial-JS budget counts. */
function bundleReport(webDist: string): string | null {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return null;
  const html = readFileSync(index, 'utf8');
  const entry = html.match(/<script\b[^>]*type="module"[^>]*src="([^"]+)"/)?.[1];
  if (!entry) return null;
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const kb = (src: string) => gzipSync(readFileSync(path.join(webDist, src))).length / 1024;
  const initial = [entry, ...preloads].reduce((sum, src) => sum + kb(src), 0);
  return `web ${entry}: ${kb(entry).toFixed(1)} KB gzip; initial JS with ${preloads.length} preloads: ${initial.toFixed(1)} KB gzip (budget 250 KB)`;
}

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return n;
}

// The shipped configuration is what the budget is about; set NODE_ENV to compare another.
process.env.NODE_ENV ??= 'production';
const abort = new AbortController();
// Ctrl-C stops the load and still runs the clean-up, so no gw_bench_ database is left behind.
process.once('SIGINT', () => abort.abort(new Error('interrupted')));
try {
  await main(abort.signal);
} catch (err) {
  console.error(abort.signal.aborted ? 'bench interrupted; bench database dropped' : err);
  process.exitCode = abort.signal.aborted ? 130 : 1;
}
