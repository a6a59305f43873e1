/**
 * The load run (issue 25, `npm run load`; not in CI): LOAD_USERS simulated people (200) use one instance for
 * LOAD_SECONDS (300) the way a company does: they open lists and their time card, enter time, upload a photo, and
 * a fifth of them hold a live subscription open. It reports p50/p99 per operation, errors (5xx must be 0) and the
 * server's memory over time with its trend.
 *
 * The server runs on a fresh PostgreSQL database (on BENCH_DATABASE_URL's server, dropped at the end) with the demo
 * company; each simulated person is one of its people (several per person when there are more users than people),
 * signed in with a session made for them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type PayPeriodType, payPeriodFor } from '@groundwork/core/pay-periods';
import { openDatabase } from '@groundwork/server/src/db/client.js';
import { employees } from '@groundwork/server/src/modules/employees/employees.table.js';
import { createSession, TEST_SECRET } from '@groundwork/server/src/testing/factories.js';
import { and, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';

const HOST = '127.0.0.1';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const SUBSCRIBERS = Math.round(USERS / 5);
const repoRoot = new URL('..', import.meta.url).pathname;

type Person = { employeeId: number; token: string; notPermitted?: Set<string> };
const samples = new Map<string, number[]>();
const failures = new Map<string, number>();
let serverErrors = 0;

function record(op: string, ms: number) {
  const list = samples.get(op) ?? [];
  list.push(ms);
  samples.set(op, list);
}
function fail(op: string) {
  failures.set(op, (failures.get(op) ?? 0) + 1);
}

async function main() {
  const name = `groundwork_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://${HOST}:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: url.toString(),
        DATA_DIR: `/tmp/groundwork-load-${process.pid}`,
        DEMO_DATA: 'true',
        AUTH_SECRET: TEST_SECRET,
        PORT: String(port),
        HOST,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        // starting
      }
      if (i > 1200) throw new Error('the server did not start');
      await sleep(100);
    }
    const database = await openDatabase({ url: url.toString() });
    const people: (Person & { tenantUuid: string })[] = [];
    // Several simulated users per demo person share the person's session but not their menu memory.
    // The demo company's people, each with a fresh session selecting it. (RLS: the owner role reads them here.)
    const rows = await database.db
      .select({ id: employees.id, tenant: employees.tenant_uuid, identity: employees.cognito_uuid })
      .from(employees)
      .where(and(eq(employees.status, 1), isNotNull(employees.cognito_uuid)));
    for (const r of rows) {
      people.push({ employeeId: r.id, tenantUuid: r.tenant, token: await createSession(database.db, r.identity as string, r.tenant) });
    }
    await database.close();
    if (people.length === 0) throw new Error('no demo people');
    const tenantUuid = people[0].tenantUuid;
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a6' } })
      .jpeg()
      .toBuffer();
    console.log(`${USERS} users (${people.length} demo people), ${SUBSCRIBERS} holding a subscription, for ${SECONDS} s`);

    let notPermitted = 0;
    const gql = async (op: string, person: Person, query: string, variables: Record<string, unknown>) => {
      // A screen the person's permissions do not include is not in their menu: asked once, never again.
      if (person.notPermitted?.has(op)) return null;
      const started = performance.now();
      try {
        const res = await fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
          body: JSON.stringify({ query, variables: { t: tenantUuid, ...variables } }),
        });
        const body = (await res.json()) as { data?: any; errors?: { extensions?: { code?: string } }[] };
        record(op, performance.now() - started);
        if (res.status >= 500) serverErrors++;
        if (body.errors?.every((e) => e.extensions?.code === 'UNAUTHORIZED' || e.extensions?.code === 'FORBIDDEN')) {
          notPermitted++;
          person.notPermitted ??= new Set();
          person.notPermitted.add(op);
        } else if (!res.ok || body.errors) fail(op);
        return body.data;
      } catch {
        fail(op);
        return null;
      }
    };

    const deadline = Date.now() + SECONDS * 1000;
    const memory: { t: number; rss: number }[] = [];
    const controllers: AbortController[] = [];

    const user = async (n: number) => {
      const person: Person = { ...people[n % people.length] };
      // Spread the start over the first 10 s, as a morning does.
      await sleep(Math.random() * 10_000);
      if (n < SUBSCRIBERS) {
        const controller = new AbortController();
        controllers.push(controller);
        fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${person.token}` },
          body: JSON.stringify({
            query: 'subscription($t: ID!) { onCreateTimecardentry(tenant_uuid: $t) { id } }',
            variables: { t: tenantUuid },
          }),
          signal: controller.signal,
        })
          .then(async (res) => {
            if (res.status >= 500) serverErrors++;
            for await (const _ of res.body ?? []) {
              // events arrive; nothing to do with them
            }
          })
          .catch(() => {});
      }
      const jobs = (await gql('listTimecardJobs', person, 'query($t: ID!) { listTimecardJobs(tenant_uuid: $t) { id } }', {}))
        ?.listTimecardJobs as { id: number }[] | undefined;
      while (Date.now() < deadline) {
        const roll = Math.random();
        if (roll < 0.15) {
          await gql(
            'listJobs',
            person,
            'query($t: ID!) { listJobs(tenant_uuid: $t, limit: 50) { items { id job status } nextToken } }',
            {},
          );
        } else if (roll < 0.3) {
          await gql(
            'listEmployees',
            person,
            'query($t: ID!) { listEmployees(tenant_uuid: $t, limit: 50) { items { id firstname lastname } nextToken } }',
            {},
          );
        } else if (roll < 0.55) {
          await gql(
            'getTimecardInfo',
            person,
            'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { employee_id users_timecard { id } users_timecard_entries { id hours } } }',
            {},
          );
        } else if (roll < 0.85 && jobs?.length) {
          const job = jobs[Math.floor(Math.random() * jobs.length)];
          const codes = (
            await gql(
              'listFilteredCostcodes',
              person,
              'query($t: ID!, $j: [Int!]!) { listFilteredCostcodes(tenant_uuid: $t, jobs_id: $j) { budget_costcodes { costcodes_id } } }',
              { j: [job.id] },
            )
          )?.listFilteredCostcodes?.budget_costcodes as { costcodes_id: number }[] | undefined;
          const settings = (
            await gql(
              'getTimecardInfo',
              person,
              'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { settings { today pay_period_type pay_period_anchor } } }',
              {},
            )
          )?.getTimecardInfo?.settings;
          if (codes?.length && settings) {
            const period = payPeriodFor(settings.today, settings.pay_period_type as PayPeriodType, settings.pay_period_anchor);
            await gql(
              'createOrUpdateTimecardDayEntry',
              person,
              `mutation($t: ID!, $e: Int!, $s: String!, $end: String!, $d: String!, $x: [TimecardDayEntryInput!]!) {
                createOrUpdateTimecardDayEntry(tenant_uuid: $t, employees_id: $e, payperiod_start_date: $s, payperiod_end_date: $end,
                  timecard_date: $d, timecard_entries: $x) { users_timecard_entries { id } } }`,
              {
                e: person.employeeId,
                s: period.start,
                end: period.end,
                d: settings.today,
                x: [
                  {
                    jobs_id: job.id,
                    costcodes_id: codes[Math.floor(Math.random() * codes.length)].costcodes_id,
                    hours: 1 + Math.floor(Math.random() * 8),
                  },
                ],
              },
            );
          }
        } else {
          const started = performance.now();
          try {
            const form = new FormData();
            form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'site.jpg');
            const res = await fetch(`${base}/api/files`, {
              method: 'POST',
              headers: { authorization: `Bearer ${person.token}`, 'x-tenant-uuid': tenantUuid },
              body: form,
            });
            const answer = await res.text();
            if (!res.ok && !failures.has('upload photo')) console.error(`  upload refused: ${res.status} ${answer.slice(0, 200)}`);
            record('upload photo', performance.now() - started);
            if (res.status >= 500) serverErrors++;
            if (!res.ok) fail('upload photo');
          } catch {
            fail('upload photo');
          }
        }
        // Think time between screens.
        await sleep(1000 + Math.random() * 2000);
      }
    };

    const sampler = (async () => {
      const start = Date.now();
      while (Date.now() < deadline) {
        try {
          const text = await (await fetch(`${base}/metrics`)).text();
          const rss = Number(/groundwork_process_resident_memory_bytes (\d+)/.exec(text)?.[1] ?? 0);
          memory.push({ t: (Date.now() - start) / 1000, rss });
        } catch {
          // next time
        }
        await sleep(10_000);
      }
    })();
    await Promise.all([...Array.from({ length: USERS }, (_, n) => user(n)), sampler]);
    for (const c of controllers) c.abort();

    const pct = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
    console.log('\noperation                         count     p50 ms   p99 ms   failed');
    for (const [op, list] of [...samples.entries()].sort()) {
      list.sort((a, b) => a - b);
      console.log(
        `${op.padEnd(32)} ${String(list.length).padStart(6)} ${pct(list, 50).toFixed(1).padStart(10)} ${pct(list, 99).toFixed(1).padStart(8)} ${String(failures.get(op) ?? 0).padStart(8)}`,
      );
    }
    console.log(`\n5xx answers: ${serverErrors}; screens refused once for lack of permission (then not asked again): ${notPermitted}`);
    const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
    console.log(`memory (RSS, MB) every 10 s: ${memory.map((m) => mb(m.rss)).join(' ')}`);
    // The trend over the second half (after warm-up): least-squares slope, MB per minute.
    const half = memory.slice(Math.floor(memory.length / 2));
    if (half.length >= 3) {
      const mt = half.reduce((s, m) => s + m.t, 0) / half.length;
      const mr = half.reduce((s, m) => s + m.rss, 0) / half.length;
      const slope = half.reduce((s, m) => s + (m.t - mt) * (m.rss - mr), 0) / half.reduce((s, m) => s + (m.t - mt) ** 2, 0);
      console.log(`memory trend over the second half: ${((slope * 60) / 1024 / 1024).toFixed(1)} MB/min`);
    }
    if (serverErrors > 0) process.exitCode = 1;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
