import { createServer } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../testing/server-process.js';

// Optional OpenTelemetry traces (issue 25): with OTEL_EXPORTER_OTLP_ENDPOINT the server sends its spans over
// OTLP/HTTP. A stand-in collector on 127.0.0.1 receives them; the real exporter is what talks to it.

const received: { path: string; contentType: string; body: Buffer }[] = [];
const collector = Fastify();
collector.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
collector.post('/v1/traces', async (req) => {
  // JSON (the exporter's default) arrives parsed; protobuf as bytes.
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(JSON.stringify(req.body));
  received.push({ path: req.url, contentType: String(req.headers['content-type']), body });
  return {};
});
let collectorUrl: string;

beforeAll(async () => {
  collectorUrl = await collector.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => collector.close());

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe.skipIf(process.env.GW_TEST_DB === 'postgres')('tracing', () => {
  it('sends the spans of a GraphQL request to the OTLP endpoint, not those of health checks', async () => {
    const port = await freePort();
    const server = startServerProcess({
      PORT: String(port),
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_SERVICE_NAME: 'groundwork-test',
    });
    try {
      // A budget, not a measure: the whole server starts under tsx (about 20 s here), slower on a loaded CI machine.
      await expect.poll(server.output, { timeout: 150_000, interval: 200 }).toContain('Groundwork is serving');
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(res.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const bodies = received.map((r) => r.body.toString('latin1')).join('\n');
      expect(received.length).toBeGreaterThan(0);
      expect(bodies).toContain('groundwork-test');
      expect(bodies).toContain('/graphql');
      expect(bodies).not.toContain('/healthz');
    } finally {
      server.kill();
    }
  }, 200_000);
});
