import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';

const t = useTestApp();

const Q = {
  modules: 'query($t: ID!) { listModules(tenant_uuid: $t) { id module title } }',
  pricing: 'query($t: ID!) { listPricing(tenant_uuid: $t) { id title price } }',
  modulesPricing: 'query($t: ID!) { listModulesPricing(tenant_uuid: $t) { modules_id pricing_id } }',
  tenantsModules: 'query($t: ID!) { listTenantsModules(tenant_uuid: $t) { id modules_id status } }',
  tenantsPricing: 'query($t: ID!) { listTenantsPricing(tenant_uuid: $t) { id pricing_id status } }',
};
const M = {
  get: 'query($t: ID!, $id: Int!) { getTenantsModules(tenant_uuid: $t, id: $id) { id modules_id status } }',
  create: 'mutation($t: ID!, $d: [TenantsModulesInput!]!) { createTenantsModules(tenant_uuid: $t, data: $d) { id modules_id status } }',
  update:
    'mutation($t: ID!, $d: [TenantsModulesUpdateInput!]!) { updateTenantsModules(tenant_uuid: $t, data: $d) { id modules_id status } }',
  delete: 'mutation($t: ID!, $d: [TenantsModulesDeleteInput!]!) { deleteTenantsModules(tenant_uuid: $t, data: $d) { id } }',
};
const P = {
  get: 'query($t: ID!, $id: Int!) { getTenantsPricing(tenant_uuid: $t, id: $id) { id pricing_id status } }',
  create: 'mutation($t: ID!, $d: [TenantsPricingInput!]!) { createTenantsPricing(tenant_uuid: $t, data: $d) { id pricing_id status } }',
  update:
    'mutation($t: ID!, $d: [TenantsPricingUpdateInput!]!) { updateTenantsPricing(tenant_uuid: $t, data: $d) { id pricing_id status } }',
  delete: 'mutation($t: ID!, $d: [TenantsPricingDeleteInput!]!) { deleteTenantsPricing(tenant_uuid: $t, data: $d) { id } }',
};

let admin: TestMember;
let billing: TestMember;
let worker: TestMember;
let adminB: TestMember;
let foreignModuleRow: number;
let foreignPricingRow: number;

const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;
const call = (q: string, vars: Record<string, unknown>, who?: TestMember) => t.gql(q, vars, who?.token);

beforeAll(async () => {
  const a = await createTenant(t.database.db);
  admin = await createMember(t.database.db, a, { isAdmin: true });
  billing = await createMember(t.database.db, a, { permissions: ['billing_basic'] });
  worker = await createMember(t.database.db, a, { permissions: ['receipts_basic'] });
  adminB = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  const m = await call(M.create, { t: adminB.tenantUuid, d: [{ modules_id: 2, status: 0 }] }, adminB);
  foreignModuleRow = m.data?.createTenantsModules[0].id;
  const p = await call(P.create, { t: adminB.tenantUuid, d: [{ pricing_id: 2 }] }, adminB);
  foreignPricingRow = p.data?.createTenantsPricing[0].id;
});

describe('catalogues', () => {
  it('lists the modules to any member', async () => {
    const res = await call(Q.modules, { t: worker.tenantUuid }, worker);
    expect(res.data?.listModules).toHaveLength(14);
    expect(res.data?.listModules[0]).toEqual({ id: 1, module: 'timecards', title: 'Time Cards' });
  });

  it('lists pricing and module pricing to admin_access only (spec §6)', async () => {
    const pricing = await call(Q.pricing, { t: admin.tenantUuid }, admin);
    expect(pricing.data?.listPricing.length).toBeGreaterThan(1);
    expect(pricing.data?.listPricing[0]).toEqual({ id: 1, title: expect.any(String), price: 0 });
    const map = await call(Q.modulesPricing, { t: admin.tenantUuid }, admin);
    const modules = new Set(map.data?.listModulesPricing.map((r: { modules_id: number }) => r.modules_id));
    expect(modules.size).toBe(14);
    for (const q of [Q.pricing, Q.modulesPricing]) {
      expect(code(await call(q, { t: worker.tenantUuid }, worker))).toBe('FORBIDDEN');
      expect(code(await call(q, { t: billing.tenantUuid }, billing))).toBe('FORBIDDEN');
    }
  });

  it('refuses every list without a session, in another company, and without a company', async () => {
    // Forbidden role: listModules and listTenantsModules are open to every member (the menu depends on them), so
    // there is no role to refuse; listPricing, listModulesPricing and listTenantsPricing refuse theirs above and below.
    for (const q of Object.values(Q)) {
      expect(code(await call(q, { t: admin.tenantUuid })), q).toBe('UNAUTHENTICATED');
      expect(code(await call(q, { t: adminB.tenantUuid }, admin)), q).toBe('NOT_FOUND');
      expect(code(await call(q, {}, admin)), q).toBe('VALIDATION');
    }
  });
});

describe('TenantsModules', () => {
  it('lets an admin switch modules and every member read the switches', async () => {
    const created = await call(M.create, { t: admin.tenantUuid, d: [{ modules_id: 4, status: 0 }, { modules_id: 6 }] }, admin);
    expect(created.errors).toBeUndefined();
    const [tools, ordering] = created.data?.createTenantsModules ?? [];
    expect(tools).toMatchObject({ modules_id: 4, status: 0 });
    expect(ordering).toMatchObject({ modules_id: 6, status: 1 });
    expect((await call(Q.tenantsModules, { t: worker.tenantUuid }, worker)).data?.listTenantsModules).toEqual([tools, ordering]);
    expect((await call(M.get, { t: admin.tenantUuid, id: tools.id }, worker)).data?.getTenantsModules).toEqual(tools);
    const updated = await call(M.update, { t: admin.tenantUuid, d: [{ id: tools.id, status: 1 }] }, admin);
    expect(updated.data?.updateTenantsModules).toEqual([{ ...tools, status: 1 }]);
    expect((await call(M.delete, { t: admin.tenantUuid, d: [{ id: ordering.id }] }, admin)).data?.deleteTenantsModules).toEqual([
      { id: ordering.id },
    ]);
    expect((await call(M.get, { t: admin.tenantUuid, id: ordering.id }, admin)).data?.getTenantsModules).toBeNull();
  });

  it('refuses invalid input', async () => {
    const tu = admin.tenantUuid;
    expect(code(await call(M.create, { t: tu, d: [{ modules_id: 3, status: 5 }] }, admin))).toBe('VALIDATION');
    expect(code(await call(M.create, { t: tu, d: [{ modules_id: 999 }] }, admin))).toBe('VALIDATION');
    expect(code(await call(M.create, { t: tu, d: [] }, admin))).toBe('VALIDATION');
    expect(code(await call(M.create, { t: tu, d: [{ status: 1 }] }, admin))).toBe('VALIDATION');
    expect(code(await call(M.update, { t: tu, d: [{ id: 1 }] }, admin))).toBe('VALIDATION');
    expect(code(await call(M.get, { t: tu, id: 'x' }, admin))).toBe('VALIDATION');
    await call(M.create, { t: tu, d: [{ modules_id: 7 }] }, admin);
    expect(code(await call(M.create, { t: tu, d: [{ modules_id: 7 }] }, admin))).toBe('CONFLICT');
    // All or nothing: the good first record of a refused batch is not kept.
    expect(code(await call(M.create, { t: tu, d: [{ modules_id: 8 }, { modules_id: 999 }] }, admin))).toBe('VALIDATION');
    const list = await call(Q.tenantsModules, { t: tu }, admin);
    expect(list.data?.listTenantsModules.map((r: { modules_id: number }) => r.modules_id)).not.toContain(8);
  });

  it('refuses writes to members without admin_access and everything without a session', async () => {
    const tu = admin.tenantUuid;
    expect(code(await call(M.create, { t: tu, d: [{ modules_id: 9 }] }, worker))).toBe('FORBIDDEN');
    expect(code(await call(M.update, { t: tu, d: [{ id: 1, status: 0 }] }, billing))).toBe('FORBIDDEN');
    expect(code(await call(M.delete, { t: tu, d: [{ id: 1 }] }, worker))).toBe('FORBIDDEN');
    expect(code(await call(M.create, { t: tu, d: [{ modules_id: 9 }] }))).toBe('UNAUTHENTICATED');
    expect(code(await call(M.get, { t: tu, id: 1 }))).toBe('UNAUTHENTICATED');
    expect(code(await call(M.update, { t: tu, d: [{ id: 1, status: 0 }] }))).toBe('UNAUTHENTICATED');
    expect(code(await call(M.delete, { t: tu, d: [{ id: 1 }] }))).toBe('UNAUTHENTICATED');
  });

  it("neither reads nor changes another company's switches", async () => {
    const theirs = adminB.tenantUuid;
    expect(code(await call(M.get, { t: theirs, id: foreignModuleRow }, admin))).toBe('NOT_FOUND');
    expect(code(await call(M.create, { t: theirs, d: [{ modules_id: 9 }] }, admin))).toBe('NOT_FOUND');
    expect(code(await call(M.update, { t: theirs, d: [{ id: foreignModuleRow, status: 1 }] }, admin))).toBe('NOT_FOUND');
    expect(code(await call(M.delete, { t: theirs, d: [{ id: foreignModuleRow }] }, admin))).toBe('NOT_FOUND');
    const mine = admin.tenantUuid;
    expect((await call(M.get, { t: mine, id: foreignModuleRow }, admin)).data?.getTenantsModules).toBeNull();
    expect(code(await call(M.update, { t: mine, d: [{ id: foreignModuleRow, status: 1 }] }, admin))).toBe('NOT_FOUND');
    expect(code(await call(M.delete, { t: mine, d: [{ id: foreignModuleRow }] }, admin))).toBe('NOT_FOUND');
    const still = await call(Q.tenantsModules, { t: theirs }, adminB);
    expect(still.data?.listTenantsModules).toEqual([{ id: foreignModuleRow, modules_id: 2, status: 0 }]);
  });
});

describe('TenantsPricing', () => {
  it('lets an admin manage plans and billing people read them', async () => {
    const tu = admin.tenantUuid;
    const created = await call(P.create, { t: tu, d: [{ pricing_id: 3 }] }, admin);
    const row = created.data?.createTenantsPricing[0];
    expect(row).toMatchObject({ pricing_id: 3, status: 1 });
    expect((await call(Q.tenantsPricing, { t: tu }, billing)).data?.listTenantsPricing).toEqual([row]);
    expect((await call(P.get, { t: tu, id: row.id }, billing)).data?.getTenantsPricing).toEqual(row);
    expect((await call(P.update, { t: tu, d: [{ id: row.id, status: 0 }] }, admin)).data?.updateTenantsPricing).toEqual([
      { ...row, status: 0 },
    ]);
    expect((await call(P.delete, { t: tu, d: [{ id: row.id }] }, admin)).data?.deleteTenantsPricing).toEqual([{ id: row.id }]);
  });

  it('refuses invalid input, other roles, no session and another company', async () => {
    const tu = admin.tenantUuid;
    expect(code(await call(P.create, { t: tu, d: [{ pricing_id: 999 }] }, admin))).toBe('VALIDATION');
    expect(code(await call(P.create, { t: tu, d: [{ pricing_id: 2, status: -1 }] }, admin))).toBe('VALIDATION');
    expect(code(await call(Q.tenantsPricing, { t: tu }, worker))).toBe('FORBIDDEN');
    expect(code(await call(P.get, { t: tu, id: 1 }, worker))).toBe('FORBIDDEN');
    expect(code(await call(P.create, { t: tu, d: [{ pricing_id: 2 }] }, billing))).toBe('FORBIDDEN');
    expect(code(await call(P.delete, { t: tu, d: [{ id: 1 }] }))).toBe('UNAUTHENTICATED');
    expect(code(await call(P.update, { t: adminB.tenantUuid, d: [{ id: foreignPricingRow, status: 0 }] }, admin))).toBe('NOT_FOUND');
    expect(code(await call(P.delete, { t: tu, d: [{ id: foreignPricingRow }] }, admin))).toBe('NOT_FOUND');
    expect((await call(P.get, { t: adminB.tenantUuid, id: foreignPricingRow }, adminB)).data?.getTenantsPricing).toMatchObject({
      pricing_id: 2,
      status: 1,
    });
  });
});

describe('record operations, case by case', () => {
  it('TenantsModules: refuses an empty delete and update batch; reads are open to every member, so no role is refused them', async () => {
    const tu = admin.tenantUuid;
    expect(code(await call(M.delete, { t: tu, d: [] }, admin))).toBe('VALIDATION');
    expect(code(await call(M.update, { t: tu, d: [] }, admin))).toBe('VALIDATION');
    expect(code(await call(M.delete, { t: tu, d: [{ id: 'x' }] }, admin))).toBe('VALIDATION');
    expect(code(await call(M.update, { t: tu, d: [{ id: foreignModuleRow, status: 3 }] }, admin))).toBe('VALIDATION');
    expect(code(await call(Q.tenantsModules, { t: adminB.tenantUuid }, worker))).toBe('NOT_FOUND');
    expect((await call(Q.tenantsModules, { t: tu }, worker)).errors).toBeUndefined();
  });

  it('TenantsPricing: every operation refuses no session, bad input, roles short of admin_access and another company', async () => {
    const tu = admin.tenantUuid;
    const billingAdmin = await createMember(t.database.db, tu, { permissions: ['billing_admin'] });
    const mine = (await call(P.create, { t: tu, d: [{ pricing_id: 4 }] }, admin)).data?.createTenantsPricing[0];
    expect(mine).toMatchObject({ pricing_id: 4, status: 1 });
    const ops: [string, Record<string, unknown>][] = [
      [Q.tenantsPricing, { t: tu }],
      [P.get, { t: tu, id: mine.id }],
      [P.create, { t: tu, d: [{ pricing_id: 5 }] }],
      [P.update, { t: tu, d: [{ id: mine.id, status: 0 }] }],
      [P.delete, { t: tu, d: [{ id: mine.id }] }],
    ];
    for (const [q, vars] of ops) expect(code(await call(q, vars)), q).toBe('UNAUTHENTICATED');

    for (const [q, vars] of [
      [Q.tenantsPricing, {}],
      [P.get, { t: tu, id: 'x' }],
      [P.create, { t: tu, d: [] }],
      [P.create, { t: tu, d: [{ status: 1 }] }],
      [P.update, { t: tu, d: [{ id: mine.id }] }],
      [P.update, { t: tu, d: [{ id: mine.id, status: 2 }] }],
      [P.update, { t: tu, d: [{ id: mine.id, pricing_id: 999 }] }],
      [P.delete, { t: tu, d: [] }],
    ] as [string, Record<string, unknown>][]) {
      expect(code(await call(q, vars, admin)), `${q} ${JSON.stringify(vars)}`).toBe('VALIDATION');
    }

    // Reading needs billing_basic, billing_admin or admin_access; every change needs admin_access.
    for (const [q, vars] of ops.slice(0, 2)) expect(code(await call(q, vars, worker)), q).toBe('FORBIDDEN');
    for (const who of [billing, billingAdmin, worker]) {
      for (const [q, vars] of ops.slice(2)) expect(code(await call(q, vars, who)), q).toBe('FORBIDDEN');
    }
    expect((await call(Q.tenantsPricing, { t: tu }, billingAdmin)).errors).toBeUndefined();

    const theirs = adminB.tenantUuid;
    for (const [q, vars] of [
      [Q.tenantsPricing, { t: theirs }],
      [P.get, { t: theirs, id: foreignPricingRow }],
      [P.create, { t: theirs, d: [{ pricing_id: 5 }] }],
      [P.update, { t: theirs, d: [{ id: foreignPricingRow, status: 0 }] }],
      [P.delete, { t: theirs, d: [{ id: foreignPricingRow }] }],
    ] as [string, Record<string, unknown>][]) {
      expect(code(await call(q, vars, admin)), q).toBe('NOT_FOUND');
    }
    expect((await call(P.get, { t: tu, id: foreignPricingRow }, admin)).data?.getTenantsPricing).toBeNull();
    // Nothing above changed either company's plans.
    expect((await call(P.get, { t: tu, id: mine.id }, admin)).data?.getTenantsPricing).toMatchObject({ pricing_id: 4, status: 1 });
    expect((await call(Q.tenantsPricing, { t: theirs }, adminB)).data?.listTenantsPricing).toEqual([
      { id: foreignPricingRow, pricing_id: 2, status: 1 },
    ]);
  });
});

describe('subscriptions', () => {
  let base: string;
  const controllers: AbortController[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const c of controllers) c.abort();
  });

  /** Opens a GraphQL-over-SSE subscription and yields each event's data. */
  async function subscribe(query: string, variables: Record<string, unknown>, token: string) {
    const controller = new AbortController();
    controllers.push(controller);
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
      signal: controller.signal,
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    return async (): Promise<{ data?: Record<string, unknown>; errors?: { extensions?: { code?: string } }[] }> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event.split('\n').find((l) => l.startsWith('data:'));
          if (data && data.length > 5) return JSON.parse(data.slice(5));
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    };
  }

  it("tells a company's members about its switch changes, and no one else", async () => {
    const ON = 'subscription($t: ID!) { onUpdateTenantsModules(tenant_uuid: $t) { tenant_uuid modules_id status } }';
    const mine = await subscribe(ON, { t: worker.tenantUuid }, worker.token);
    const theirs = await subscribe(ON, { t: adminB.tenantUuid }, adminB.token);
    await new Promise((r) => setTimeout(r, 200));
    const created = await call(M.create, { t: admin.tenantUuid, d: [{ modules_id: 12, status: 1 }] }, admin);
    const id = created.data?.createTenantsModules[0].id;
    await call(M.update, { t: admin.tenantUuid, d: [{ id, status: 0 }] }, admin);
    await call(M.update, { t: adminB.tenantUuid, d: [{ id: foreignModuleRow, status: 1 }] }, adminB);
    expect((await mine()).data?.onUpdateTenantsModules).toEqual({ tenant_uuid: admin.tenantUuid, modules_id: 12, status: 0 });
    expect((await theirs()).data?.onUpdateTenantsModules).toEqual({ tenant_uuid: adminB.tenantUuid, modules_id: 2, status: 1 });
  });

  it('refuses a subscription to members who may not read, and to another company', async () => {
    const ON = 'subscription($t: ID!) { onCreateTenantsPricing(tenant_uuid: $t) { id } }';
    expect((await (await subscribe(ON, { t: worker.tenantUuid }, worker.token))()).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await (await subscribe(ON, { t: adminB.tenantUuid }, admin.token))()).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
