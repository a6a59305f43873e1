import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant } from '../testing/factories.js';
import { createTestDatabase } from '../testing/test-db.js';
import { seedDemoCompany } from './demo-seed.js';
import { withTenant } from './with-tenant.js';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedDemoCompany(database.db)).toBeTruthy();
  const a = await createTenant(database.db);
  await createMember(database.db, a, { permissions: ['people_basic'] });
  expect(await seedDemoCompany(database.db), 'seeds only an empty database').toBeNull();
});
afterAll(() => database.dispose());

const tenantTables = () =>
  rows<{ table: string }>(sql`
    select c.relname as table from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);

describe('tenant walls (DESIGN.md), read from the catalog', () => {
  it('covers every tenant table of the schema', async () => {
    const tables = (await tenantTables()).map((r) => r.table);
    expect(tables).toEqual(expect.arrayContaining(['tenants', 'employees', 'costcodes', 'departments', 'divisions', 'usergroups']));
  });

  it('puts tenant_uuid first in every primary key', async () => {
    const bad = await rows<{ table: string; first: string }>(sql`
      select c.relname as table, a.attname as first from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
      where k.contype = 'p' and n.nspname = 'public'
        and exists (select 1 from pg_attribute t where t.attrelid = c.oid and t.attname = 'tenant_uuid')
        and a.attname <> 'tenant_uuid'`);
    expect(bad).toEqual([]);
    const withoutPk = await rows<{ table: string }>(sql`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute t where t.attrelid = c.oid and t.attname = 'tenant_uuid')
        and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`);
    expect(withoutPk).toEqual([]);
  });

  it('includes tenant_uuid in every foreign key between tenant tables', async () => {
    const bad = await rows<{ name: string }>(sql`
      select k.conname as name from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'
        and exists (select 1 from pg_attribute t where t.attrelid = k.confrelid and t.attname = 'tenant_uuid')
        and not exists (
          select 1 from unnest(k.conkey) as col(num)
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = col.num where a.attname = 'tenant_uuid')`);
    expect(bad).toEqual([]);
  });

  it('enables and forces row-level security with the tenant policy on every tenant table', async () => {
    const state = await rows<{ table: string; rls: boolean; force: boolean; qual: string | null; check: string | null }>(sql`
      select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as force,
             p.qual, p.with_check as check
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped
      left join pg_policies p on p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'tenant_wall'
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    expect(state.length).toBeGreaterThan(5);
    for (const t of state) {
      expect(t, t.table).toMatchObject({ rls: true, force: true });
      expect(t.qual, t.table).toMatch(/tenant_uuid = \(?NULLIF\(current_setting\('app\.tenant_uuid'::text, true\), ''::text\)\)?::uuid/);
      expect(t.check, t.table).toEqual(t.qual);
    }
  });

  it('runs requests as app_user, which is neither a superuser nor able to bypass RLS', async () => {
    const [role] = await rows<{ rolsuper: boolean; rolbypassrls: boolean }>(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'app_user'`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('fails closed: as app_user with no tenant set, every tenant table returns 0 rows', async () => {
    const tables = (await tenantTables()).map((r) => r.table);
    for (const table of tables) {
      const [total] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
      const seen = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local role app_user`);
        const r = (await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
          rows: { n: number }[];
        };
        return r.rows[0].n;
      });
      expect(total.n, `${table} has rows to hide`).toBeGreaterThan(0);
      expect(seen, table).toBe(0);
    }
  });

  it('refuses to write a row into another tenant from inside a tenant transaction', async () => {
    const a = await createTenant(database.db);
    const b = await createTenant(database.db);
    await expect(
      withTenant(database.db, a, (tx) => tx.execute(sql`insert into departments (tenant_uuid, department) values (${b}, 'Sneaky')`)),
    ).rejects.toThrow();
    const seenByB = await withTenant(database.db, b, (tx) => tx.execute(sql`select * from departments`));
    expect((seenByB as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
