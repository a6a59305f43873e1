import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createMember, createSession, createTenant, type TestMember } from '../testing/factories.js';
import { testConfig } from '../testing/test-app.js';
import { createTestDatabase, testDbKind } from '../testing/test-db.js';
import { type Database, openDatabase } from './client.js';
import { DEMO_COMPANY, seedDemoCompany } from './demo-seed.js';
import { prepareDatabase, ServingRoleError } from './migrate.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the app_server role, read from the catalog (both drivers)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(q));
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('cannot log in, bypass row-level security or own anything, and may become app_user', async () => {
    const [role] = await rows<Record<string, boolean>>(sql`
      select rolcanlogin as login, rolsuper as superuser, rolbypassrls as bypass, pg_has_role('app_server', 'app_user', 'MEMBER') as member
      from pg_roles where rolname = 'app_server'`);
    expect(role).toEqual({ login: false, superuser: false, bypass: false, member: true });
    const owned = await rows(sql`select relname from pg_class where relowner = (select oid from pg_roles where rolname = 'app_server')`);
    expect(owned).toEqual([]);
  });

  it('reaches every table of the schema: its own tables read-write, catalogues read-only, company tables through app_user only', async () => {
    const tables = await rows<{ name: string; tenant: boolean; catalogue: boolean; read: boolean; write: boolean }>(sql`
      select c.relname as name,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped) as tenant,
        has_table_privilege('app_user', c.oid, 'SELECT') as catalogue,
        has_table_privilege('app_server', c.oid, 'SELECT') as read,
        has_table_privilege('app_server', c.oid, 'INSERT, UPDATE, DELETE') as write
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    const own = tables.filter((t) => !t.tenant && !t.catalogue);
    expect(own.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'user',
        'session',
        'account',
        'verification',
        'passkey',
        'two_factor',
        'outbox',
        'auth_lockout',
        'rate_limit',
      ]),
    );
    expect(own.filter((t) => !t.read || !t.write)).toEqual([]);
    const catalogues = tables.filter((t) => !t.tenant && t.catalogue);
    expect(catalogues.map((t) => t.name)).toEqual(expect.arrayContaining(['modules', 'navigation_items', 'static_states']));
    expect(catalogues.filter((t) => !t.read || t.write)).toEqual([]);
    // Company tables: granted to app_user (walled by row-level security), which app_server may become.
    expect(tables.filter((t) => t.tenant && !t.read)).toEqual([]);
  });

  it('keeps the migration functions to their owner', async () => {
    const fns = await rows<{ name: string; public: boolean }>(sql`
      select p.proname as name, has_function_privilege('app_server', p.oid, 'EXECUTE') as public from pg_proc p
      where p.proname in ('app_enforce_tenant_walls', 'app_grant_server') order by 1`);
    expect(fns).toEqual([
      { name: 'app_enforce_tenant_walls', public: false },
      { name: 'app_grant_server', public: false },
    ]);
  });
});

/**
 * PostgreSQL only (PGlite has one user): a database owned and migrated by a non-superuser owner role
 * (MIGRATION_DATABASE_URL), and the app serving as a login role that is neither superuser nor owner.
 */
describe.skipIf(testDbKind() !== 'postgres')('serving as a role that neither owns the tables nor is a superuser (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const suffix = randomBytes(4).toString('hex');
  const owner = `gw_owner_${suffix}`;
  const serving = `gw_serve_${suffix}`;
  const dbName = `gw_roles_${suffix}`;
  const password = randomBytes(12).toString('hex');
  const urlAs = (role: string | null, db = dbName) => {
    const url = new URL(adminUrl);
    if (role) {
      url.username = role;
      url.password = password;
    }
    url.pathname = `/${db}`;
    return url.toString();
  };
  const admin = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      for (const s of statements) await client.query(s);
    } finally {
      await client.end();
    }
  };
  const filesDir = mkdtempSync(path.join(tmpdir(), 'gw-roles-files-'));
  let database: Database;
  let app: FastifyInstance;
  let a: TestMember;
  let b: TestMember;

  beforeAll(async () => {
    // What a DBA sets up once: an owner with its database, the two app roles it may hand on, a login role to serve.
    await admin(
      `create role ${owner} login createrole password '${password}'`,
      `do $$ begin create role app_user nologin nobypassrls; exception when duplicate_object or unique_violation then null; end $$`,
      `do $$ begin create role app_server nologin nobypassrls; exception when duplicate_object or unique_violation then null; end $$`,
      `grant app_user, app_server to ${owner} with admin option`,
      `create role ${serving} login password '${password}'`,
      `create database ${dbName} owner ${owner}`,
    );
    database = await openDatabase({ url: urlAs(serving) });
    await prepareDatabase(database, urlAs(owner));
    app = await buildApp({ config: { ...testConfig(), filesDir }, database });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin(`drop database if exists ${dbName} with (force)`, `drop role if exists ${serving}`, `drop role if exists ${owner}`);
    rmSync(filesDir, { recursive: true, force: true });
  });

  /** A connection as the serving login role, as a request would have, for statements the app never sends. */
  async function asServing<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: urlAs(serving) });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }
  const gql = async (query: string, token: string) =>
    (await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}` }, payload: { query } })).json();

  it('migrated as the owner, and made the serving role a member of app_server', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`
        select current_user as me, r.rolsuper as superuser, r.rolbypassrls as bypass,
          pg_has_role(current_user, 'app_server', 'MEMBER') as member,
          (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owns,
          (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = ${owner}) as owner_owns
        from pg_roles r where r.rolname = current_user`),
    );
    expect(row).toEqual({ me: serving, superuser: false, bypass: false, member: true, owns: 0, owner_owns: expect.any(Number) });
    expect(row.owner_owns).toBeGreaterThan(20);
  });

  it('creates the demo company once on an empty database (it counts accounts: companies are walled)', async () => {
    expect(await seedDemoCompany(database.db)).toBeTruthy();
    expect(await seedDemoCompany(database.db)).toBeNull();
    const client = new pg.Client({ connectionString: urlAs(null) });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from tenants where company = $1', [DEMO_COMPANY]);
    await client.end();
    expect(rows[0].n).toBe(1);
  });

  it('serves requests: identity, GraphQL in a company, starting and deleting a company, uploads', async () => {
    a = await createMember(database.db, await createTenant(database.db, 'Alpha Builders'), { isAdmin: true });
    b = await createMember(database.db, await createTenant(database.db, 'Bravo Concrete'), { isAdmin: true });
    const me = await app.inject({
      method: 'POST',
      url: IDENTITY_ENDPOINT,
      headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: 'GetUser', authorization: `Bearer ${a.token}` },
      payload: {},
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()['custom:tenants']).toEqual([{ tenant_uuid: a.tenantUuid, company: 'Alpha Builders' }]);

    expect(await gql(`{ fetchTenant(tenant_uuid: "${a.tenantUuid}") { company } }`, a.token)).toEqual({
      data: { fetchTenant: { company: 'Alpha Builders' } },
    });
    const people = await gql(`{ listEmployees(tenant_uuid: "${a.tenantUuid}") { items { id } } }`, a.token);
    expect(people.data.listEmployees.items).toEqual([{ id: a.employeeId }]);
    // Another company's id answers as if it did not exist.
    expect((await gql(`{ fetchTenant(tenant_uuid: "${b.tenantUuid}") { company } }`, a.token)).errors[0].extensions.code).toBe('NOT_FOUND');

    const boundary = 'groundworkroles';
    const upload = await app.inject({
      method: 'POST',
      url: '/api/files',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${a.token}`,
        'x-tenant-uuid': a.tenantUuid,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nPour on Tuesday.\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(201);

    const founder = await createSession(database.db, randomUUID());
    const started = await gql('mutation { createTenant(company: "Charlie Steel") { tenant_uuid company } }', founder);
    expect(started.data.createTenant.company).toBe('Charlie Steel');

    const deleted = await gql(
      `mutation { deleteTenant(tenant_uuid: "${a.tenantUuid}", user_email: "${a.identity}@test.example") }`,
      a.token,
    );
    expect(deleted).toEqual({ data: { deleteTenant: true } });
    expect((await gql(`{ fetchTenant(tenant_uuid: "${b.tenantUuid}") { company } }`, b.token)).data.fetchTenant.company).toBe(
      'Bravo Concrete',
    );
  });

  it('cannot turn off, drop or go around the walls, nor read or change another company’s rows', async () => {
    await asServing(async (c) => {
      for (const statement of [
        'alter table employees disable row level security',
        'alter table employees no force row level security',
        'drop policy tenant_wall on employees',
        'alter table employees owner to current_user',
        'drop table timecard_entries',
        'truncate employees',
      ]) {
        await expect(c.query(statement), statement).rejects.toThrow(/must be owner|permission denied/);
      }
      await expect(c.query('create table evil (x int)')).rejects.toThrow(/permission denied for schema public/);
      await expect(c.query('select app_enforce_tenant_walls()')).rejects.toThrow(/permission denied for function/);
      await expect(c.query('set role postgres')).rejects.toThrow(/permission denied to set role/);
      await expect(c.query(`set role ${owner}`)).rejects.toThrow(/permission denied to set role/);

      // No company set: no company rows at all, though there are some.
      expect((await c.query('select count(*)::int as n from employees')).rows[0].n).toBe(0);
      expect((await c.query('select count(*)::int as n from tenants')).rows[0].n).toBe(0);

      // In Bravo's transaction, as the app runs it (with and without app_user): only Bravo's rows, and no writes elsewhere.
      for (const asAppUser of [false, true]) {
        await c.query('begin');
        await c.query(`select set_config('app.tenant_uuid', $1, true)${asAppUser ? ", set_config('role', 'app_user', true)" : ''}`, [
          b.tenantUuid,
        ]);
        const seen = await c.query('select distinct tenant_uuid from employees');
        expect(seen.rows).toEqual([{ tenant_uuid: b.tenantUuid }]);
        const theirs = await c.query(`select count(*)::int as n from employees where tenant_uuid <> $1`, [b.tenantUuid]);
        expect(theirs.rows[0].n).toBe(0);
        const updated = await c.query(`update employees set firstname = 'Mallory' where tenant_uuid <> $1`, [b.tenantUuid]);
        expect(updated.rowCount).toBe(0);
        await expect(c.query(`insert into tenants (tenant_uuid, company) values (gen_random_uuid(), 'Planted')`)).rejects.toThrow(
          /violates row-level security policy/,
        );
        await c.query('rollback');
      }
    });
    // The superuser still sees every company's people: the rows were there to hide.
    const client = new pg.Client({ connectionString: urlAs(null) });
    await client.connect();
    const all = await client.query('select count(distinct tenant_uuid)::int as n from employees');
    await client.end();
    expect(all.rows[0].n).toBeGreaterThanOrEqual(2);
  });

  it('refuses to serve as the owner or as a superuser when a migration role is given', async () => {
    const asOwner = await openDatabase({ url: urlAs(owner) });
    await expect(prepareDatabase(asOwner, urlAs(owner))).rejects.toThrow(ServingRoleError);
    await expect(prepareDatabase(asOwner, urlAs(owner))).rejects.toThrow(/owns \(or is a member of the owner of\) the table/);
    await asOwner.close();
    const asSuperuser = await openDatabase({ url: urlAs(null) });
    await expect(prepareDatabase(asSuperuser, urlAs(owner))).rejects.toThrow(/is a superuser/);
    await asSuperuser.close();
  });
});
