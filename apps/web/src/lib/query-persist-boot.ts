import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { readSelectedTenantUuid } from './storage';

/**
 * Starts the working-set copy (lib/query-persist.ts) without its weight in the first download: the copy is put back
 * only where someone signed in before (a tenant is chosen), and kept once a session is known. The sign-in guard
 * waits for `queryCacheRestored()`, so a reopened app with no signal finds the session it had.
 */
let restored: Promise<unknown> = Promise.resolve();
export const queryCacheRestored = (): Promise<unknown> => restored;

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

export function startQueryPersistence(client: QueryClient): void {
  // TanStack Query assumes a signal until told otherwise: a page opened offline pauses its reads instead of
  // failing them over the copy it has.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const load = () => import('./query-persist');
  if (readSelectedTenantUuid()) {
    restored = load()
      .then((m) => m.restoreQueryCache(client))
      .catch(() => null);
  }
  let started = false;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (started || event.query.queryKey[0] !== 'identity') return;
    const claims = event.query.state.data as { 'custom:cognito_uuid'?: string } | null | undefined;
    if (!claims?.['custom:cognito_uuid']) return;
    started = true;
    askPersistentStorage();
    void restored.then(() =>
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
