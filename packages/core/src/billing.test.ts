import { describe, expect, it } from 'vitest';
import { isBillingBlocked, waitForApi } from './billing.js';

describe('billing rules', () => {
  it('blocks only a configured company whose subscription is canceled or unpaid', () => {
    expect(isBillingBlocked({ configured: true, status: 'canceled' })).toBe(true);
    expect(isBillingBlocked({ configured: true, status: 'unpaid' })).toBe(true);
    expect(isBillingBlocked({ configured: true, status: 'past_due' })).toBe(false);
    expect(isBillingBlocked({ configured: true, status: null })).toBe(false);
    expect(isBillingBlocked({ configured: false, status: 'canceled' })).toBe(false);
    expect(isBillingBlocked(undefined)).toBe(false);
  });

  it('waits for the API up to 60 times at 50 ms, then fails with the spec message', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    await expect(waitForApi(() => false, { sleep })).rejects.toThrow('API not ready for Stripe fetch');
    expect(waits).toHaveLength(60);
    expect(new Set(waits)).toEqual(new Set([50]));
    let calls = 0;
    await expect(waitForApi(() => ++calls > 3, { sleep })).resolves.toBeUndefined();
    expect(calls).toBe(4);
  });
});
