import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { type OutboxAttachment, outbox } from './outbox.table.js';
import type { Storage } from './storage.js';

export type OutboxMessage = {
  id: number;
  to: string;
  cc: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; content_type: string; url: string }[];
  created_at: string;
};
export type OutboxChannel = 'email' | 'sms';
/** A message; e-mail may also carry copies (`cc`, comma-separated), an HTML body, a reply-to and stored files. */
export type Message = {
  to: string;
  subject: string;
  text: string;
  cc?: string | null;
  html?: string | null;
  replyTo?: string | null;
  attachments?: OutboxAttachment[] | null;
};
const extras = (msg: Message) => ({
  cc: msg.cc || null,
  html: msg.html || null,
  reply_to: msg.replyTo || null,
  attachments: msg.attachments?.length ? msg.attachments : null,
});

/**
 * Where a message is written: the database, or the transaction of the write that causes it (a company's walled
 * transaction, whose role may insert into the outbox and nothing more): then the message commits or rolls back with
 * that write, and `afterCommit` wakes the delivery worker once it has committed.
 */
export type Within = { tx: Tx; afterCommit(fn: () => void): void };

/** Keeps a message that is not sent (no SMTP or SMS provider): development and tests read it at /dev/outbox. */
export async function writeOutbox(db: Db, channel: OutboxChannel, msg: Message, now: Date, within?: Within) {
  await (within?.tx ?? db)
    .insert(outbox)
    .values({ channel, to: msg.to, subject: msg.subject, text: msg.text, created_at: now, ...extras(msg) });
}

/**
 * Queues a message for the delivery worker: the request that sends it waits for one INSERT, never for SMTP or the SMS
 * provider, so an answer takes as long whether or not a message went out (and nothing is lost while SMTP is down).
 * `within`: in the causing write's transaction (no write without its mail, no mail without its write).
 */
export async function enqueueOutbox(db: Db, channel: OutboxChannel, msg: Message, now: Date, within?: Within) {
  await (within?.tx ?? db)
    .insert(outbox)
    .values({ channel, to: msg.to, subject: msg.subject, text: msg.text, created_at: now, state: 'queued', ...extras(msg) });
  if (within) within.afterCommit(() => kickOutbox(db));
  else kickOutbox(db);
}

/** Wakes this process's delivery workers on `db` (a message was just committed). */
function kickOutbox(db: Db) {
  for (const worker of workers.get(db) ?? []) worker.kick();
}

export async function readOutbox(db: Db, to?: string, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      cc: outbox.cc,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      attachments: outbox.attachments,
      created_at: outbox.created_at,
    })
    .from(outbox)
    // A mail to several people is kept once, `to` joined with commas: a look-up by one of them finds it.
    .where(
      and(
        eq(outbox.state, 'kept'),
        to ? sql`(${outbox.to} = ${to} or ${to} = any(string_to_array(replace(${outbox.to}, ' ', ''), ',')))` : undefined,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    attachments: (r.attachments ?? []).map((a, i) => ({
      filename: a.filename,
      content_type: a.content_type,
      url: `/dev/outbox/${r.id}/attachments/${i}`,
    })),
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * Sends one message. `ref` names its outbox row (id and when it was queued): e-mail derives its Message-ID from it,
 * so a message sent again after a crash between the provider's acceptance and the row's removal carries the same
 * Message-ID as the first copy, and a receiver can tell it is the same message.
 */
export type Deliver = (msg: Message, ref: OutboxRef) => Promise<void>;
export type OutboxRef = { id: number; createdAt: Date };
export type OutboxWorker = { kick(): void; stop(): Promise<void> };

/** A claimed row is someone's for this long; a worker that died mid-send leaves it to be sent again after. */
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 6;
/** 15 s, 30 s, 1 min, 2 min, 4 min between attempts: a code (10 minutes) can still arrive after a short outage. */
const retryAfterSeconds = (attempts: number) => 15 * 2 ** (attempts - 1);
const workers = new WeakMap<Db, Set<OutboxWorker>>();

type Claimed = {
  id: number | string;
  channel: OutboxChannel;
  to: string;
  subject: string;
  text: string;
  cc: string | null;
  html: string | null;
  reply_to: string | null;
  attachments: OutboxAttachment[] | null;
  attempts: number;
  created_at: Date | string;
  /** The row's state when claimed: `sending` when a worker died (or lost the database) while it was in flight. */
  was: 'queued' | 'sending';
};

/**
 * The delivery worker. One message at a time: it claims the oldest due row with FOR UPDATE SKIP LOCKED (so several
 * instances share the queue and never hold one row at once), marking it `sending` with a lease (a commit of its own,
 * before the provider is called); sends it; and deletes it (sent). A crash can therefore leave at most the one
 * message in flight: after its lease it is sent again, with the same Message-ID. Every other queued row stays
 * `queued`, due at once after a restart. When the database is unreachable right after a send, the worker keeps the
 * row's id and marks it sent once the database answers again, claiming nothing before that. A failed send is retried
 * with backoff and given up after 6 attempts (`failed`, the text wiped, the error logged). Woken by every enqueue on
 * this database (after its commit) and every few seconds for retries and rows other instances queued. Only channels
 * with a way to send are claimed.
 */
export function startOutboxWorker(opts: {
  db: Db;
  deliver: Partial<Record<OutboxChannel, Deliver>>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  intervalMs?: number;
}): OutboxWorker {
  const { db, deliver, log } = opts;
  const channels = (Object.keys(deliver) as OutboxChannel[]).filter((c) => deliver[c]);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  /** Sent, not yet marked: rows whose removal failed after the provider accepted them. */
  const unmarked = new Set<number>();

  async function claim(): Promise<Claimed | undefined> {
    const list = sql.join(
      channels.map((c) => sql`${c}`),
      sql`, `,
    );
    const result = (await db.execute(sql`
      with due as (
        select id, state as was from outbox
        where state in ('queued', 'sending') and deliver_after <= now() and channel in (${list})
        order by id limit 1
        for update skip locked
      )
      update outbox o set state = 'sending', attempts = o.attempts + 1, deliver_after = now() + make_interval(secs => ${LEASE_SECONDS})
      from due where o.id = due.id
      returning o.id, o.channel, o."to", o.subject, o.text, o.cc, o.html, o.reply_to, o.attachments, o.attempts, o.created_at, due.was`)) as unknown as {
      rows: Claimed[];
    };
    return result.rows[0];
  }

  async function markUnmarked() {
    for (const id of unmarked) {
      await db.delete(outbox).where(eq(outbox.id, id));
      unmarked.delete(id);
    }
  }

  async function drain() {
    while (!stopped) {
      // A message already sent is marked first: until then nothing new is claimed (and it cannot be claimed again).
      await markUnmarked();
      const row = await claim();
      if (!row) return;
      const id = Number(row.id);
      const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
      if (row.was === 'sending') {
        log.warn(
          { outboxId: id, channel: row.channel, attempts: row.attempts },
          'message was in flight when its sender stopped: sending it again',
        );
      }
      try {
        await (deliver[row.channel] as Deliver)(
          {
            to: row.to,
            subject: row.subject,
            text: row.text,
            cc: row.cc,
            html: row.html,
            replyTo: row.reply_to,
            attachments: row.attachments,
          },
          { id, createdAt },
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (row.attempts >= MAX_ATTEMPTS) {
          log.error({ outboxId: id, channel: row.channel, attempts: row.attempts, error: message }, 'message not delivered: giving up');
          await db.update(outbox).set({ state: 'failed', text: '', html: null, last_error: message }).where(eq(outbox.id, id));
        } else {
          log.warn({ outboxId: id, channel: row.channel, attempts: row.attempts, error: message }, 'message not delivered: will retry');
          await db
            .update(outbox)
            .set({
              state: 'queued',
              last_error: message,
              deliver_after: sql`now() + make_interval(secs => ${retryAfterSeconds(row.attempts)})`,
            })
            .where(eq(outbox.id, id));
        }
        continue;
      }
      // Sent: removed (no code stays behind). If the database is gone at this moment, the id is kept and marked
      // first thing once it answers; only a crash of this process before then sends it again (same Message-ID).
      unmarked.add(id);
      await markUnmarked();
    }
  }

  const worker: OutboxWorker = {
    kick() {
      if (stopped || !channels.length) return;
      if (running) {
        again = true;
        return;
      }
      running = drain()
        .catch((err) => log.error({ error: err instanceof Error ? err.message : String(err) }, 'outbox worker failed; retrying soon'))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            worker.kick();
          }
        });
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      workers.get(db)?.delete(worker);
      await running;
      // A clean stop marks what it sent, if the database lets it.
      await markUnmarked().catch(() => {});
    },
  };
  const timer = setInterval(() => worker.kick(), opts.intervalMs ?? 5000);
  timer.unref();
  if (!workers.has(db)) workers.set(db, new Set());
  workers.get(db)?.add(worker);
  worker.kick();
  return worker;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);
const isLoopbackAddress = (address: string | undefined) =>
  address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address ?? '');

/**
 * Whether this server shows the development outbox (every code and temporary password it "sent"): only outside
 * production, without SMTP (with it the outbox holds nothing anyone should read) and when it listens on a loopback
 * address only, so nobody but this machine can reach it; not behind a proxy (TRUST_PROXY), which would forward the
 * world to that loopback address.
 */
export function devOutboxServed(
  config: Pick<Config, 'env' | 'host' | 'smtpUrl' | 'trustProxy'>,
): { served: true } | { served: false; reason: string } {
  if (config.env === 'production') return { served: false, reason: 'NODE_ENV is production' };
  if (config.smtpUrl) return { served: false, reason: 'SMTP_URL is set' };
  if (!LOOPBACK_HOSTS.has(config.host)) return { served: false, reason: `HOST ${config.host} is not a loopback address` };
  if (config.trustProxy) return { served: false, reason: 'TRUST_PROXY is set (a proxy would forward other machines to it)' };
  return { served: true };
}

/**
 * Each request too: it must come from this machine, directly (no proxy's forwarding headers), and name a local host
 * or the app's own (a page whose name was rebound to 127.0.0.1 in the developer's browser sends its own name).
 */
function localRequest(req: FastifyRequest, appHost: string): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined) {
    return false;
  }
  let host: string;
  try {
    host = new URL(`http://${req.headers.host ?? ''}`).hostname;
  } catch {
    return false;
  }
  return LOOPBACK_HOSTS.has(host) || host === appHost;
}

/** /dev/outbox and /dev/outbox.json: only where `devOutboxServed` says so (the caller checks), to local requests. */
export function registerOutboxRoutes(app: FastifyInstance, db: Db, appOrigin: string, storage?: Storage) {
  const appHost = new URL(appOrigin).hostname;
  const local = {
    async onRequest(req: FastifyRequest, reply: FastifyReply) {
      if (!localRequest(req, appHost)) return reply.status(404).send({ error: 'Not Found', statusCode: 404 });
    },
  };
  app.get('/dev/outbox.json', local, async (req) => {
    const given = (req.query as { to?: string }).to?.trim();
    // An e-mail is stored lowercased; an unencoded '+' of an E.164 number arrives as a space.
    const to = given?.includes('@') ? given.toLowerCase() : given && /^\d{8,15}$/.test(given) ? `+${given}` : given;
    return readOutbox(db, to);
  });
  // A kept e-mail's attachment, read from the storage port as the delivery worker would.
  app.get('/dev/outbox/:id/attachments/:n', local, async (req, reply) => {
    const { id, n } = req.params as { id: string; n: string };
    const [row] = /^\d{1,15}$/.test(id)
      ? await db
          .select({ attachments: outbox.attachments })
          .from(outbox)
          .where(and(eq(outbox.id, Number(id)), eq(outbox.state, 'kept')))
      : [];
    const file = row?.attachments?.[Number(n)];
    const stored = file && storage ? await storage.get(file.tenant_uuid, file.object) : null;
    if (!file || !stored) return reply.status(404).send({ error: 'Not Found', statusCode: 404 });
    return reply
      .type(file.content_type)
      .header('content-length', stored.bytes)
      .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w. -]/g, '_')}"`)
      .send(stored.body);
  });
  app.get('/dev/outbox', local, async (_req, reply) => {
    const rows = await readOutbox(db);
    const items = rows
      .map((m) => {
        const cc = m.cc ? ` · cc ${esc(m.cc)}` : '';
        const files = m.attachments.map((a) => `<a href="${esc(a.url)}">${esc(a.filename)}</a>`).join(' ');
        return `<li><b>${esc(m.to)}</b>${cc} · ${esc(m.created_at)}<br><i>${esc(m.subject)}</i><pre>${esc(m.text)}</pre>${files}</li>`;
      })
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><h1>Outbox</h1><ol>${items}</ol></body></html>`,
      );
  });
}
