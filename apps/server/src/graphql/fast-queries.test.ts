import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { jobs } from '../db/schema.js';
import { withTenant } from '../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { testConfig, useTestApp } from '../testing/test-app.js';

// The short way for queries Yoga has run once (fast-queries.ts): the same bytes, content type, metrics and log lines
// as Yoga's answer; everything else (errors, mutations, other content types, a phone's queued change) is Yoga's.
const t = useTestApp();

const JOBS = 'query($t: ID!, $n: Int) { listJobs(tenant_uuid: $t, limit: $n) { items { id job status } nextToken } }';
let admin: TestMember;
let other: TestMember;

beforeAll(async () => {
  admin = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  other = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  await withTenant(t.database.db, admin.tenantUuid, (tx) =>
    tx.insert(jobs).values([1, 2, 3].map((i) => ({ tenant_uuid: admin.tenantUuid, job: `Job ${i}` }))),
  );
});

const fastCount = async () => Number(/groundwork_graphql_fast_queries_total (\d+)/.exec((await t.app.inject('/metrics')).body)?.[1]);

function post(payload: unknown, headers: Record<string, string> = {}, token = admin.token) {
  return t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('queries on the short way', () => {
  it("answers a query Yoga has run with Yoga's exact bytes and content type, for each Accept Yoga has answered", async () => {
    for (const accept of [undefined, 'application/json', 'application/graphql-response+json, application/json;q=0.9']) {
      const headers: Record<string, string> = accept ? { accept } : {};
      const before = await fastCount();
      const first = await post({ query: JOBS, variables: { t: admin.tenantUuid, n: 2 } }, headers);
      const second = await post({ query: JOBS, variables: { t: admin.tenantUuid, n: 2 } }, headers);
      expect(await fastCount(), `Accept: ${accept}`).toBe(before + 1);
      expect(second.statusCode).toBe(200);
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      expect(second.body).toBe(first.body);
      expect(second.json().data.listJobs.items.map((j: { job: string }) => j.job)).toEqual(['Job 1', 'Job 2']);
      // The security headers and the request id are the server's, not Yoga's: both ways carry them.
      expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(second.headers['x-request-id']).toBeTruthy();
    }
  });

  it("leaves every error to Yoga: another company's id, a bad variable, a limit out of range", async () => {
    await post({ query: JOBS, variables: { t: admin.tenantUuid } });
    const before = await fastCount();
    const foreign = await post({ query: JOBS, variables: { t: admin.tenantUuid } }, {}, other.token);
    expect(foreign.json()).toMatchObject({ data: null, errors: [{ extensions: { code: 'NOT_FOUND' } }] });
    const badVariable = await post({ query: JOBS, variables: { t: admin.tenantUuid, n: 'many' } });
    expect(badVariable.json().errors?.[0]?.message).toMatch(/n/);
    expect(badVariable.json().data).toBeUndefined();
    const range = await post({ query: JOBS, variables: { t: admin.tenantUuid, n: 0 } });
    expect(range.json().errors?.[0]?.extensions?.code).toBe('VALIDATION');
    // Variables the batch guard refuses before parsing (a NUL, a list past the limit, too deep): Yoga's answer.
    for (const extra of [
      { note: 'a\u0000b' },
      { many: Array.from({ length: 1001 }, (_, i) => i) },
      { deep: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) },
    ]) {
      const refused = await post({ query: JOBS, variables: { t: admin.tenantUuid, ...extra } });
      expect(refused.json().errors?.[0]?.extensions?.code, JSON.stringify(extra).slice(0, 40)).toBe('VALIDATION');
    }
    expect(await fastCount()).toBe(before);
  });

  it('never takes a mutation, a form post, a batch or a queued change from a phone', async () => {
    const MUTATION = 'mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }';
    const made = (name: string) => post({ query: MUTATION, variables: { t: admin.tenantUuid, d: [{ department: name }] } });
    await made('Made once');
    await post({ query: JOBS, variables: { t: admin.tenantUuid } });
    const before = await fastCount();
    expect((await made('Made twice')).json().data.createDepartments).toEqual([{ id: expect.any(Number) }]);
    // A text/plain post needs no CORS preflight: Yoga's CSRF check refuses it, the short way never sees it.
    const form = await post(JSON.stringify({ query: JOBS, variables: { t: admin.tenantUuid } }), { 'content-type': 'text/plain' });
    expect(form.statusCode).toBe(403);
    const batch = await post([{ query: JOBS, variables: { t: admin.tenantUuid } }]);
    expect(batch.statusCode).not.toBe(500);
    const queued = await post({ query: JOBS, variables: { t: admin.tenantUuid } }, { 'x-device-mutation-id': crypto.randomUUID() });
    expect(queued.statusCode).toBe(200);
    expect(await fastCount()).toBe(before);
  });

  it('logs and counts the operation as Yoga would', async () => {
    const lines: Record<string, unknown>[] = [];
    const raw: string[] = [];
    const logStream = {
      write: (line: string) => {
        raw.push(line);
        lines.push(JSON.parse(line));
      },
    };
    const app = await buildApp({ config: { ...testConfig(), logLevel: 'info' }, database: t.database, logStream });
    try {
      for (const id of ['req-1', 'req-2']) {
        const res = await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}`, 'x-request-id': id },
          payload: { query: JOBS, variables: { t: admin.tenantUuid } },
        });
        expect(res.statusCode).toBe(200);
        expect(lines.find((l) => l.msg === 'request completed' && l.reqId === id)).toMatchObject({
          operation: 'listJobs',
          tenant_uuid: admin.tenantUuid,
        });
      }
      // A remembered query whose result has errors goes back to Yoga: its lines carry the operation once, not twice.
      const elsewhere = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}`, 'x-request-id': 'req-3' },
        payload: { query: JOBS, variables: { t: '00000000-0000-4000-8000-000000000000' } },
      });
      expect(elsewhere.json().errors[0].extensions.code).toBe('NOT_FOUND');
      const completed = raw.filter((l) => l.includes('"reqId":"req-3"') && l.includes('request completed'));
      expect(completed).toHaveLength(1);
      expect(completed[0].match(/"operation":"listJobs"/g)).toHaveLength(1);
      expect(completed[0].match(/"tenant_uuid":/g)).toHaveLength(1);
      const metrics = (await app.inject('/metrics')).body;
      expect(metrics).toMatch(/groundwork_graphql_fast_queries_total 1/);
      expect(metrics).toMatch(/groundwork_graphql_operation_duration_seconds_count\{operation="listJobs",type="query"\} 3/);
    } finally {
      await app.close();
    }
  });
});
