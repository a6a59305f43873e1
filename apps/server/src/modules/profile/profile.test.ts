import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { user } from '../../identity/auth.table.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { employees } from '../employees/employees.table.js';

const t = useTestApp();

const FIELDS = 'id firstname lastname cellphone street street2 city state zip birthdate trades app_theme email';
const GET = `query($t: ID!, $c: String!) { getEmployeeViaCognito(tenant_uuid: $t, cognito_uuid: $c) { ${FIELDS} } }`;
const UPDATE = `mutation($t: ID!, $c: String!, $e: EmployeeUserInfoInput!) {
  updateEmployeeUserInfo(tenant_uuid: $t, cognito_uuid: $c, employee: $e) { ${FIELDS} } }`;

let tenantA: string;
let me: TestMember;
let colleague: TestMember;
let other: TestMember;

beforeAll(async () => {
  tenantA = await createTenant(t.database.db);
  // No permissions at all: a profile needs only membership.
  me = await createMember(t.database.db, tenantA, { firstname: 'Rosa' });
  colleague = await createMember(t.database.db, tenantA, { permissions: ['people_admin'] });
  other = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
});

const stored = (m: TestMember) =>
  withTenant(t.database.db, m.tenantUuid, async (tx) => (await tx.select().from(employees).where(eq(employees.id, m.employeeId)))[0]);

describe('getEmployeeViaCognito', () => {
  it('returns the caller’s own record with no people permission', async () => {
    const res = await t.gql(GET, { t: tenantA, c: me.identity }, me.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.getEmployeeViaCognito).toMatchObject({ id: me.employeeId, firstname: 'Rosa' });
  });

  it('refuses without a session', async () => {
    const res = await t.gql(GET, { t: tenantA, c: me.identity });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses someone else’s record, even for a people admin', async () => {
    const res = await t.gql(GET, { t: tenantA, c: me.identity }, colleague.token);
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(res.data?.getEmployeeViaCognito ?? null).toBeNull();
  });

  it('cannot read a profile in another company', async () => {
    const res = await t.gql(GET, { t: tenantA, c: other.identity }, other.token);
    expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const mine = await t.gql(GET, { t: other.tenantUuid, c: me.identity }, me.token);
    expect(mine.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses invalid input', async () => {
    for (const vars of [{ t: tenantA }, { t: tenantA, c: 42 }, { c: me.identity }]) {
      const res = await t.gql(GET, vars, me.token);
      expect(res.errors?.[0].extensions?.code, JSON.stringify(vars)).toBe('VALIDATION');
    }
    // An empty cognito_uuid is not the caller's own, so it is refused like anyone else's.
    expect((await t.gql(GET, { t: tenantA, c: '' }, me.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a session that has not chosen this company, and a removed member', async () => {
    const noTenant = await createSession(t.database.db, me.identity);
    expect((await t.gql(GET, { t: tenantA, c: me.identity }, noTenant)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const gone = await createMember(t.database.db, tenantA);
    await withTenant(t.database.db, tenantA, (tx) =>
      tx.update(employees).set({ cognito_status: 'Deleted' }).where(eq(employees.id, gone.employeeId)),
    );
    expect((await t.gql(GET, { t: tenantA, c: gone.identity }, gone.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('updateEmployeeUserInfo', () => {
  it('applies the non-empty fields only, normalising the phone and e-mail', async () => {
    const res = await t.gql(
      UPDATE,
      {
        t: tenantA,
        c: me.identity,
        e: {
          firstname: ' Rosa María ',
          lastname: 'Quintero',
          cellphone: '(555) 201-3344',
          street: '12 Quarry Rd',
          street2: '',
          city: 'Boulder',
          state: 'CO',
          zip: '80301',
          birthdate: '1988-04-12',
          trades: JSON.stringify(['Carpenter', 'Concrete']),
          app_theme: 'dark',
          email: 'Rosa.Q@Example.com',
        },
      },
      me.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateEmployeeUserInfo).toMatchObject({
      firstname: 'Rosa María',
      cellphone: '+15552013344',
      street2: null,
      birthdate: '1988-04-12',
      trades: '["Carpenter","Concrete"]',
      app_theme: 'dark',
      email: 'rosa.q@example.com',
    });

    // Empty and missing fields leave what is stored; trades may become an empty list.
    const again = await t.gql(UPDATE, { t: tenantA, c: me.identity, e: { firstname: '', city: null, trades: '[]' } }, me.token);
    expect(again.errors).toBeUndefined();
    const row = await stored(me);
    expect(row).toMatchObject({ firstname: 'Rosa María', city: 'Boulder', trades: '[]', app_theme: 'dark' });
  });

  it('saves the theme alone (the app bar switcher)', async () => {
    const res = await t.gql(UPDATE, { t: tenantA, c: me.identity, e: { app_theme: 'light' } }, me.token);
    expect(res.data?.updateEmployeeUserInfo.app_theme).toBe('light');
    expect((await stored(me)).app_theme).toBe('light');
  });

  it.each([
    [{ app_theme: 'purple' }, 'app_theme'],
    [{ birthdate: '1990-02-30' }, 'birthdate'],
    [{ birthdate: '2999-01-01' }, 'birthdate'],
    [{ cellphone: '12' }, 'cellphone'],
    [{ email: 'not-an-email' }, 'email'],
    [{ firstname: 'x'.repeat(101) }, 'firstname'],
    [{ trades: '{"a":1}' }, 'trades'],
    [{ trades: 'Carpenter' }, 'trades'],
  ])('refuses %j with VALIDATION and changes nothing', async (employee, field) => {
    const before = await stored(me);
    const res = await t.gql(UPDATE, { t: tenantA, c: me.identity, e: { ...employee, lastname: 'Changed' } }, me.token);
    expect(res.errors?.[0].extensions?.code).toBe('VALIDATION');
    expect(res.errors?.[0].message).toContain(field);
    expect(await stored(me)).toEqual(before);
  });

  it('refuses without a session', async () => {
    const res = await t.gql(UPDATE, { t: tenantA, c: me.identity, e: { firstname: 'X' } });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses to change someone else’s record', async () => {
    const before = await stored(me);
    const res = await t.gql(UPDATE, { t: tenantA, c: me.identity, e: { firstname: 'Hijacked' } }, colleague.token);
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await stored(me)).toEqual(before);
  });

  it('cannot change a record in another company', async () => {
    const before = await stored(other);
    const res = await t.gql(UPDATE, { t: other.tenantUuid, c: other.identity, e: { firstname: 'Hijacked' } }, me.token);
    expect(res.errors?.[0].extensions?.code).toMatch(/NOT_FOUND|FORBIDDEN/);
    expect(await stored(other)).toEqual(before);
  });

  it('does not let profile fields reach columns outside the profile', async () => {
    const res = await t.gql(UPDATE, { t: tenantA, c: me.identity, e: { is_admin: true } }, me.token);
    expect(res.errors?.[0].message).toMatch(/is_admin/);
    expect((await stored(me)).is_admin).toBe(false);
  });
});

describe('the person’s language (issue 46)', () => {
  const LANGUAGE = `query($t: ID!) { myLanguage(tenant_uuid: $t) }`;
  const SET = `mutation($t: ID!, $c: String!, $e: EmployeeUserInfoInput!) {
    updateEmployeeUserInfo(tenant_uuid: $t, cognito_uuid: $c, employee: $e) { id firstname } }`;
  const saved = async (identity: string) =>
    (await t.database.db.select({ language: user.language }).from(user).where(eq(user.id, identity)))[0]?.language ?? null;

  it('is none until saved, then the one saved, on the account (every company), leaving the other fields', async () => {
    const rosa = await createMember(t.database.db, await createTenant(t.database.db), { firstname: 'Rosa' });
    expect((await t.gql(LANGUAGE, { t: rosa.tenantUuid }, rosa.token)).data?.myLanguage).toBeNull();
    const res = await t.gql(SET, { t: rosa.tenantUuid, c: rosa.identity, e: { language: 'es' } }, rosa.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateEmployeeUserInfo).toMatchObject({ id: rosa.employeeId, firstname: 'Rosa' });
    expect(await saved(rosa.identity)).toBe('es');
    expect((await t.gql(LANGUAGE, { t: rosa.tenantUuid }, rosa.token)).data?.myLanguage).toBe('es');
    // Theirs in another company too.
    const second = await createTenant(t.database.db);
    await createMember(t.database.db, second, { identity: rosa.identity });
    const there = await createSession(t.database.db, rosa.identity, second);
    expect((await t.gql(LANGUAGE, { t: second }, there)).data?.myLanguage).toBe('es');
    // An empty language, like any empty profile field, leaves it as it is.
    expect(
      (await t.gql(SET, { t: rosa.tenantUuid, c: rosa.identity, e: { language: '', city: 'Austin' } }, rosa.token)).errors,
    ).toBeUndefined();
    expect(await saved(rosa.identity)).toBe('es');
  });

  it('refuses anything but en and es with VALIDATION, changing nothing', async () => {
    const ana = await createMember(t.database.db, tenantA, { firstname: 'Ana' });
    for (const language of ['fr', 'ES', 'es-MX', ' en']) {
      const res = await t.gql(SET, { t: tenantA, c: ana.identity, e: { language, city: 'Nowhere' } }, ana.token);
      expect(res.errors?.[0].extensions?.code, language).toBe('VALIDATION');
      expect((res.errors?.[0].extensions as { field?: string } | undefined)?.field, language).toBe('language');
    }
    expect(await saved(ana.identity)).toBeNull();
    expect((await stored(ana)).city).not.toBe('Nowhere');
  });

  it('is set by the person only: not another person, not from another company, not without a session', async () => {
    const ben = await createMember(t.database.db, tenantA, { firstname: 'Ben' });
    const byColleague = await t.gql(SET, { t: tenantA, c: ben.identity, e: { language: 'es' } }, colleague.token);
    expect(byColleague.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const fromElsewhere = await t.gql(SET, { t: tenantA, c: ben.identity, e: { language: 'es' } }, other.token);
    expect(fromElsewhere.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const signedOut = await t.gql(SET, { t: tenantA, c: ben.identity, e: { language: 'es' } });
    expect(signedOut.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await saved(ben.identity)).toBeNull();
    expect((await t.gql(LANGUAGE, { t: tenantA }, other.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(LANGUAGE, { t: tenantA })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
