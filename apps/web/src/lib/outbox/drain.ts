import { listOutbox, type OutboxItem, outboxDb } from './outbox';

/** The header the server keys a queued change by (apps/server/src/graphql/device-mutations.ts). */
export const DEVICE_MUTATION_HEADER = 'x-device-mutation-id';

export type DrainReport = {
  sent: OutboxItem[];
  refused: OutboxItem[];
  /** Why the drain stopped before the end of the queue, if it did. */
  stopped?: 'offline' | 'signed-out' | 'waiting';
};

export type DrainOptions = {
  fetch?: typeof fetch;
  now?: () => number;
  /** Called as each action is sent (to refresh the screens that show it). */
  onSent?: (item: OutboxItem) => void;
};

/** 1 s, 2 s, 4 s … up to 5 minutes between tries of an action the network keeps dropping. */
export const backoffMs = (attempts: number) => Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));

type Answer =
  | { kind: 'sent'; result: unknown }
  | { kind: 'refused'; message: string; code?: string }
  | { kind: 'offline' }
  | { kind: 'signed-out' };

async function send(item: OutboxItem, fetchImpl: typeof fetch): Promise<Answer> {
  let response: Response;
  try {
    response = await fetchImpl('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        [DEVICE_MUTATION_HEADER]: item.id,
      },
      body: JSON.stringify({ query: item.query, variables: item.variables }),
    });
  } catch {
    return { kind: 'offline' };
  }
  const body = (await response.json().catch(() => null)) as {
    data?: unknown;
    errors?: { message: string; extensions?: { code?: string; reason?: string } }[];
  } | null;
  const error = body?.errors?.[0];
  if (!body || (!error && (!response.ok || body.data == null))) return { kind: 'offline' };
  if (!error) return { kind: 'sent', result: body.data };
  const code = error.extensions?.code;
  if (code === 'UNAUTHENTICATED') return { kind: 'signed-out' };
  // The server already holds it (a send whose answer the signal lost): it is sent.
  if (code === 'CONFLICT' && error.extensions?.reason === 'ALREADY_APPLIED') return { kind: 'sent', result: null };
  if (code === 'RATE_LIMITED' || code === 'INTERNAL_SERVER_ERROR') return { kind: 'offline' };
  return { kind: 'refused', message: error.message, code };
}

let running: Promise<DrainReport> | null = null;

/**
 * Sends the person's waiting actions, oldest first. A network failure stops the drain (the rest wait their turn, so
 * their order holds) and backs the action off; a refusal is kept for the person, with the server's words, and the
 * drain goes on; a lost session stops it until they sign in again. One drain at a time per page, and per browser
 * where Web Locks exist (two tabs never send the same action at once; the server would refuse the second anyway).
 */
export function drain(owner: string, opts: DrainOptions = {}): Promise<DrainReport> {
  running ??= withLock(() => drainNow(owner, opts)).finally(() => {
    running = null;
  });
  return running;
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? ((await locks.request('groundwork-outbox', fn)) as T) : fn();
}

async function drainNow(owner: string, opts: DrainOptions): Promise<DrainReport> {
  const fetchImpl = opts.fetch ?? fetch.bind(globalThis);
  const now = opts.now ?? Date.now;
  const report: DrainReport = { sent: [], refused: [] };
  const items = outboxDb().items;
  for (const queued of await listOutbox(owner)) {
    if (queued.status === 'sent' || queued.status === 'refused') continue;
    if (queued.next_try_at > now()) {
      report.stopped = 'waiting';
      break;
    }
    await items.update(queued.id, { status: 'sending' });
    const answer = await send(queued, fetchImpl);
    if (answer.kind === 'offline') {
      const attempts = queued.attempts + 1;
      await items.update(queued.id, { status: 'pending', attempts, next_try_at: now() + backoffMs(attempts) });
      report.stopped = 'offline';
      break;
    }
    if (answer.kind === 'signed-out') {
      await items.update(queued.id, { status: 'pending' });
      report.stopped = 'signed-out';
      break;
    }
    if (answer.kind === 'refused') {
      const refused = { ...queued, status: 'refused' as const, error: answer.message, error_code: answer.code };
      await items.put(refused);
      report.refused.push(refused);
      continue;
    }
    const sent = { ...queued, status: 'sent' as const, sent_at: now(), result: answer.result };
    await items.put(sent);
    report.sent.push(sent);
    opts.onSent?.(sent);
  }
  return report;
}
