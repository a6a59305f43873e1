import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';
import { ALREADY_SAVED, DEVICE_MUTATION_HEADER, OTHER_CONTENT } from './device-mutations.js';

// Issue 24: a change queued on a phone is sent with the id the phone gave it, as often as the signal needs.
// It is applied once; every resend gets the first answer; the same id with other content is refused.
const t = useTestApp();

const CREATE = `mutation($t: ID!, $d: [CostcodesInput!]!) { createCostcodes(tenant_uuid: $t, data: $d) { id costcode } }`;
const LIST = `query($t: ID!) { listCostcodes(tenant_uuid: $t) { items { id costcode } } }`;

let admin: TestMember;
let colleague: TestMember;
let foreign: TestMember;

const send = async (who: TestMember, query: string, variables: Record<string, unknown>, id?: string | string[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${who.token}`,
      ...(id !== undefined ? { [DEVICE_MUTATION_HEADER]: id } : {}),
    },
    payload: { query, variables },
  });
  return res.json();
};
const create = (who: TestMember, costcode: string, id?: string) => send(who, CREATE, { t: who.tenantUuid, d: [{ costcode }] }, id);
const codes = async (who: TestMember) =>
  ((await send(who, LIST, { t: who.tenantUuid })).data.listCostcodes.items as { costcode: string }[]).map((c) => c.costcode);
// The phone makes UUID v7s; any UUID is an id to the server.
const uuid7 = () => randomUUID();

beforeAll(async () => {
  const tenant = await createTenant(t.database.db);
  admin = await createMember(t.database.db, tenant, { isAdmin: true });
  colleague = await createMember(t.database.db, tenant, { isAdmin: true });
  foreign = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
});

describe('changes queued on a phone', () => {
  it('are applied once: a resend returns the first answer and writes nothing', async () => {
    const id = uuid7();
    const first = await create(admin, '11-100', id);
    expect(first.errors).toBeUndefined();
    const again = await create(admin, '11-100', id);
    const third = await create(admin, '11-100', id.toUpperCase());
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    expect((await codes(admin)).filter((c) => c === '11-100')).toHaveLength(1);
  });

  it('sent several times at once are applied once; the others get the first answer or "already saved"', async () => {
    const id = uuid7();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(admin, '11-150', id)));
    const applied = answers.filter((a) => !a.errors);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    for (const a of applied) expect(a).toEqual(applied[0]);
    for (const a of answers.filter((x) => x.errors)) {
      expect(a.errors[0]).toMatchObject({ message: ALREADY_SAVED, extensions: { code: 'CONFLICT', reason: 'ALREADY_APPLIED' } });
    }
    expect((await codes(admin)).filter((c) => c === '11-150')).toHaveLength(1);
  });

  it('refuse the same id with other content, and keep the first', async () => {
    const id = uuid7();
    expect((await create(admin, '11-200', id)).errors).toBeUndefined();
    const other = await create(admin, '11-201', id);
    expect(other.errors?.[0]).toMatchObject({ message: OTHER_CONTENT, extensions: { code: 'CONFLICT', reason: 'DEVICE_ID_REUSED' } });
    expect(await codes(admin)).toContain('11-200');
    expect(await codes(admin)).not.toContain('11-201');
  });

  it('are per person and per company: another person’s or company’s id never answers for them', async () => {
    const id = uuid7();
    expect((await create(admin, '11-300', id)).errors).toBeUndefined();
    const mine = await create(colleague, '11-301', id);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.createCostcodes[0].costcode).toBe('11-301');
    const theirs = await create(foreign, '11-300', id);
    expect(theirs.errors).toBeUndefined();
    expect(await codes(foreign)).toEqual(['11-300']);
    expect((await codes(admin)).filter((c) => c.startsWith('11-30'))).toEqual(['11-300', '11-301']);
  });

  it('that the server refused are not kept: fixed and resent under the same id, they are applied', async () => {
    const id = uuid7();
    const refused = await create(admin, '', id);
    expect(refused.errors?.[0].extensions.code).toBe('VALIDATION');
    const fixed = await create(admin, '11-400', id);
    expect(fixed.errors).toBeUndefined();
    expect(await create(admin, '11-400', id)).toEqual(fixed);
  });

  it('already applied but with no answer kept (the server stopped in between) are not applied again', async () => {
    const id = uuid7();
    expect((await create(admin, '11-500', id)).errors).toBeUndefined();
    await withTenant(t.database.db, admin.tenantUuid, (tx) => tx.execute(sql`update device_mutations set result = null where id = ${id}`));
    const again = await create(admin, '11-500', id);
    expect(again.errors?.[0]).toMatchObject({ message: ALREADY_SAVED, extensions: { code: 'CONFLICT', reason: 'ALREADY_APPLIED' } });
    expect((await codes(admin)).filter((c) => c === '11-500')).toHaveLength(1);
  });

  it('refuse a malformed id or several operations in one change; reads ignore the id', async () => {
    for (const bad of ['', 'not-a-uuid', `${uuid7()}x`]) {
      const res = await create(admin, '11-600', bad);
      expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION' } });
    }
    expect(await codes(admin)).not.toContain('11-600');
    const two = await send(
      admin,
      `mutation($t: ID!) { a: createCostcodes(tenant_uuid: $t, data: [{ costcode: "11-601" }]) { id }
        b: createCostcodes(tenant_uuid: $t, data: [{ costcode: "11-602" }]) { id } }`,
      { t: admin.tenantUuid },
      uuid7(),
    );
    expect(two.errors?.[0].message).toBe('A queued change must be a single operation.');
    expect(await codes(admin)).not.toContain('11-601');
    const id = uuid7();
    const read = await send(admin, LIST, { t: admin.tenantUuid }, id);
    expect(read.errors).toBeUndefined();
    expect((await create(admin, '11-603', id)).errors).toBeUndefined();
  });

  it('answer as without the id when signed out, in another company or refused by permissions', async () => {
    const id = uuid7();
    const out = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', [DEVICE_MUTATION_HEADER]: id },
      payload: { query: CREATE, variables: { t: admin.tenantUuid, d: [{ costcode: '11-700' }] } },
    });
    expect(out.json().errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    const elsewhere = await send(foreign, CREATE, { t: admin.tenantUuid, d: [{ costcode: '11-701' }] }, id);
    expect(elsewhere.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const worker = await createMember(t.database.db, admin.tenantUuid, { permissions: ['basic_access'] });
    expect((await create(worker, '11-702', id)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(await codes(admin)).not.toContain('11-700');
    expect(await codes(admin)).not.toContain('11-701');
    expect(await codes(admin)).not.toContain('11-702');
    // Nothing was kept for those: the id is still free for the admin.
    expect((await create(admin, '11-703', id)).errors).toBeUndefined();
  });
});
