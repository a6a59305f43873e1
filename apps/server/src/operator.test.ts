import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createRealtime } from './platform/realtime.js';
import { createMember, createTenant, type TestMember } from './testing/factories.js';
import { startServerProcess } from './testing/server-process.js';
import { testConfig, useTestApp } from './testing/test-app.js';

// The operator's view (issue 25): /metrics, /readyz, and a graceful shutdown that ends streams and waits for
// requests in flight.

const t = useTestApp();
let admin: TestMember;
let other: TestMember;

beforeAll(async () => {
  admin = await createMember(t.database.db, await createTenant(t.database.db), { permissions: ['people_admin'] });
  other = await createMember(t.database.db, await createTenant(t.database.db), { permissions: ['people_admin'] });
});

const LIST = 'query($t: ID!) { listDepartments(tenant_uuid: $t) { items { id } } }';

describe('/metrics', () => {
  it('counts requests by route, times operations by root field and counts their errors by code', async () => {
    expect((await t.gql(LIST, { t: admin.tenantUuid }, admin.token)).errors).toBeUndefined();
    // Another company's data: refused, counted under its code.
    expect((await t.gql(LIST, { t: other.tenantUuid }, admin.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/groundwork_http_requests_total\{method="POST",route="\/graphql",status="200"\} \d+/);
    expect(text).toMatch(/groundwork_graphql_operation_duration_seconds_count\{operation="listDepartments",type="query"\} 2/);
    expect(text).toMatch(/groundwork_graphql_errors_total\{operation="listDepartments",code="NOT_FOUND"\} 1/);
    expect(text).toMatch(/groundwork_queue_depth \d+/);
    expect(text).toMatch(/groundwork_queue_oldest_age_seconds \d/);
    expect(text).toMatch(/groundwork_sse_connections 0/);
    expect(text).toContain('groundwork_process_resident_memory_bytes');
    if (t.database.kind === 'postgres') expect(text).toMatch(/groundwork_db_pool_connections\{state="total"\} [1-9]/);
    // The client's operation name never becomes a label: only the schema's field names do.
    await t.gql(
      `query Evil${'x'.repeat(40)}($t: ID!) { listDepartments(tenant_uuid: $t) { items { id } } }`,
      { t: admin.tenantUuid },
      admin.token,
    );
    expect((await t.app.inject('/metrics')).body).not.toContain('Evil');
  });

  it('asks for the token when one is set, and is off in production without one', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await buildApp({ config: { ...testConfig(), metricsToken: token }, database: t.database });
    const prod = await buildApp({
      config: { ...testConfig(), env: 'production', appOrigin: 'https://app.example.com' },
      database: t.database,
    });
    try {
      expect((await guarded.inject('/metrics')).statusCode).toBe(401);
      expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      const ok = await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('groundwork_http_requests_total');
      expect((await prod.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await guarded.close();
      await prod.close();
    }
  });
});

describe('logs', () => {
  it('carry the request id, the operation and the company on every line of a GraphQL request, never a password', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const app = await buildApp({ config: { ...testConfig(), logLevel: 'info' }, database: t.database, logStream });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}`, 'x-request-id': 'req-42' },
        payload: { query: LIST, variables: { t: admin.tenantUuid, password: 'hunter2-secret' } },
      });
      expect(res.statusCode).toBe(200);
      const done = lines.find((l) => l.msg === 'request completed' && l.reqId === 'req-42');
      expect(done).toMatchObject({ operation: 'listDepartments', tenant_uuid: admin.tenantUuid });
      expect(JSON.stringify(lines)).not.toContain('hunter2-secret');
      expect(JSON.stringify(lines)).not.toContain(admin.token);
    } finally {
      await app.close();
    }
  });
});

describe('/readyz', () => {
  it('checks the database and the file storage', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.database.kind, checks: { database: 'ok', storage: 'ok' } });
  });

  it('answers 503 naming the check that failed (Redis here), without its error', async () => {
    const realtime = { ...createRealtime(), ping: () => Promise.reject(new Error('ECONNREFUSED 10.0.0.9:6379')) };
    const app = await buildApp({
      config: { ...testConfig(), redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
      database: t.database,
      realtime,
    });
    try {
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        database: t.database.kind,
        checks: { database: 'ok', redis: 'unavailable', storage: 'ok' },
      });
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      await app.close();
    }
  });
});

describe('graceful shutdown', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: t.database });
    app.get('/test/slow', async () => {
      await new Promise((r) => setTimeout(r, 700));
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it('finishes requests in flight, ends open streams with a retry hint, then refuses new work', async () => {
    const member = await createMember(t.database.db, admin.tenantUuid, { permissions: ['people_basic'] });
    const stream = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({
        query: 'subscription($t: ID!) { onCreateDepartments(tenant_uuid: $t) { id } }',
        variables: { t: admin.tenantUuid },
      }),
    });
    expect(stream.status).toBe(200);
    const body = stream.text();
    await new Promise((r) => setTimeout(r, 200));
    expect((await app.inject('/metrics')).body).toMatch(/groundwork_sse_connections 1/);

    const slow = fetch(`${base}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    // The stream ended (text() resolved) and its last words tell the client when to reconnect.
    expect(await body).toMatch(/retry: 3000\n\n$/);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});

describe('the server process', () => {
  it('exits 0 within 10 s of SIGTERM', async () => {
    const server = startServerProcess();
    try {
      // A budget, not a measure: the whole server starts under tsx (about 20 s here), slower on a loaded CI machine.
      await expect.poll(server.output, { timeout: 150_000, interval: 200 }).toContain('Groundwork is serving');
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(server.output()).toContain('shutting down');
    } finally {
      server.kill();
    }
  }, 200_000);
});
