import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '@groundwork/server/src/config.js';
import { openDatabase } from '@groundwork/server/src/db/client.js';
import { migrate } from '@groundwork/server/src/db/migrate.js';
import { TEST_SECRET } from '@groundwork/server/src/testing/factories.js';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { type MixCompany, mulberry32, seedMix } from './many-seed.js';
import { inTurn, meanRate, ROUNDS, roundRatios } from './rounds.js';

/**
 * The mix of `npm run bench` (issue 49): 1,000 companies on one PostgreSQL (bench/many-seed.ts), requests spread
 * across them with a Zipf skew, each sent as that company's admin, against GraphQL and against raw Fastify + pg routes
 * running the same tenant-filtered statement for the company the request names. Then the noisy-neighbour line: the
 * companies' listEmployees p99 alone, and beside one large company running its heaviest reads flat out.
 */

type Row = Record<string, unknown>;
/** What the mix needs of run.ts's scenarios (its Scenario type is structurally one). */
type SharedScenario = {
  op: string;
  query: string;
  variables: (c: any) => Record<string, unknown>;
  rows: (data: any) => Row[];
  sql?: string;
  params?: (c: any) => unknown[];
  prepareSql?: string;
  variants?: (c: any, pool: pg.Pool) => Promise<Record<string, unknown>[]>;
};
type MixPassName = 'throughput' | 'latency';
type ByTarget = Map<string, Partial<Record<MixPassName, autocannon.Result>>>;
/** run.ts's settings and helpers, passed in (run.ts runs its bench when imported, so this file cannot import it). */
export type MixOptions = {
  adminUrl: string;
  duration: number;
  warmup: number;
  connections: number;
  latencyConnections: number;
  poolSize: number;
  host: string;
  /** run.ts's scenarios, the chatbot's included: the mix sends the same documents and raw statements. */
  scenarios: SharedScenario[];
  load: (opts: autocannon.Options, signal: AbortSignal) => Promise<autocannon.Result>;
  printTable: (op: string, pass: { name: MixPassName; connections: number }, results: [string, autocannon.Result][]) => void;
  summaryLine: (op: string, byTarget: ByTarget) => string;
  disconnected: (admin: pg.Client, dbName: string) => Promise<void>;
};

/** A company as the scenarios' `variables` and `params` read it (run.ts's LargeTenant), plus the mix's dates. */
type Ctx = MixCompany & { tenantUuid: string; personId: number; foremanToken: string; week: { start: string; end: string } };
type MixScenario = SharedScenario & { sql: string; params: (c: Ctx) => unknown[] };

const COMPANIES = envInt('BENCH_MIX_COMPANIES', 1000);
/** The skew of the requests over the companies: the k-th busiest gets 1/k^s of the share of the first. */
const ZIPF_S = Number(process.env.BENCH_MIX_ZIPF ?? 1);
/** Requests each connection cycles through (autocannon `requests`): a fixed Zipf draw, the same every run. */
const SEQUENCE = envInt('BENCH_MIX_SEQUENCE', 4000);
/**
 * Requests of the sequence a pass's connections take in all, each from its own place in it: about what a connection
 * sends in a warm-up and a run (~200 at 64 connections, ~800 at 16), so it asks for a company again only as the
 * sequence would, and few enough that autocannon builds them in ~0.15 s.
 */
const PER_PASS = envInt('BENCH_MIX_PER_PASS', 12_800);
/** Connections the noisy company's heavy reads take, beside the 16 of the others' listEmployees. */
const NOISY_CONNECTIONS = envInt('BENCH_MIX_NOISY_CONNECTIONS', 6);
/** The run.ts operations the mix sends as they are (their variables and params read only the company). */
const AS_IS = [
  'listEmployees',
  'listJobs',
  'searchReceipts',
  'tools: searchTools',
  'tools: toolLog',
  'ordering: searchItems',
  'ordering: searchOrders',
  'project-notes: searchDailyReports',
];
/** BENCH_ONLY=mix,<text>…: only the mix operations whose name contains one of the other entries. */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .filter(Boolean)
  .filter((o) => o !== 'mix');

export async function runMix(signal: AbortSignal, o: MixOptions): Promise<void> {
  const dbName = `gw_bench_${randomBytes(6).toString('hex')}`;
  const dbUrl = new URL(o.adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    await admin.query(`create database ${dbName}`);
    const database = await openDatabase({ url: dbUrl.toString() });
    cleanup.push(() => database.close());
    await migrate(database);
    const seedStart = performance.now();
    const seeded = await seedMix(database.db, {
      companies: COMPANIES,
      random: mulberry32(49),
      vacuum: process.env.BENCH_MIX_VACUUM !== '0',
    });
    const r = seeded.rows;
    const sizes = seeded.companies.map((c) => c.people).sort((a, b) => a - b);
    console.log(
      `\nmix: seeded ${dbName}: ${COMPANIES} companies (people: median ${sizes[sizes.length >> 1]}, ${sizes.filter((n) => n <= 50).length} with 50 or fewer, ${sizes.filter((n) => n >= 500).length} with 500; ${r.employees} in all), ${r.jobs} jobs, ${r.costcodes} cost codes, ${r.timecard_entries} time entries, ${r.receipts} receipts, ${r.tasks} tasks, ${r.tools} tools, ${r.tool_logs} tool log rows, ${r.items} items, ${r.orders} orders, ${r.jobs_notes} daily reports, ${r.scheduled_labor} schedule entries in ${Math.round(performance.now() - seedStart)} ms (${Object.entries(
        seeded.timings,
      )
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ')})`,
    );
    const { rows: size } = await admin.query<{ bytes: string }>('select pg_database_size($1) as bytes', [dbName]);
    console.log(`mix: the database takes ${(Number(size[0].bytes) / 2 ** 20).toFixed(0)} MiB on disk (tables, indexes, TOAST)`);
    signal.throwIfAborted();

    const config = loadConfig({
      NODE_ENV: process.env.NODE_ENV,
      DATABASE_URL: dbUrl.toString(),
      AUTH_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      WEB_DIST: process.env.WEB_DIST,
      APP_ORIGIN: process.env.APP_ORIGIN ?? 'https://bench.groundwork.test',
      // HEAVY_WORK_PER_COMPANY=64 runs the noisy neighbour without the company lanes' limit (6 heavy connections).
      HEAVY_WORK_PER_COMPANY: process.env.HEAVY_WORK_PER_COMPANY,
      // HEAVY_WORK_SHARE=1: the lanes without the share of the time (company-lanes.ts).
      HEAVY_WORK_SHARE: process.env.HEAVY_WORK_SHARE,
    });
    const { buildApp } = await import('@groundwork/server/src/app.js');
    const app = await buildApp({ config, database });
    cleanup.push(() => app.close());
    const appUrl = await app.listen({ host: o.host, port: 0 });
    const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: o.poolSize });
    pool.on('error', (err) => console.error('mix raw pool:', err.message));
    cleanup.push(() => pool.end());

    // Last week (Monday to Sunday): the seed writes six weekly cards back from this week and two weeks of schedule
    // around today; the board's four weeks start with last week.
    const { rows: days } = await pool.query<{ start: string; end: string; today: string }>(
      `select (date_trunc('week', current_date)::date - 7)::text as start, (date_trunc('week', current_date)::date - 1)::text as end,
        current_date::text as today`,
    );
    const { start, end, today } = days[0];
    const ctxs: Ctx[] = seeded.companies.map((c) => ({ ...c, personId: c.adminId, foremanToken: c.token, week: { start, end } }));
    const byTenant = new Map(ctxs.map((c) => [c.tenantUuid, c]));
    const scenarios = mixScenarios(o.scenarios, today).filter((s) => ONLY.length === 0 || ONLY.some((x) => s.op.includes(x)));

    const raw = Fastify({ logger: false });
    for (const [i, s] of scenarios.entries()) {
      raw.get<{ Querystring: { t: string } }>(`/${i}`, async (req, reply) => {
        const c = byTenant.get(req.query.t);
        if (!c) return reply.code(404).send({ error: 'no such company' });
        return { items: (await pool.query<Row>(s.sql, s.params(c))).rows };
      });
    }
    cleanup.push(() => raw.close());
    const rawUrl = await raw.listen({ host: o.host, port: 0 });

    // Popularity is a seeded shuffle of the companies (a busy company is as often small as large), then Zipf on rank.
    const random = mulberry32(4901);
    const byRank = shuffle([...ctxs], random);
    const sequence = zipf(byRank, SEQUENCE, ZIPF_S, random);
    const hit = new Map<string, number>();
    for (const c of sequence) hit.set(c.tenantUuid, (hit.get(c.tenantUuid) ?? 0) + 1);
    const top = [...hit.values()].sort((a, b) => b - a);
    console.log(
      `mix: ${SEQUENCE} requests over ${hit.size} companies (Zipf s=${ZIPF_S}): the busiest ${((100 * top[0]) / SEQUENCE).toFixed(1)}%, the busiest ten ${((100 * top.slice(0, 10).reduce((a, b) => a + b, 0)) / SEQUENCE).toFixed(0)}%`,
    );

    // Each connection cycles through the sequence from its own place in it (were they all to start at the first
    // request, they would ask for the same company at the same moments): autocannon's worker thread takes no
    // function, so each target's requests and its setupClient are written to a scratch folder, removed at the end.
    // A connection takes only its share of PER_PASS requests from its place: autocannon builds every request of
    // every connection when the run starts, inside the measured seconds and on the thread that reads the answers
    // (the whole sequence was ~45 ms a connection, ~3 s of a 6 s run at 64 connections; see docs/scale.md).
    const scratch = await mkdtemp(path.join(tmpdir(), 'gw-bench-mix-'));
    cleanup.push(() => rm(scratch, { recursive: true, force: true }));
    let files = 0;
    const target = async (url: string, method: 'GET' | 'POST', requests: Row[], connections: number): Promise<autocannon.Options> => {
      const file = path.join(scratch, `t${files++}`);
      const each = Math.min(requests.length, Math.ceil(PER_PASS / connections));
      await writeFile(`${file}.json`, JSON.stringify(requests));
      await writeFile(
        `${file}.cjs`,
        `'use strict';\nconst requests = require(${JSON.stringify(`${file}.json`)});\nlet next = 0;\n` +
          'module.exports = function setupClient(client) {\n  const at = (next++ * 997) % requests.length;\n' +
          `  client.setRequests(requests.slice(at).concat(requests.slice(0, at)).slice(0, ${each}));\n};\n`,
      );
      return { url, method, setupClient: `${file}.cjs` };
    };
    const graphqlTarget = (s: SharedScenario, seq: Ctx[], connections: number) =>
      target(
        `${appUrl}/graphql`,
        'POST',
        seq.map((c) => ({
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
          body: JSON.stringify({ query: s.query, variables: s.variables(c) }),
        })),
        connections,
      );
    const rawTarget = (i: number, seq: Ctx[], connections: number) =>
      target(
        `${rawUrl}/${i}`,
        'GET',
        seq.map((c) => ({ method: 'GET', path: `/${i}?t=${c.tenantUuid}` })),
        connections,
      );

    // The same rows from both, for the busiest companies, the largest, and a few others.
    const sample = [...new Set([...byRank.slice(0, 5), ctxs[0], ...ctxs.filter((_, i) => i % 199 === 50)])];
    for (const [i, s] of scenarios.entries()) await verifySame(s, i, sample, appUrl, rawUrl);
    signal.throwIfAborted();

    const passes: { name: MixPassName; connections: number }[] = [
      { name: 'throughput', connections: o.connections },
      { name: 'latency', connections: o.latencyConnections },
    ];
    const run = (opts: autocannon.Options, connections: number, duration = o.duration) =>
      o.load({ ...opts, connections, duration, warmup: { connections, duration: o.warmup } }, signal);
    const results = new Map<string, ByTarget>(scenarios.map((s) => [s.op, new Map()]));
    // PostgreSQL's CPU per request in the throughput pass, GraphQL and raw (docs/scale.md sizes a database from it).
    const pgCpu = new Map<string, Record<string, number>>();
    // The throughput pass runs ROUNDS times, GraphQL and raw in turn (rounds.ts).
    const rounds = new Map<string, string>();
    for (const pass of passes) {
      for (const [i, s] of scenarios.entries()) {
        const byTarget = results.get(s.op)!;
        const targets = {
          graphql: await graphqlTarget(s, sequence, pass.connections),
          raw: await rawTarget(i, sequence, pass.connections),
        };
        const runs = { graphql: [] as autocannon.Result[], raw: [] as autocannon.Result[] };
        const ticks = {
          graphql: { postgres: 0, busy: 0, total: 0, server: 0, requests: 0 },
          raw: { postgres: 0, busy: 0, total: 0, server: 0, requests: 0 },
        };
        const times = pass.name === 'throughput' ? ROUNDS : 1;
        for (let round = 0; round < times; round++) {
          for (const name of inTurn(['graphql', 'raw'] as const, round)) {
            console.log(
              `${s.op} mix ${name}: ${pass.connections} connections, ${o.duration} s after a ${o.warmup} s warm-up${times > 1 ? ` (round ${round + 1} of ${times})` : ''}…`,
            );
            const before = cpuTicks();
            const result = await run(targets[name], pass.connections);
            runs[name].push(result);
            const after = cpuTicks();
            if (before && after) {
              // The warm-up's requests are not in the result: only the measured seconds' share of the CPU counts.
              const share = o.duration / (o.duration + o.warmup);
              const t = ticks[name];
              t.postgres += (after.postgres - before.postgres) * share;
              t.server += (after.server - before.server) * share;
              t.busy += after.busy - before.busy;
              t.total += after.total - before.total;
              t.requests += result.requests.average * o.duration;
            }
          }
        }
        for (const name of ['graphql', 'raw'] as const) byTarget.set(name, { ...byTarget.get(name), [pass.name]: meanRate(runs[name]) });
        if (pass.name === 'throughput') {
          rounds.set(s.op, roundRatios(new Map(Object.entries(runs)), 'graphql'));
          const { graphql: g, raw } = ticks;
          if (g.requests > 0 && raw.requests > 0) {
            pgCpu.set(s.op, {
              graphql: (g.postgres * 10) / g.requests,
              raw: (raw.postgres * 10) / raw.requests,
              'graphql machine': g.busy / g.total,
              'raw machine': raw.busy / raw.total,
              'graphql server': (g.server * 10) / g.requests,
              'raw server': (raw.server * 10) / raw.requests,
            });
          }
        }
        o.printTable(
          `${s.op} mix`,
          pass,
          ['graphql', 'raw'].map((name) => [name, byTarget.get(name)![pass.name]!]),
        );
      }
    }

    // Noisy neighbour: the other companies' listEmployees at 16 connections, alone and beside one large company's
    // heaviest reads (the labor report, the four-week board, the chatbot) on connections of their own.
    let noisy: string | null = null;
    // BENCH_ONLY=mix,noisy: the noisy-neighbour line alone.
    const list = mixScenarios(o.scenarios, today).find((s) => s.op === 'listEmployees');
    if (list && (ONLY.length === 0 || ONLY.includes('noisy') || scenarios.some((s) => s.op === list.op))) {
      const heavyCompany = ctxs[0];
      const others = sequence.filter((c) => c !== heavyCompany);
      const heavy = await heavyRequests(o.scenarios, heavyCompany, pool, start);
      console.log(`noisy neighbour: ${heavy.length} heavy requests from a company of ${heavyCompany.people} people answer`);
      for (const h of heavy) await expectAnswer(appUrl, heavyCompany, h);
      const listOpts = await graphqlTarget(list, others, o.latencyConnections);
      console.log(`noisy neighbour: listEmployees mix alone, ${o.latencyConnections} connections…`);
      // The server's event loop (the load runs in autocannon's worker thread): how long a request can wait behind another.
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const aloneWaits = sampleWaits(o.adminUrl, dbName);
      const alone = await run(listOpts, o.latencyConnections);
      const waitsAlone = await aloneWaits.stop();
      loop.disable();
      const loopAlone = { max: loop.max / 1e6, p99: loop.percentile(99) / 1e6 };
      loop.reset();
      console.log(`noisy neighbour: the heavy company on ${NOISY_CONNECTIONS} connections, listEmployees mix beside it…`);
      const heavyOpts = await target(
        `${appUrl}/graphql`,
        'POST',
        heavy.map((h) => ({
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${heavyCompany.token}` },
          body: JSON.stringify(h),
        })),
        NOISY_CONNECTIONS,
      );
      // The heavy load starts first and outlasts the measured pass (its warm-up included).
      const heavyDone = o.load({ ...heavyOpts, connections: NOISY_CONNECTIONS, duration: o.duration + o.warmup + 4 }, signal);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      loop.enable();
      const besideWaits = sampleWaits(o.adminUrl, dbName);
      const beside = await run(listOpts, o.latencyConnections);
      const waitsBeside = await besideWaits.stop();
      loop.disable();
      const loopBeside = { max: loop.max / 1e6, p99: loop.percentile(99) / 1e6 };
      const heavyResult = await heavyDone;
      o.printTable('listEmployees mix (noisy neighbour)', { name: 'latency', connections: o.latencyConnections }, [
        ['alone', alone],
        ['beside heavy load', beside],
        ['the heavy company', heavyResult],
      ]);
      const x = alone.latency.p99;
      const y = beside.latency.p99;
      const errors = alone.errors + alone.non2xx + beside.errors + beside.non2xx;
      noisy =
        `noisy neighbour: listEmployees mix p99 ${x} ms alone, ${y} ms beside a company's heavy load (Y/X = ${x > 0 ? (y / x).toFixed(2) : '-'}×)` +
        ` (p50 ${alone.latency.p50} → ${beside.latency.p50} ms; the heavy company of ${heavyCompany.people} people: ${heavyResult.requests.average.toFixed(0)} req/s` +
        ` of reportLaborBudget, getScheduleBoard four weeks and askChatbot on ${NOISY_CONNECTIONS} connections, p50 ${heavyResult.latency.p50} ms` +
        `${heavyResult.errors + heavyResult.non2xx ? `, errors ${heavyResult.errors + heavyResult.non2xx}` : ''})` +
        `${errors ? ` errors ${errors}` : ''}` +
        `; the event loop's delay p99/max ${loopAlone.p99.toFixed(0)}/${loopAlone.max.toFixed(0)} ms alone, ${loopBeside.p99.toFixed(0)}/${loopBeside.max.toFixed(0)} ms beside` +
        `\nnoisy neighbour: what PostgreSQL's active statements waited on (mean per sample) alone: ${waitsAlone}\n` +
        `noisy neighbour: … beside the heavy load: ${waitsBeside}`;
    }

    console.log(
      `\nmix summary (${COMPANIES} companies, Zipf s=${ZIPF_S}): ratio = req/s / raw req/s at ${o.connections} connections; p50, p99 at ${o.latencyConnections} connections`,
    );
    for (const s of scenarios) console.log(o.summaryLine(`${s.op} mix`, results.get(s.op)!));
    if (ROUNDS > 1) {
      console.log(
        `mix: each round's ratio at ${o.connections} connections (GraphQL/raw req/s, in turn, ${ROUNDS} rounds; the line above is of the mean rates)`,
      );
      for (const [op, each] of rounds) console.log(`  ${op} mix: ${each}`);
    }
    if (pgCpu.size) {
      console.log(
        `mix: CPU per request at ${o.connections} connections: PostgreSQL's (all of this machine's postgres processes; machine busy), and the server's main thread (the app's or the raw routes', in this process)`,
      );
      for (const [op, cpu] of pgCpu) {
        console.log(
          `  ${op} mix: PostgreSQL graphql ${cpu.graphql?.toFixed(2)} ms (${Math.round(100 * cpu['graphql machine'])}%), raw ${cpu.raw?.toFixed(2)} ms (${Math.round(100 * cpu['raw machine'])}%); server graphql ${cpu['graphql server']?.toFixed(2)} ms, raw ${cpu['raw server']?.toFixed(2)} ms`,
        );
      }
    }
    if (noisy) console.log(noisy);
  } finally {
    for (const undo of cleanup.reverse()) await undo().catch((err) => console.error('mix cleanup:', err));
    await o.disconnected(admin, dbName);
    if (process.env.BENCH_KEEP) console.log(`kept the database ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/**
 * The mix's operations: run.ts's lists as they are, one person's time for last week (the admin's own; the seed's
 * cards are weekly, around today) and the company's open tasks, first page (the admin sees them all; run.ts's "my
 * tasks" is a foreman's, whom the mix does not sign in).
 */
function mixScenarios(shared: SharedScenario[], today: string): MixScenario[] {
  const find = (op: string) => {
    const s = shared.find((x) => x.op === op);
    if (!s?.sql || !s.params) throw new Error(`mix: run.ts has no operation ${op} with a raw statement`);
    return s as MixScenario;
  };
  // The seed sends most orders and reports (run.ts's never): GraphQL answers the timestamps as PostgreSQL writes them.
  const asText = (sql: string, columns: string[]) =>
    columns.reduce((out, col) => {
      if (!out.includes(`${col},`)) throw new Error(`mix: no ${col} in ${sql}`);
      return out.replace(`${col},`, `${col}::text as ${col.split('.')[1]},`);
    }, sql);
  const TEXT: Record<string, string[]> = {
    'ordering: searchOrders': ['o.sent_on', 'o.acknowledged_on'],
    'project-notes: searchDailyReports': ['n.sent_on'],
  };
  const asIs = AS_IS.map(find).map((s) => (TEXT[s.op] ? { ...s, sql: asText(s.sql, TEXT[s.op]) } : s));
  const time = find('getTimecardInfo (one pay period)');
  return [
    ...asIs.slice(0, 2),
    {
      ...time,
      op: 'getTimecardInfo (a week)',
      variables: (c: Ctx) => ({ t: c.tenantUuid, e: c.adminId, s: c.week.start, end: c.week.end }),
      params: (c: Ctx) => [c.tenantUuid, c.adminId, c.week.start, c.week.end],
    },
    ...asIs.slice(2),
    {
      op: 'listTasks (open)',
      query: `query($t: ID!, $n: Int, $d: String) { listTasks(tenant_uuid: $t, filter: { status: ["open", "in_progress"], today: $d }, limit: $n) {
      items { id title status due_date jobs_id job_label overdue assignees { employees_id name } } nextToken } }`,
      variables: (c: Ctx) => ({ t: c.tenantUuid, n: 100, d: today }),
      rows: (d) => d.listTasks.items,
      sql: `select t.id, t.title, t.status, t.due_date::text, t.jobs_id,
  (select case when nullif(trim(j.job_abbr), '') is null then j.job else j.job_abbr || ' · ' || j.job end from jobs j
    where j.tenant_uuid = t.tenant_uuid and j.id = t.jobs_id) as job_label,
  (t.status <> 'done' and t.due_date < $3::date) as overdue,
  (select coalesce(json_agg(json_build_object('employees_id', a.employees_id, 'name', nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''))
    order by a.employees_id), '[]') from task_assignees a join employees e on e.tenant_uuid = a.tenant_uuid and e.id = a.employees_id
    where a.tenant_uuid = t.tenant_uuid and a.tasks_id = t.id) as assignees
  from tasks t
  where t.tenant_uuid = $1 and t.parent_task is null and t.status in ('open', 'in_progress')
  order by (case when t.status <> 'done' and t.due_date < $3::date then 0 else 1 end), t.id desc limit $2`,
      params: (c: Ctx) => [c.tenantUuid, 100, today],
    },
  ];
}

/** The heavy company's requests: the labor report, the four-week board from last week, and the chatbot's questions. */
async function heavyRequests(
  shared: SharedScenario[],
  c: Ctx,
  pool: pg.Pool,
  from: string,
): Promise<{ query: string; variables: Record<string, unknown> }[]> {
  const find = (prefix: string) => {
    const s = shared.find((x) => x.op.startsWith(prefix));
    if (!s) throw new Error(`mix: run.ts has no operation ${prefix}`);
    return s;
  };
  const report = find('reportLaborBudget');
  const board = find('getScheduleBoard (four weeks)');
  const chat = find('askChatbot');
  // The pace limit would refuse the chatbot's load: the bench dates stored questions back, as run.ts does.
  if (chat.prepareSql) await pool.query(chat.prepareSql);
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 27 * 86_400_000).toISOString().slice(0, 10);
  const questions = (await chat.variants?.(c, pool)) ?? [chat.variables(c)];
  // As many reports and boards as questions, interleaved: the three weigh in equally.
  return questions.flatMap((variables) => [
    { query: report.query, variables: report.variables(c) },
    { query: board.query, variables: { t: c.tenantUuid, f: from, to } },
    { query: chat.query, variables },
  ]);
}

async function expectAnswer(appUrl: string, c: Ctx, body: { query: string; variables: Record<string, unknown> }): Promise<void> {
  const res = await fetch(`${appUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: unknown; errors?: unknown };
  if (!res.ok || json.errors || !json.data) throw new Error(`noisy neighbour: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
}

/** Each sampled company gets the same rows from GraphQL (as its admin) and raw; empty pages must be rare. */
async function verifySame(s: MixScenario, i: number, sample: Ctx[], appUrl: string, rawUrl: string): Promise<void> {
  let rows = 0;
  for (const c of sample) {
    const res = await fetch(`${appUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
      body: JSON.stringify({ query: s.query, variables: s.variables(c) }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: unknown };
    if (!body.data) throw new Error(`${s.op} mix: company ${c.n} returned no data: ${JSON.stringify(body.errors)}`);
    const a = s.rows(body.data);
    const rawRes = await fetch(`${rawUrl}/${i}?t=${c.tenantUuid}`);
    const b = ((await rawRes.json()) as { items: Row[] }).items;
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      const at = a.findIndex((row, k) => JSON.stringify(row) !== JSON.stringify(b[k]));
      throw new Error(
        `${s.op} mix: company ${c.n} (${c.people} people): graphql and raw differ (${a.length} vs ${b.length} rows; first difference at ${at}): ${JSON.stringify([a[at], b[at]])}`,
      );
    }
    rows += a.length;
  }
  if (rows === 0) throw new Error(`${s.op} mix: every sampled company's page is empty`);
  console.log(`${s.op} mix: graphql and raw return the same rows for ${sample.length} companies (${rows} rows in all)`);
}

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** `length` draws from `byRank`, the k-th (from 1) with weight 1/k^s. */
function zipf<T>(byRank: T[], length: number, s: number, random: () => number): T[] {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= byRank.length; k++) {
    sum += 1 / k ** s;
    cumulative.push(sum);
  }
  return Array.from({ length }, () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return byRank[lo];
  });
}

/**
 * CPU time so far, in clock ticks (1/100 s): of every process named postgres (backends, the postmaster and its
 * workers, and the backends that have ended), and of the machine (busy and in all). Null
 * where /proc is not there, or the PostgreSQL is on another machine (then the postgres figure is zero).
 */
function cpuTicks(): { postgres: number; busy: number; total: number; server: number } | null {
  try {
    let postgres = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
        const fields = stat.slice(close + 2).split(' ');
        // utime, stime, cutime and cstime are fields 14 to 17 of stat (fields[0] here is field 3): a backend that
        // ended (a pool closing an idle connection) has its time in the postmaster's cutime and cstime once reaped.
        postgres += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } catch {
        // The process ended meanwhile.
      }
    }
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = cpu[3] + cpu[4];
    // This process's main thread (its task has the process's id): the servers' event loop, not the load's worker.
    const main = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8');
    const mainFields = main.slice(main.lastIndexOf(')') + 2).split(' ');
    return { postgres, busy: total - idle, total, server: Number(mainFields[11]) + Number(mainFields[12]) };
  } catch {
    return null;
  }
}

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return n;
}

/**
 * Samples, every 20 ms until stopped, what the bench database's active statements wait on (pg_stat_activity's wait
 * event; none is running on a CPU or waiting for one) and how many of the machine's processes are runnable
 * (/proc/stat's procs_running, against its cores): where a tail's time goes, in the database or in the queue for a core.
 */
function sampleWaits(adminUrl: string, dbName: string): { stop(): Promise<string> } {
  const client = new pg.Client({ connectionString: adminUrl });
  const counts = new Map<string, number>();
  const running: number[] = [];
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ wait: string; n: number }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait, count(*)::int as n
         from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid() group by 1`,
        [dbName],
      );
      samples++;
      for (const r of rows) counts.set(r.wait, (counts.get(r.wait) ?? 0) + r.n);
      const stat = readFileSync('/proc/stat', 'utf8');
      running.push(Number(/^procs_running (\d+)/m.exec(stat)?.[1] ?? 0));
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const n = Math.max(samples, 1);
      const waits = [...counts].sort((a, b) => b[1] - a[1]).map(([w, c]) => `${w} ${(c / n).toFixed(2)}`);
      const sorted = [...running].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      const mean = running.reduce((a, b) => a + b, 0) / Math.max(running.length, 1);
      return `${waits.slice(0, 6).join(', ') || 'nothing'} (${samples} samples); runnable processes mean ${mean.toFixed(1)}, p90 ${at(0.9)}, max ${at(1)} on ${availableParallelism()} cores`;
    },
  };
}
