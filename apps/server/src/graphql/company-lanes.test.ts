import { describe, expect, it } from 'vitest';
import { CompanyLanes } from './company-lanes.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** A piece of work that runs until `finish()` is called, recording when it started. */
function gated(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('company lanes for heavy operations', () => {
  it("runs a company's heavy work two at a time, first come first served, while another company never waits", async () => {
    const lanes = new CompanyLanes(2);
    const log: string[] = [];
    const [a1, a2, a3, a4, b1] = ['a1', 'a2', 'a3', 'a4', 'b1'].map((name) => gated(log, name));
    const answers = [lanes.run(A, a1.work), lanes.run(A, a2.work), lanes.run(A, a3.work), lanes.run(A, a4.work)];
    await tick();
    expect(log).toEqual(['start a1', 'start a2']);
    expect(lanes.load(A)).toEqual({ running: 2, waiting: 2 });

    // Company B's request starts at once beside A's full lanes.
    const b = lanes.run(B, b1.work);
    await tick();
    expect(log).toEqual(['start a1', 'start a2', 'start b1']);

    // A lane freed goes to the longest waiting, then the next.
    a2.finish();
    await tick();
    expect(log.slice(3)).toEqual(['end a2', 'start a3']);
    a1.finish();
    await tick();
    expect(log.slice(5)).toEqual(['end a1', 'start a4']);
    a3.finish();
    a4.finish();
    b1.finish();
    expect(await Promise.all([...answers, b])).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    // Nothing is kept for a company with no work.
    expect(lanes.load(A)).toEqual({ running: 0, waiting: 0 });
  });

  it('passes the lane on when the work fails, and the failure to its caller', async () => {
    const lanes = new CompanyLanes(1);
    const failed = lanes.run(A, async () => {
      throw new Error('the report failed');
    });
    const next = lanes.run(A, async () => 'next');
    await expect(failed).rejects.toThrow('the report failed');
    expect(await next).toBe('next');
    expect(lanes.load(A)).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => new CompanyLanes(0)).toThrow(/positive integer/);
    expect(() => new CompanyLanes(1.5)).toThrow(/positive integer/);
  });
});
