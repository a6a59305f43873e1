import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Global (no tenant): mail and SMS sent in development and tests, shown at /dev/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.id)],
);
