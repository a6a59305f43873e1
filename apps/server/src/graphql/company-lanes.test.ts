import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('refuses a limit that is not a positive whole number, and a share outside (0, 1]', () => {
    expect(() => new CompanyLanes(0)).toThrow(/positive integer/);
    expect(() => new CompanyLanes(1.5)).toThrow(/positive integer/);
    expect(() => new CompanyLanes(2, 0)).toThrow(/share/);
    expect(() => new CompanyLanes(2, 1.5)).toThrow(/share/);
  });
});

describe("a company's share of the time while others are served", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Heavy work of `ms` on a fake clock; the log records when (on that clock) each piece started. */
  function timed(lanes: CompanyLanes, tenant: string, name: string, ms: number, log: string[]) {
    return lanes.run(tenant, async () => {
      log.push(`${name} at ${Date.now()}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return name;
    });
  }

  /** Another company's request in flight until `end()`. */
  function othersServed(lanes: CompanyLanes, tenant = B) {
    let end!: () => void;
    const done = lanes.track(
      tenant,
      () =>
        new Promise<void>((resolve) => {
          end = resolve;
        }),
    );
    return {
      end: () => {
        end();
        return done;
      },
    };
  }

  it('lets a heavy request that took 100 ms be followed 300 ms later at a quarter share, while another company is served', async () => {
    vi.useFakeTimers({ now: 0 });
    const lanes = new CompanyLanes(2, 0.25, () => Date.now());
    const other = othersServed(lanes);
    const log: string[] = [];
    const first = timed(lanes, A, 'report 1', 100, log);
    await vi.advanceTimersByTimeAsync(100);
    expect(await first).toBe('report 1');
    const second = timed(lanes, A, 'report 2', 100, log);
    await vi.advanceTimersByTimeAsync(299);
    expect(log).toEqual(['report 1 at 0']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['report 1 at 0', 'report 2 at 400']);
    await vi.advanceTimersByTimeAsync(100);
    expect(await second).toBe('report 2');
    // The other company's own heavy work is not held back by A's.
    const theirs = timed(lanes, B, 'board', 10, log);
    await vi.advanceTimersByTimeAsync(10);
    expect(await theirs).toBe('board');
    expect(log.at(-1)).toBe('board at 500');
    await other.end();
  });

  it('waits for nothing beyond its lanes when no other company is being served', async () => {
    vi.useFakeTimers({ now: 0 });
    const lanes = new CompanyLanes(1, 0.25, () => Date.now());
    const log: string[] = [];
    // A's own other requests (its lists) do not count as others.
    const own = othersServed(lanes, A);
    const runs = [timed(lanes, A, 'r1', 100, log), timed(lanes, A, 'r2', 100, log), timed(lanes, A, 'r3', 100, log)];
    await vi.advanceTimersByTimeAsync(300);
    expect(await Promise.all(runs)).toEqual(['r1', 'r2', 'r3']);
    expect(log).toEqual(['r1 at 0', 'r2 at 100', 'r3 at 200']);
    await own.end();
  });

  it("starts the waiting request soon after the other companies' requests end", async () => {
    vi.useFakeTimers({ now: 0 });
    const lanes = new CompanyLanes(1, 0.1, () => Date.now());
    const other = othersServed(lanes);
    const log: string[] = [];
    const first = timed(lanes, A, 'r1', 100, log);
    await vi.advanceTimersByTimeAsync(100);
    await first;
    // At a tenth share the next may start 900 ms later; the others leave after 200 ms.
    const second = timed(lanes, A, 'r2', 100, log);
    await vi.advanceTimersByTimeAsync(200);
    await other.end();
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['r1 at 0', 'r2 at 350']);
    await vi.advanceTimersByTimeAsync(100);
    expect(await second).toBe('r2');
  });

  it('counts requests in flight per company, failed ones included', async () => {
    const lanes = new CompanyLanes(1, 0.5);
    expect(lanes.othersActive(A)).toBe(false);
    const failing = lanes.track(B, async () => {
      throw new Error('refused');
    });
    expect(lanes.othersActive(A)).toBe(true);
    expect(lanes.othersActive(B)).toBe(false);
    await expect(failing).rejects.toThrow('refused');
    expect(lanes.othersActive(A)).toBe(false);
  });
});
