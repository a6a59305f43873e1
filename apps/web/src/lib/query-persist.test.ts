import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_MAX_AGE,
  CACHE_MAX_BYTES,
  clearQueryCache,
  closeQueryCacheDb,
  inWorkingSet,
  persistQueryCache,
  restoreQueryCache,
  saveQueryCache,
} from './query-persist';

const T = 'tenant-1';
const claims = (who: string) => ({ 'custom:cognito_uuid': who, 'custom:tenants': [] });

function client(who: string | null) {
  const c = new QueryClient();
  c.setQueryData(['identity', 'claims'], who ? claims(who) : null);
  return c;
}

afterEach(async () => {
  vi.useRealTimers();
  await clearQueryCache();
  closeQueryCacheDb();
});

describe('the working set kept on the phone', () => {
  it('keeps only the field screens’ queries', async () => {
    expect(inWorkingSet(['timecards', T, 'card', '2026-11-16', '2026-11-29', null])).toBe(true);
    expect(inWorkingSet(['tools', T, 'containers'])).toBe(true);
    expect(inWorkingSet(['identity', 'claims'])).toBe(true);
    expect(inWorkingSet(['timecards', T, 'all', 'a', 'b'])).toBe(false);
    expect(inWorkingSet(['people', T, 'list'])).toBe(false);
    const c = client('ana');
    c.setQueryData(['tools', T, 'containers'], [{ id: 1 }]);
    c.setQueryData(['announcements', T, 'manage'], [{ id: 2 }]);
    await saveQueryCache(c);
    const page = await restoredFrom();
    expect(
      page
        ?.getQueryCache()
        .getAll()
        .map((q) => q.queryKey[0])
        .sort(),
    ).toEqual(['identity', 'tools']);
  });

  it('puts the person’s copy back after a reload, and nobody else’s', async () => {
    const ana = client('ana');
    ana.setQueryData(['tools', T, 'containers'], [{ id: 1, container_name: 'Truck 4' }]);
    await saveQueryCache(ana);
    closeQueryCacheDb(); // the page reloads
    const page = new QueryClient();
    expect(await restoreQueryCache(page)).toBe('ana');
    expect(page.getQueryData(['tools', T, 'containers'])).toEqual([{ id: 1, container_name: 'Truck 4' }]);
    // Put back as stale: a screen with signal asks the server again instead of trusting a copy seconds old.
    expect(page.getQueryState(['tools', T, 'containers'])?.isInvalidated).toBe(true);
    // Ben signs in on the same phone: Ana's copy is gone.
    const ben = client('ben');
    await saveQueryCache(ben);
    const next = new QueryClient();
    expect(await restoreQueryCache(next)).toBe('ben');
    expect(next.getQueryData(['tools', T, 'containers'])).toBeUndefined();
  });

  it('is dropped when nobody is signed in, at sign-out, and when older than a week', async () => {
    const ana = client('ana');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-02T07:00:00Z'));
    ana.setQueryData(['tools', T, 'containers'], [{ id: 1 }]);
    await saveQueryCache(ana);
    vi.setSystemTime(Date.now() + CACHE_MAX_AGE + 1);
    expect(await restoreQueryCache(new QueryClient())).toBeNull();
    vi.useRealTimers();
    await saveQueryCache(ana);
    await saveQueryCache(client(null));
    expect(await restoreQueryCache(new QueryClient())).toBeNull();
    await saveQueryCache(ana);
    await clearQueryCache();
    expect(await restoreQueryCache(new QueryClient())).toBeNull();
  });

  it('keeps an answer whose refetch failed with no signal, so a second offline start still has the session', async () => {
    const ana = client('ana');
    ana.setQueryData(['navigation', T], [{ path: '/modules/timecards' }]);
    // Opened with no signal: the session check and the menu fail at once and keep the answers they had.
    await ana.fetchQuery({ queryKey: ['identity', 'claims'], queryFn: () => Promise.reject(new Error('offline')) }).catch(() => undefined);
    await ana.fetchQuery({ queryKey: ['navigation', T], queryFn: () => Promise.reject(new Error('offline')) }).catch(() => undefined);
    expect(ana.getQueryState(['identity', 'claims'])?.status).toBe('error');
    await saveQueryCache(ana);
    closeQueryCacheDb(); // reopened, still offline
    const page = new QueryClient();
    expect(await restoreQueryCache(page)).toBe('ana');
    expect(page.getQueryData(['identity', 'claims'])).toEqual(claims('ana'));
    expect(page.getQueryState(['identity', 'claims'])?.status).toBe('success');
    expect(page.getQueryData(['navigation', T])).toEqual([{ path: '/modules/timecards' }]);
  });

  it('keeps under its size cap, dropping the largest lists first', async () => {
    const c = client('ana');
    c.setQueryData(['tools', T, 'list', '', '', '', 1], 'x'.repeat(CACHE_MAX_BYTES));
    c.setQueryData(['tools', T, 'containers'], [{ id: 1 }]);
    await saveQueryCache(c);
    const keys = (await restoredFrom())
      ?.getQueryCache()
      .getAll()
      .map((q) => q.queryKey[2] ?? q.queryKey[1]);
    expect(keys?.sort()).toEqual(['claims', 'containers']);
  });

  it('saves as the cache changes, throttled, and at once when the page is hidden', async () => {
    const ana = client('ana');
    let stop = persistQueryCache(ana, 50);
    ana.setQueryData(['tools', T, 'containers'], [{ id: 1 }]);
    await vi.waitFor(async () => expect((await restoredFrom())?.getQueryData(['tools', T, 'containers'])).toEqual([{ id: 1 }]));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // At most one write a minute: the change waits.
    stop = persistQueryCache(ana, 60_000);
    ana.setQueryData(['tools', T, 'containers'], [{ id: 1 }, { id: 2 }]);
    ana.setQueryData(['tools', T, 'categories'], ['Survey']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await restoredFrom())?.getQueryData(['tools', T, 'categories'])).toBeUndefined();
    // The page is hidden (the phone locks, another app comes up): written at once.
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(async () => expect((await restoredFrom())?.getQueryData(['tools', T, 'categories'])).toEqual(['Survey']));
    stop();
    vi.restoreAllMocks();
  });

  it('never writes a save that was waiting when the person signed out', async () => {
    const ana = client('ana');
    const stop = persistQueryCache(ana, 100);
    ana.setQueryData(['tools', T, 'containers'], [{ id: 1 }]);
    ana.setQueryData(['tools', T, 'containers'], [{ id: 2 }]); // waits for the throttle
    ana.clear(); // sign-out (auth/session.ts): the cache goes, then the copy
    await clearQueryCache();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await restoreQueryCache(new QueryClient())).toBeNull();
    stop();
  });

  it('wipes a copy put back from the page when the session turns out to be someone else’s, and drops it at sign-out', async () => {
    const ana = client('ana');
    ana.setQueryData(['tools', T, 'containers'], [{ id: 1, container_name: 'Truck 4' }]);
    await saveQueryCache(ana);
    const page = new QueryClient();
    expect(await restoreQueryCache(page)).toBe('ana');
    const stop = persistQueryCache(page, 0);
    page.setQueryData(['identity', 'claims'], claims('ben'));
    expect(page.getQueryData(['tools', T, 'containers'])).toBeUndefined();
    page.setQueryData(['identity', 'claims'], null);
    await vi.waitFor(async () => expect(await restoreQueryCache(new QueryClient())).toBeNull());
    stop();
  });

  it('never puts back another person’s copy into a page whose session is known, nor any copy when nobody is signed in', async () => {
    const ana = client('ana');
    ana.setQueryData(['tools', T, 'containers'], [{ id: 1, container_name: 'Truck 4' }]);
    await saveQueryCache(ana);
    const ben = client('ben'); // the server answered first: Ben is signed in
    expect(await restoreQueryCache(ben)).toBe('ben');
    expect(ben.getQueryData(['tools', T, 'containers'])).toBeUndefined();
    expect(await restoreQueryCache(client(null))).toBeNull();
    expect(await restoreQueryCache(new QueryClient())).toBeNull(); // and the copy is gone
  });

  it('drops the copies kept per person before issue 45 unread', async () => {
    closeQueryCacheDb();
    await Dexie.delete('groundwork-query-cache'); // a phone that last ran the app before
    const old = new Dexie('groundwork-query-cache');
    old.version(1).stores({ caches: 'owner, saved_at' });
    await old.table('caches').put({ owner: 'ana', buster: 'v1', saved_at: Date.now(), state: { mutations: [], queries: [] } });
    old.close();
    expect(await restoreQueryCache(new QueryClient())).toBeNull();
    closeQueryCacheDb();
    const after = new Dexie('groundwork-query-cache');
    await after.open();
    expect(after.tables.map((t) => t.name)).toEqual(['copies']);
    after.close();
  });
});

/** A fresh page's client with the kept copy put back, or null when there is none. */
async function restoredFrom(): Promise<QueryClient | null> {
  const page = new QueryClient();
  return (await restoreQueryCache(page)) ? page : null;
}
