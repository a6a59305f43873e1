import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { readSelectedTenantUuid } from './storage';

/**
 * Starts the working-set copy (lib/query-persist.ts) without its weight in the first download: the copy is put back
 * only where someone signed in before (a tenant is chosen), and kept once a session is known. The sign-in guard
 * waits for `queryCacheRestored()`, so a reopened app with no signal finds the session it had.
 */
let restoreCopy: () => Promise<unknown> = () => Promise.resolve();
let restored: Promise<unknown> | undefined;
let markRestored: () => void = () => undefined;
/** Settles once the copy has been put back (or there was none), whoever started it. */
const copyBack = new Promise<void>((resolve) => {
  markRestored = resolve;
});
/** Puts the kept copy back now if that has not started yet (the guard with no signal needs it at once). */
export const queryCacheRestored = (): Promise<unknown> => {
  restored ??= restoreCopy().finally(markRestored);
  return restored;
};

let persistAsked = false;
/** Asks once, silently, that the browser keep this site's storage (the outbox and the copy) under pressure. */
function askPersistentStorage(): void {
  if (persistAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  persistAsked = true;
  void navigator.storage
    .persisted()
    .then((already) => (already ? true : navigator.storage.persist()))
    .catch(() => false);
}

/**
 * `firstScreen` settles when the first page is on screen, its reads done and the page idle (lib/first-screen.ts). With
 * a signal the server answers the first screen and the copy only stands in later, so it is put back then: its
 * library's download and the IndexedDB read (about 300 ms of a slow phone's main thread) stay off the first paint
 * (issue 28). With no signal it is put back at once.
 */
export function startQueryPersistence(client: QueryClient, firstScreen: Promise<unknown>): void {
  // TanStack Query assumes a signal until told otherwise: a page opened offline pauses its reads instead of
  // failing them over the copy it has.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const load = () => import('./query-persist');
  if (readSelectedTenantUuid()) {
    restoreCopy = () =>
      load()
        .then((m) => m.restoreQueryCache(client))
        .catch(() => null);
  }
  if (!onlineManager.isOnline()) void queryCacheRestored();
  else void firstScreen.then(queryCacheRestored);
  let started = false;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (started || event.query.queryKey[0] !== 'identity') return;
    const claims = event.query.state.data as { 'custom:cognito_uuid'?: string } | null | undefined;
    if (!claims?.['custom:cognito_uuid']) return;
    started = true;
    askPersistentStorage();
    void copyBack.then(() =>
      load().then((m) => {
        m.persistQueryCache(client);
        void m.saveQueryCache(client);
      }),
    );
    queueMicrotask(unsubscribe);
  });
}

/** Sign-out: the kept copy goes with the session. */
export async function clearPersistedQueries(): Promise<void> {
  await (await import('./query-persist')).clearQueryCache();
}
