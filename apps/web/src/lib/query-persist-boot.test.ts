import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const restoreQueryCache = vi.fn(async () => 'someone');
vi.mock('./query-persist', () => ({
  restoreQueryCache,
  persistQueryCache: vi.fn(),
  saveQueryCache: vi.fn(async () => undefined),
  clearQueryCache: vi.fn(async () => undefined),
}));

// The module keeps whether the copy was put back: each test loads it afresh.
const boot = async () => {
  vi.resetModules();
  return import('./query-persist-boot');
};

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', '11111111-1111-4111-8111-111111111111');
  restoreQueryCache.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  localStorage.clear();
});

describe('the copy kept on the phone at start-up (issues 24, 28)', () => {
  it('with a signal, is put back only once the first screen is on screen', async () => {
    const { startQueryPersistence, queryCacheRestored } = await boot();
    let firstScreen = () => {};
    startQueryPersistence(new QueryClient(), new Promise<void>((resolve) => (firstScreen = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(restoreQueryCache).not.toHaveBeenCalled();
    firstScreen();
    await vi.waitFor(() => expect(restoreQueryCache).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await queryCacheRestored();
    expect(restoreQueryCache).toHaveBeenCalledTimes(1);
  });

  it('with no signal, is put back at once', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { startQueryPersistence } = await boot();
    startQueryPersistence(new QueryClient(), new Promise<void>(() => {}));
    await vi.waitFor(() => expect(restoreQueryCache).toHaveBeenCalledTimes(1));
  });

  it('is put back at once when the guard needs it (the server could not be reached), and only once', async () => {
    const { startQueryPersistence, queryCacheRestored } = await boot();
    startQueryPersistence(new QueryClient(), new Promise<void>(() => {}));
    await expect(queryCacheRestored()).resolves.toBe('someone');
    await queryCacheRestored();
    expect(restoreQueryCache).toHaveBeenCalledTimes(1);
  });
});
