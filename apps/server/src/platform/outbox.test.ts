import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { withTenant } from '../db/with-tenant.js';
import { receipts } from '../modules/receipts/receipts.table.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';
import { testDbKind } from '../testing/test-db.js';
import { createMailer, messageIdOf, smtpDelivery } from './mail.js';
import { startOutboxWorker } from './outbox.js';
import { authored } from './texts.js';

/**
 * Mail exactly once (issue 50): a mail is queued in the transaction of the write that causes it, so the two commit or
 * roll back together; a worker marks a row `sending` before SMTP and removes it once SMTP has accepted it, so a crash
 * in between sends that one mail again, with the same Message-ID, and nothing else twice; nothing is lost.
 */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database['db'], query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

const FROM = 'Groundwork <no-reply@groundwork.test>';
const mail = (subject: string) => ({ to: 'someone@example.test', subject: authored(subject), text: authored(`About ${subject}`) });

describe('a mail queued with the write that causes it', () => {
  const t = useTestApp();
  let tenant: string;
  let member: TestMember;
  beforeAll(async () => {
    tenant = await createTenant(t.database.db);
    member = await createMember(t.database.db, tenant, { isAdmin: true });
  });
  const mailer = () => createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: FROM, db: t.database.db, now: () => new Date() });
  const queuedFor = (subject: string) =>
    rowsOf<{ state: string }>(t.database.db, sql`select state from outbox where subject = ${subject}`).then((r) => r.map((x) => x.state));
  const receiptsNoted = (note: string) =>
    withTenant(t.database.db, tenant, (tx) => tx.select().from(receipts).where(sql`${receipts.notes} = ${note}`));

  it('commits with it: both the row and the mail, and the worker is woken only after the commit', async () => {
    // What the gate would run once the transaction has committed (graphql/gate.ts).
    const afterCommit: (() => void)[] = [];
    await withTenant(t.database.db, tenant, async (tx) => {
      await tx
        .insert(receipts)
        .values({ tenant_uuid: tenant, employees_id: member.employeeId, receipt_date: '2026-11-24', amount_cents: 100, notes: 'kept' });
      await mailer().send(mail('kept'), { tx, afterCommit: (fn) => afterCommit.push(fn) });
    });
    // The worker is woken after the commit (before it, it could not see the row), not at the insert.
    expect(afterCommit).toHaveLength(1);
    for (const fn of afterCommit) fn();
    expect(await queuedFor('kept')).toEqual(['queued']);
    expect(await receiptsNoted('kept')).toHaveLength(1);
  });

  it('rolls back with it: no row, no mail', async () => {
    const failed = await withTenant(t.database.db, tenant, async (tx) => {
      await tx
        .insert(receipts)
        .values({ tenant_uuid: tenant, employees_id: member.employeeId, receipt_date: '2026-11-24', amount_cents: 100, notes: 'undone' });
      await mailer().send(mail('undone'), { tx, afterCommit: () => {} });
      throw new Error('the write fails after queueing its mail');
    }).catch((err: Error) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(await queuedFor('undone')).toEqual([]);
    expect(await receiptsNoted('undone')).toEqual([]);
  });

  it("lets a company's transaction add to the outbox and read nothing of it (codes live there)", async () => {
    const read = await withTenant(t.database.db, tenant, (tx) => tx.execute(sql`select count(*) from outbox`)).catch((err: Error) => err);
    expect(String((read as { cause?: Error }).cause?.message ?? read)).toMatch(/permission denied/);
    const changed = await withTenant(t.database.db, tenant, (tx) => tx.execute(sql`delete from outbox`)).catch((err: Error) => err);
    expect(String((changed as { cause?: Error }).cause?.message ?? changed)).toMatch(/permission denied/);
  });

  it('sendEmail: answered once its mail is queued; a resend of the same change queues nothing more', async () => {
    const send = (dmid: string) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}`, 'x-device-mutation-id': dmid },
        payload: {
          query: 'mutation($t: ID!) { sendEmail(tenant_uuid: $t, emails: "vendor@example.test", subject: "order 7", message: "Hello") }',
          variables: { t: tenant },
        },
      });
    const dmid = '7b0c5d1e-4a8f-4f55-9d3e-2f4c6a8b9e01';
    expect((await send(dmid)).json().data).toEqual({ sendEmail: true });
    // This app has no SMTP: the mail is kept (for /dev/outbox), through the same transaction.
    expect(await queuedFor('order 7')).toEqual(['kept']);
    await send(dmid);
    expect(await queuedFor('order 7')).toEqual(['kept']);
  });
});

describe('Message-ID', () => {
  it('is the same for every attempt at one outbox row, different for another row', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    expect(messageIdOf({ id: 41, createdAt: at }, FROM)).toBe(messageIdOf({ id: 41, createdAt: new Date(at) }, FROM));
    expect(messageIdOf({ id: 41, createdAt: at }, FROM)).not.toBe(messageIdOf({ id: 42, createdAt: at }, FROM));
    expect(messageIdOf({ id: 41, createdAt: at }, FROM)).toMatch(/^<outbox\.41\.[0-9a-z]+@groundwork\.test>$/);
    expect(messageIdOf({ id: 41, createdAt: at }, 'no-reply@example.test')).toMatch(/@example\.test>$/);
  });
});

// --- A worker killed between SMTP's acceptance and marking the mail sent -----------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The SMTP stand-in: what it accepted, in order, by subject and Message-ID. */
function startSmtp(port: number) {
  const accepted: { subject: string; messageId: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        accepted.push({
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          messageId: /^Message-ID:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  const listening = new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { accepted, listening, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A database another process can open too: a folder for PGlite (one process at a time), or a database of its own on
 * TEST_DATABASE_URL's server.
 */
async function sharedDatabase(): Promise<{ where: { url?: string; dataDir?: string }; dispose(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-outbox-crash-'));
    return { where: { dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `gw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    where: { url: url.toString() },
    async dispose() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The sending process: the delivery worker with real SMTP, which SIGKILLs its own process the moment SMTP has
 * accepted a mail, before the worker can mark it sent (as a kill or a crash at that moment would).
 */
const CRASHING_SENDER = `
const { openDatabase } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../db/client.ts')).href)});
const { startOutboxWorker } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'outbox.ts')).href)});
const { smtpDelivery } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'mail.ts')).href)});
const database = await openDatabase({ url: process.env.OUTBOX_DB_URL || undefined, dataDir: process.env.OUTBOX_DB_DIR || undefined });
const send = smtpDelivery({ smtpUrl: process.env.OUTBOX_SMTP_URL, from: process.env.OUTBOX_FROM });
startOutboxWorker({
  db: database.db,
  deliver: { email: async (mail, ref) => { await send(mail, ref); process.kill(process.pid, 'SIGKILL'); } },
  log: { warn() {}, error(o, m) { console.error(m, o); } },
});
`;

describe('a worker killed after SMTP accepted a mail, before marking it sent', () => {
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  let smtp: ReturnType<typeof startSmtp>;
  let smtpUrl: string;
  beforeAll(async () => {
    shared = await sharedDatabase();
    const port = await freePort();
    smtpUrl = `smtp://127.0.0.1:${port}`;
    smtp = startSmtp(port);
    await smtp.listening;
  });
  afterAll(async () => {
    await smtp?.close();
    await shared?.dispose();
  });

  it('sends that one mail again with the same Message-ID, the others once each, and loses none', async () => {
    // Three mails queued (each as a write would: committed with it).
    let database = await openDatabase(shared.where);
    await migrate(database);
    const mailer = createMailer({ smtpUrl, from: FROM, db: database.db, now: () => new Date() });
    for (const subject of ['first', 'second', 'third']) await mailer.send(mail(subject));
    const ids = await rowsOf<{ id: number | string; created_at: Date | string }>(
      database.db,
      sql`select id, created_at from outbox order by id`,
    );
    await database.close();

    // Another process sends, and dies the moment SMTP has accepted its first mail.
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CRASHING_SENDER], {
      env: {
        ...process.env,
        OUTBOX_DB_URL: shared.where.url ?? '',
        OUTBOX_DB_DIR: shared.where.dataDir ?? '',
        OUTBOX_SMTP_URL: smtpUrl,
        OUTBOX_FROM: FROM,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
    expect(signal).toBe('SIGKILL');
    expect(smtp.accepted.map((m) => m.subject)).toEqual(['first']);
    const firstId = smtp.accepted[0].messageId;
    expect(firstId).toBe(messageIdOf({ id: Number(ids[0].id), createdAt: new Date(ids[0].created_at) }, FROM));

    // What the crash left: the one in flight `sending` (its lease running), the others untouched and due.
    database = await openDatabase(shared.where);
    try {
      const left = await rowsOf<{ subject: string; state: string; attempts: number }>(
        database.db,
        sql`select subject, state, attempts from outbox order by id`,
      );
      expect(left).toEqual([
        { subject: 'first', state: 'sending', attempts: 1 },
        { subject: 'second', state: 'queued', attempts: 0 },
        { subject: 'third', state: 'queued', attempts: 0 },
      ]);

      // A new worker (the restarted server) sends the others at once; the one in flight waits out its lease…
      const worker = startOutboxWorker({
        db: database.db,
        deliver: { email: smtpDelivery({ smtpUrl, from: FROM }) },
        log: { warn() {}, error() {} },
        intervalMs: 100,
      });
      try {
        await until(() => (smtp.accepted.length >= 3 ? true : undefined));
        await new Promise((r) => setTimeout(r, 300));
        expect(smtp.accepted.map((m) => m.subject)).toEqual(['first', 'second', 'third']);
        // …and once it has run out (made to run out now), goes again under the same Message-ID.
        await database.db.execute(sql`update outbox set deliver_after = now() where state = 'sending'`);
        await until(async () => ((await rowsOf(database.db, sql`select id from outbox`)).length === 0 ? true : undefined));
      } finally {
        await worker.stop();
      }
      expect(smtp.accepted.map((m) => m.subject)).toEqual(['first', 'second', 'third', 'first']);
      expect(smtp.accepted[3].messageId).toBe(firstId);
      // Every mail arrived; as distinct messages, each once.
      const distinct = new Map(smtp.accepted.map((m) => [m.messageId, m.subject]));
      expect([...distinct.values()].sort()).toEqual(['first', 'second', 'third']);
    } finally {
      await database.close();
    }
  }, 90_000);
});
