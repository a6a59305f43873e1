import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../db/with-tenant.js';
import { departments } from '../modules/departments/departments.table.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';
import { ACCESS_CACHE_TTL_MS } from './access-cache.js';

const t = useTestApp();

const LIST = `query($t: ID!, $f: DepartmentsFilter, $n: Int, $next: String) {
  listDepartments(tenant_uuid: $t, filter: $f, limit: $n, nextToken: $next) { items { id tenant_uuid department status } nextToken } }`;
const GET = `query($t: ID!, $id: Int!) { getDepartments(tenant_uuid: $t, id: $id) { id department } }`;
const CREATE = `mutation($t: ID!, $d: [DepartmentsInput!]!) { createDepartments(tenant_uuid: $t, data: $d) { id department status } }`;
const UPDATE = `mutation($t: ID!, $d: [DepartmentsUpdateInput!]!) { updateDepartments(tenant_uuid: $t, data: $d) { id department status } }`;
const DELETE = `mutation($t: ID!, $d: [DepartmentsDeleteInput!]!) { deleteDepartments(tenant_uuid: $t, data: $d) { id } }`;

let admin: TestMember;
let basic: TestMember;
let outsider: TestMember; // admin of another company
let other: TestMember; // a member with no permission for departments

const names = async (m: TestMember) =>
  ((await t.gql(LIST, { t: m.tenantUuid, n: 1000 }, m.token)).data?.listDepartments.items ?? []).map(
    (d: { department: string }) => d.department,
  );

beforeAll(async () => {
  const a = await createTenant(t.database.db);
  const b = await createTenant(t.database.db);
  admin = await createMember(t.database.db, a, { permissions: ['people_admin'] });
  basic = await createMember(t.database.db, a, { permissions: ['people_basic'] });
  other = await createMember(t.database.db, a, { permissions: ['tool20_basic'] });
  outsider = await createMember(t.database.db, b, { isAdmin: true });
  const res = await t.gql(
    CREATE,
    { t: a, d: ['Safety', 'accounting', 'Estimating', 'Field Ops', 'Yard'].map((department) => ({ department })) },
    admin.token,
  );
  expect(res.errors).toBeUndefined();
  await t.gql(CREATE, { t: b, d: [{ department: 'B only' }] }, outsider.token);
});

describe('list', () => {
  it('returns the tenant rows in the model order (case-insensitive name), never another tenant', async () => {
    expect(await names(admin)).toEqual(['accounting', 'Estimating', 'Field Ops', 'Safety', 'Yard']);
    expect(await names(outsider)).toEqual(['B only']);
  });

  it('filters with eq, ne, in and nested and', async () => {
    const run = async (f: unknown) =>
      ((await t.gql(LIST, { t: admin.tenantUuid, f }, admin.token)).data?.listDepartments.items ?? []).map(
        (d: { department: string }) => d.department,
      );
    expect(await run({ eq: { department: 'Yard' } })).toEqual(['Yard']);
    expect(await run({ ne: { department: 'Yard' } })).toHaveLength(4);
    expect(await run({ in: { department: ['Safety', 'Yard', 'Nope'] } })).toEqual(['Safety', 'Yard']);
    expect(await run({ in: { department: [] } })).toEqual([]);
    expect(await run({ and: [{ ne: { department: 'Yard' } }, { in: { department: ['Safety', 'Yard'] } }] })).toEqual(['Safety']);
    expect(await run({ eq: { status: 1 }, ne: { department: 'Safety' } })).toHaveLength(4);
    // A filter on tenant_uuid cannot widen the scope beyond the session's tenant.
    expect(await run({ eq: { tenant_uuid: outsider.tenantUuid } })).toEqual([]);
  });

  it('pages with limit and nextToken through every row exactly once', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res: any = await t.gql(LIST, { t: admin.tenantUuid, n: 2, next }, admin.token);
      expect(res.errors).toBeUndefined();
      seen.push(...res.data.listDepartments.items.map((d: { department: string }) => d.department));
      next = res.data.listDepartments.nextToken;
      pages++;
    } while (next);
    expect(pages).toBe(3);
    expect(seen).toEqual(await names(admin));
  });

  it('rejects a bad limit or a forged nextToken', async () => {
    for (const n of [0, 1001, -5]) {
      const res = await t.gql(LIST, { t: admin.tenantUuid, n }, admin.token);
      expect(res.errors?.[0]).toMatchObject({ message: 'limit must be between 1 and 1000.', extensions: { code: 'VALIDATION' } });
    }
    const res = await t.gql(LIST, { t: admin.tenantUuid, next: 'not-a-token' }, admin.token);
    expect(res.errors?.[0].extensions?.code).toBe('VALIDATION');
  });
});

describe('access', () => {
  it('refuses a caller without a session', async () => {
    for (const [q, v] of [
      [LIST, { t: admin.tenantUuid }],
      [GET, { t: admin.tenantUuid, id: 1 }],
      [CREATE, { t: admin.tenantUuid, d: [{ department: 'X' }] }],
      [UPDATE, { t: admin.tenantUuid, d: [{ id: 1, department: 'X' }] }],
      [DELETE, { t: admin.tenantUuid, d: [{ id: 1 }] }],
    ] as const) {
      const res = await t.gql(q, v);
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('lets a basic user read but not write, and a user without the permission do neither', async () => {
    expect(await names(basic)).toHaveLength(5);
    for (const [q, v] of [
      [CREATE, { t: basic.tenantUuid, d: [{ department: 'X' }] }],
      [UPDATE, { t: basic.tenantUuid, d: [{ id: 1, department: 'X' }] }],
      [DELETE, { t: basic.tenantUuid, d: [{ id: 1 }] }],
    ] as const) {
      expect((await t.gql(q, v, basic.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await t.gql(LIST, { t: other.tenantUuid }, other.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await names(admin)).toHaveLength(5);
  });

  it('treats another tenant as if it did not exist, and changes nothing there', async () => {
    const before = await names(outsider);
    const [foreign] = (await t.gql(LIST, { t: outsider.tenantUuid }, outsider.token)).data!.listDepartments.items;
    for (const [q, v] of [
      [LIST, { t: outsider.tenantUuid }],
      [GET, { t: outsider.tenantUuid, id: foreign.id }],
      [CREATE, { t: outsider.tenantUuid, d: [{ department: 'Planted' }] }],
      [UPDATE, { t: outsider.tenantUuid, d: [{ id: foreign.id, department: 'Hijacked' }] }],
      [DELETE, { t: outsider.tenantUuid, d: [{ id: foreign.id }] }],
    ] as const) {
      const res = await t.gql(q, v, admin.token);
      expect(res.errors?.[0].extensions?.code, q).toBe('NOT_FOUND');
    }
    // A foreign record id under one's own tenant: not found, nothing changed.
    expect((await t.gql(GET, { t: admin.tenantUuid, id: foreign.id }, admin.token)).data?.getDepartments).toBeNull();
    const upd = await t.gql(UPDATE, { t: admin.tenantUuid, d: [{ id: foreign.id, department: 'Hijacked' }] }, admin.token);
    expect(upd.errors?.[0]).toMatchObject({ message: 'Record 1 not found.', extensions: { code: 'NOT_FOUND', index: 0 } });
    const del = await t.gql(DELETE, { t: admin.tenantUuid, d: [{ id: foreign.id }] }, admin.token);
    expect(del.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(await names(outsider)).toEqual(before);
  });

  it('refuses a removed or archived member at once, whatever their session says (the cached member is dropped)', async () => {
    const leaving = await createMember(t.database.db, admin.tenantUuid, { permissions: ['people_admin'] });
    const archived = await createMember(t.database.db, admin.tenantUuid, { permissions: ['people_admin'] });
    expect(await names(leaving)).toHaveLength(5);
    expect(await names(archived)).toHaveLength(5);
    const removed = await t.gql(
      'mutation($t: ID!, $id: Int!) { removeUserFromTenant(tenant_uuid: $t, id: $id) { id } }',
      { t: admin.tenantUuid, id: leaving.employeeId },
      admin.token,
    );
    expect(removed.errors).toBeUndefined();
    expect((await t.gql(LIST, { t: leaving.tenantUuid }, leaving.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const archive = await t.gql(
      'mutation($t: ID!, $d: [EmployeesUpdateInput!]!) { updateEmployees(tenant_uuid: $t, data: $d) { id } }',
      { t: admin.tenantUuid, d: [{ id: archived.employeeId, status: 0 }] },
      admin.token,
    );
    expect(archive.errors).toBeUndefined();
    expect((await t.gql(LIST, { t: archived.tenantUuid }, archived.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it("refuses a member removed behind the app's back (plain SQL) once the cache entry expires", async () => {
    const leaving = await createMember(t.database.db, admin.tenantUuid, { permissions: ['people_admin'] });
    expect((await t.gql(LIST, { t: leaving.tenantUuid }, leaving.token)).errors).toBeUndefined();
    await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx.execute(sql`update employees set cognito_status = 'Deleted', cognito_uuid = null where id = ${leaving.employeeId}`),
    );
    await new Promise((r) => setTimeout(r, ACCESS_CACHE_TTL_MS + 100));
    expect((await t.gql(LIST, { t: leaving.tenantUuid }, leaving.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('batches are all or nothing', () => {
  it('creates, updates and deletes several records in one call', async () => {
    const created = await t.gql(CREATE, { t: admin.tenantUuid, d: [{ department: 'Tmp 1' }, { department: 'Tmp 2' }] }, admin.token);
    const ids = created.data?.createDepartments.map((d: { id: number }) => d.id);
    expect(created.data?.createDepartments).toMatchObject([
      { department: 'Tmp 1', status: 1 },
      { department: 'Tmp 2', status: 1 },
    ]);
    const updated = await t.gql(UPDATE, { t: admin.tenantUuid, d: ids.map((id: number) => ({ id, status: 0 })) }, admin.token);
    expect(updated.data?.updateDepartments.map((d: { status: number }) => d.status)).toEqual([0, 0]);
    const deleted = await t.gql(DELETE, { t: admin.tenantUuid, d: ids.map((id: number) => ({ id })) }, admin.token);
    expect(deleted.data?.deleteDepartments).toHaveLength(2);
    expect(await names(admin)).toHaveLength(5);
  });

  it('saves nothing when one record of a batch is invalid, and names that record', async () => {
    const res = await t.gql(
      CREATE,
      { t: admin.tenantUuid, d: [{ department: 'Good one' }, { department: '   ' }, { department: 'Another' }] },
      admin.token,
    );
    expect(res.errors?.[0]).toMatchObject({
      message: 'Record 2: department: This field is required',
      extensions: { code: 'VALIDATION', index: 1 },
    });
    expect(await names(admin)).not.toContain('Good one');
  });

  it('rolls back earlier records when a later one fails in the database', async () => {
    const [first] = (await t.gql(LIST, { t: admin.tenantUuid }, admin.token)).data!.listDepartments.items;
    const res = await t.gql(
      UPDATE,
      {
        t: admin.tenantUuid,
        d: [
          { id: first.id, department: 'Renamed' },
          { id: 999_999, department: 'Ghost' },
        ],
      },
      admin.token,
    );
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND', index: 1 } });
    expect(await names(admin)).not.toContain('Renamed');
  });

  it('refuses invalid input with a clear message', async () => {
    const empty = await t.gql(CREATE, { t: admin.tenantUuid, d: [] }, admin.token);
    expect(empty.errors?.[0]).toMatchObject({ message: 'At least one record is required.', extensions: { code: 'VALIDATION' } });
    const status = await t.gql(UPDATE, { t: admin.tenantUuid, d: [{ id: 1, status: 7 }] }, admin.token);
    expect(status.errors?.[0].extensions?.code).toBe('VALIDATION');
    const nothing = await t.gql(UPDATE, { t: admin.tenantUuid, d: [{ id: 1 }] }, admin.token);
    expect(nothing.errors?.[0]).toMatchObject({ message: 'Record 1: nothing to update.' });
    const missing = await t.gql(CREATE, { t: admin.tenantUuid, d: [{ status: 1 }] }, admin.token);
    expect(missing.errors?.[0].message).toMatch(/department/);
    const tooLong = await t.gql(CREATE, { t: admin.tenantUuid, d: [{ department: 'x'.repeat(201) }] }, admin.token);
    expect(tooLong.errors?.[0].message).toBe('Record 1: department: You must enter a maximum of 200 characters');
  });

  it('never lets a client write the key columns', async () => {
    const res = await t.gql(
      `mutation($t: ID!) { createDepartments(tenant_uuid: $t, data: [{ department: "K", tenant_uuid: "${outsider.tenantUuid}" }]) { id } }`,
      { t: admin.tenantUuid },
      admin.token,
    );
    expect(res.errors?.[0].message).toMatch(/tenant_uuid/);
    const [row] = await withTenant(t.database.db, outsider.tenantUuid, (tx) => tx.select().from(departments).where(sql`department = 'K'`));
    expect(row).toBeUndefined();
  });
});
