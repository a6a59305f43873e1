import { type DehydratedState, dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import Dexie, { type EntityTable } from 'dexie';

/**
 * The person's working set on the phone (issue 24): what the field screens read — the session, menu, jobs and cost
 * codes, their time card, crew, tools, schedule, tasks, daily reports and receipts' lookups — is kept in IndexedDB,
 * so the app reopened with no signal still shows it (the outbox shows what waits to be sent). One row per person,
 * so another person on this phone never sees it; gone at sign-out, at a lost session and after a week.
 */

/** Raised when what is kept changes shape: older copies are dropped, never read. */
export const CACHE_BUSTER = 'v1';
export const CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
/** At most this much JSON is kept; the largest lists go first when more would be. */
export const CACHE_MAX_BYTES = 2_000_000;

/** The working set: query-key prefixes the field screens need with no signal. */
const WORKING_SET: readonly (readonly string[])[] = [
  ['identity', 'claims'],
  ['navigation'],
  ['global-settings'],
  ['billing-status'],
  ['timecards', '*', 'settings'],
  ['timecards', '*', 'card'],
  ['timecards', '*', 'jobs'],
  ['timecards', '*', 'costcodes'],
  ['timecards', '*', 'people'],
  ['timecards', '*', 'crew'],
  ['tools', '*', 'containers'],
  ['tools', '*', 'categories'],
  ['tools', '*', 'list'],
  ['tools', '*', 'tool'],
  ['scheduling', '*', 'mine'],
  ['scheduling', '*', 'crews'],
  ['tasks', '*', 'list'],
  ['tasks', '*', 'thread'],
  ['tasks-lookups'],
  ['project-notes', '*', 'jobs'],
  ['project-notes', '*', 'list'],
  ['receipts-lookups'],
  ['receipts', '*', 'pages'],
  ['mood'],
  // The person's own profile: who they are in the company (their comments and answers carry it).
  ['profile'],
];

export function inWorkingSet(key: readonly unknown[]): boolean {
  return WORKING_SET.some((prefix) => prefix.every((part, i) => part === '*' || key[i] === part));
}

type CacheRow = { owner: string; buster: string; saved_at: number; state: DehydratedState };

class QueryCacheDb extends Dexie {
  caches!: EntityTable<CacheRow, 'owner'>;
  constructor() {
    super('groundwork-query-cache');
    this.version(1).stores({ caches: 'owner, saved_at' });
  }
}

let db: QueryCacheDb | null = null;
function cacheDb(): QueryCacheDb {
  db ??= new QueryCacheDb();
  return db;
}
export function closeQueryCacheDb(): void {
  db?.close();
  db = null;
}

const ownerOf = (client: QueryClient): string | null | undefined => {
  const claims = client.getQueryData<{ 'custom:cognito_uuid'?: string } | null>(['identity', 'claims']);
  return claims === undefined ? undefined : (claims?.['custom:cognito_uuid'] ?? null);
};

/** What is kept of the cache: the working set's answered queries, newest first, cut to the size cap. */
export function workingSetState(client: QueryClient, now = Date.now()): DehydratedState {
  // A query that holds an answer is kept even when its last refetch failed (no signal: the session and the menu
  // fail at once and keep their data); it is kept as that answer, so the next start opens on it again.
  const dehydrated = dehydrate(client, {
    shouldDehydrateQuery: (q: Query) =>
      q.state.data !== undefined && q.state.dataUpdatedAt > 0 && inWorkingSet(q.queryKey) && now - q.state.dataUpdatedAt < CACHE_MAX_AGE,
    shouldDehydrateMutation: () => false,
  });
  const state: DehydratedState = {
    ...dehydrated,
    queries: dehydrated.queries.map((q) =>
      q.state.status === 'error'
        ? { ...q, state: { ...q.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } }
        : q,
    ),
  };
  const sized = state.queries.map((q) => ({ q, bytes: JSON.stringify(q.state.data ?? null).length }));
  let total = sized.reduce((sum, s) => sum + s.bytes, 0);
  // The session and menu stay whatever their size; the largest lists go first.
  const droppable = sized.filter((s) => !['identity', 'navigation'].includes(String(s.q.queryKey[0]))).sort((a, b) => b.bytes - a.bytes);
  const dropped = new Set<unknown>();
  for (const s of droppable) {
    if (total <= CACHE_MAX_BYTES) break;
    dropped.add(s.q);
    total -= s.bytes;
  }
  return { ...state, queries: state.queries.filter((q) => !dropped.has(q)) };
}

/** The person whose copy was put back into the page, if one was. */
let restoredOwner: string | null = null;

/** Puts the last person's working set back into the page (with no signal before the first screen, else after it). */
export async function restoreQueryCache(client: QueryClient, now = Date.now()): Promise<string | null> {
  try {
    const rows = await cacheDb().caches.orderBy('saved_at').reverse().toArray();
    const [latest] = rows;
    if (!latest) return null;
    if (latest.buster !== CACHE_BUSTER || now - latest.saved_at > CACHE_MAX_AGE) {
      await cacheDb().caches.clear();
      return null;
    }
    hydrate(client, latest.state);
    // The copy only stands in until the server answers: every query put back is stale at once, so each screen
    // asks again on mount when there is signal (and keeps showing the copy while there is none).
    // A query the server answered while the copy was being read keeps its newer answer (hydrate leaves it) and
    // is not marked.
    const kept = new Map(latest.state.queries.map((q) => [q.queryHash, q.state.dataUpdatedAt]));
    await client.invalidateQueries({
      predicate: (q) => kept.has(q.queryHash) && q.state.dataUpdatedAt <= (kept.get(q.queryHash) ?? 0),
      refetchType: 'none',
    });
    restoredOwner = latest.owner;
    return latest.owner;
  } catch {
    // IndexedDB unavailable (a private window): the app works online as before.
    return null;
  }
}

/** Keeps the working set for the person signed in; drops every copy when nobody is, and others' when someone is. */
export async function saveQueryCache(client: QueryClient, now = Date.now()): Promise<void> {
  const owner = ownerOf(client);
  if (owner === undefined) return; // the session is not known yet
  try {
    if (owner === null) {
      await cacheDb().caches.clear();
      return;
    }
    await cacheDb().transaction('rw', cacheDb().caches, async () => {
      await cacheDb().caches.where('owner').notEqual(owner).delete();
      await cacheDb().caches.put({ owner, buster: CACHE_BUSTER, saved_at: now, state: workingSetState(client, now) });
    });
  } catch {
    // Storage full or unavailable: the next save tries again.
  }
}

/** Forgets every kept copy (sign-out). */
export async function clearQueryCache(): Promise<void> {
  restoredOwner = null;
  try {
    await cacheDb().caches.clear();
  } catch {
    // Nothing kept to forget.
  }
}

/**
 * Saves the working set a second after the cache changes (throttled), for as long as the page lives. A session
 * that turns out to be another person's than the copy put back wipes that copy from the page first.
 */
export function persistQueryCache(client: QueryClient, delayMs = 1000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cache = client.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed' && event.type !== 'added') return;
    const owner = ownerOf(client);
    if (restoredOwner && owner !== undefined && owner !== restoredOwner) {
      restoredOwner = null;
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'identity' });
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void saveQueryCache(client);
    }, delayMs);
  });
  const flush = () => {
    if (document.visibilityState === 'hidden') void saveQueryCache(client);
  };
  document.addEventListener('visibilitychange', flush);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', flush);
  };
}
