import { MODULES } from '@groundwork/core/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { readOutbox } from '../../platform/outbox.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { describeModelContract } from '../../testing/model-contract.js';
import { closeAll, subscribe } from '../../testing/sse.js';
import { errorCode as code, okData as ok, useTestApp } from '../../testing/test-app.js';
import { departments } from '../departments/departments.table.js';
import { divisions } from '../divisions/divisions.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { seedDemoAnnouncements } from './announcements.seed.js';
import { departmentMembers } from './announcements.table.js';

const t = useTestApp();

describeModelContract(t, {
  name: 'Announcements',
  fields: 'id title start_date exp_date status is_default on_app',
  admin: 'announcements_admin',
  readOnly: 'announcements_basic',
  none: 'people_basic',
  valid: { title: 'Site closed Friday', start_date: '2026-03-02', exp_date: '2026-03-09' },
  invalid: { title: 'Backwards', start_date: '2026-03-09', exp_date: '2026-03-02' },
  change: { title: 'Site closed Monday', status: 0 },
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const TODAY = day(0);

const FIELDS =
  'id title body start_date exp_date is_default on_app requires_ack audience audience_ids seen_on acked_on stats { audience seen acknowledged }';
const SAVE = `mutation($t: ID!, $a: AnnouncementInput!) { saveAnnouncement(tenant_uuid: $t, announcement: $a) { ${FIELDS} } }`;
const CURRENT = `query($t: ID!, $d: String) { currentAnnouncements(tenant_uuid: $t, today: $d) { ${FIELDS} } }`;
const SEARCH = `query($t: ID!) { searchAnnouncements(tenant_uuid: $t) { items { id title stats { audience seen acknowledged } } nextToken } }`;
const READERS = `query($t: ID!, $id: Int!) { announcementReaders(tenant_uuid: $t, id: $id) { audience seen acknowledged people { employees_id name seen_on acked_on } } }`;
const ACK = `mutation($t: ID!, $id: Int!) { acknowledgeAnnouncement(tenant_uuid: $t, id: $id) { id acked_on } }`;
const SEEN = `mutation($t: ID!, $ids: [Int!]!) { markAnnouncementsSeen(tenant_uuid: $t, ids: $ids) }`;
const INBOX = `query($t: ID!, $limit: Int, $next: String) { listMyNotifications(tenant_uuid: $t, limit: $limit, nextToken: $next) { items { id kind title link ref_id count read_at } nextToken unread } }`;
const UNREAD = `query($t: ID!) { myUnreadNotifications(tenant_uuid: $t) }`;
const MARK = `mutation($t: ID!, $ids: [Int!], $all: Boolean) { markNotificationsRead(tenant_uuid: $t, ids: $ids, all: $all) }`;

let tenant: string;
let admin: TestMember;
let crew: TestMember; // in the Field department
let office: TestMember; // in Accounting
let foreman: TestMember; // foreman of the job, in no department
let stranger: TestMember;
let field: number;
let accounting: number;
let job: number;

const base = (over: Record<string, unknown> = {}) => ({
  title: 'Toolbox talk',
  body: '<p>Bring <strong>gloves</strong></p>',
  start_date: TODAY,
  exp_date: day(7),
  audience: 'everyone',
  audience_ids: [],
  is_default: false,
  on_app: true,
  requires_ack: false,
  ...over,
});
const save = async (over: Record<string, unknown> = {}, who = admin) =>
  ok(await t.gql(SAVE, { t: tenant, a: base(over) }, who.token)).saveAnnouncement;
const current = async (who: TestMember) =>
  ok(await t.gql(CURRENT, { t: tenant, d: TODAY }, who.token)).currentAnnouncements as { id: number; title: string }[];
const titles = async (who: TestMember) => (await current(who)).map((a) => a.title);
const inbox = async (who: TestMember) =>
  ok(await t.gql(INBOX, { t: who.tenantUuid }, who.token)).listMyNotifications as {
    items: { id: number; kind: string; title: string; link: string; ref_id: number | null; count: number; read_at: string | null }[];
    unread: number;
  };
/** Ages every notification so the next one of a kind is not batched with them. */
const ageInboxes = () =>
  withTenant(t.database.db, tenant, (tx) => tx.update(notifications).set({ updated_on: sql`now() - interval '2 minutes'` }));

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db);
  admin = await createMember(db, tenant, { permissions: ['announcements_admin'], firstname: 'Maria' });
  crew = await createMember(db, tenant, { permissions: ['announcements_basic'], firstname: 'Ben' });
  office = await createMember(db, tenant, { permissions: ['announcements_basic'], firstname: 'Olga' });
  foreman = await createMember(db, tenant, { permissions: ['announcements_basic'], firstname: 'Luis' });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  await withTenant(db, tenant, async (tx) => {
    [field, accounting] = (
      await tx
        .insert(departments)
        .values([
          { tenant_uuid: tenant, department: 'Field' },
          { tenant_uuid: tenant, department: 'Accounting' },
        ])
        .returning({ id: departments.id })
    ).map((d) => d.id);
    await tx.insert(departmentMembers).values([
      { tenant_uuid: tenant, departments_id: field, employees_id: crew.employeeId },
      { tenant_uuid: tenant, departments_id: accounting, employees_id: office.employeeId },
    ]);
    [{ id: job }] = await tx.insert(jobs).values({ tenant_uuid: tenant, job: 'Main Street' }).returning({ id: jobs.id });
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: job, employees_id: foreman.employeeId });
  });
});

afterAll(() => closeAll());

describe('announcements: windows and audiences', () => {
  it('shows an announcement only from its start date through its expiry date', async () => {
    await save({ title: 'Yesterday only', start_date: day(-1), exp_date: day(-1) });
    await save({ title: 'Next week', start_date: day(7), exp_date: day(9) });
    await save({ title: 'Today only', start_date: TODAY, exp_date: TODAY });
    await save({ title: 'Not in the app', on_app: false });
    const seen = await titles(crew);
    expect(seen).toContain('Today only');
    expect(seen).not.toContain('Yesterday only');
    expect(seen).not.toContain('Next week');
    expect(seen).not.toContain('Not in the app');
    // The window is the caller's local day: tomorrow, 'Today only' is gone.
    const tomorrow = ok(await t.gql(CURRENT, { t: tenant, d: day(1) }, crew.token)).currentAnnouncements as { title: string }[];
    expect(tomorrow.map((a) => a.title)).not.toContain('Today only');
  });

  it('reaches only the departments and jobs it is addressed to', async () => {
    await save({ title: 'For the field', audience: 'departments', audience_ids: [field] });
    await save({ title: 'For Main Street', audience: 'jobs', audience_ids: [job] });
    expect(await titles(crew)).toContain('For the field');
    expect(await titles(office)).not.toContain('For the field');
    expect(await titles(foreman)).not.toContain('For the field');
    expect(await titles(foreman)).toContain('For Main Street');
    expect(await titles(crew)).not.toContain('For Main Street');
  });

  it('sanitises the body and keeps one pinned announcement', async () => {
    const a = await save({
      title: 'Pinned A',
      is_default: true,
      body: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:x">y</a>',
    });
    expect(a.body).toBe('<p>Hi</p><a rel="noopener noreferrer nofollow" target="_blank">y</a>');
    await save({ title: 'Pinned B', is_default: true });
    const list = await current(crew);
    expect(list[0].title).toBe('Pinned B');
    expect((list as unknown as { title: string; is_default: boolean }[]).filter((x) => x.is_default).map((x) => x.title)).toEqual([
      'Pinned B',
    ]);
  });

  it('refuses invalid input, readers writing, and people outside the audience acknowledging', async () => {
    expect(code(await t.gql(SAVE, { t: tenant, a: base({ exp_date: day(-3) }) }, admin.token))).toBe('VALIDATION');
    expect(code(await t.gql(SAVE, { t: tenant, a: base({ audience: 'departments', audience_ids: [] }) }, admin.token))).toBe('VALIDATION');
    expect(code(await t.gql(SAVE, { t: tenant, a: base({ title: ' ' }) }, admin.token))).toBe('VALIDATION');
    expect(code(await t.gql(SAVE, { t: tenant, a: base() }, crew.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SAVE, { t: tenant, a: base() }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(SEARCH, { t: tenant }, crew.token))).toBe('FORBIDDEN');
    const onlyField = await save({ title: 'Field only ack', audience: 'departments', audience_ids: [field], requires_ack: true });
    expect(code(await t.gql(ACK, { t: tenant, id: onlyField.id }, office.token))).toBe('NOT_FOUND');
  });
});

describe('announcements: acknowledgements', () => {
  it('counts who has seen and acknowledged, among the audience', async () => {
    const a = await save({
      title: 'Sign the new PPE policy',
      requires_ack: true,
      audience: 'departments',
      audience_ids: [field, accounting],
    });
    expect(a.stats).toEqual({ audience: 2, seen: 0, acknowledged: 0 });
    ok(await t.gql(SEEN, { t: tenant, ids: [a.id] }, office.token));
    const acked = ok(await t.gql(ACK, { t: tenant, id: a.id }, crew.token)).acknowledgeAnnouncement;
    expect(acked.acked_on).toBeTruthy();
    // Acknowledging again keeps the first time.
    const again = ok(await t.gql(ACK, { t: tenant, id: a.id }, crew.token)).acknowledgeAnnouncement;
    expect(again.acked_on).toBe(acked.acked_on);
    const listed = ok(await t.gql(SEARCH, { t: tenant }, admin.token)).searchAnnouncements.items.find((x: { id: number }) => x.id === a.id);
    expect(listed.stats).toEqual({ audience: 2, seen: 2, acknowledged: 1 });
    const readers = ok(await t.gql(READERS, { t: tenant, id: a.id }, admin.token)).announcementReaders;
    expect(readers).toMatchObject({ audience: 2, seen: 2, acknowledged: 1 });
    const ben = readers.people.find((p: { employees_id: number }) => p.employees_id === crew.employeeId);
    const olga = readers.people.find((p: { employees_id: number }) => p.employees_id === office.employeeId);
    expect(ben.acked_on).toBeTruthy();
    expect(olga).toMatchObject({ acked_on: null });
    expect(olga.seen_on).toBeTruthy();
    const mine = (await current(crew)).find((x) => x.id === a.id) as unknown as { acked_on: string; stats: unknown };
    expect(mine.acked_on).toBeTruthy();
    expect(mine.stats).toBeNull();
  });
});

describe('announcements: other company and module off', () => {
  it('answers another company as if nothing were there', async () => {
    const a = await save({ title: 'Ours' });
    expect(code(await t.gql(CURRENT, { t: tenant }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(ACK, { t: tenant, id: a.id }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(READERS, { t: tenant, id: a.id }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(READERS, { t: stranger.tenantUuid, id: a.id }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(ACK, { t: stranger.tenantUuid, id: a.id }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(INBOX, { t: tenant }, stranger.token))).toBe('NOT_FOUND');
  });

  it('refuses every announcement operation when the company has switched the module off', async () => {
    const db = t.database.db;
    const company = await createTenant(db);
    const boss = await createMember(db, company, { isAdmin: true });
    await withTenant(db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.announcements, status: 0 }),
    );
    expect(code(await t.gql(CURRENT, { t: company }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SAVE, { t: company, a: base() }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(ACK, { t: company, id: 1 }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SEARCH, { t: company }, boss.token))).toBe('FORBIDDEN');
  });
});

describe('notifications', () => {
  it("a new announcement reaches its audience's inboxes, never another audience's or another company's", async () => {
    await ageInboxes();
    const before = { office: (await inbox(office)).unread, stranger: (await inbox(stranger)).unread };
    const a = await save({ title: 'Crane lift at 7', audience: 'departments', audience_ids: [field] });
    const mine = await inbox(crew);
    expect(mine.items[0]).toMatchObject({ kind: 'announcement', title: 'Crane lift at 7', ref_id: a.id, count: 1, read_at: null });
    expect(mine.items[0].link).toBe(`/modules/announcements?id=${a.id}`);
    expect((await inbox(office)).unread).toBe(before.office);
    expect((await inbox(stranger)).unread).toBe(before.stranger);
    expect((await inbox(admin)).items.map((n) => n.title)).not.toContain('Crane lift at 7');
  });

  it('batches several events of one kind within a minute into one notification', async () => {
    await ageInboxes();
    const start = await inbox(crew);
    await save({ title: 'First', audience: 'departments', audience_ids: [field] });
    await save({ title: 'Second', audience: 'departments', audience_ids: [field] });
    await save({ title: 'Third', audience: 'departments', audience_ids: [field] });
    const after = await inbox(crew);
    expect(after.items.length - start.items.length).toBe(1);
    expect(after.items[0]).toMatchObject({ title: 'Third', count: 3, link: '/modules/announcements' });
    await ageInboxes();
    await save({ title: 'Later', audience: 'departments', audience_ids: [field] });
    const later = await inbox(crew);
    expect(later.items[0]).toMatchObject({ title: 'Later', count: 1 });
    expect(later.items.length - start.items.length).toBe(2);
  });

  it("marks one, or all, of the person's own notifications read, and only theirs", async () => {
    await ageInboxes();
    await save({ title: 'Everyone 1' });
    const crewInbox = await inbox(crew);
    const officeInbox = await inbox(office);
    expect(crewInbox.unread).toBeGreaterThan(0);
    // Another person's id changes nothing of theirs.
    const officeId = officeInbox.items[0].id;
    ok(await t.gql(MARK, { t: tenant, ids: [officeId] }, crew.token));
    expect((await inbox(office)).items[0].read_at).toBeNull();
    const left = ok(await t.gql(MARK, { t: tenant, ids: [crewInbox.items[0].id] }, crew.token)).markNotificationsRead;
    expect(left).toBe(crewInbox.unread - 1);
    expect(ok(await t.gql(MARK, { t: tenant, all: true }, crew.token)).markNotificationsRead).toBe(0);
    expect(ok(await t.gql(UNREAD, { t: tenant }, crew.token)).myUnreadNotifications).toBe(0);
    expect((await inbox(office)).unread).toBe(officeInbox.unread);
    expect(code(await t.gql(MARK, { t: tenant }, crew.token))).toBe('VALIDATION');
    expect(code(await t.gql(UNREAD, { t: tenant }))).toBe('UNAUTHENTICATED');
  });

  it('pages the inbox newest first', async () => {
    const first = ok(await t.gql(INBOX, { t: tenant, limit: 2 }, crew.token)).listMyNotifications;
    expect(first.items).toHaveLength(2);
    const second = ok(await t.gql(INBOX, { t: tenant, limit: 2, next: first.nextToken }, crew.token)).listMyNotifications;
    expect(second.items[0].id).toBeLessThan(first.items[1].id);
    expect(code(await t.gql(INBOX, { t: tenant, limit: 1000 }, crew.token))).toBe('VALIDATION');
  });

  it('publishes a new notification live to its person only', async () => {
    await ageInboxes();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    const ON = 'subscription($t: ID!) { onMyNotification(tenant_uuid: $t) { id kind title } }';
    const mine = await subscribe(base, ON, { t: tenant }, crew.token);
    const theirs = await subscribe(base, ON, { t: tenant }, office.token);
    expect(mine.status).toBe(200);
    await save({ title: 'Live one', audience: 'departments', audience_ids: [field] });
    const event = await mine.next();
    expect(event.data.onMyNotification).toMatchObject({ kind: 'announcement', title: 'Live one' });
    // The office's stream gets nothing of it: its next event is the one addressed to the office.
    await save({ title: 'For accounting', audience: 'departments', audience_ids: [accounting] });
    expect((await theirs.next()).data.onMyNotification.title).toBe('For accounting');
  });
});

describe('announcements: e-mail only', () => {
  it('sends an announcement not shown in the app to its audience by e-mail, and puts nothing in their inboxes', async () => {
    await withTenant(t.database.db, tenant, (tx) =>
      tx
        .update(employees)
        .set({ email: sql`'person' || ${employees.id} || '@example.test'` })
        .where(eq(employees.tenant_uuid, tenant)),
    );
    await ageInboxes();
    const before = (await inbox(crew)).items.length;
    await save({
      title: 'Insurance forms',
      body: '<p>Fill in the <strong>forms</strong>.</p>',
      on_app: false,
      audience: 'departments',
      audience_ids: [field],
    });
    const mail = await readOutbox(t.database.db, `person${crew.employeeId}@example.test`);
    expect(mail[0]).toMatchObject({ subject: 'Insurance forms', text: 'Fill in the forms.' });
    expect(await readOutbox(t.database.db, `person${office.employeeId}@example.test`)).toEqual([]);
    expect((await inbox(crew)).items.length).toBe(before);
  });
});

describe('demo data', () => {
  it('seeds announcements, departments, a week of notifications and a month of check-ins', async () => {
    const db = t.database.db;
    const company = await createTenant(db);
    const people: TestMember[] = [];
    for (let i = 0; i < 14; i++) people.push(await createMember(db, company, { permissions: ['announcements_basic'] }));
    await withTenant(db, company, async (tx) => {
      await tx
        .insert(departments)
        .values(['Field Operations', 'Estimating', 'Accounting', 'Safety'].map((department) => ({ tenant_uuid: company, department })));
      await tx.insert(divisions).values(['Commercial', 'Residential', 'Civil'].map((division) => ({ tenant_uuid: company, division })));
      await seedDemoAnnouncements(
        tx,
        company,
        people.map((p) => p.employeeId),
        TODAY,
      );
    });
    const worker = people[6];
    const shown = (
      ok(await t.gql(CURRENT, { t: company, d: TODAY }, worker.token)).currentAnnouncements as { title: string; is_default: boolean }[]
    ).map((a) => a.title);
    expect(shown).toEqual(['Welcome to Groundwork', 'Crane lift on Main Street Thursday at 7', 'New PPE policy: sign by Friday']);
    const office = (ok(await t.gql(CURRENT, { t: company, d: TODAY }, people[2].token)).currentAnnouncements as { title: string }[]).map(
      (a) => a.title,
    );
    expect(office).not.toContain('New PPE policy: sign by Friday');
    expect((await inbox(worker)).items.length).toBeGreaterThanOrEqual(6);
  });
});
