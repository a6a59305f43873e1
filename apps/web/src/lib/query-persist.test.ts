import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CACHE_MAX_AGE,
  CACHE_MAX_BYTES,
  clearQueryCache,
  closeQueryCacheDb,
  inWorkingSet,
  restoreQueryCache,
  saveQueryCache,
  workingSetState,
} from './query-persist';

const T = 'tenant-1';
const claims = (who: string) => ({ 'custom:cognito_uuid': who, 'custom:tenants': [] });

function client(who: string | null) {
  const c = new QueryClient();
  c.setQueryData(['identity', 'claims'], who ? claims(who) : null);
  return c;
}

afterEach(async () => {
  await clearQueryCache();
  closeQueryCacheDb();
});

describe('the working set kept on the phone', () => {
  it('keeps only the field screens’ queries', () => {
    expect(inWorkingSet(['timecards', T, 'card', '2026-11-16', '2026-11-29', null])).toBe(true);
    expect(inWorkingSet(['tools', T, 'containers'])).toBe(true);
    expect(inWorkingSet(['identity', 'claims'])).toBe(true);
    expect(inWorkingSet(['timecards', T, 'all', 'a', 'b'])).toBe(false);
    expect(inWorkingSet(['people', T, 'list'])).toBe(false);
    const c = client('ana');
    c.setQueryData(['tools', T, 'containers'], [{ id: 1 }]);
    c.setQueryData(['announcements', T, 'manage'], [{ id: 2 }]);
    expect(
      workingSetState(c)
        .queries.map((q) => q.queryKey[0])
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
    await saveQueryCache(ana, 1000);
    expect(await restoreQueryCache(new QueryClient(), 1000 + CACHE_MAX_AGE + 1)).toBeNull();
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

  it('keeps under its size cap, dropping the largest lists first', () => {
    const c = client('ana');
    c.setQueryData(['tools', T, 'list', '', '', '', 1], 'x'.repeat(CACHE_MAX_BYTES));
    c.setQueryData(['tools', T, 'containers'], [{ id: 1 }]);
    const keys = workingSetState(c).queries.map((q) => q.queryKey[2] ?? q.queryKey[1]);
    expect(keys.sort()).toEqual(['claims', 'containers']);
  });
});
