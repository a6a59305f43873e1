import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from './outbox.table.js';

export type OutboxMessage = { to: string; subject: string; text: string; created_at: string };

export async function writeOutbox(db: Db, channel: 'email' | 'sms', msg: { to: string; subject: string; text: string }, now: Date) {
  await db.insert(outbox).values({ channel, to: msg.to, subject: msg.subject, text: msg.text, created_at: now });
}

export async function readOutbox(db: Db, to?: string, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db
    .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, created_at: outbox.created_at })
    .from(outbox)
    .where(to ? eq(outbox.to, to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** /dev/outbox and /dev/outbox.json: only outside production (the caller checks). */
export function registerOutboxRoutes(app: FastifyInstance, db: Db) {
  app.get('/dev/outbox.json', async (req) => {
    const given = (req.query as { to?: string }).to?.trim();
    // An e-mail is stored lowercased; an unencoded '+' of an E.164 number arrives as a space.
    const to = given?.includes('@') ? given.toLowerCase() : given && /^\d{8,15}$/.test(given) ? `+${given}` : given;
    return readOutbox(db, to);
  });
  app.get('/dev/outbox', async (_req, reply) => {
    const rows = await readOutbox(db);
    const items = rows
      .map((m) => `<li><b>${esc(m.to)}</b> · ${esc(m.created_at)}<br><i>${esc(m.subject)}</i><pre>${esc(m.text)}</pre></li>`)
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><h1>Outbox</h1><ol>${items}</ol></body></html>`,
      );
  });
}
