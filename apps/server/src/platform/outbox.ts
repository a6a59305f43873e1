import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
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

/** Keeps a message that is not sent (no SMTP or SMS provider): development and tests read it at /dev/outbox. */
export async function writeOutbox(db: Db, channel: OutboxChannel, msg: Message, now: Date) {
  await db.insert(outbox).values({ channel, to: msg.to, subject: msg.subject, text: msg.text, created_at: now, ...extras(msg) });
}

/**
 * Queues a message for the delivery worker: the request that sends it waits for one INSERT, never for SMTP or the SMS
 * provider, so an answer takes as long whether or not a message went out (and nothing is lost while SMTP is down).
 */
export async function enqueueOutbox(db: Db, channel: OutboxChannel, msg: Message, now: Date) {
  await db
    .insert(outbox)
    .values({ channel, to: msg.to, subject: msg.subject, text: msg.text, created_at: now, state: 'queued', ...extras(msg) });
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

export type Deliver = (msg: Message) => Promise<void>;
export type OutboxWorker = { kick(): void; stop(): Promise<void> };

const BATCH = 10;
/** A claimed row is someone's for this long; a worker that died mid-send leaves it to be retried after. */
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 6;
/** 15 s, 30 s, 1 min, 2 min, 4 min between attempts: a code (10 minutes) can still arrive after a short outage. */
const retryAfterSeconds = (attempts: number) => 15 * 2 ** (attempts - 1);
const workers = new WeakMap<Db, Set<OutboxWorker>>();

/**
 * The delivery worker: claims due `queued` rows with FOR UPDATE SKIP LOCKED (so several instances share the queue
 * and never send a row twice at once), sends each, deletes it when sent, retries with backoff and gives up after 6
 * attempts (`failed`, the text wiped, the error logged). Woken by every enqueue on this database and every few
 * seconds for retries and rows other instances queued. Only channels with a way to send are claimed.
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

  async function claim() {
    const list = sql.join(
      channels.map((c) => sql`${c}`),
      sql`, `,
    );
    const result = (await db.execute(sql`
      update outbox set attempts = attempts + 1, deliver_after = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from outbox
        where state = 'queued' and deliver_after <= now() and channel in (${list})
        order by id limit ${BATCH}
        for update skip locked
      )
      returning id, channel, "to", subject, text, cc, html, reply_to, attachments, attempts`)) as unknown as {
      rows: {
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
      }[];
    };
    return result.rows;
  }

  async function drain() {
    while (!stopped) {
      const rows = await claim();
      if (!rows.length) return;
      for (const row of rows) {
        const id = Number(row.id);
        try {
          await (deliver[row.channel] as Deliver)({
            to: row.to,
            subject: row.subject,
            text: row.text,
            cc: row.cc,
            html: row.html,
            replyTo: row.reply_to,
            attachments: row.attachments,
          });
          await db.delete(outbox).where(eq(outbox.id, id));
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          if (row.attempts >= MAX_ATTEMPTS) {
            log.error({ outboxId: id, channel: row.channel, attempts: row.attempts, error: message }, 'message not delivered: giving up');
            await db.update(outbox).set({ state: 'failed', text: '', html: null, last_error: message }).where(eq(outbox.id, id));
          } else {
            log.warn({ outboxId: id, channel: row.channel, attempts: row.attempts, error: message }, 'message not delivered: will retry');
            await db
              .update(outbox)
              .set({ last_error: message, deliver_after: sql`now() + make_interval(secs => ${retryAfterSeconds(row.attempts)})` })
              .where(eq(outbox.id, id));
          }
        }
      }
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
