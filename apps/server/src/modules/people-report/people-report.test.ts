import { MODULES } from '@groundwork/core/permissions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { session, user } from '../../identity/auth.table.js';
import { createMember, createSession, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { departmentMembers, divisionMembers } from '../announcements/announcements.table.js';
import { departments } from '../departments/departments.table.js';
import { divisions } from '../divisions/divisions.table.js';
import { employees } from '../employees/employees.table.js';
import { tenantsModules } from '../modules/modules.table.js';

const t = useTestApp();

const COUNT = 'key label count';
const PAGE = 'items { id name email phone missing has_account last_seen } total next_offset';
const REPORT = `query($t: ID!, $today: String, $limit: Int, $mo: Int, $io: Int) {
  peopleReport(tenant_uuid: $t, today: $today, limit: $limit, missing_offset: $mo, inactive_offset: $io) {
    today total active inactive_days
    by_status { ${COUNT} } by_trade { ${COUNT} } by_department { ${COUNT} } by_division { ${COUNT} } by_tenure { ${COUNT} }
    missing_contact { ${PAGE} } inactive { ${PAGE} } } }`;
const TODAY = '2026-06-15';
const DAY = 86_400_000;

let admin: TestMember;
let peopleAdmin: TestMember;
let foreign: TestMember;
let tenant: string;
const id: Record<string, number> = {};

const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

/** A sign-in account for a person, with its latest session used `daysAgo` days ago (null: no session at all). */
async function account(person: number, daysAgo: number | null) {
  const identity = `report-${person}-${tenant.slice(0, 8)}`;
  const now = new Date();
  if (daysAgo == null) {
    await t.database.db.insert(user).values({ id: identity, name: '', email: `${identity}@test.example`, createdAt: now, updatedAt: now });
  } else {
    await createSession(t.database.db, identity, tenant);
    const at = new Date(now.getTime() - daysAgo * DAY);
    await t.database.db.update(session).set({ createdAt: at, updatedAt: at }).where(eq(session.userId, identity));
  }
  await withTenant(t.database.db, tenant, (tx) =>
    tx
      .update(employees)
      .set({ cognito_uuid: identity, cognito_status: 'CONFIRMED' })
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, person))),
  );
}

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db, 'Report Builders');
  admin = await createMember(db, tenant, { isAdmin: true, firstname: 'Ada' });
  peopleAdmin = await createMember(db, tenant, { permissions: ['people_admin'] });
  foreign = await createMember(db, await createTenant(db, 'Other Builders'), { isAdmin: true, firstname: 'Zed' });
  await withTenant(db, tenant, async (tx) => {
    const people = await tx
      .insert(employees)
      .values([
        // Hired a day short of a year ago: under 1 year.
        {
          tenant_uuid: tenant,
          firstname: 'Ana',
          lastname: 'Lopez',
          email: 'ana@x.test',
          cellphone: '5551',
          hiredate: '2025-06-16',
          trades: '["Carpenter"]',
        },
        // Exactly two years: 1 to 3.
        {
          tenant_uuid: tenant,
          firstname: 'Ben',
          lastname: 'Ortiz',
          email: 'ben@x.test',
          hiredate: '2024-06-15',
          trades: '["Carpenter","Electrician"]',
        },
        // A day short of four years: 3 to 5; trades that are not JSON count as none.
        { tenant_uuid: tenant, firstname: 'Cy', lastname: 'Young', cellphone: '5553', hiredate: '2022-06-16', trades: 'Welder' },
        {
          tenant_uuid: tenant,
          firstname: 'Dee',
          lastname: 'Park',
          email: 'dee@x.test',
          cellphone: '5554',
          hiredate: '2016-01-01',
          trades: '["Electrician"]',
        },
        { tenant_uuid: tenant, firstname: 'Old', lastname: 'Timer', status: 0, hiredate: '2000-01-01', trades: '["Carpenter"]' },
      ])
      .returning({ id: employees.id, firstname: employees.firstname });
    for (const p of people) id[p.firstname as string] = p.id;
    const [field, office] = await tx
      .insert(departments)
      .values([
        { tenant_uuid: tenant, department: 'Field' },
        { tenant_uuid: tenant, department: 'Office' },
      ])
      .returning({ id: departments.id });
    const [north] = await tx.insert(divisions).values({ tenant_uuid: tenant, division: 'North' }).returning({ id: divisions.id });
    id.field = field.id;
    id.office = office.id;
    id.north = north.id;
    await tx.insert(departmentMembers).values([
      { tenant_uuid: tenant, departments_id: field.id, employees_id: id.Ana },
      { tenant_uuid: tenant, departments_id: field.id, employees_id: id.Ben },
      // Archived: not counted.
      { tenant_uuid: tenant, departments_id: field.id, employees_id: id.Old },
      { tenant_uuid: tenant, departments_id: office.id, employees_id: admin.employeeId },
    ]);
    await tx.insert(divisionMembers).values({ tenant_uuid: tenant, divisions_id: north.id, employees_id: id.Cy });
  });
  await account(id.Ben, 40);
  await account(id.Cy, 10);
  await account(id.Dee, null);
});

describe('peopleReport', () => {
  it('counts the hand-built company by status, trade, department, division and tenure', async () => {
    const res = await t.gql(REPORT, { t: tenant, today: TODAY }, admin.token);
    expect(res.errors).toBeUndefined();
    const r = res.data?.peopleReport;
    // Active: Ada (admin), Test (people admin), Ana, Ben, Cy, Dee; archived: Old.
    expect(r).toMatchObject({ today: TODAY, total: 7, active: 6, inactive_days: 30 });
    expect(r.by_status).toEqual([
      { key: '1', label: 'active', count: 6 },
      { key: '0', label: 'archived', count: 1 },
    ]);
    expect(r.by_trade).toEqual([
      { key: 'Carpenter', label: 'Carpenter', count: 2 },
      { key: 'Electrician', label: 'Electrician', count: 2 },
      { key: '', label: '', count: 3 },
    ]);
    expect(r.by_department).toEqual([
      { key: String(id.field), label: 'Field', count: 2 },
      { key: String(id.office), label: 'Office', count: 1 },
      { key: '', label: '', count: 3 },
    ]);
    expect(r.by_division).toEqual([
      { key: String(id.north), label: 'North', count: 1 },
      { key: '', label: '', count: 5 },
    ]);
    expect(r.by_tenure.map((c: { key: string; count: number }) => [c.key, c.count])).toEqual([
      ['lt1', 1],
      ['1to3', 1],
      ['3to5', 1],
      ['5plus', 1],
      ['unknown', 2],
    ]);
  });

  it('lists active people missing an e-mail or a phone, by name, a page at a time', async () => {
    const first = (await t.gql(REPORT, { t: tenant, today: TODAY, limit: 2 }, admin.token)).data?.peopleReport.missing_contact;
    expect(first.total).toBe(4);
    expect(first.items.map((p: { name: string; missing: string[] }) => [p.name, p.missing])).toEqual([
      ['Ada Member', ['email', 'phone']],
      ['Ben Ortiz', ['phone']],
    ]);
    expect(first.next_offset).toBe(2);
    const second = (await t.gql(REPORT, { t: tenant, limit: 2, mo: 2 }, admin.token)).data?.peopleReport.missing_contact;
    expect(second.items.map((p: { name: string }) => p.name)).toEqual(['Cy Young', 'Test Member']);
    expect(second.next_offset).toBeNull();
  });

  it('lists active people not signed in for 30 days: no account, no session, then the oldest session', async () => {
    const r = (await t.gql(REPORT, { t: tenant }, admin.token)).data?.peopleReport.inactive;
    expect(r.total).toBe(3);
    expect(r.items.map((p: { id: number; has_account: boolean }) => [p.id, p.has_account])).toEqual([
      [id.Ana, false],
      [id.Dee, true],
      [id.Ben, true],
    ]);
    expect(r.items[1].last_seen).toBeNull();
    const seen = Date.parse(r.items[2].last_seen);
    expect(Math.round((Date.now() - seen) / DAY)).toBe(40);
  });

  it('is for admin_access only', async () => {
    expect(code(await t.gql(REPORT, { t: tenant }, peopleAdmin.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(REPORT, { t: tenant }))).toBe('UNAUTHENTICATED');
  });

  it("shows another company nothing of this one, and this one's admin nothing of another", async () => {
    expect(code(await t.gql(REPORT, { t: tenant }, foreign.token))).toBe('NOT_FOUND');
    const other = (await t.gql(REPORT, { t: foreign.tenantUuid }, foreign.token)).data?.peopleReport;
    expect(other).toMatchObject({ total: 1, active: 1 });
    expect(JSON.stringify(other)).not.toMatch(/Ana|Ben|Cy|Dee|Field|North|Carpenter/);
    expect(code(await t.gql(REPORT, { t: foreign.tenantUuid }, admin.token))).toBe('NOT_FOUND');
  });

  it('refuses bad arguments with clear words', async () => {
    const bad = async (vars: Record<string, unknown>) => (await t.gql(REPORT, { t: tenant, ...vars }, admin.token)).errors?.[0];
    expect(await bad({ limit: 0 })).toMatchObject({ message: 'limit: Must be at least 1.', extensions: { code: 'VALIDATION' } });
    expect(await bad({ limit: 201 })).toMatchObject({ message: 'limit: Must be at most 200.' });
    expect(await bad({ mo: -1 })).toMatchObject({ message: 'missing_offset: Must not be negative.' });
    expect(await bad({ today: '15/06/2026' })).toMatchObject({ message: 'today: Enter a valid date (YYYY-MM-DD).' });
  });

  it('is refused while the company has reports switched off', async () => {
    const company = await createTenant(t.database.db);
    const boss = await createMember(t.database.db, company, { isAdmin: true });
    await withTenant(t.database.db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.reports, status: 0 }),
    );
    expect(code(await t.gql(REPORT, { t: company }, boss.token))).toBe('FORBIDDEN');
  });
});
