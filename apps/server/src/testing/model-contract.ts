import type { Permission } from '@groundwork/core/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from './factories.js';
import type { TestApp } from './test-app.js';

export type ModelContract = {
  name: string;
  /** A selection of the object type's fields, e.g. "id department". */
  fields: string;
  admin: Permission;
  /** A permission that may read but not write, and one that may do neither. */
  readOnly: Permission;
  none: Permission;
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  /** A valid change for update, or one made from rows in the admin's tenant. */
  change: Record<string, unknown> | ((t: TestApp, owner: TestMember) => Promise<Record<string, unknown>>);
  /** Rows a valid record must point at (a job, a person…), made in the given member's tenant; merged into `valid`. */
  fixture?: (t: TestApp, owner: TestMember) => Promise<Record<string, unknown>>;
};

const ops = (m: ModelContract) => ({
  list: `query($t: ID!) { list${m.name}(tenant_uuid: $t) { items { ${m.fields} } nextToken } }`,
  get: `query($t: ID!, $id: Int!) { get${m.name}(tenant_uuid: $t, id: $id) { ${m.fields} } }`,
  create: `mutation($t: ID!, $d: [${m.name}Input!]!) { create${m.name}(tenant_uuid: $t, data: $d) { ${m.fields} } }`,
  update: `mutation($t: ID!, $d: [${m.name}UpdateInput!]!) { update${m.name}(tenant_uuid: $t, data: $d) { ${m.fields} } }`,
  delete: `mutation($t: ID!, $d: [${m.name}DeleteInput!]!) { delete${m.name}(tenant_uuid: $t, data: $d) { id } }`,
});

/**
 * The cases every generic operation of a model must pass (DESIGN.md "Tests"): unauthenticated,
 * invalid input, forbidden role and other tenant, plus a full create/get/update/delete round trip.
 */
export function describeModelContract(t: TestApp, m: ModelContract) {
  describe(`${m.name} record operations`, () => {
    const q = ops(m);
    let admin: TestMember;
    let reader: TestMember;
    let nobody: TestMember;
    let foreign: TestMember;
    let foreignId: number;
    let validA: Record<string, unknown>;
    let validB: Record<string, unknown>;
    let change: Record<string, unknown>;
    const call = (query: string, vars: Record<string, unknown>, who?: TestMember) => t.gql(query, vars, who?.token);
    const code = async (query: string, vars: Record<string, unknown>, who?: TestMember) =>
      (await call(query, vars, who)).errors?.[0]?.extensions?.code;

    beforeAll(async () => {
      const a = await createTenant(t.database.db);
      const b = await createTenant(t.database.db);
      admin = await createMember(t.database.db, a, { permissions: [m.admin] });
      reader = await createMember(t.database.db, a, { permissions: [m.readOnly] });
      nobody = await createMember(t.database.db, a, { permissions: [m.none] });
      foreign = await createMember(t.database.db, b, { isAdmin: true });
      validA = { ...m.valid, ...(await m.fixture?.(t, admin)) };
      validB = { ...m.valid, ...(await m.fixture?.(t, foreign)) };
      change = typeof m.change === 'function' ? await m.change(t, admin) : m.change;
      const res = await call(q.create, { t: b, d: [validB] }, foreign);
      expect(res.errors).toBeUndefined();
      foreignId = res.data?.[`create${m.name}`][0].id;
    });

    it('round-trips create, list, get, update and delete for an admin', async () => {
      const created = await call(q.create, { t: admin.tenantUuid, d: [validA] }, admin);
      expect(created.errors).toBeUndefined();
      const id = created.data?.[`create${m.name}`][0].id;
      const listed = await call(q.list, { t: admin.tenantUuid }, admin);
      expect(listed.data?.[`list${m.name}`].items.map((r: { id: number }) => r.id)).toContain(id);
      expect((await call(q.get, { t: admin.tenantUuid, id }, admin)).data?.[`get${m.name}`]).toMatchObject({ id });
      const updated = await call(q.update, { t: admin.tenantUuid, d: [{ id, ...change }] }, admin);
      expect(updated.data?.[`update${m.name}`][0]).toMatchObject(change);
      expect((await call(q.delete, { t: admin.tenantUuid, d: [{ id }] }, admin)).data?.[`delete${m.name}`]).toEqual([{ id }]);
      expect((await call(q.get, { t: admin.tenantUuid, id }, admin)).data?.[`get${m.name}`]).toBeNull();
    });

    it('refuses every operation without a session', async () => {
      const tu = admin.tenantUuid;
      expect(await code(q.list, { t: tu })).toBe('UNAUTHENTICATED');
      expect(await code(q.get, { t: tu, id: 1 })).toBe('UNAUTHENTICATED');
      expect(await code(q.create, { t: tu, d: [validA] })).toBe('UNAUTHENTICATED');
      expect(await code(q.update, { t: tu, d: [{ id: 1, ...change }] })).toBe('UNAUTHENTICATED');
      expect(await code(q.delete, { t: tu, d: [{ id: 1 }] })).toBe('UNAUTHENTICATED');
    });

    it('refuses invalid input', async () => {
      const tu = admin.tenantUuid;
      expect(await code(q.create, { t: tu, d: [m.invalid] }, admin)).toBe('VALIDATION');
      expect(await code(q.update, { t: tu, d: [{ id: foreignId, ...m.invalid }] }, admin)).toBe('VALIDATION');
      expect(await code(q.get, { t: tu, id: 'x' }, admin)).toBe('VALIDATION');
      expect(await code(q.delete, { t: tu, d: [] }, admin)).toBe('VALIDATION');
    });

    it('lets a read-only role read but not write, and refuses a role without access', async () => {
      const tu = admin.tenantUuid;
      expect((await call(q.list, { t: tu }, reader)).errors).toBeUndefined();
      expect(await code(q.create, { t: tu, d: [validA] }, reader)).toBe('FORBIDDEN');
      expect(await code(q.update, { t: tu, d: [{ id: 1, ...change }] }, reader)).toBe('FORBIDDEN');
      expect(await code(q.delete, { t: tu, d: [{ id: 1 }] }, reader)).toBe('FORBIDDEN');
      expect(await code(q.list, { t: tu }, nobody)).toBe('FORBIDDEN');
      expect(await code(q.get, { t: tu, id: 1 }, nobody)).toBe('FORBIDDEN');
    });

    it('returns nothing and changes nothing in another tenant', async () => {
      const theirs = foreign.tenantUuid;
      for (const [query, vars] of [
        [q.list, { t: theirs }],
        [q.get, { t: theirs, id: foreignId }],
        [q.create, { t: theirs, d: [validB] }],
        [q.update, { t: theirs, d: [{ id: foreignId, ...change }] }],
        [q.delete, { t: theirs, d: [{ id: foreignId }] }],
      ] as const) {
        expect(await code(query, vars, admin)).toBe('NOT_FOUND');
      }
      const mine = admin.tenantUuid;
      expect((await call(q.get, { t: mine, id: foreignId }, admin)).data?.[`get${m.name}`]).toBeNull();
      expect(await code(q.update, { t: mine, d: [{ id: foreignId, ...change }] }, admin)).toBe('NOT_FOUND');
      expect(await code(q.delete, { t: mine, d: [{ id: foreignId }] }, admin)).toBe('NOT_FOUND');
      const still = await call(q.get, { t: theirs, id: foreignId }, foreign);
      expect(still.data?.[`get${m.name}`]).toMatchObject({ id: foreignId, ...validB });
    });
  });
}
