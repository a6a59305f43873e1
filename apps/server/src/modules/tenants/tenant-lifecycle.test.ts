import { randomUUID } from 'node:crypto';
import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCompany } from '../../db/demo-seed.js';
import { session, user } from '../../identity/auth.table.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { MAX_NEW_TENANTS_PER_DAY } from './tenants.graphql.js';

let demo: string;
const t = useTestApp({
  setup: async (database) => {
    demo = (await seedDemoCompany(database.db)) as string;
  },
});

const CREATE = 'mutation($c: String!) { createTenant(company: $c) { tenant_uuid company status } }';
const DELETE = 'mutation($t: ID!, $e: String!) { deleteTenant(tenant_uuid: $t, user_email: $e) }';
const LIST = '{ listTenants { tenant_uuid company } }';
const FETCH = 'query($t: ID!) { fetchTenant(tenant_uuid: $t) { company } }';

const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

async function selectTenant(token: string, tenant_uuid: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: {
      'content-type': 'application/json',
      [IDENTITY_ACTION_HEADER]: 'SelectTenant',
      cookie: `gw.session_token=${encodeURIComponent(token)}`,
    },
    payload: { tenant_uuid },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Rows per tenant table for one company, read past the walls (the test connects as the owner). */
async function rowCounts(tenant: string): Promise<Record<string, number>> {
  const tables = await rows<{ table: string }>(sql`
    select c.relname as table from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
  const out: Record<string, number> = {};
  for (const { table } of tables) {
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_uuid = ${tenant}`);
    out[table] = n;
  }
  return out;
}

const demoPerson = async (email: string) => {
  const [u] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return u.id;
};

describe('createTenant', () => {
  let founder: string;
  let noTenant: string;

  beforeAll(async () => {
    founder = randomUUID();
    noTenant = await createSession(t.database.db, founder);
  });

  it('starts a company whose first global admin is the caller, with default settings and modules', async () => {
    const res = await t.gql(CREATE, { c: '  Keystone Framing  ' }, noTenant);
    expect(res.errors).toBeUndefined();
    const created = res.data?.createTenant;
    expect(created).toMatchObject({ company: 'Keystone Framing', status: 1 });
    expect((await t.gql(LIST, {}, noTenant)).data?.listTenants).toEqual([
      { tenant_uuid: created.tenant_uuid, company: 'Keystone Framing' },
    ]);
    const selected = await selectTenant(noTenant, created.tenant_uuid);
    expect(selected.status).toBe(200);
    expect(selected.body['custom:tenants']).toEqual([{ tenant_uuid: created.tenant_uuid, company: 'Keystone Framing' }]);
    expect(selected.body['custom:selected_tenant_uuid']).toBe(created.tenant_uuid);
    expect(selected.body['cognito:groups']).toEqual(['admin_access']);
    const tu = created.tenant_uuid;
    const people = await t.gql(
      'query($t: ID!) { listEmployees(tenant_uuid: $t) { items { username email is_admin cognito_uuid cognito_status status } } }',
      { t: tu },
      noTenant,
    );
    expect(people.data?.listEmployees.items).toEqual([
      {
        username: `${founder}@test.example`,
        email: `${founder}@test.example`,
        is_admin: true,
        cognito_uuid: founder,
        cognito_status: 'CONFIRMED',
        status: 1,
      },
    ]);
    const settings = await t.gql(
      'query($t: ID!) { listGlobalSettings(tenant_uuid: $t) { codx_tenant_options_values_id custom_value } }',
      { t: tu },
      noTenant,
    );
    const on = settings.data?.listGlobalSettings.filter((s: { custom_value: string }) => s.custom_value === 'true');
    expect(
      on.map((s: { codx_tenant_options_values_id: number }) => s.codx_tenant_options_values_id).sort((a: number, b: number) => a - b),
    ).toEqual([1, 6, 8, 17, 43]);
    const switches = await t.gql('query($t: ID!) { listTenantsModules(tenant_uuid: $t) { status } }', { t: tu }, noTenant);
    expect(switches.data?.listTenantsModules).toHaveLength(14);
    const menu = await t.gql('query($t: ID!) { listUsersNavigation(tenant_uuid: $t) { path } }', { t: tu }, noTenant);
    expect(menu.data?.listUsersNavigation.map((i: { path: string }) => i.path)).toContain('/admin/people');
  });

  it("keeps a new company out of everyone else's reach, members of other companies included", async () => {
    const outsider = await createMember(t.database.db, await createTenant(t.database.db, 'Elsewhere Co'), { isAdmin: true });
    const res = await t.gql(CREATE, { c: 'Private Start' }, await createSession(t.database.db, randomUUID()));
    const tu = res.data?.createTenant.tenant_uuid;
    expect(tu).toBeTruthy();
    expect((await t.gql(LIST, {}, outsider.token)).data?.listTenants).toEqual([
      { tenant_uuid: outsider.tenantUuid, company: 'Elsewhere Co' },
    ]);
    expect(code(await t.gql(FETCH, { t: tu }, outsider.token))).toBe('NOT_FOUND');
    expect(code(await t.gql('query($t: ID!) { listEmployees(tenant_uuid: $t) { items { id } } }', { t: tu }, outsider.token))).toBe(
      'NOT_FOUND',
    );
    expect((await selectTenant(outsider.token, tu)).status).toBe(403);
  });

  // Forbidden role: none. Any signed-in person may start a company (they have no role before it exists).
  it('refuses a visitor without a session and a blank or over-long name', async () => {
    expect(code(await t.gql(CREATE, { c: 'Nobody Inc' }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(CREATE, { c: '   ' }, noTenant))).toBe('VALIDATION');
    expect(code(await t.gql(CREATE, { c: 'x'.repeat(201) }, noTenant))).toBe('VALIDATION');
    expect(code(await t.gql('mutation { createTenant { company } }', {}, noTenant))).toBe('VALIDATION');
    expect((await t.gql(LIST, {}, noTenant)).data?.listTenants).toHaveLength(1);
  });

  it('limits how many companies one person starts in a day', async () => {
    const busy = await createSession(t.database.db, randomUUID());
    for (let i = 0; i < MAX_NEW_TENANTS_PER_DAY; i++) {
      expect((await t.gql(CREATE, { c: `Company ${i}` }, busy)).errors).toBeUndefined();
    }
    expect(code(await t.gql(CREATE, { c: 'One too many' }, busy))).toBe('RATE_LIMITED');
  });
});

describe('deleteTenant', () => {
  let maria: string;
  let mariaOther: string;
  let luis: string;
  let outsider: TestMember;
  let other: string;

  beforeAll(async () => {
    const mariaId = await demoPerson('maria.alvarez@summitridge.test');
    maria = await createSession(t.database.db, mariaId, demo);
    mariaOther = await createSession(t.database.db, mariaId, demo);
    luis = await createSession(t.database.db, await demoPerson('luis.hernandez@summitridge.test'), demo);
    // Another company, with data of its own, that must not be touched.
    const founder = await createSession(t.database.db, randomUUID());
    other = (await t.gql(CREATE, { c: 'Untouched Co' }, founder)).data?.createTenant.tenant_uuid;
    outsider = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  });

  it('refuses without a session, for non-admins, from another company, and with the wrong e-mail', async () => {
    const email = 'maria.alvarez@summitridge.test';
    expect(code(await t.gql(DELETE, { t: demo, e: email }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(DELETE, { t: demo, e: 'luis.hernandez@summitridge.test' }, luis))).toBe('FORBIDDEN');
    expect(code(await t.gql(DELETE, { t: demo, e: email }, outsider.token))).toBe('NOT_FOUND');
    for (const e of ['', '  ', 'james.carter@summitridge.test', 'maria.alvarez@summitridge.tes', 'not an e-mail']) {
      const res = await t.gql(DELETE, { t: demo, e }, maria);
      expect(code(res), e).toBe('VALIDATION');
    }
    expect(code(await t.gql(DELETE, { t: 'not-a-uuid', e: email }, maria))).toBe('NOT_FOUND');
    const counts = await rowCounts(demo);
    for (const table of ['tenants', 'employees', 'jobs', 'timecard_entries', 'tenant_settings', 'custom_links', 'tenants_modules']) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
  });

  it("removes all of the company's data with the typed e-mail, ends its selection, and leaves other companies alone", async () => {
    const otherBefore = await rowCounts(other);
    const res = await t.gql(DELETE, { t: demo, e: ' Maria.Alvarez@SummitRidge.test ' }, maria);
    expect(res).toEqual({ data: { deleteTenant: true } });
    const after = await rowCounts(demo);
    expect(Object.keys(after).length).toBeGreaterThan(10);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowCounts(other)).toEqual(otherBefore);
    // Every session that had the company selected has no company now: Maria's both, and Luis's.
    const selected = await t.database.db.select({ id: session.id }).from(session).where(eq(session.selectedTenantUuid, demo));
    expect(selected).toEqual([]);
    for (const token of [maria, mariaOther, luis]) {
      expect(code(await t.gql(FETCH, { t: demo }, token))).toBe('NOT_FOUND');
      expect((await t.gql(LIST, {}, token)).data?.listTenants).toEqual([]);
      const again = await selectTenant(token, demo);
      expect(again.status).toBe(403);
    }
  });
});
