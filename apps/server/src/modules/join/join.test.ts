import { randomUUID } from 'node:crypto';
import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import { JOIN_CODE, JOIN_ENDPOINT, JOIN_MESSAGES, JOIN_POSTER_ENDPOINT } from '@groundwork/core/join';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { getSchema } from '../../graphql/schema.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { call, companySnapshot, tenantFields, variablesFor } from '../../testing/schema-sweep.js';
import { useTestApp } from '../../testing/test-app.js';
import { employees } from '../employees/employees.table.js';
import { usergroupUsers } from '../usergroups/usergroups.table.js';
import { JOIN_LIMITS } from './join.routes.js';
import { joinRequests } from './join.table.js';

const t = useTestApp();

const LINK = 'id name code url status auto_approve usergroup_ids pending';
const CREATE = `mutation($t: ID!, $n: String!, $a: Boolean, $g: [Int!]) { createJoinLink(tenant_uuid: $t, name: $n, auto_approve: $a, usergroup_ids: $g) { ${LINK} } }`;
const UPDATE = `mutation($t: ID!, $id: Int!, $s: Int, $g: [Int!], $a: Boolean) { updateJoinLink(tenant_uuid: $t, id: $id, status: $s, usergroup_ids: $g, auto_approve: $a) { ${LINK} } }`;
const ROTATE = `mutation($t: ID!, $id: Int!) { rotateJoinLink(tenant_uuid: $t, id: $id) { ${LINK} } }`;
const LINKS = `query($t: ID!) { listJoinLinks(tenant_uuid: $t) { ${LINK} } }`;
const REQUESTS =
  'query($t: ID!) { listJoinRequests(tenant_uuid: $t) { id join_links_id link_name username firstname lastname created_on } }';
const APPROVE =
  'mutation($t: ID!, $id: Int!) { approveJoinRequest(tenant_uuid: $t, id: $id) { id firstname lastname email cognito_uuid cognito_status status } }';
const DECLINE = 'mutation($t: ID!, $id: Int!) { declineJoinRequest(tenant_uuid: $t, id: $id) }';
const GROUP =
  'mutation($t: ID!, $n: String!, $p: [String!]!) { createUserGroup(tenant_uuid: $t, usergroup_name: $n, access: $p, users: []) { id } }';

let admin: TestMember;
let peopleAdmin: TestMember;
let peopleBasic: TestMember;
let foreign: TestMember;
let crewGroup: number;

const gql = (query: string, vars: Record<string, unknown>, who?: TestMember) => t.gql(query, vars, who?.token);
const errorCode = async (query: string, vars: Record<string, unknown>, who?: TestMember) =>
  (await gql(query, vars, who)).errors?.[0]?.extensions?.code;
/** A distinct client address per call site, so one test's limits do not spill into another's. */
const anIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

async function newLink(who: TestMember, vars: Record<string, unknown> = {}) {
  const res = await gql(CREATE, { t: who.tenantUuid, n: 'Trailer door', ...vars }, who);
  expect(res.errors).toBeUndefined();
  return res.data?.createJoinLink as { id: number; code: string; url: string; status: number };
}

/** Someone with an account and no company, signed in (no company selected). */
async function newcomer() {
  const identity = randomUUID();
  return { identity, email: `${identity}@test.example`, token: await createSession(t.database.db, identity) };
}

const look = (code: string, ip = anIp()) =>
  t.app.inject({ method: 'GET', url: `${JOIN_ENDPOINT}?company=${encodeURIComponent(code)}`, remoteAddress: ip });
const join = (token: string | undefined, body: Record<string, unknown>, ip = anIp()) =>
  t.app.inject({
    method: 'POST',
    url: JOIN_ENDPOINT,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
const outbox = async (to: string): Promise<{ subject: string; text: string }[]> =>
  (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` })).json();
const pendingRows = (tenant: string, identity: string) =>
  withTenant(t.database.db, tenant, (tx) =>
    tx
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.tenant_uuid, tenant), eq(joinRequests.cognito_uuid, identity))),
  );
async function identity(action: string, token: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: action, authorization: `Bearer ${token}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  const db = t.database.db;
  const a = await createTenant(db, 'Alpha Builders');
  const b = await createTenant(db, 'Beta Builders');
  admin = await createMember(db, a, { isAdmin: true });
  peopleAdmin = await createMember(db, a, { permissions: ['people_admin'] });
  peopleBasic = await createMember(db, a, { permissions: ['people_basic'] });
  foreign = await createMember(db, b, { isAdmin: true });
  const group = await gql(GROUP, { t: a, n: 'Field crew', p: ['basic_access', 'receipts_basic'] }, admin);
  expect(group.errors).toBeUndefined();
  crewGroup = group.data?.createUserGroup.id;
});

describe('join links', () => {
  it('gives a people admin a link with a random, unguessable code that rotates and turns off', async () => {
    const a = await newLink(peopleAdmin);
    const b = await newLink(peopleAdmin);
    expect(a.code).toMatch(JOIN_CODE);
    expect(a.code).not.toBe(b.code);
    expect(a.url).toBe(`http://localhost:3000/join?company=${a.code}`);
    const rotated = await gql(ROTATE, { t: peopleAdmin.tenantUuid, id: a.id }, peopleAdmin);
    expect(rotated.data?.rotateJoinLink.code).toMatch(JOIN_CODE);
    expect(rotated.data?.rotateJoinLink.code).not.toBe(a.code);
    const off = await gql(UPDATE, { t: peopleAdmin.tenantUuid, id: b.id, s: 0 }, peopleAdmin);
    expect(off.data?.updateJoinLink.status).toBe(0);
    const list = await gql(LINKS, { t: peopleAdmin.tenantUuid }, peopleAdmin);
    expect(list.data?.listJoinLinks.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('is for people admins only, and never reaches another company', async () => {
    const tenant = admin.tenantUuid;
    const link = await newLink(admin);
    expect(await errorCode(LINKS, { t: tenant })).toBe('UNAUTHENTICATED');
    expect(await errorCode(LINKS, { t: tenant }, peopleBasic)).toBe('FORBIDDEN');
    expect(await errorCode(CREATE, { t: tenant, n: 'Mine' }, peopleBasic)).toBe('FORBIDDEN');
    expect(await errorCode(ROTATE, { t: tenant, id: link.id }, peopleBasic)).toBe('FORBIDDEN');
    expect(await errorCode(LINKS, { t: tenant }, foreign)).toBe('NOT_FOUND');
    expect(await errorCode(ROTATE, { t: tenant, id: link.id }, foreign)).toBe('NOT_FOUND');
    // Their own company, this company's link id: not found there.
    expect(await errorCode(ROTATE, { t: foreign.tenantUuid, id: link.id }, foreign)).toBe('NOT_FOUND');
    expect(await errorCode(CREATE, { t: tenant, n: '   ' }, admin)).toBe('VALIDATION');
  });

  it('lets only full admins choose the groups a link hands out, from the company’s own groups', async () => {
    const tenant = admin.tenantUuid;
    expect(await errorCode(CREATE, { t: tenant, n: 'Crew', g: [crewGroup] }, peopleAdmin)).toBe('FORBIDDEN');
    expect(await errorCode(CREATE, { t: tenant, n: 'Crew', g: [999_999] }, admin)).toBe('VALIDATION');
    const link = await newLink(admin, { g: [crewGroup] });
    expect(link).toMatchObject({ usergroup_ids: [crewGroup] });
    // A people admin may still turn the link off and on, keeping its groups.
    const off = await gql(UPDATE, { t: tenant, id: link.id, s: 0, g: [crewGroup] }, peopleAdmin);
    expect(off.errors).toBeUndefined();
    expect(await errorCode(UPDATE, { t: tenant, id: link.id, g: [] }, peopleAdmin)).toBe('FORBIDDEN');
  });
});

describe('the public join endpoint', () => {
  it("shows the company's name and nothing about its people", async () => {
    const link = await newLink(admin);
    const res = await look(link.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ company: 'Alpha Builders', logo: null });
  });

  it('creates exactly one pending member for a valid code, however often they ask', async () => {
    const link = await newLink(admin);
    const who = await newcomer();
    expect((await join(undefined, { company: link.code, firstname: 'Ana', lastname: 'Ruiz' })).statusCode).toBe(401);
    const first = await join(who.token, { company: link.code, firstname: 'Ana', lastname: 'Ruiz' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'pending', company: 'Alpha Builders' });
    const again = await join(who.token, { company: link.code, firstname: 'Ana María', lastname: 'Ruiz' });
    expect(again.json()).toEqual({ status: 'pending', company: 'Alpha Builders' });
    const rows = await pendingRows(admin.tenantUuid, who.identity);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ join_links_id: link.id, username: who.email, firstname: 'Ana María', lastname: 'Ruiz' });
    const list = await gql(REQUESTS, { t: admin.tenantUuid }, peopleAdmin);
    expect(list.data?.listJoinRequests).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: who.email, link_name: 'Trailer door', join_links_id: link.id })]),
    );
    // No employees row: not a member in any sense.
    const people = await withTenant(t.database.db, admin.tenantUuid, (tx) =>
      tx
        .select()
        .from(employees)
        .where(and(eq(employees.tenant_uuid, admin.tenantUuid), eq(employees.cognito_uuid, who.identity))),
    );
    expect(people).toEqual([]);
    expect(await errorCode(REQUESTS, { t: admin.tenantUuid }, peopleBasic)).toBe('FORBIDDEN');
    // The link counts who waits through it.
    const second = await newcomer();
    await join(second.token, { company: link.code, firstname: 'Beto', lastname: 'Ruiz' });
    const links = await gql(LINKS, { t: admin.tenantUuid }, peopleAdmin);
    expect(links.data?.listJoinLinks.find((l: { id: number }) => l.id === link.id)?.pending).toBe(2);
  });

  it('refuses unknown, rotated, turned-off and malformed codes identically', async () => {
    const rotated = await newLink(admin);
    const rotatedAway = rotated.code;
    expect((await gql(ROTATE, { t: admin.tenantUuid, id: rotated.id }, admin)).errors).toBeUndefined();
    const disabled = await newLink(admin);
    expect((await gql(UPDATE, { t: admin.tenantUuid, id: disabled.id, s: 0 }, admin)).errors).toBeUndefined();
    const who = await newcomer();
    const codes = ['AAAAAAAAAAAAAAAAAAAAAA', rotatedAway, disabled.code, 'short', '', "'; drop table join_links; --"];
    const looks = await Promise.all(codes.map(async (c) => (await look(c)).body));
    const joins = await Promise.all(codes.map(async (c) => (await join(who.token, { company: c, firstname: 'A', lastname: 'B' })).body));
    const lookStatus = (await look(codes[0])).statusCode;
    expect(lookStatus).toBe(404);
    expect(new Set(looks)).toEqual(
      new Set([
        JSON.stringify({
          statusCode: 404,
          error: 'NOT_FOUND',
          message: JOIN_MESSAGES.invalidLink,
          message_key: 'join.invalidLink',
          message_values: {},
        }),
      ]),
    );
    expect(new Set(joins)).toEqual(new Set([looks[0]]));
    expect(await pendingRows(admin.tenantUuid, who.identity)).toEqual([]);
    // Turned back on, the same code works again; the rotated one never does.
    expect((await gql(UPDATE, { t: admin.tenantUuid, id: disabled.id, s: 1 }, admin)).errors).toBeUndefined();
    expect((await look(disabled.code)).statusCode).toBe(200);
    expect((await look(rotatedAway)).statusCode).toBe(404);
  });

  it('checks the name they give', async () => {
    const link = await newLink(admin);
    const who = await newcomer();
    const res = await join(who.token, { company: link.code, firstname: ' ', lastname: 'B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('firstname: This field is required');
  });

  it('is rate-limited per address, per link and per account', async () => {
    const link = await newLink(admin);
    const ip = anIp();
    let last = 0;
    for (let i = 0; i <= JOIN_LIMITS.joinPerAddress.max; i++) {
      const who = await newcomer();
      last = (await join(who.token, { company: 'AAAAAAAAAAAAAAAAAAAAAB', firstname: 'A', lastname: 'B' }, ip)).statusCode;
    }
    expect(last).toBe(429);
    // Another address still gets in.
    const fresh = await newcomer();
    expect((await join(fresh.token, { company: link.code, firstname: 'A', lastname: 'B' })).statusCode).toBe(200);

    const busy = await newLink(admin);
    const statuses: number[] = [];
    for (let i = 0; i <= JOIN_LIMITS.joinPerLink.max; i++) {
      const who = await newcomer();
      statuses.push((await join(who.token, { company: busy.code, firstname: 'A', lastname: 'B' })).statusCode);
    }
    expect(statuses.slice(0, JOIN_LIMITS.joinPerLink.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const one = await newcomer();
    const mine: number[] = [];
    for (let i = 0; i <= JOIN_LIMITS.joinPerAccount.max; i++) {
      mine.push((await join(one.token, { company: link.code, firstname: 'A', lastname: 'B' })).statusCode);
    }
    expect(mine.at(-1)).toBe(429);
  }, 120_000);
});

describe('a pending member', () => {
  it('reaches nothing in the company: every operation answers as for someone who never joined', async () => {
    const tenant = admin.tenantUuid;
    const link = await newLink(admin);
    const pending = await newcomer();
    expect((await join(pending.token, { company: link.code, firstname: 'P', lastname: 'Ending' })).json().status).toBe('pending');
    // Tenant selection refuses them, and their claims do not list the company.
    const chosen = await identity('SelectTenant', pending.token, { tenant_uuid: tenant });
    expect(chosen.status).toBe(403);
    const me = await identity('GetUser', pending.token);
    expect(me.body['custom:tenants']).toEqual([]);

    // Even a session forced to name the company (as if selection had been skipped) gets nothing from the gate.
    const forced = await createSession(t.database.db, pending.identity, tenant);
    const stranger = randomUUID();
    const strangerToken = await createSession(t.database.db, stranger, tenant);
    const before = await companySnapshot(t.database.db, tenant);
    const schema = getSchema();
    const failures: string[] = [];
    const fields = tenantFields(schema);
    expect(fields.map((f) => f.field.name)).toEqual(expect.arrayContaining(['listJoinRequests', 'approveJoinRequest']));
    for (const swept of fields) {
      const vars = variablesFor(swept.field, { tenantUuid: tenant, id: admin.employeeId, text: 'sweep' });
      const asPending = await call(t, swept, vars, forced);
      const asStranger = await call(t, swept, vars, strangerToken);
      const leaked = asPending.data && (asPending.data as Record<string, unknown>)[swept.field.name] != null;
      const refused = asPending.codes.includes('NOT_FOUND');
      if (leaked || !refused || asPending.status !== asStranger.status || asPending.codes.join() !== asStranger.codes.join()) {
        failures.push(`${swept.field.name}: ${asPending.status} ${asPending.body.slice(0, 200)} vs ${asStranger.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // The sweep changed nothing but the limits it counted; the pending row is still there.
    expect(await companySnapshot(t.database.db, tenant)).toBe(before);
    expect(await pendingRows(tenant, pending.identity)).toHaveLength(1);
    // The poster is not theirs either.
    const poster = await t.app.inject({
      method: 'GET',
      url: `${JOIN_POSTER_ENDPOINT}?id=${link.id}`,
      headers: { authorization: `Bearer ${forced}` },
    });
    expect(poster.statusCode).toBe(404);
  }, 180_000);
});

describe('approval', () => {
  it('is for people admins only; it makes the member, in the link’s groups, and tells them', async () => {
    const tenant = admin.tenantUuid;
    const link = await newLink(admin, { g: [crewGroup] });
    const who = await newcomer();
    await join(who.token, { company: link.code, firstname: 'Luis', lastname: 'Ortega' });
    const [request] = await pendingRows(tenant, who.identity);

    expect(await errorCode(APPROVE, { t: tenant, id: request.id })).toBe('UNAUTHENTICATED');
    expect(await errorCode(APPROVE, { t: tenant, id: request.id }, peopleBasic)).toBe('FORBIDDEN');
    expect(await errorCode(APPROVE, { t: tenant, id: request.id }, foreign)).toBe('NOT_FOUND');
    expect(await errorCode(APPROVE, { t: foreign.tenantUuid, id: request.id }, foreign)).toBe('NOT_FOUND');
    expect(await pendingRows(tenant, who.identity)).toHaveLength(1);

    const res = await gql(APPROVE, { t: tenant, id: request.id }, peopleAdmin);
    expect(res.errors).toBeUndefined();
    const person = res.data?.approveJoinRequest;
    expect(person).toMatchObject({
      firstname: 'Luis',
      lastname: 'Ortega',
      email: who.email,
      cognito_uuid: who.identity,
      cognito_status: 'CONFIRMED',
      status: 1,
    });
    expect(await pendingRows(tenant, who.identity)).toEqual([]);
    const groups = await withTenant(t.database.db, tenant, (tx) =>
      tx
        .select({ g: usergroupUsers.usergroups_id })
        .from(usergroupUsers)
        .where(and(eq(usergroupUsers.tenant_uuid, tenant), eq(usergroupUsers.employees_id, person.id))),
    );
    expect(groups).toEqual([{ g: crewGroup }]);
    const [mail] = await outbox(who.email);
    expect(mail.subject).toContain('Alpha Builders');
    expect(mail.text).toContain('http://localhost:3000/select-tenant');
    expect(mail.text).toContain('Te aprobaron');

    // They now select the company and hold the group's permissions.
    const chosen = await identity('SelectTenant', who.token, { tenant_uuid: tenant });
    expect(chosen.status).toBe(200);
    expect(chosen.body['cognito:groups']).toEqual(['basic_access', 'receipts_basic']);
    // Approving twice finds nobody waiting.
    expect(await errorCode(APPROVE, { t: tenant, id: request.id }, peopleAdmin)).toBe('NOT_FOUND');
  });

  it('texts someone who signed up with a phone number', async () => {
    const tenant = admin.tenantUuid;
    const link = await newLink(admin);
    const who = await newcomer();
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const { user } = await import('../../identity/auth.table.js');
    await t.database.db
      .update(user)
      .set({ email: `${phone.slice(1)}@phone.groundwork.invalid`, phoneNumber: phone })
      .where(eq(user.id, who.identity));
    await join(who.token, { company: link.code, firstname: 'Tel', lastname: 'Efono' });
    const [request] = await pendingRows(tenant, who.identity);
    expect(request.username).toBe(phone);
    const res = await gql(APPROVE, { t: tenant, id: request.id }, admin);
    expect(res.data?.approveJoinRequest.email).toBeNull();
    const [text] = await outbox(phone);
    expect(text.text).toContain('Alpha Builders');
  });

  it('declining removes the pending row and gives no access', async () => {
    const tenant = admin.tenantUuid;
    const link = await newLink(admin);
    const who = await newcomer();
    await join(who.token, { company: link.code, firstname: 'No', lastname: 'Thanks' });
    const [request] = await pendingRows(tenant, who.identity);
    expect(await errorCode(DECLINE, { t: tenant, id: request.id }, peopleBasic)).toBe('FORBIDDEN');
    expect(await errorCode(DECLINE, { t: tenant, id: request.id }, foreign)).toBe('NOT_FOUND');
    expect((await gql(DECLINE, { t: tenant, id: request.id }, peopleAdmin)).data?.declineJoinRequest).toBe(true);
    expect(await pendingRows(tenant, who.identity)).toEqual([]);
    expect((await identity('SelectTenant', who.token, { tenant_uuid: tenant })).status).toBe(403);
  });

  it('a link without approval makes joiners members at once, with its groups', async () => {
    const tenant = admin.tenantUuid;
    const link = await newLink(admin, { a: true, g: [crewGroup] });
    const who = await newcomer();
    const res = await join(who.token, { company: link.code, firstname: 'Quick', lastname: 'Start' });
    expect(res.json()).toEqual({ status: 'approved', company: 'Alpha Builders' });
    expect(await pendingRows(tenant, who.identity)).toEqual([]);
    const chosen = await identity('SelectTenant', who.token, { tenant_uuid: tenant });
    expect(chosen.body['cognito:groups']).toEqual(['basic_access', 'receipts_basic']);
    // A member asking again is told so, and nothing is added.
    expect((await join(who.token, { company: link.code, firstname: 'Quick', lastname: 'Start' })).json().status).toBe('member');
  });
});

describe('the QR poster', () => {
  it('holds the link and the company, in English and Spanish, for people admins only', async () => {
    const link = await newLink(admin);
    const get = (token: string | undefined, lang = 'en', id = link.id) =>
      t.app.inject({
        method: 'GET',
        url: `${JOIN_POSTER_ENDPOINT}?id=${id}&lang=${lang}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const en = await get(peopleAdmin.token);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toBe('attachment; filename="join-poster-en.pdf"');
    const text = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
    const english = await text(en.rawPayload);
    expect(english).toContain('Alpha Builders');
    expect(english).toContain('Join our crew');
    expect(english).toContain(link.url);
    const spanish = await text((await get(admin.token, 'es')).rawPayload);
    expect(spanish).toContain('Únete a nuestro equipo');
    expect(spanish).toContain(link.url);

    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(peopleBasic.token)).statusCode).toBe(403);
    expect((await get(foreign.token)).statusCode).toBe(404);
    expect((await get(admin.token, 'en', 999_999)).statusCode).toBe(404);
  });
});
