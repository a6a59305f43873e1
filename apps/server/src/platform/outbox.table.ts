import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Global (no tenant): every e-mail and text the server sends. With SMTP (or an SMS provider) a row is `queued` until
 * the background worker (outbox.ts) has delivered it, then deleted, so no code stays behind; one that keeps failing
 * ends `failed`, its text wiped. Without one (development and tests) it is `kept`, and shown at /dev/outbox where
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
  },
  (t) => [index('outbox_to_idx').on(t.to, t.id), index('outbox_queued_idx').on(t.deliver_after).where(sql`${t.state} = 'queued'`)],
);
