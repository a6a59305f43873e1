import { randomUUID } from 'node:crypto';
import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT, type IdentityAction } from '@groundwork/core/identity';
import { COGNITO_STATUS, PEOPLE_MESSAGES } from '@groundwork/core/people';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { user } from '../../identity/auth.table.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { employees } from './employees.table.js';
import { temporaryPassword } from './people.graphql.js';

const t = useTestApp();

const EMP = 'id email username is_admin status cognito_status cognito_uuid';
const INVITE = `mutation($t: ID!, $id: Int!, $e: String!, $u: String) {
  inviteUser(tenant_uuid: $t, id: $id, email: $e, username: $u) { ${EMP} } }`;
const REMOVE = `mutation($t: ID!, $id: Int!) { removeUserFromTenant(tenant_uuid: $t, id: $id) { ${EMP} } }`;
const MAKE_ADMIN = `mutation($t: ID!, $e: Int!, $u: String) { createGlobalAdmin(tenant_uuid: $t, employees_id: $e, username: $u) { ${EMP} } }`;
const DROP_ADMIN = `mutation($t: ID!, $e: Int!, $u: String) { deleteGlobalAdmin(tenant_uuid: $t, employees_id: $e, username: $u) { ${EMP} } }`;
const PERMS = 'query($t: ID!) { listPermissions(tenant_uuid: $t) { id } }';
const CREATE_PEOPLE = `mutation($t: ID!, $d: [EmployeesInput!]!) { createEmployees(tenant_uuid: $t, data: $d) { id } }`;

let admin: TestMember;
let peopleAdmin: TestMember;
let peopleBasic: TestMember;
let foreign: TestMember;

const gql = (query: string, vars: Record<string, unknown>, who?: TestMember) => t.gql(query, vars, who?.token);
const code = async (query: string, vars: Record<string, unknown>, who?: TestMember) =>
  (await gql(query, vars, who)).errors?.[0]?.extensions?.code;
const newEmail = () => `person-${randomUUID().slice(0, 8)}@example.com`;

/** A person row without a sign-in, made by the tenant's people admin through the API. */
async function addPerson(who: TestMember, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await gql(CREATE_PEOPLE, { t: who.tenantUuid, d: [{ firstname: 'New', lastname: 'Hire', ...fields }] }, who);
  expect(res.errors).toBeUndefined();
  return res.data?.createEmployees[0].id;
}
const row = async (tenant: string, id: number) => {
  const [r] = await withTenant(t.database.db, tenant, (tx) =>
    tx
      .select()
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, id))),
  );
  return r;
};
const outbox = async (to: string): Promise<{ subject: string; text: string }[]> =>
  (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` })).json();

type Jar = Record<string, string>;
async function identity(action: IdentityAction, body: Record<string, unknown>, jar: Jar = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: {
      'content-type': 'application/json',
      [IDENTITY_ACTION_HEADER]: action,
      ...(Object.keys(jar).length
        ? {
            cookie: Object.entries(jar)
              .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
              .join('; '),
          }
        : {}),
    },
    payload: body,
  });
  const next = { ...jar };
  for (const c of res.cookies as { name: string; value: string }[]) next[c.name] = c.value;
  return { status: res.statusCode, body: res.json(), jar: next };
}

beforeAll(async () => {
  const db = t.database.db;
  const a = await createTenant(db, 'Alpha Builders');
  const b = await createTenant(db, 'Beta Builders');
  admin = await createMember(db, a, { isAdmin: true });
  peopleAdmin = await createMember(db, a, { permissions: ['people_admin'] });
  peopleBasic = await createMember(db, a, { permissions: ['people_basic'] });
  foreign = await createMember(db, b, { isAdmin: true });
});

describe('inviteUser', () => {
  it('gives a new address an account with an e-mailed temporary password that must be replaced at first sign-in', async () => {
    const tenant = peopleAdmin.tenantUuid;
    const id = await addPerson(peopleAdmin, { email: null });
    const email = newEmail();
    const res = await gql(INVITE, { t: tenant, id, e: `  ${email.toUpperCase()} `, u: 'new.hire' }, peopleAdmin);
    expect(res.errors).toBeUndefined();
    const [account] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(account.mustChangePassword).toBe(true);
    expect(res.data?.inviteUser).toMatchObject({
      id,
      email,
      username: 'new.hire',
      cognito_status: COGNITO_STATUS.invited,
      cognito_uuid: account.id,
    });
    expect(await row(tenant, id)).toMatchObject({ cognito_uuid: account.id, cognito_status: 'FORCE_CHANGE_PASSWORD', email });

    const [mail] = await outbox(email);
    const temporary = /temporary password (\S+)/.exec(mail?.text ?? '')?.[1];
    expect(temporary).toMatch(/^[A-Za-z0-9]{14}$/);

    const first = await identity('InitiateAuth', { username: email, password: temporary });
    expect(first.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const done = await identity('RespondToAuthChallenge', { session: first.body.session, answer: 'a brand new passphrase' }, first.jar);
    expect(done.body).toEqual({ nextStep: 'DONE' });
    const me = await identity('GetUser', {}, done.jar);
    expect(me.body['custom:tenants'].map((c: { tenant_uuid: string }) => c.tenant_uuid)).toContain(tenant);
    const chosen = await identity('SelectTenant', { tenant_uuid: tenant }, done.jar);
    expect(chosen.body['custom:selected_tenant_uuid']).toBe(tenant);
    // Their session now works in the company.
    const session = Object.entries(done.jar).find(([k]) => k.includes('session_token'))?.[1];
    const perms = await t.gql(PERMS, { t: tenant }, session);
    expect(perms.errors).toBeUndefined();
  });

  it('links an existing account and tells them they were added to the company', async () => {
    const tenant = admin.tenantUuid;
    // Someone already signed in to another company.
    const elsewhere = await createMember(t.database.db, foreign.tenantUuid, {});
    const email = `${elsewhere.identity}@test.example`;
    const id = await addPerson(admin, { email: 'office@alpha.example' });
    const res = await gql(INVITE, { t: tenant, id, e: email }, admin);
    expect(res.errors).toBeUndefined();
    expect(res.data?.inviteUser).toMatchObject({
      id,
      email: 'office@alpha.example',
      cognito_uuid: elsewhere.identity,
      // The same answer as for a new address: the invitation does not reveal that the account existed.
      cognito_status: COGNITO_STATUS.invited,
    });
    const [mail] = await outbox(email);
    expect(mail.subject).toBe('You were added to Alpha Builders on Groundwork');
    expect(mail.text).not.toMatch(/temporary password/);
    // The same identity may now select this company too; selecting it confirms the row.
    const here = await createSession(t.database.db, elsewhere.identity, tenant);
    expect((await t.gql(PERMS, { t: tenant }, here)).errors).toBeUndefined();
    const selected = await t.app.inject({
      method: 'POST',
      url: IDENTITY_ENDPOINT,
      headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: 'SelectTenant', authorization: `Bearer ${here}` },
      payload: { tenant_uuid: tenant },
    });
    expect(selected.statusCode).toBe(200);
    expect(await row(tenant, id)).toMatchObject({ cognito_status: COGNITO_STATUS.confirmed });
  });

  it('refuses an address already linked to another person of the company', async () => {
    const tenant = admin.tenantUuid;
    const email = newEmail();
    const first = await addPerson(admin);
    expect((await gql(INVITE, { t: tenant, id: first, e: email }, admin)).errors).toBeUndefined();
    const second = await addPerson(admin);
    const res = await gql(INVITE, { t: tenant, id: second, e: email.toUpperCase() }, admin);
    expect(res.errors?.[0]).toMatchObject({ message: PEOPLE_MESSAGES.emailLinkedElsewhere, extensions: { code: 'CONFLICT' } });
    expect(await row(tenant, second)).toMatchObject({ cognito_uuid: null, cognito_status: null });
    // A second invitation of the same person to the same address is fine (it re-links, nothing doubles).
    const again = await gql(INVITE, { t: tenant, id: first, e: email }, admin);
    expect(again.errors).toBeUndefined();
    // An account linked to someone else of this company cannot be linked to a second row either.
    const member = await createMember(t.database.db, tenant, {});
    const third = await addPerson(admin);
    expect(await code(INVITE, { t: tenant, id: third, e: `${member.identity}@test.example` }, admin)).toBe('CONFLICT');
  });

  it('refuses invalid input and archived people', async () => {
    const tenant = admin.tenantUuid;
    const id = await addPerson(admin);
    for (const vars of [
      { t: tenant, id, e: 'not-an-address' },
      { t: tenant, id, e: '' },
      { t: tenant, id, e: `${'x'.repeat(260)}@example.com` },
      { t: tenant, id, e: newEmail(), u: 'u'.repeat(300) },
      { t: tenant, id: 'x', e: newEmail() },
    ]) {
      expect(await code(INVITE, vars, admin), JSON.stringify(vars).slice(0, 80)).toBe('VALIDATION');
    }
    const archived = await addPerson(admin, { status: 0 });
    const email = newEmail();
    expect(await code(INVITE, { t: tenant, id: archived, e: email }, admin)).toBe('VALIDATION');
    // Nothing was made for the refused address.
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect(await row(tenant, id)).toMatchObject({ cognito_uuid: null });
  });

  it('lets only people_admin or admin_access invite, and only admins invite into an admin row', async () => {
    const tenant = admin.tenantUuid;
    const id = await addPerson(admin);
    const email = newEmail();
    expect(await code(INVITE, { t: tenant, id, e: email })).toBe('UNAUTHENTICATED');
    expect(await code(INVITE, { t: tenant, id, e: email }, peopleBasic)).toBe('FORBIDDEN');
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    // An admin row without a sign-in cannot be taken over by a people admin inviting their own address.
    const adminRow = await addPerson(admin);
    expect((await gql(MAKE_ADMIN, { t: tenant, e: adminRow }, admin)).errors).toBeUndefined();
    expect(await code(INVITE, { t: tenant, id: adminRow, e: `${peopleAdmin.identity}-2@example.com` }, peopleAdmin)).toBe('FORBIDDEN');
    expect(await row(tenant, adminRow)).toMatchObject({ cognito_uuid: null });
    // Nor the row of someone holding admin_access through a group, after they were removed.
    const deputy = await createMember(t.database.db, tenant, { permissions: ['admin_access'] });
    expect(await code(REMOVE, { t: tenant, id: deputy.employeeId }, peopleAdmin)).toBe('FORBIDDEN');
    expect((await gql(REMOVE, { t: tenant, id: deputy.employeeId }, admin)).errors).toBeUndefined();
    expect(await code(INVITE, { t: tenant, id: deputy.employeeId, e: `${peopleAdmin.identity}-3@example.com` }, peopleAdmin)).toBe(
      'FORBIDDEN',
    );
    expect(await row(tenant, deputy.employeeId)).toMatchObject({ cognito_uuid: null, cognito_status: 'Deleted' });
  });

  it("never touches another company's people", async () => {
    const theirRow = await addPerson(foreign);
    const email = newEmail();
    expect(await code(INVITE, { t: foreign.tenantUuid, id: theirRow, e: email }, admin)).toBe('NOT_FOUND');
    expect(await code(INVITE, { t: admin.tenantUuid, id: theirRow, e: email }, admin)).toBe('NOT_FOUND');
    expect(await row(foreign.tenantUuid, theirRow)).toMatchObject({ cognito_uuid: null, cognito_status: null });
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('makes temporary passwords that differ and are long enough', () => {
    const a = temporaryPassword();
    expect(a).toHaveLength(14);
    expect(a).not.toBe(temporaryPassword());
  });
});

describe('listEmployees', () => {
  it('sorts by first name then last name, ignoring case, and returns just the columns asked for', async () => {
    const tenant = await createTenant(t.database.db);
    const clerk = await createMember(t.database.db, tenant, { permissions: ['people_admin'], firstname: 'Mo' });
    const rows = [
      { firstname: 'bea', lastname: 'Zed' },
      { firstname: 'Ana', lastname: 'young' },
      { firstname: 'ana', lastname: 'Adams' },
      { firstname: 'Carl', lastname: null },
      { firstname: null, lastname: 'Nameless' },
    ];
    expect((await gql(CREATE_PEOPLE, { t: tenant, d: rows }, clerk)).errors).toBeUndefined();
    const res = await gql('query($t: ID!) { listEmployees(tenant_uuid: $t) { items { firstname lastname } } }', { t: tenant }, clerk);
    expect(res.data?.listEmployees.items).toEqual([
      { firstname: null, lastname: 'Nameless' },
      { firstname: 'ana', lastname: 'Adams' },
      { firstname: 'Ana', lastname: 'young' },
      { firstname: 'bea', lastname: 'Zed' },
      { firstname: 'Carl', lastname: null },
      { firstname: 'Mo', lastname: 'Member' },
    ]);
  });
});

/** The temporary password of the newest invitation e-mailed to `to`. */
const newestTemporary = async (to: string) => {
  const invitation = (await outbox(to)).find((m) => m.subject === 'You are invited to Groundwork');
  return /temporary password (\S+)/.exec(invitation?.text ?? '')?.[1];
};
const status = async (tenant: string, id: number) => (await row(tenant, id)).cognito_status;

describe('sign-in status after the first password', () => {
  it("turns every company's row of the invited person CONFIRMED once they choose their own password, and no one else's", async () => {
    const email = newEmail();
    const here = await addPerson(admin);
    const there = await addPerson(foreign);
    const bystander = await addPerson(admin);
    expect((await gql(INVITE, { t: admin.tenantUuid, id: here, e: email }, admin)).errors).toBeUndefined();
    expect((await gql(INVITE, { t: admin.tenantUuid, id: bystander, e: newEmail() }, admin)).errors).toBeUndefined();
    // The second company links the same account before its first sign-in: told to use the first temporary password.
    expect((await gql(INVITE, { t: foreign.tenantUuid, id: there, e: email }, foreign)).errors).toBeUndefined();
    expect((await outbox(email))[0].text).toMatch(/temporary password from your first invitation/);
    expect(await status(admin.tenantUuid, here)).toBe(COGNITO_STATUS.invited);
    expect(await status(foreign.tenantUuid, there)).toBe(COGNITO_STATUS.invited);

    const temporary = await newestTemporary(email);
    const first = await identity('InitiateAuth', { username: email, password: temporary });
    expect(first.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    // A refused new password changes nothing.
    const weak = await identity('RespondToAuthChallenge', { session: first.body.session, answer: 'short' }, first.jar);
    expect(weak.body.name).toBe('InvalidPasswordException');
    expect(await status(admin.tenantUuid, here)).toBe(COGNITO_STATUS.invited);

    const done = await identity('RespondToAuthChallenge', { session: first.body.session, answer: 'my own long passphrase' }, first.jar);
    expect(done.body).toEqual({ nextStep: 'DONE' });
    expect(await status(admin.tenantUuid, here)).toBe(COGNITO_STATUS.confirmed);
    expect(await status(foreign.tenantUuid, there)).toBe(COGNITO_STATUS.confirmed);
    expect(await status(admin.tenantUuid, bystander)).toBe(COGNITO_STATUS.invited);
    // What the admin's screen reads.
    const listed = await gql(
      `query($t: ID!, $id: Int!) { getEmployees(tenant_uuid: $t, id: $id) { cognito_status } }`,
      { t: admin.tenantUuid, id: here },
      admin,
    );
    expect(listed.data?.getEmployees).toEqual({ cognito_status: COGNITO_STATUS.confirmed });
  });

  it('confirms them too when they chose their password through a reset code instead', async () => {
    const email = newEmail();
    const id = await addPerson(admin);
    expect((await gql(INVITE, { t: admin.tenantUuid, id, e: email }, admin)).errors).toBeUndefined();
    expect((await identity('ForgotPassword', { username: email })).status).toBe(200);
    const resetCode = /verification code is (\d+)/.exec((await outbox(email))[0]?.text ?? '')?.[1];
    expect(resetCode).toBeTruthy();
    const reset = await identity('ConfirmForgotPassword', { username: email, code: resetCode, newPassword: 'reset long passphrase' });
    expect(reset.body).toEqual({ nextStep: 'DONE' });
    expect(await status(admin.tenantUuid, id)).toBe(COGNITO_STATUS.confirmed);
  });
});

describe('resending an invitation (inviteUser again)', () => {
  it('issues a fresh temporary password to a person who has not signed in yet; the old one and its sign-in stop working', async () => {
    const tenant = peopleAdmin.tenantUuid;
    const email = newEmail();
    const id = await addPerson(peopleAdmin);
    expect((await gql(INVITE, { t: tenant, id, e: email }, peopleAdmin)).errors).toBeUndefined();
    const old = await newestTemporary(email);
    const begun = await identity('InitiateAuth', { username: email, password: old });
    expect(begun.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const [account] = await t.database.db.select().from(user).where(eq(user.email, email));

    const again = await gql(INVITE, { t: tenant, id, e: email }, peopleAdmin);
    expect(again.errors).toBeUndefined();
    expect(again.data?.inviteUser).toMatchObject({ id, cognito_uuid: account.id, cognito_status: COGNITO_STATUS.invited });
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toBe('You are invited to Groundwork');
    const fresh = await newestTemporary(email);
    expect(fresh).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(fresh).not.toBe(old);

    // The sign-in begun with the old password cannot finish; the old password is refused; the new one works.
    const stale = await identity('RespondToAuthChallenge', { session: begun.body.session, answer: 'a brand new passphrase' }, begun.jar);
    expect(stale.status).toBe(401);
    expect((await identity('InitiateAuth', { username: email, password: old })).body.name).toBe('NotAuthorizedException');
    const next = await identity('InitiateAuth', { username: email, password: fresh });
    expect(next.body.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    expect(
      (await identity('RespondToAuthChallenge', { session: next.body.session, answer: 'a brand new passphrase' }, next.jar)).body,
    ).toEqual({
      nextStep: 'DONE',
    });
    expect(await status(tenant, id)).toBe(COGNITO_STATUS.confirmed);

    // Once they chose their password, inviting again only says they were added; their password is kept.
    const after = await gql(INVITE, { t: tenant, id, e: email }, peopleAdmin);
    expect(after.data?.inviteUser).toMatchObject({ cognito_status: COGNITO_STATUS.confirmed });
    const [added] = await outbox(email);
    expect(added.text).not.toMatch(/temporary password/);
    expect((await identity('InitiateAuth', { username: email, password: 'a brand new passphrase' })).body).toEqual({ nextStep: 'DONE' });
  });

  it('refuses resending to another address, without making an account for it', async () => {
    const tenant = admin.tenantUuid;
    const id = await addPerson(admin);
    expect((await gql(INVITE, { t: tenant, id, e: newEmail() }, admin)).errors).toBeUndefined();
    const other = newEmail();
    const res = await gql(INVITE, { t: tenant, id, e: other }, admin);
    expect(res.errors?.[0]).toMatchObject({ message: PEOPLE_MESSAGES.alreadySignedIn, extensions: { code: 'CONFLICT' } });
    expect(await t.database.db.select().from(user).where(eq(user.email, other))).toEqual([]);
    expect(await outbox(other)).toEqual([]);
  });

  it('refuses a resend without a session, for basic users and from another company, and issues nothing', async () => {
    const tenant = admin.tenantUuid;
    const email = newEmail();
    const id = await addPerson(admin);
    expect((await gql(INVITE, { t: tenant, id, e: email }, admin)).errors).toBeUndefined();
    const temporary = await newestTemporary(email);
    expect(await code(INVITE, { t: tenant, id, e: email })).toBe('UNAUTHENTICATED');
    expect(await code(INVITE, { t: tenant, id, e: email }, peopleBasic)).toBe('FORBIDDEN');
    expect(await code(INVITE, { t: tenant, id, e: email }, foreign)).toBe('NOT_FOUND');
    expect(await code(INVITE, { t: foreign.tenantUuid, id, e: email }, foreign)).toBe('NOT_FOUND');
    expect(await outbox(email)).toHaveLength(1);
    expect(await newestTemporary(email)).toBe(temporary);
    expect((await identity('InitiateAuth', { username: email, password: temporary })).body.nextStep).toBe(
      'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
    );
  });
});

describe('removeUserFromTenant', () => {
  it("ends the person's access to that company only; their next request there is refused", async () => {
    const db = t.database.db;
    const identity = randomUUID();
    const inA = await createMember(db, admin.tenantUuid, { identity, permissions: ['people_basic'] });
    const inB = await createMember(db, foreign.tenantUuid, { identity, permissions: ['people_basic'] });
    expect((await gql(PERMS, { t: inA.tenantUuid }, inA)).errors).toBeUndefined();

    const res = await gql(REMOVE, { t: admin.tenantUuid, id: inA.employeeId }, peopleAdmin);
    expect(res.errors).toBeUndefined();
    expect(res.data?.removeUserFromTenant).toMatchObject({ cognito_status: 'Deleted', cognito_uuid: null });
    expect(await row(admin.tenantUuid, inA.employeeId)).toMatchObject({ cognito_status: 'Deleted', cognito_uuid: null });

    // The same live session is refused at its next request; the other company still works.
    expect(await code(PERMS, { t: inA.tenantUuid }, inA)).toBe('NOT_FOUND');
    expect((await gql(PERMS, { t: inB.tenantUuid }, inB)).errors).toBeUndefined();
    const me = await identity_('GetUser', inA);
    expect(me['custom:tenants'].map((c: { tenant_uuid: string }) => c.tenant_uuid)).toEqual([foreign.tenantUuid]);
    expect(me['custom:selected_tenant_uuid']).toBeNull();
  });

  it('refuses removing yourself, and a people admin removing a global admin', async () => {
    const tenant = admin.tenantUuid;
    const res = await gql(REMOVE, { t: tenant, id: peopleAdmin.employeeId }, peopleAdmin);
    expect(res.errors?.[0]).toMatchObject({ message: PEOPLE_MESSAGES.removeSelf, extensions: { code: 'VALIDATION' } });
    expect(await code(REMOVE, { t: tenant, id: admin.employeeId }, peopleAdmin)).toBe('FORBIDDEN');
    expect(await code(REMOVE, { t: tenant, id: 'x' }, admin)).toBe('VALIDATION');
    expect(await code(REMOVE, { t: tenant, id: 999_999 }, admin)).toBe('NOT_FOUND');
    expect(await row(tenant, admin.employeeId)).toMatchObject({ cognito_uuid: admin.identity, is_admin: true });
  });

  it('refuses without a session, for basic users and across companies', async () => {
    const target = await createMember(t.database.db, admin.tenantUuid, {});
    expect(await code(REMOVE, { t: admin.tenantUuid, id: target.employeeId })).toBe('UNAUTHENTICATED');
    expect(await code(REMOVE, { t: admin.tenantUuid, id: target.employeeId }, peopleBasic)).toBe('FORBIDDEN');
    expect(await code(REMOVE, { t: admin.tenantUuid, id: target.employeeId }, foreign)).toBe('NOT_FOUND');
    expect(await code(REMOVE, { t: foreign.tenantUuid, id: foreign.employeeId }, admin)).toBe('NOT_FOUND');
    expect(await code(REMOVE, { t: admin.tenantUuid, id: foreign.employeeId }, admin)).toBe('NOT_FOUND');
    expect(await row(admin.tenantUuid, target.employeeId)).toMatchObject({ cognito_uuid: target.identity });
    expect(await row(foreign.tenantUuid, foreign.employeeId)).toMatchObject({ cognito_uuid: foreign.identity });
  });
});

describe('global admins', () => {
  it('keeps the last active admin', async () => {
    const db = t.database.db;
    const tenant = await createTenant(db);
    const only = await createMember(db, tenant, { isAdmin: true });
    // admin_access through a group, without being a global admin.
    const deputy = await createMember(db, tenant, { permissions: ['admin_access'] });
    const last = await gql(DROP_ADMIN, { t: tenant, e: only.employeeId }, only);
    expect(last.errors?.[0]).toMatchObject({ message: PEOPLE_MESSAGES.lastAdmin, extensions: { code: 'CONFLICT' } });
    expect(await code(DROP_ADMIN, { t: tenant, e: only.employeeId }, deputy)).toBe('CONFLICT');
    expect(await code(REMOVE, { t: tenant, id: only.employeeId }, deputy)).toBe('CONFLICT');
    expect(await row(tenant, only.employeeId)).toMatchObject({ is_admin: true, cognito_uuid: only.identity });

    const made = await gql(MAKE_ADMIN, { t: tenant, e: deputy.employeeId }, only);
    expect(made.errors).toBeUndefined();
    expect(made.data?.createGlobalAdmin).toMatchObject({ id: deputy.employeeId, is_admin: true });
    const dropped = await gql(DROP_ADMIN, { t: tenant, e: only.employeeId }, only);
    expect(dropped.data?.deleteGlobalAdmin).toMatchObject({ id: only.employeeId, is_admin: false });
    // The former admin lost admin_access with it.
    expect(await code(MAKE_ADMIN, { t: tenant, e: only.employeeId }, only)).toBe('FORBIDDEN');
    expect(await code(DROP_ADMIN, { t: tenant, e: deputy.employeeId }, deputy)).toBe('CONFLICT');
  });

  it('keeps the last admin through archive and delete of the record operations too', async () => {
    const db = t.database.db;
    const tenant = await createTenant(db);
    const only = await createMember(db, tenant, { isAdmin: true });
    const deputy = await createMember(db, tenant, { permissions: ['admin_access'] });
    const clerk = await createMember(db, tenant, { permissions: ['people_admin'] });
    const UPDATE_PEOPLE = 'mutation($t: ID!, $d: [EmployeesUpdateInput!]!) { updateEmployees(tenant_uuid: $t, data: $d) { id status } }';
    const DELETE_PEOPLE = 'mutation($t: ID!, $d: [EmployeesDeleteInput!]!) { deleteEmployees(tenant_uuid: $t, data: $d) { id } }';
    // A people admin may archive people, but not a global admin.
    expect(await code(UPDATE_PEOPLE, { t: tenant, d: [{ id: only.employeeId, status: 0 }] }, clerk)).toBe('FORBIDDEN');
    expect(await code(DELETE_PEOPLE, { t: tenant, d: [{ id: only.employeeId }] }, clerk)).toBe('FORBIDDEN');
    const last = await gql(UPDATE_PEOPLE, { t: tenant, d: [{ id: only.employeeId, status: 0 }] }, deputy);
    expect(last.errors?.[0]).toMatchObject({ message: PEOPLE_MESSAGES.lastAdmin, extensions: { code: 'CONFLICT' } });
    expect(await code(DELETE_PEOPLE, { t: tenant, d: [{ id: only.employeeId }] }, deputy)).toBe('CONFLICT');
    expect(await row(tenant, only.employeeId)).toMatchObject({ status: 1, is_admin: true });
    // Any other edit of an admin's row is an admin's too (a people admin could otherwise change their e-mail);
    // an admin may, and a people admin archives anyone else.
    expect(await code(UPDATE_PEOPLE, { t: tenant, d: [{ id: only.employeeId, city: 'Denver' }] }, clerk)).toBe('FORBIDDEN');
    expect(await row(tenant, only.employeeId)).toMatchObject({ city: null });
    expect(
      (await gql(UPDATE_PEOPLE, { t: tenant, d: [{ id: only.employeeId, city: 'Denver', status: 1 }] }, deputy)).errors,
    ).toBeUndefined();
    const worker = await createMember(db, tenant, { permissions: ['basic_access'] });
    expect((await gql(UPDATE_PEOPLE, { t: tenant, d: [{ id: worker.employeeId, status: 0 }] }, clerk)).errors).toBeUndefined();
    // admin_access through a group counts as admin access too.
    expect(await code(UPDATE_PEOPLE, { t: tenant, d: [{ id: deputy.employeeId, status: 0 }] }, clerk)).toBe('FORBIDDEN');
    expect(await row(tenant, deputy.employeeId)).toMatchObject({ status: 1 });
    // With a second admin, one of them may be archived by an admin.
    const second = await createMember(db, tenant, { isAdmin: true });
    expect((await gql(UPDATE_PEOPLE, { t: tenant, d: [{ id: second.employeeId, status: 0 }] }, only)).errors).toBeUndefined();
  });

  it('lets only one of two admins removing each other at the same moment succeed', async () => {
    const db = t.database.db;
    const tenant = await createTenant(db);
    const x = await createMember(db, tenant, { isAdmin: true });
    const y = await createMember(db, tenant, { isAdmin: true });
    const results = await Promise.all([
      gql(DROP_ADMIN, { t: tenant, e: y.employeeId }, x),
      gql(REMOVE, { t: tenant, id: x.employeeId }, y),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    // The loser is refused as the race fell: CONFLICT or FORBIDDEN, or NOT_FOUND when the other's removal had already
    // committed (a removed person is no member any more).
    expect(results.map((r) => r.errors?.[0]?.extensions?.code).filter(Boolean)[0]).toMatch(/^(CONFLICT|FORBIDDEN|NOT_FOUND)$/);
    const admins = [await row(tenant, x.employeeId), await row(tenant, y.employeeId)].filter((r) => r.is_admin && r.cognito_uuid);
    expect(admins).toHaveLength(1);
  });

  it('refuses without a session, for non-admins, bad input and other companies', async () => {
    const tenant = admin.tenantUuid;
    const person = await addPerson(admin, { username: 'sam.field' });
    for (const q of [MAKE_ADMIN, DROP_ADMIN]) {
      expect(await code(q, { t: tenant, e: person })).toBe('UNAUTHENTICATED');
      expect(await code(q, { t: tenant, e: person }, peopleAdmin)).toBe('FORBIDDEN');
      expect(await code(q, { t: tenant, e: person }, peopleBasic)).toBe('FORBIDDEN');
      expect(await code(q, { t: tenant, e: 'x' }, admin)).toBe('VALIDATION');
      expect(await code(q, { t: tenant, e: person, u: 'someone.else' }, admin)).toBe('VALIDATION');
      expect(await code(q, { t: tenant, e: 999_999 }, admin)).toBe('NOT_FOUND');
      expect(await code(q, { t: foreign.tenantUuid, e: foreign.employeeId }, admin)).toBe('NOT_FOUND');
      expect(await code(q, { t: tenant, e: foreign.employeeId }, admin)).toBe('NOT_FOUND');
    }
    expect(await code(MAKE_ADMIN, { t: tenant, e: await addPerson(admin, { status: 0 }) }, admin)).toBe('VALIDATION');
    expect(await row(tenant, person)).toMatchObject({ is_admin: false });
    expect(await row(foreign.tenantUuid, foreign.employeeId)).toMatchObject({ is_admin: true });
    const ok = await gql(MAKE_ADMIN, { t: tenant, e: person, u: 'Sam.Field' }, admin);
    expect(ok.data?.createGlobalAdmin).toMatchObject({ is_admin: true });
  });
});

/** An identity action made with a test member's session. */
async function identity_(action: IdentityAction, who: TestMember) {
  const res = await t.app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: action, authorization: `Bearer ${who.token}` },
    payload: {},
  });
  return res.json();
}
