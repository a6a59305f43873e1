import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { DRAIN_IDLE_GRACE_MS } from './platform/drain.js';
import { testConfig } from './testing/test-app.js';
import { createTestDatabase } from './testing/test-db.js';

// A clean drain under load (issue 50): clients keep reusing keep-alive connections while the server shuts down
// (app.close(), what serve.ts does on SIGTERM). No request may meet a reset connection: each either gets its whole
// answer, or its new connection is refused (which a client can retry elsewhere, as nothing was sent).

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await database?.dispose();
});

type Outcome = { kind: 'answered'; connection?: string; afterDrain: boolean } | { kind: 'error'; code: string; reused: boolean };

function get(agent: http.Agent, path: string, drainStarted: () => boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      const afterDrain = drainStarted();
      res.on('data', () => {});
      res.on('end', () => resolve({ kind: 'answered', connection: res.headers.connection, afterDrain }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'error', code: err.code ?? err.message, reused: req.reusedSocket }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'error', code: err.code ?? err.message, reused: req.reusedSocket }));
  });
}

describe('shutting down under keep-alive load', () => {
  it('answers or refuses every request, resets none, and closes an idle connection after the grace', async () => {
    const LOOPS = 16;
    let drainStartedAt = 0;
    const drainStarted = () => drainStartedAt > 0;
    const outcomes: Outcome[] = [];
    const loop = async (i: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (;;) {
          // Mostly quick answers, some that wait on the database.
          const outcome = await get(agent, i % 4 === 0 ? '/readyz' : '/healthz', drainStarted);
          outcomes.push(outcome);
          if (outcome.kind === 'error') return;
        }
      } finally {
        agent.destroy();
      }
    };
    const loops = Array.from({ length: LOOPS }, (_, i) => loop(i));
    // And one client that used its connection once, then leaves it idle: it is closed after the grace, not kept
    // until its keep-alive timeout (72 s) nor cut at once under a client that might be writing to it.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(idleAgent, '/healthz', drainStarted)).kind).toBe('answered');
    await new Promise((r) => setTimeout(r, 500));

    drainStartedAt = performance.now();
    await app.close();
    const drainMs = performance.now() - drainStartedAt;
    await Promise.all(loops);

    const answered = outcomes.filter((o) => o.kind === 'answered');
    const errors = outcomes.filter((o): o is Extract<Outcome, { kind: 'error' }> => o.kind === 'error');
    const refused = errors.filter((e) => e.code === 'ECONNREFUSED' && !e.reused);
    const broken = errors.filter((e) => !(e.code === 'ECONNREFUSED' && !e.reused));
    const duringDrain = answered.filter((a) => a.afterDrain);
    console.log(
      `drain: ${answered.length} answered (${duringDrain.length} during the drain, ${duringDrain.filter((a) => a.connection === 'close').length} of them with Connection: close), ` +
        `${refused.length} refused on connect, ${broken.length} reset/other (${broken.map((b) => `${b.code}${b.reused ? ' reused' : ''}`).join(', ') || 'none'}); ` +
        `app.close() took ${Math.round(drainMs)} ms`,
    );
    expect(broken).toEqual([]);
    expect(answered.length).toBeGreaterThan(LOOPS);
    // Every loop ends on a refused connection: the server is gone, nothing left open.
    expect(refused.length).toBe(LOOPS);
    expect(drainMs).toBeGreaterThanOrEqual(DRAIN_IDLE_GRACE_MS - 50);
    expect(drainMs).toBeLessThan(DRAIN_IDLE_GRACE_MS + 2_000);
    idleAgent.destroy();
  }, 30_000);
});
