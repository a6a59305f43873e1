import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';

// The gate's read path on PostgreSQL walls a pooled connection (app_user, one tenant) without a
// transaction, on a pool only it uses, each borrower walling it first: no request may see another
// company's rows. With one connection in each pool, every request reuses the same connection.
let poolSize: string | undefined;
beforeAll(() => {
  poolSize = process.env.PG_POOL_SIZE;
  process.env.PG_POOL_SIZE = '1';
});
afterAll(() => {
  if (poolSize === undefined) delete process.env.PG_POOL_SIZE;
  else process.env.PG_POOL_SIZE = poolSize;
});
const t = useTestApp();
let a: TestMember;
let b: TestMember;

const LIST = 'query($t: ID!) { listDepartments(tenant_uuid: $t, limit: 1000) { items { department tenant_uuid } } }';
const BAD = 'query($t: ID!) { listDepartments(tenant_uuid: $t, nextToken: "WyJ4Il0") { items { department } } }';

beforeAll(async () => {
  a = await createMember(t.database.db, await createTenant(t.database.db, 'Gate A'), { isAdmin: true });
  b = await createMember(t.database.db, await createTenant(t.database.db, 'Gate B'), { isAdmin: true });
  for (const [m, name] of [
    [a, 'A only'],
    [b, 'B only'],
  ] as const) {
    const res = await t.gql(
      'mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id } }',
      { t: m.tenantUuid, d: [{ department: name }] },
      m.token,
    );
    expect(res.errors).toBeUndefined();
  }
});

describe('the tenant gate on pooled connections', () => {
  it('never hands one company’s rows to another, however requests interleave (reads, refused reads, writes)', async () => {
    const calls = Array.from({ length: 120 }, async (_, i) => {
      const m = i % 2 ? a : b;
      if (i % 7 === 0) {
        const bad = await t.gql(BAD, { t: m.tenantUuid }, m.token);
        expect(bad.errors?.[0].extensions?.code).toBe('VALIDATION');
        return;
      }
      if (i % 11 === 0) {
        const other = m === a ? b : a;
        expect((await t.gql(LIST, { t: other.tenantUuid }, m.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
        return;
      }
      const res = await t.gql(LIST, { t: m.tenantUuid }, m.token);
      expect(res.errors).toBeUndefined();
      const items = res.data?.listDepartments.items as { department: string; tenant_uuid: string }[];
      expect(items.every((d) => d.tenant_uuid === m.tenantUuid)).toBe(true);
      expect(items.some((d) => d.department === (m === a ? 'A only' : 'B only'))).toBe(true);
    });
    await Promise.all(calls);
  });

  it('re-walls a connection the moment the next request is for another company, in any order', async () => {
    // One read connection: A, A (kept walled), B, B, A… each sees exactly its own company.
    for (const m of [a, a, b, b, a, b, a, a]) {
      const res = await t.gql(LIST, { t: m.tenantUuid }, m.token);
      const items = res.data?.listDepartments.items as { department: string; tenant_uuid: string }[];
      expect(items.map((d) => d.tenant_uuid)).toEqual(items.map(() => m.tenantUuid));
      expect(items.map((d) => d.department)).toContain(m === a ? 'A only' : 'B only');
    }
  });

  it('answers nothing read on a connection whose walls failed (the reads are pipelined behind them), then walls a new one', async ({
    skip,
  }) => {
    // PGlite has no read pool: its reads run in the walled transaction.
    if (t.database.kind !== 'postgres') skip();
    expect((await t.gql(LIST, { t: a.tenantUuid }, a.token)).errors).toBeUndefined();
    // The one read connection is walled to A. The next walls (to B) fail, twice: the short way's try and Yoga's.
    const query = pg.Client.prototype.query;
    let failures = 0;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text?.startsWith("select set_config('app.tenant_uuid'") && failures < 2) {
        failures++;
        return Promise.reject(new Error('the walls failed')) as never;
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      const failed = await t.gql(LIST, { t: b.tenantUuid }, b.token);
      expect(failures).toBe(2);
      expect(failed.data?.listDepartments ?? null).toBeNull();
      expect(JSON.stringify(failed)).not.toContain('A only');
    } finally {
      spy.mockRestore();
    }
    const res = await t.gql(LIST, { t: b.tenantUuid }, b.token);
    expect(res.data?.listDepartments.items.map((d: { department: string }) => d.department)).toEqual(['B only']);
  });

  it('reads as app_user from the connection’s start: before its walls it sees no company, and its walls set only the company', async ({
    skip,
  }) => {
    if (t.database.kind !== 'postgres') skip();
    const gate = t.app.tenantGate;
    // A connection as the read pool opens them (its options), never walled: app_user, no company, no rows.
    const options = (gate as unknown as { pool: pg.Pool & { options: pg.PoolConfig } }).pool.options;
    const fresh = new pg.Client({ ...options, pipeline: false } as pg.ClientConfig);
    await fresh.connect();
    try {
      const { rows } = await fresh.query(
        "select current_user as role, coalesce(current_setting('app.tenant_uuid', true), '') as tenant, (select count(*)::int from departments) as departments",
      );
      expect(rows[0]).toEqual({ role: 'app_user', tenant: '', departments: 0 });
    } finally {
      await fresh.end();
    }
    // A read through the gate: still app_user, walled to its company alone.
    const seen = await gate.run(
      a.identity,
      a.tenantUuid,
      async (tx) => {
        const r = await tx.execute(
          sql`select current_user as role, current_setting('app.tenant_uuid') as tenant, array_agg(distinct tenant_uuid) as tenants from departments`,
        );
        return (r as unknown as { rows: Record<string, unknown>[] }).rows[0];
      },
      true,
    );
    expect(seen).toEqual({ role: 'app_user', tenant: a.tenantUuid, tenants: [a.tenantUuid] });
  });

  it('leaves the shared pool (identity, writes) without a tenant or the app_user role', async () => {
    await Promise.all(Array.from({ length: 30 }, () => t.gql(LIST, { t: a.tenantUuid }, a.token)));
    const seen = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.database.db.execute(sql`select current_user as role, coalesce(current_setting('app.tenant_uuid', true), '') as tenant`),
      ),
    );
    for (const r of seen) expect((r as unknown as { rows: { role: string; tenant: string }[] }).rows[0].tenant).toBe('');
    const roles = seen.map((r) => (r as unknown as { rows: { role: string }[] }).rows[0].role);
    expect(roles.every((role) => role !== 'app_user')).toBe(true);
  });
});
