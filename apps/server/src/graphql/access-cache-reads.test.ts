import { describe, expect, it, vi } from 'vitest';
import { AccessCache } from './access-cache.js';

/** A read the test settles by hand, counting how often it was started. */
function reads<V>() {
  const started: { resolve: (v: V) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<V>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { started, load };
}

describe('access cache reads', () => {
  it('answers the queries a page sends together with one token from one session read', async () => {
    const cache = new AccessCache<string, string>();
    const r = reads<string>();
    const asked = [cache.session('t1', r.load), cache.session('t1', r.load), cache.session('t1', r.load)];
    expect(r.started).toHaveLength(1);
    r.started[0].resolve('session-1');
    expect(await Promise.all(asked)).toEqual(['session-1', 'session-1', 'session-1']);
    // Now cached: no read at all.
    expect(await cache.session('t1', r.load)).toBe('session-1');
    expect(r.started).toHaveLength(1);
    // Another token is its own read.
    const other = cache.session('t2', r.load);
    expect(r.started).toHaveLength(2);
    r.started[1].resolve('session-2');
    expect(await other).toBe('session-2');
  });

  it('reads a cached session again when it is no longer usable (expired)', async () => {
    const cache = new AccessCache<{ expires: number }, string>();
    const r = reads<{ expires: number }>();
    const first = cache.session('t', r.load);
    r.started[0].resolve({ expires: 1 });
    await first;
    const again = cache.session('t', r.load, (s) => s.expires > 1);
    expect(r.started).toHaveLength(2);
    r.started[1].resolve({ expires: 5 });
    expect(await again).toEqual({ expires: 5 });
  });

  it('does not hand a read begun before a change in the company to anyone asking after it, nor keep it', async () => {
    const cache = new AccessCache<string, string | null>();
    const r = reads<string | null>();
    const before = cache.member('person', 'company', r.load, true);
    cache.invalidateTenant('company');
    const after = cache.member('person', 'company', r.load, true);
    expect(r.started).toHaveLength(2);
    r.started[0].resolve('admin');
    r.started[1].resolve(null);
    expect(await before).toBe('admin');
    expect(await after).toBeNull();
    // The stale read was not stored; the fresh one was.
    expect(await cache.member('person', 'company', r.load, true)).toBeNull();
    expect(r.started).toHaveLength(2);
  });

  it('lets a caller whose shared read failed read for itself, and caches nothing from the failure', async () => {
    const cache = new AccessCache<string, string>();
    const r = reads<string>();
    const first = cache.member('person', 'company', r.load, true);
    const joined = cache.member('person', 'company', r.load, true);
    r.started[0].reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await vi.waitFor(() => expect(r.started).toHaveLength(2));
    r.started[1].resolve('member');
    expect(await joined).toBe('member');
    expect(await cache.member('person', 'company', r.load, true)).toBe('member');
    expect(r.started).toHaveLength(2);
  });

  it('keeps one company’s members apart from another’s', async () => {
    const cache = new AccessCache<string, string>();
    const r = reads<string>();
    const a = cache.member('person', 'company-a', r.load, true);
    const b = cache.member('person', 'company-b', r.load, true);
    expect(r.started).toHaveLength(2);
    r.started[0].resolve('in a');
    r.started[1].resolve('in b');
    expect([await a, await b]).toEqual(['in a', 'in b']);
  });

  it('never has a caller holding a connection wait on a read that is still waiting for one from the pool', async () => {
    const cache = new AccessCache<string, string>();
    const r = reads<string>();
    // A subscription's check holds no connection: its read waits for one from the pool.
    const check = cache.member('person', 'company', r.load, false);
    // A request inside its walled transaction (the pool's last connection, say) reads on its own connection.
    const inside = cache.member('person', 'company', r.load, true);
    expect(r.started).toHaveLength(2);
    r.started[1].resolve('member');
    expect(await inside).toBe('member');
    // Whoever holds nothing may join a read on a held connection.
    const later = reads<string>();
    const third = cache.member('person', 'other', later.load, true);
    const fourth = cache.member('person', 'other', later.load, false);
    expect(later.started).toHaveLength(1);
    later.started[0].resolve('other member');
    expect([await third, await fourth]).toEqual(['other member', 'other member']);
    r.started[0].resolve('member');
    expect(await check).toBe('member');
  });
});
