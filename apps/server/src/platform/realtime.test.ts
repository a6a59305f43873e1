import { describe, expect, it } from 'vitest';
import { createRealtime } from './realtime.js';

describe('in-process realtime', () => {
  it('delivers to many subscribers of one topic without a listener-leak warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    const realtime = createRealtime();
    try {
      const iterators = Array.from({ length: 30 }, () => realtime.subscribe('jobs:create:t1')[Symbol.asyncIterator]());
      // A subscription registers its listener when first read.
      const firsts = iterators.map((it) => it.next());
      await new Promise((r) => setTimeout(r, 10));
      realtime.publish('jobs:create:t1', { id: 1 });
      const got = await Promise.all(firsts);
      expect(got.every((g) => (g.value as { id: number }).id === 1)).toBe(true);
      await Promise.all(iterators.map((it) => it.return?.()));
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await realtime.close();
    }
  });
});
