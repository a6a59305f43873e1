import { describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './when-online';

describe('a chunk that could not come (issue 28)', () => {
  it('is asked again once the browser is back online, and not before', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue('chunk');
    let settled = false;
    const loading = loadWhenOnline(load).then((value) => {
      settled = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('comes at once when it can', async () => {
    await expect(loadWhenOnline(async () => 'chunk')).resolves.toBe('chunk');
  });
});
