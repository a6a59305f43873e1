import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdOn, tenantUuid } from '../db/columns.js';
import { employees } from '../modules/employees/employees.table.js';

/**
 * A change a phone queued while offline and sent later (issue 24): the device's id for it (a UUID v7 made when
 * the person acted), a hash of what was sent, and the first answer. The row is written in the same transaction
 * as the change, so a change is applied exactly once however often the phone resends it. Keyed per company
 * and person: nobody else's id can collide with or reveal another's.
 */
export const deviceMutations = pgTable(
  'device_mutations',
  {
    tenant_uuid: tenantUuid(),
    employees_id: integer('employees_id').notNull(),
    id: uuid('id').notNull(),
    /** sha256 of the operation and its variables: the same id with other content is refused. */
    payload_hash: text('payload_hash').notNull(),
    /** The first answer ({ data, errors }), returned to every resend; null until the answer is stored. */
    result: jsonb('result'),
    created_on: createdOn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.employees_id, t.id] }),
    foreignKey({ columns: [t.tenant_uuid, t.employees_id], foreignColumns: [employees.tenant_uuid, employees.id] }).onDelete('cascade'),
    // The sweep that forgets answers older than the outbox can hold.
    index('device_mutations_created_idx').on(t.tenant_uuid, t.created_on),
  ],
);
