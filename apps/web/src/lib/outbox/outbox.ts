import Dexie, { type EntityTable } from 'dexie';
import { v7 as uuidv7 } from 'uuid';
import type { RefusalDetail } from '../graphql-error';

/**
 * The offline outbox (issue 24): field actions taken with no signal wait here, in IndexedDB, and are sent in the
 * order they were taken once the signal returns. Each carries the id the phone gave it when the person acted; the
 * server records that id with the change (x-device-mutation-id), so however often an action is resent it is
 * applied once. Each person's queue is their own: another person signing in on this phone neither sees nor sends it.
 */

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'refused';

/** A photo taken with the action, compressed on the phone, uploaded (once) just before the action is sent. */
export type OutboxFile = {
  name: string;
  /** The bytes, until the action is sent. */
  blob?: Blob;
  /** The stored file's uuid once uploaded: a resend never uploads it again. */
  uuid?: string;
};

export type OutboxItem = {
  /** UUID v7, made when the person acted: the server's key for applying it once. */
  id: string;
  /** Whose action it is (the identity's id): only they see and send it. */
  owner: string;
  tenant_uuid: string;
  /** What kind of action, for grouping and for the screen that shows it ('timecard-day', 'tool-move'…). */
  kind: string;
  /** What the person did, in their words, for the pending list ("Mon 3 Mar: 8 h on Main Street"). */
  label: string;
  query: string;
  variables: Record<string, unknown>;
  status: OutboxStatus;
  created_at: number;
  attempts: number;
  /** No send before this moment (backoff after a failed try). */
  next_try_at: number;
  sent_at?: number;
  /** The server's refusal, in its words, for the person to fix and resend or discard. */
  error?: string;
  error_code?: string;
  /** The refusal's message key and values (issue 46), to show it in the reader's language. */
  error_detail?: RefusalDetail;
  /** The server's answer to the first send. */
  result?: unknown;
  /** Photos to upload first (POST /api/files, for `source_table`); their uuids are added to the list at `files_path`. */
  files?: OutboxFile[];
  source_table?: string;
  files_path?: string[];
  /** Each photo is added as this object with its uuid (e.g. `{ caption: null }`); without it, as the bare uuid. */
  files_item?: Record<string, unknown>;
};

class OutboxDb extends Dexie {
  items!: EntityTable<OutboxItem, 'id'>;
  constructor() {
    super('groundwork-outbox');
    this.version(1).stores({ items: 'id, [owner+created_at], [owner+status]' });
  }
}

let db: OutboxDb | null = null;
/** One database per page; tests close and reopen it. */
export function outboxDb(): OutboxDb {
  db ??= new OutboxDb();
  return db;
}
export async function closeOutboxDb(): Promise<void> {
  db?.close();
  db = null;
}

export type NewOutboxItem = Pick<OutboxItem, 'owner' | 'tenant_uuid' | 'kind' | 'label' | 'query' | 'variables'> &
  Partial<Pick<OutboxItem, 'files' | 'source_table' | 'files_path' | 'files_item'>>;

/** Queues an action; it is sent at the next drain. Returns its id. */
export async function enqueue(item: NewOutboxItem, now = Date.now()): Promise<OutboxItem> {
  const queued: OutboxItem = { ...item, id: uuidv7(), status: 'pending', created_at: now, attempts: 0, next_try_at: now };
  await outboxDb().items.add(queued);
  return queued;
}

/** The person's queue, oldest first (sent items included until they are cleared). */
export function listOutbox(owner: string): Promise<OutboxItem[]> {
  return outboxDb().items.where('[owner+created_at]').between([owner, Dexie.minKey], [owner, Dexie.maxKey]).toArray();
}

/** Actions still waiting to go (pending, or caught mid-send by a closed app). */
export async function unsentCount(owner: string): Promise<number> {
  const items = await listOutbox(owner);
  return items.filter((i) => i.status === 'pending' || i.status === 'sending').length;
}

/** Drops a refused (or any unsent) action the person decided not to send. */
export async function discard(owner: string, id: string): Promise<void> {
  await outboxDb()
    .items.where({ id })
    .and((i) => i.owner === owner)
    .delete();
}

/**
 * Sends a refused action again, with what the person fixed. It gets a new id: what it says has changed, and the
 * server never kept the refused one.
 */
export async function resend(owner: string, id: string, variables?: Record<string, unknown>, now = Date.now()): Promise<void> {
  await outboxDb().transaction('rw', outboxDb().items, async () => {
    const item = await outboxDb().items.get(id);
    if (!item || item.owner !== owner) return;
    await outboxDb().items.delete(id);
    const { error: _e, error_code: _c, error_detail: _d, ...rest } = item;
    await outboxDb().items.add({
      ...rest,
      id: uuidv7(),
      variables: variables ?? item.variables,
      status: 'pending',
      attempts: 0,
      next_try_at: now,
    });
  });
}

/** Forgets what was sent more than `keepMs` ago (the "sent at" list stays short). */
export async function clearSent(owner: string, keepMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<void> {
  const items = await listOutbox(owner);
  await outboxDb().items.bulkDelete(items.filter((i) => i.status === 'sent' && (i.sent_at ?? 0) < now - keepMs).map((i) => i.id));
}
