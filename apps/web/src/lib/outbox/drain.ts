import { type RefusalDetail, refusalDetail } from '../graphql-error';
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
  /** The signal has just come back (or the app has just started): what waits is tried now, whatever its backoff. */
  tryNow?: boolean;
};

/** 1 s, 2 s, 4 s … up to 5 minutes between tries of an action the network keeps dropping. */
export const backoffMs = (attempts: number) => Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));

type Answer =
  | { kind: 'sent'; result: unknown }
  | { kind: 'refused'; message: string; code?: string; detail?: RefusalDetail }
  | { kind: 'offline' }
  | { kind: 'signed-out' };

/** The action's variables with its uploaded photos' uuids added to the list at `files_path`. */
export function variablesWithFiles(item: OutboxItem): Record<string, unknown> {
  if (!item.files?.length || !item.files_path?.length) return item.variables;
  const template = item.files_item;
  const uuids = item.files.flatMap((f) => (f.uuid ? [template ? { ...template, uuid: f.uuid } : f.uuid] : []));
  const copy = structuredClone(item.variables) as Record<string, unknown>;
  let at = copy;
  const path = item.files_path;
  for (const key of path.slice(0, -1)) {
    at[key] = { ...((at[key] as Record<string, unknown> | undefined) ?? {}) };
    at = at[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  at[last] = [...((at[last] as unknown[] | undefined) ?? []), ...uuids];
  return copy;
}

/**
 * Uploads the action's photos not yet uploaded (POST /api/files, as the screens upload them), keeping each uuid on
 * the phone as it comes, so a resend never uploads a photo twice. Answers like a send when one cannot go.
 */
async function uploadFiles(item: OutboxItem, fetchImpl: typeof fetch): Promise<Answer | null> {
  for (const [index, file] of (item.files ?? []).entries()) {
    if (file.uuid || !file.blob) continue;
    const form = new FormData();
    if (item.source_table) form.append('source_table', item.source_table);
    form.append('file', file.blob, file.name);
    let response: Response;
    try {
      response = await fetchImpl('/api/files', {
        method: 'POST',
        credentials: 'include',
        headers: { 'x-tenant-uuid': item.tenant_uuid },
        body: form,
      });
    } catch {
      return { kind: 'offline' };
    }
    const body = (await response.json().catch(() => null)) as { uuid?: string; message?: string } | null;
    if (response.status === 401) return { kind: 'signed-out' };
    if (response.status === 429 || response.status >= 500 || (response.ok && !body?.uuid)) return { kind: 'offline' };
    if (!response.ok || !body?.uuid) return { kind: 'refused', message: body?.message ?? `Upload failed with status ${response.status}` };
    file.uuid = body.uuid;
    const files = item.files?.map((f, i) => (i === index ? { ...f, uuid: body.uuid } : f));
    await outboxDb().items.update(item.id, { files });
  }
  return null;
}

async function send(item: OutboxItem, fetchImpl: typeof fetch): Promise<Answer> {
  const uploadAnswer = await uploadFiles(item, fetchImpl);
  if (uploadAnswer) return uploadAnswer;
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
      body: JSON.stringify({ query: item.query, variables: variablesWithFiles(item) }),
    });
  } catch {
    return { kind: 'offline' };
  }
  const body = (await response.json().catch(() => null)) as {
    data?: unknown;
    errors?: { message: string; extensions?: { code?: string; reason?: string } & Record<string, unknown> }[];
  } | null;
  const error = body?.errors?.[0];
  if (!body || (!error && (!response.ok || body.data == null))) return { kind: 'offline' };
  if (!error) return { kind: 'sent', result: body.data };
  const code = error.extensions?.code;
  if (code === 'UNAUTHENTICATED') return { kind: 'signed-out' };
  // The server already holds it (a send whose answer the signal lost): it is sent.
  if (code === 'CONFLICT' && error.extensions?.reason === 'ALREADY_APPLIED') return { kind: 'sent', result: null };
  if (code === 'RATE_LIMITED' || code === 'INTERNAL_SERVER_ERROR') return { kind: 'offline' };
  return { kind: 'refused', message: error.message, code, detail: refusalDetail(error.extensions) };
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
    if (!opts.tryNow && queued.next_try_at > now()) {
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
      const refused = {
        ...queued,
        status: 'refused' as const,
        error: answer.message,
        error_code: answer.code,
        error_detail: answer.detail,
      };
      await items.put(refused);
      report.refused.push(refused);
      continue;
    }
    // Once sent, the photos' bytes are the server's: only their names stay on the phone.
    const after = (await items.get(queued.id)) ?? queued;
    const files = after.files?.map(({ name, uuid }) => ({ name, uuid }));
    const sent = { ...after, files, status: 'sent' as const, sent_at: now(), result: answer.result };
    await items.put(sent);
    report.sent.push(sent);
    opts.onSent?.(sent);
  }
  return report;
}
