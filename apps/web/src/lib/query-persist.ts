import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import {
  type AsyncStorage,
  type PersistedClient,
  type PersistedQueryClientSaveOptions,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import Dexie from 'dexie';

/**
 * The person's working set on the phone (issue 24): what the field screens read — the session, menu, jobs and cost
 * codes, their time card, crew, tools, schedule, tasks, daily reports and receipts' lookups — is kept in IndexedDB by
 * TanStack Query's persister, so the app reopened with no signal still shows it (the outbox shows what waits to be
 * sent). One copy, the signed-in person's, so another person on this phone never sees it; gone at sign-out, at a lost
 * session and after a week.
 */

/** Raised when what is kept changes shape: older copies are dropped, never read. */
export const CACHE_BUSTER = 'v1';
export const CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
/** At most this much JSON is kept; the largest lists go first when more would be. */
export const CACHE_MAX_BYTES = 2_000_000;

/** The working set: query-key prefixes the field screens need with no signal ('*': any company). */
const perCompany = (area: string, ...kinds: string[]) => kinds.map((kind) => [area, '*', kind]);
const WORKING_SET: readonly (readonly string[])[] = [
  ['identity', 'claims'],
  // 'profile': the person's own, who they are in the company (their comments and answers carry it).
  ...['navigation', 'global-settings', 'billing-status', 'tasks-lookups', 'receipts-lookups', 'mood', 'profile'].map((k) => [k]),
  // 'punch-state': the punch clock (issue 47), so a phone with no signal still shows who is on the clock.
  ...perCompany('timecards', 'settings', 'card', 'jobs', 'costcodes', 'people', 'crew', 'punch-state'),
  ...perCompany('tools', 'containers', 'categories', 'list', 'tool'),
  ...perCompany('scheduling', 'mine', 'crews'),
  ...perCompany('tasks', 'list', 'thread'),
  ...perCompany('project-notes', 'jobs', 'list'),
  ...perCompany('receipts', 'pages'),
];

export function inWorkingSet(key: readonly unknown[]): boolean {
  return WORKING_SET.some((prefix) => prefix.every((part, i) => part === '*' || key[i] === part));
}

/** The working set's answers younger than a week (a query whose refetch failed still holds its answer). */
const options: Pick<PersistedQueryClientSaveOptions, 'buster' | 'dehydrateOptions'> = {
  buster: CACHE_BUSTER,
  dehydrateOptions: {
    shouldDehydrateQuery: ({ queryKey, state }) =>
      state.data !== undefined && inWorkingSet(queryKey) && Date.now() - state.dataUpdatedAt < CACHE_MAX_AGE,
    shouldDehydrateMutation: () => false,
  },
};

/**
 * What is kept: each answer stale (it stands in until the server answers: a screen with signal asks again), a failed
 * refetch (no signal) as the answer it holds, the largest lists dropped first past the size cap (never the session or
 * menu).
 */
function keptState(state: DehydratedState): DehydratedState {
  const answered = { status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } as const;
  const queries = state.queries.map((q) => ({
    ...q,
    state: { ...q.state, isInvalidated: true, ...(q.state.status === 'error' && answered) },
  }));
  const sized = queries.map((q) => ({ q, bytes: JSON.stringify(q.state.data ?? null).length }));
  let total = sized.reduce((sum, s) => sum + s.bytes, 0);
  const dropped = new Set<unknown>();
  for (const s of sized.filter((s) => !['identity', 'navigation'].includes(String(s.q.queryKey[0]))).sort((a, b) => b.bytes - a.bytes)) {
    if (total <= CACHE_MAX_BYTES) break;
    dropped.add(s.q);
    total -= s.bytes;
  }
  return { ...state, queries: queries.filter((q) => !dropped.has(q)) };
}

type Claims = { 'custom:cognito_uuid'?: string } | null;
/** The signed-in person (null: nobody; undefined: not known yet). */
const ownerOf = (client: QueryClient): string | null | undefined => {
  const claims = client.getQueryData<Claims>(['identity', 'claims']);
  return claims === undefined ? undefined : (claims?.['custom:cognito_uuid'] ?? null);
};
/** Whose a copy is: the session it holds. */
const ownerOfCopy = ({ clientState }: PersistedClient) =>
  (clientState.queries.find((q) => q.queryHash === '["identity","claims"]')?.state.data as Claims | undefined)?.['custom:cognito_uuid'];

/** IndexedDB as the persister's storage, the copy one row (version 1 kept a row per person: dropped unread). */
const db = new Dexie('groundwork-query-cache');
db.version(1).stores({ caches: 'owner, saved_at' });
db.version(2).stores({ caches: null, copies: 'key' });
const copies = db.table<{ key: string; value: string }, string>('copies');
export const closeQueryCacheDb = () => db.close({ disableAutoOpen: false });
const storage: AsyncStorage<string> = {
  getItem: async (key) => (await copies.get(key))?.value,
  setItem: (key, value) => copies.put({ key, value }),
  removeItem: (key) => copies.delete(key),
};

/**
 * The persister of `client`'s copy, writing at most once per `throttleTime`, only for the person signed in both when
 * it is written out and when it is stored: a save waiting at sign-out, or when someone else signs in, is not kept.
 */
function persisterFor(client: QueryClient, throttleTime = 0) {
  let owner: string | null | undefined;
  return createAsyncStoragePersister({
    storage: { ...storage, setItem: (key, value) => (owner && ownerOf(client) === owner ? storage.setItem(key, value) : undefined) },
    key: 'working-set',
    throttleTime,
    serialize: (copy: PersistedClient) => {
      owner = ownerOf(client);
      return JSON.stringify({ ...copy, clientState: keptState(copy.clientState) });
    },
  });
}

/** Puts the last person's working set back into the page (with no signal before the first screen, else after it). */
export async function restoreQueryCache(client: QueryClient): Promise<string | null> {
  const persister = persisterFor(client);
  const reader: Persister = {
    ...persister,
    // Another person's copy is never put back: a session the page holds already is someone else's, or nobody's.
    restoreClient: async () => {
      const [copy, owner] = [await persister.restoreClient(), ownerOf(client)];
      if (owner === null) await persister.removeClient();
      return owner === undefined || (copy && ownerOfCopy(copy) === owner) ? copy : undefined;
    },
  };
  const restore = { ...options, queryClient: client, maxAge: CACHE_MAX_AGE, persister: reader };
  await persistQueryClientRestore(restore).catch(() => null); // IndexedDB unavailable (a private window): online as before
  return ownerOf(client) ?? null;
}

/** Keeps the working set for the person signed in now; drops the copy when nobody is. */
export async function saveQueryCache(client: QueryClient): Promise<void> {
  const owner = ownerOf(client);
  if (owner === null) return clearQueryCache();
  if (owner) await persistQueryClientSave({ ...options, queryClient: client, persister: persisterFor(client) });
}

/** Forgets the kept copy (sign-out). */
export async function clearQueryCache(): Promise<void> {
  await copies.delete('working-set').catch(() => null);
}

/** Saves the working set as the cache changes, at most once a second, and at once when the page is hidden. */
export function persistQueryCache(client: QueryClient, delayMs = 1000): () => void {
  const stopSaving = persistQueryClientSubscribe({ ...options, queryClient: client, persister: persisterFor(client, delayMs) });
  let owner = ownerOf(client);
  const check = () => {
    const now = ownerOf(client);
    if (now === undefined || now === owner) return;
    // Another person's session, or none (the copy put back was someone else's): what the page shows of them goes.
    if (owner) client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'identity' });
    if (now === null) void clearQueryCache();
    owner = now;
  };
  const unsubscribe = client.getQueryCache().subscribe(check);
  const flush = () => document.visibilityState === 'hidden' && saveQueryCache(client);
  document.addEventListener('visibilitychange', flush);
  return () => {
    stopSaving();
    unsubscribe();
    document.removeEventListener('visibilitychange', flush);
  };
}
