/**
 * The kill soak (issues 25 and 50, `npm run soak:kill`; not in CI): under a mixed write load from WRITERS (8) writers
 * the server is killed with SIGKILL at random moments and restarted, KILLS times (200); on PostgreSQL the database
 * itself is crashed too, PG_KILLS times (20: SIGKILL of the postmaster or `pg_ctl stop -m immediate`, then restarted),
 * on a throwaway cluster of its own (bench/soak-pg-cluster.ts: initdb in a temporary folder, 127.0.0.1, a free port
 * from 55432), never the machine's shared server. `--quick`: KILLS 20, PG_KILLS 3. `--db pglite|postgres`: one target.
 *
 * The load, as the phone's offline outbox sends it: every change carries a device mutation id (x-device-mutation-id)
 * and, when its answer is lost (cut off by a kill, or an error while the database is down), is sent again, same id,
 * same content, until an answer comes: so a change applied twice shows up as a duplicate.
 * - receipts (saveReceipt, no id: the server picks the uuid; the client's id is in `notes`);
 * - uploads: POST /api/files (a small PDF), then a receipt pointing at the file's uuid (an upload whose answer was
 *   lost is uploaded again: the first copy is litter, not a fault);
 * - mail: sendEmail (the mail queue: the outbox table), subject the client's id, attaching the writer's last upload;
 *   SMTP_URL points at an SMTP stand-in (smtp-server on 127.0.0.1) which counts what it receives.
 *
 * Afterwards, with the server started once more and the mail queue drained: acknowledged writes, lost (acknowledged,
 * missing), duplicated (more than one row for one client id), half-written (a file row whose object is missing or of
 * another size, a receipt whose file is gone), orphan objects (stored, no row) before and after the orphan sweep
 * (files.orphans.ts), mails acknowledged vs received (lost, sent twice), and amcheck on every btree index and table.
 * The last stop is a clean one under load: SIGTERM while 16 keep-alive clients post (drainBurst), no request reset.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { openDatabase } from '@groundwork/server/src/db/client.js';
import { migrate } from '@groundwork/server/src/db/migrate.js';
import { sweepOrphanFiles } from '@groundwork/server/src/modules/files/files.orphans.js';
import { createDiskStorage } from '@groundwork/server/src/platform/storage-disk.js';
import { createMember, createTenant, TEST_SECRET } from '@groundwork/server/src/testing/factories.js';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type Cluster, startCluster } from './soak-pg-cluster.js';

const { values } = parseArgs({ options: { db: { type: 'string' }, quick: { type: 'boolean' } } });
const HOST = '127.0.0.1';
const KILLS = Number(process.env.KILLS ?? (values.quick ? 20 : 200));
const PG_KILLS = Number(process.env.PG_KILLS ?? (values.quick ? 3 : 20));
/** Keep-alive clients posting while the last stop drains (drainBurst). */
const BURST_LOOPS = 16;
const WRITERS = Number(process.env.WRITERS ?? 8);
const repoRoot = path.resolve(import.meta.dirname, '..');
/**
 * The server as `npm start` runs it, compiled (apps/server/scripts/build.mjs), into a folder of the soak's own: a
 * build of the shared checkout's `apps/server/dist` by someone else during the run cannot pull it from under a restart.
 */
const serverDist = path.join(repoRoot, 'apps/server/.soak', String(process.pid), 'dist');

type Kind = 'pglite' | 'postgres';
type Target = { kind: Kind; dataDir: string; filesDir: string; env: Record<string, string>; url?: string; cluster?: Cluster };

const INDEX_CHECK_SQL = `
  select c.relname as index, bt_index_check(c.oid, true) as ok
  from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
  join pg_namespace n on n.oid = c.relnamespace
  where am.amname = 'btree' and n.nspname = 'public' and c.relpersistence = 'p'`;
const HEAP_CHECK_SQL = `
  select c.relname as table, count(v.*)::int as corrupt
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  left join lateral verify_heapam(c.oid) v on true
  where c.relkind = 'r' and n.nspname = 'public' and c.relpersistence = 'p'
  group by c.relname`;

/** What a query on either database answers: rows. */
type Query = <R>(text: string, params?: unknown[]) => Promise<R[]>;

async function prepare(kind: Kind, smtpPort: number): Promise<{ target: Target; tenantUuid: string; token: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'groundwork-soak-'));
  const filesDir = path.join(dataDir, 'files');
  const env: Record<string, string> = { DATA_DIR: dataDir, SMTP_URL: `smtp://${HOST}:${smtpPort}` };
  let target: Target;
  if (kind === 'pglite') {
    mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    target = { kind, dataDir, filesDir, env };
  } else {
    const cluster = await startCluster();
    console.log(`  postgres: a throwaway cluster on 127.0.0.1:${cluster.port}`);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database groundwork_soak');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/groundwork_soak');
    target = { kind, dataDir, filesDir, url, cluster, env: { ...env, DATABASE_URL: url } };
  }
  const database = await openDatabase({ url: target.url, dataDir: target.url ? undefined : dataDir });
  try {
    await migrate(database);
    const tenantUuid = await createTenant(database.db, 'Soak Company');
    const member = await createMember(database.db, tenantUuid, { isAdmin: true });
    return { target, tenantUuid, token: member.token };
  } finally {
    await database.close();
  }
}

function buildServer() {
  const started = Date.now();
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, SERVER_DIST: serverDist },
    stdio: 'inherit',
  });
  console.log(`  server compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function startServer(target: Target, port: number): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST,
      AUTH_SECRET: TEST_SECRET,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'fatal',
      WEB_DIST: '/nonexistent',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(base: string, child: ChildProcess): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) })).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 180_000) throw new Error('the server did not become ready within 180 s');
    await sleep(100);
  }
}

/**
 * The SMTP stand-in: counts what it accepts by Message-ID (a message sent again after a crash between SMTP's
 * acceptance and the outbox row's removal carries its first copy's Message-ID: the same message, delivered twice),
 * and the distinct Message-IDs under each subject (two of them: the mail was queued, and sent, twice).
 */
async function startSmtp(): Promise<{
  port: number;
  /** Subject -> its distinct Message-IDs. */
  received: Map<string, Set<string>>;
  /** Message-ID -> how many times SMTP accepted it. */
  deliveries: Map<string, number>;
  attachments: Map<string, number>;
  close(): Promise<void>;
}> {
  const received = new Map<string, Set<string>>();
  const deliveries = new Map<string, number>();
  const attachments = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const messageId = /^Message-ID:\s*(.*)$/im.exec(raw)?.[1]?.trim() || `(none) ${randomUUID()}`;
        deliveries.set(messageId, (deliveries.get(messageId) ?? 0) + 1);
        received.set(subject, (received.get(subject) ?? new Set()).add(messageId));
        attachments.set(subject, (raw.match(/Content-Disposition: attachment/gi) ?? []).length);
        callback();
      });
    },
  });
  // A killed server drops its connection mid-conversation: that is the point, not an error of the stand-in.
  server.on('error', () => undefined);
  const port = await new Promise<number>((resolve) =>
    server.listen(0, HOST, () => resolve((server.server.address() as { port: number }).port)),
  );
  return { port, received, deliveries, attachments, close: () => new Promise((r) => server.close(() => r())) };
}

const SAVE_RECEIPT = 'mutation($t: ID!, $r: ReceiptSaveInput!) { saveReceipt(tenant_uuid: $t, receipt: $r) { uuid } }';
const SEND_EMAIL =
  'mutation($t: ID!, $to: String!, $s: String!, $m: String!, $f: [ID!]) { sendEmail(tenant_uuid: $t, emails: $to, subject: $s, message: $m, attached_files: $f) }';

type Outcome = 'acked' | 'refused' | 'retry';
type Ack = { id: string; fileUuid?: string; sha?: string; bytes?: number; attachments?: number };

async function soak(kind: Kind) {
  const smtp = await startSmtp();
  const { target, tenantUuid, token } = await prepare(kind, smtp.port);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://${HOST}:${port}`;
  const acked = { receipts: [] as Ack[], uploads: [] as Ack[], mails: [] as Ack[] };
  const stats = { resends: 0, refused: 0, uploadsRetried: 0, inFlightAtEnd: 0, alreadySaved: 0, selfExits: 0 };
  let stop = false;
  const restarts: number[] = [];
  const pgRestarts: number[] = [];

  const gql = async (query: string, variables: Record<string, unknown>, dmid: string): Promise<Outcome> => {
    try {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-device-mutation-id': dmid },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as {
        data?: unknown;
        errors?: { message: string; extensions?: { code?: string; reason?: string } }[];
      };
      if (res.ok && body.data && !body.errors) return 'acked';
      const e = body.errors?.[0]?.extensions;
      // "This change was already saved": the first send was applied, its answer lost (kept answers come back as data).
      if (e?.reason === 'ALREADY_APPLIED') {
        stats.alreadySaved++;
        return 'acked';
      }
      // The database is down, or the request was cut off inside the server: the outcome is unknown, send again.
      if (!e?.code || e.code === 'INTERNAL_SERVER_ERROR' || res.status >= 500) return 'retry';
      stats.refused++;
      if (stats.refused <= 3) console.error(`  refused: ${res.status} ${JSON.stringify(body.errors).slice(0, 300)}`);
      return 'refused';
    } catch {
      return 'retry';
    }
  };
  /** Sends one change until it is answered (or the soak stops): same id, same content. */
  const change = async (query: string, variables: Record<string, unknown>): Promise<Outcome | 'unknown'> => {
    const dmid = randomUUID();
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) stats.resends++;
      const outcome = await gql(query, variables, dmid);
      if (outcome !== 'retry') return outcome;
      if (stop) {
        stats.inFlightAtEnd++;
        return 'unknown';
      }
      await sleep(100 + Math.random() * 200);
    }
  };
  const upload = async (id: string): Promise<{ uuid: string; sha: string; bytes: number } | null> => {
    const content = Buffer.from(`%PDF-1.4\n% soak ${id}\n${'x'.repeat(200 + Math.floor(Math.random() * 4000))}\n%%EOF\n`);
    const sha = createHash('sha256').update(content).digest('hex');
    for (let attempt = 0; !stop; attempt++) {
      if (attempt > 0) stats.uploadsRetried++;
      try {
        const form = new FormData();
        form.append('file', new Blob([content], { type: 'application/pdf' }), `${id}.pdf`);
        const res = await fetch(`${base}/api/files`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'x-tenant-uuid': tenantUuid },
          body: form,
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await res.json()) as { uuid?: string; message?: string };
        if (res.ok && body.uuid) return { uuid: body.uuid, sha, bytes: content.length };
        if (res.status < 500) {
          stats.refused++;
          if (stats.refused <= 3) console.error(`  upload refused: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
          return null;
        }
      } catch {
        // cut off: upload it again (the first copy, if it was stored, is litter)
      }
      await sleep(100 + Math.random() * 200);
    }
    return null;
  };

  const writer = async (n: number) => {
    let lastFile: string | undefined;
    for (let i = 0; !stop; i++) {
      const id = randomUUID();
      const op = (n + i) % 3;
      if (op === 0) {
        const r = await change(SAVE_RECEIPT, {
          t: tenantUuid,
          r: { receipt_date: '2026-11-24', amount_cents: 1234, vendor: 'Soak', notes: id, file_uuids: [] },
        });
        if (r === 'acked') acked.receipts.push({ id });
      } else if (op === 1) {
        const file = await upload(id);
        if (!file) continue;
        const r = await change(SAVE_RECEIPT, {
          t: tenantUuid,
          r: { receipt_date: '2026-11-24', amount_cents: 999, vendor: 'Soak upload', notes: id, file_uuids: [file.uuid] },
        });
        if (r === 'acked') {
          acked.uploads.push({ id, fileUuid: file.uuid, sha: file.sha, bytes: file.bytes });
          lastFile = file.uuid;
        }
      } else {
        const files = lastFile ? [lastFile] : [];
        const r = await change(SEND_EMAIL, { t: tenantUuid, to: 'soak@example.com', s: `soak ${id}`, m: `Soak mail ${id}`, f: files });
        if (r === 'acked') acked.mails.push({ id, attachments: files.length });
      }
      if (op !== 1) await sleep(Math.random() * 50);
    }
  };

  buildServer();
  const started = Date.now();
  let child = startServer(target, port);
  restarts.push(await waitReady(base, child));
  /** The server is back: restarted when it exited on its own (say, when the database went away under it). */
  const ensureServer = async () => {
    if (child.exitCode !== null || child.signalCode !== null) {
      stats.selfExits++;
      child = startServer(target, port);
    }
    for (;;) {
      try {
        restarts.push(await waitReady(base, child));
        return;
      } catch (err) {
        if (child.exitCode === null && child.signalCode === null) throw err;
        stats.selfExits++;
        child = startServer(target, port);
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
  const events: ('app' | 'pg')[] = [...Array(KILLS).fill('app'), ...Array(kind === 'postgres' ? PG_KILLS : 0).fill('pg')];
  for (let i = events.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [events[i], events[j]] = [events[j], events[i]];
  }
  let appKills = 0;
  let pgKills = 0;
  for (const event of events) {
    await sleep(300 + Math.random() * 2200);
    if (event === 'app') {
      appKills++;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      child = startServer(target, port);
      await ensureServer();
    } else {
      pgKills++;
      const cluster = target.cluster as Cluster;
      const down = Date.now();
      await cluster.crash(pgKills % 2 ? 'sigkill' : 'immediate');
      await sleep(Math.random() * 1500);
      await cluster.start();
      await ensureServer();
      pgRestarts.push(Date.now() - down);
    }
    if ((appKills + pgKills) % 10 === 0) {
      const n = acked.receipts.length + acked.uploads.length + acked.mails.length;
      console.log(`  ${kind}: ${appKills} app kills, ${pgKills} database kills, ${n} writes acknowledged`);
    }
  }
  await sleep(1000);
  stop = true;
  await Promise.all(writers);
  const loadSeconds = (Date.now() - started) / 1000;

  // The mail queue drains: the one row a killed worker had in flight (`sending`) waits out its lease (2 minutes) before
  // it is sent again (same Message-ID). Waits
  // for every acknowledged mail to arrive (PGlite's folder is the running server's: the queue is read after it stops).
  const drainStart = Date.now();
  const missing = () => acked.mails.filter((a) => !smtp.received.has(`soak ${a.id}`)).length;
  // …and for the queue to be empty (the server's own gauge of queued and `sending` rows): a row whose mail arrived just
  // before a kill is sent again once its lease runs out, and that copy is counted too.
  const queueDepth = async () => {
    try {
      const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
      return Number(/^groundwork_queue_depth (\d+)/m.exec(text)?.[1] ?? 1);
    } catch {
      return 1;
    }
  };
  // As long as the queue keeps shrinking (a backlog the load outran the worker with), up to 20 minutes; a queue
  // that stops moving for 3 minutes (twice the lease of a row a kill left in flight) is judged as it stands.
  const depthAtDrain = await queueDepth();
  let lastDepth = depthAtDrain;
  let lastProgress = Date.now();
  while (missing() > 0 || lastDepth > 0) {
    if (Date.now() - lastProgress > 180_000 || Date.now() - drainStart > 1_200_000) break;
    await sleep(1000);
    const depth = await queueDepth();
    if (depth < lastDepth) lastProgress = Date.now();
    lastDepth = depth;
  }
  const drainSeconds = (Date.now() - drainStart) / 1000;
  await sleep(2000);
  // The clean stop, under load: SIGTERM while keep-alive clients keep posting.
  const burst = await drainBurst(base, child);
  const query = await openQuery(target);
  const queued = (await query<{ n: number }>(`select count(*)::int as n from outbox where state in ('queued', 'sending')`))[0].n;

  // --- The judgement, straight from the database and the files folder ---------------------------------------
  const receipts = await query<{ uuid: string; notes: string }>('select uuid::text, notes from receipts where tenant_uuid = $1', [
    tenantUuid,
  ]);
  const fileRows = await query<{
    uuid: string;
    server_filename: string;
    bytes: string;
    source_table: string | null;
    source_uuid: string | null;
  }>('select uuid::text, server_filename, bytes::text, source_table, source_uuid::text from files where tenant_uuid = $1', [tenantUuid]);
  const failedMail = (await query<{ n: number }>(`select count(*)::int as n from outbox where state = 'failed'`))[0].n;
  const byNotes = new Map<string, { uuid: string }[]>();
  for (const r of receipts) byNotes.set(r.notes, [...(byNotes.get(r.notes) ?? []), r]);
  const fileByUuid = new Map(fileRows.map((f) => [f.uuid, f]));
  const tenantDir = path.join(target.filesDir, tenantUuid);
  const objectPath = (name: string) => path.join(tenantDir, name);
  const objectOk = (f: { server_filename: string; bytes: string }) => {
    try {
      return readFileSync(objectPath(f.server_filename)).length === Number(f.bytes);
    } catch {
      return false;
    }
  };

  const judge = (list: Ack[]) => {
    let lost = 0;
    let duplicated = 0;
    for (const a of list) {
      const n = byNotes.get(a.id)?.length ?? 0;
      if (n === 0) lost++;
      if (n > 1) duplicated++;
    }
    return { acknowledged: list.length, lost, duplicated };
  };
  const r = judge(acked.receipts);
  const u = judge(acked.uploads);
  // Duplicates among every receipt, acknowledged or not: one client id, one row.
  const duplicatedAll = [...byNotes.values()].filter((rows) => rows.length > 1).length;

  // Half-written: a file row whose object is missing or short; an acknowledged upload's receipt without its file,
  // or whose file is not the bytes that were sent.
  let halfRows = 0;
  for (const f of fileRows) if (!objectOk(f)) halfRows++;
  let halfRecords = 0;
  for (const a of acked.uploads) {
    const receipt = byNotes.get(a.id)?.[0];
    const f = fileByUuid.get(a.fileUuid as string);
    const intact =
      receipt &&
      f &&
      f.source_table === 'receipts' &&
      f.source_uuid === receipt.uuid &&
      objectOk(f) &&
      createHash('sha256')
        .update(readFileSync(objectPath(f.server_filename)))
        .digest('hex') === a.sha;
    if (!intact) halfRecords++;
  }
  const unattached = fileRows.filter((f) => !f.source_uuid).length;
  const listObjects = async () => (existsSync(tenantDir) ? await createDiskStorage(target.filesDir).list(tenantUuid) : []);
  const named = new Set(fileRows.map((f) => f.server_filename));
  const orphansBefore = (await listObjects()).filter((n) => !named.has(n)).length;
  // The server is stopped, so no upload is between its store and its row: the sweep may take every orphan now.
  const database = await openDatabase({ url: target.url, dataDir: target.url ? undefined : target.dataDir });
  let swept: string[];
  try {
    swept = await sweepOrphanFiles({ db: database.db, storage: createDiskStorage(target.filesDir), tenantUuid, olderThanMinutes: 0 });
  } finally {
    await database.close();
  }
  const orphansAfter = (await listObjects()).filter((n) => !named.has(n)).length;

  // Mail: every acknowledged mail received, as one message (one Message-ID), with its attachment. "Sent twice" is a
  // mail received under two Message-IDs (queued twice: two messages to its reader); the same Message-ID accepted
  // again (the one in flight at a crash, sent again) is counted apart, as raw deliveries beyond the distinct ones.
  let mailLost = 0;
  let mailTwice = 0;
  let mailNoAttachment = 0;
  for (const a of acked.mails) {
    const n = smtp.received.get(`soak ${a.id}`)?.size ?? 0;
    if (n === 0) mailLost++;
    if (n > 1) mailTwice++;
    if (n > 0 && (smtp.attachments.get(`soak ${a.id}`) ?? 0) < (a.attachments ?? 0)) mailNoAttachment++;
  }
  const twiceAll = [...smtp.received.values()].filter((ids) => ids.size > 1).length;
  const rawDeliveries = [...smtp.deliveries.values()].reduce((s, n) => s + n, 0);
  const distinctIds = smtp.deliveries.size;
  const redelivered = [...smtp.deliveries.values()].filter((n) => n > 1).length;

  const indexes = await query<{ index: string }>(INDEX_CHECK_SQL);
  let heapCorrupt = 0;
  let heapTables = 0;
  try {
    const heap = await query<{ table: string; corrupt: number }>(HEAP_CHECK_SQL);
    heapTables = heap.length;
    heapCorrupt = heap.reduce((s, h) => s + h.corrupt, 0);
  } catch (err) {
    console.log(`  (verify_heapam not available: ${(err as Error).message})`);
  }
  await query.close();
  await smtp.close();

  const sorted = [...restarts].sort((a, b) => a - b);
  const pgSorted = [...pgRestarts].sort((a, b) => a - b);
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];
  const mailAcked = acked.mails.length;
  console.log(
    `\n${kind}: ${appKills} app SIGKILLs${kind === 'postgres' ? `, ${pgKills} database crashes` : ''} in ${loadSeconds.toFixed(0)} s, ${WRITERS} writers`,
  );
  console.log(`  receipts:            ${r.acknowledged} acknowledged, ${r.lost} lost, ${r.duplicated} duplicated`);
  console.log(
    `  uploads + receipts:  ${u.acknowledged} acknowledged, ${u.lost} lost, ${u.duplicated} duplicated, ${halfRecords} half-written`,
  );
  console.log(`  mails (sendEmail):   ${mailAcked} acknowledged, ${mailLost} lost, ${mailTwice} sent twice (under two Message-IDs)`);
  console.log(
    `                       SMTP accepted ${rawDeliveries} (raw), ${distinctIds} distinct Message-IDs, ${redelivered} Message-IDs accepted more than once (in flight at a kill)`,
  );
  console.log(
    `                       ${mailNoAttachment} without their attachment, ${failedMail} given up, ${queued} still queued after ${drainSeconds.toFixed(0)} s (${depthAtDrain} queued when the load stopped)`,
  );
  console.log(`  all receipts:        ${receipts.length} rows, ${duplicatedAll} client ids with more than one row`);
  console.log(
    `  files:               ${fileRows.length} rows, ${halfRows} whose object is missing or short, ${unattached} never attached (re-uploaded after a lost answer)`,
  );
  console.log(`  orphan objects:      ${orphansBefore} before the sweep, ${orphansAfter} after (${swept.length} removed)`);
  console.log(`  resends: ${stats.resends} (answered "already saved": ${stats.alreadySaved}), uploads sent again: ${stats.uploadsRetried}`);
  console.log(
    `  refused: ${stats.refused}; changes still unanswered at the end (not judged): ${stats.inFlightAtEnd}; mails sent twice among all: ${twiceAll}`,
  );
  console.log(`  server exits on its own (restarted): ${stats.selfExits}`);
  console.log(
    `  amcheck: ${indexes.length} btree indexes${heapTables ? ` and ${heapTables} tables` : ''} checked, ${heapCorrupt} heap problems`,
  );
  console.log(
    `  drain burst:         SIGTERM under ${BURST_LOOPS} keep-alive loops: ${burst.answered} answered (${burst.duringDrain} during the drain, ${burst.closing} with Connection: close), ${burst.refused} refused on connect, ${burst.reset} reset; exited ${burst.exitMs} ms after SIGTERM`,
  );
  console.log(`  restart to ready: p50 ${pct(sorted, 0.5)} ms, p95 ${pct(sorted, 0.95)} ms, max ${sorted[sorted.length - 1]} ms`);
  if (pgSorted.length) console.log(`  database crash to app ready: p50 ${pct(pgSorted, 0.5)} ms, max ${pgSorted[pgSorted.length - 1]} ms`);

  await target.cluster?.destroy();
  rmSync(target.dataDir, { recursive: true, force: true });
  rmSync(path.dirname(serverDist), { recursive: true, force: true });
  return (
    r.lost +
    r.duplicated +
    u.lost +
    u.duplicated +
    duplicatedAll +
    halfRecords +
    halfRows +
    orphansAfter +
    mailLost +
    mailTwice +
    mailNoAttachment +
    failedMail +
    queued +
    burst.reset +
    heapCorrupt
  );
}

/** A query function on the target's database (for PGlite, once the server has stopped: one process opens its folder). */
async function openQuery(target: Target): Promise<Query & { close(): Promise<void> }> {
  if (target.kind === 'pglite') {
    let client: PGlite | undefined;
    const q = (async <R>(text: string, params?: unknown[]) => {
      client ??= new PGlite({ dataDir: path.join(target.dataDir, 'db'), extensions: { amcheck } });
      if (text === INDEX_CHECK_SQL || text === HEAP_CHECK_SQL) await client.exec('create extension if not exists amcheck');
      return (await client.query<R>(text, params)).rows;
    }) as Query & { close(): Promise<void> };
    q.close = async () => client?.close();
    return q;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const q = (async <R>(text: string, params?: unknown[]) => {
    if (text === INDEX_CHECK_SQL || text === HEAP_CHECK_SQL) await client.query('create extension if not exists amcheck');
    return (await client.query(text, params)).rows as R[];
  }) as Query & { close(): Promise<void> };
  q.close = () => client.end();
  return q;
}

const kinds: Kind[] = values.db ? [values.db as Kind] : ['pglite', 'postgres'];
let failures = 0;
for (const kind of kinds) failures += await soak(kind);
rmSync(path.dirname(path.dirname(serverDist)), { recursive: true, force: true });
console.log(
  failures === 0
    ? '\nNothing acknowledged was lost, duplicated or half-written; every mail arrived once.'
    : `\n${failures} faults (see above).`,
);
process.exit(failures === 0 ? 0 : 1);

/**
 * SIGTERM under load (issue 50's drain): BURST_LOOPS clients, each on one keep-alive connection, post GraphQL
 * requests back to back; a second later the server is sent SIGTERM, and the loops go on until it has exited. Each
 * request is answered, refused on connect (nothing was sent: a client may simply retry) or reset (sent, answer lost:
 * the client cannot tell whether it ran). A clean drain resets none.
 */
async function drainBurst(base: string, child: ChildProcess) {
  const counts = { answered: 0, duringDrain: 0, closing: 0, refused: 0, reset: 0, exitMs: 0 };
  let draining = false;
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = new URL('/graphql', base);
  const body = JSON.stringify({ query: '{ __typename }' });
  const post = (agent: http.Agent) =>
    new Promise<'answered' | 'closing' | 'refused' | 'reset'>((resolve) => {
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers.connection === 'close' ? 'closing' : 'answered'));
          res.on('error', () => resolve('reset'));
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'reset'));
      req.end(body);
    });
  const loops = Array.from({ length: BURST_LOOPS }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (!exited) {
      const outcome = await post(agent);
      if (outcome === 'answered' || outcome === 'closing') {
        counts.answered++;
        if (draining) counts.duringDrain++;
        if (outcome === 'closing') counts.closing++;
      } else if (outcome === 'refused') {
        counts.refused++;
        await sleep(20);
      } else counts.reset++;
    }
    agent.destroy();
  });
  await sleep(1000);
  draining = true;
  const signalled = Date.now();
  child.kill('SIGTERM');
  await gone;
  counts.exitMs = Date.now() - signalled;
  await Promise.all(loops);
  return counts;
}
