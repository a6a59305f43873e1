import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A file attached to an e-mail: an object of the company's storage, sent under `filename`. */
export type OutboxAttachment = { tenant_uuid: string; object: string; filename: string; content_type: string };

/**
 * Global (no tenant): every e-mail and text the server sends. With SMTP (or an SMS provider) a row is `queued` until
 * the background worker (outbox.ts) claims it (`sending`, a commit before the provider is called), then deleted once
 * delivered (sent), so no code stays behind; one that keeps failing ends `failed`, its text wiped. A company's
 * transaction may insert rows (mail queued with the write that causes it, migration 0038) and read none. Without one (development and tests) it is `kept`, and shown at /dev/outbox where
 * that is served.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    state: text('state').notNull().default('kept'),
    attempts: integer('attempts').notNull().default(0),
    deliver_after: timestamp('deliver_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    last_error: text('last_error'),
    // E-mail only: copies, an HTML body, a reply-to, and files from the storage port (read when the mail is sent).
    cc: text('cc'),
    html: text('html'),
    reply_to: text('reply_to'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.id),
    // What the worker claims: queued rows, and `sending` ones whose sender stopped before marking them sent.
    index('outbox_due_idx').on(t.deliver_after).where(sql`${t.state} in ('queued', 'sending')`),
  ],
);
