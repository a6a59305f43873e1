import { randomUUID } from 'node:crypto';
import { isoDay } from '@groundwork/core/pay-periods';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../identity/auth.js';
import { account, user } from '../identity/auth.table.js';
import { seedDemoAccounting } from '../modules/accounting/accounting.seed.js';
import { seedDemoAnnouncements } from '../modules/announcements/announcements.seed.js';
import { seedDemoBilling } from '../modules/billing/billing.seed.js';
import { seedDemoChat } from '../modules/chatbot/chatbot.seed.js';
import { costcodes } from '../modules/costcodes/costcodes.table.js';
import { seedDemoCustomLinks } from '../modules/customlinks/customlinks.seed.js';
import { departments } from '../modules/departments/departments.table.js';
import { divisions } from '../modules/divisions/divisions.table.js';
import { employees } from '../modules/employees/employees.table.js';
import { seedDemoIssues } from '../modules/issues/issues.seed.js';
import { seedDemoJobs } from '../modules/jobs/jobs.seed.js';
import { seedDemoJoin } from '../modules/join/join.seed.js';
import { seedDemoOrdering } from '../modules/ordering/ordering.seed.js';
import { seedDemoReports } from '../modules/project-notes/project-notes.seed.js';
import { seedDemoPunches } from '../modules/punches/punches.seed.js';
import { seedDemoReceipts } from '../modules/receipts/receipts.seed.js';
import { seedDemoSchedule } from '../modules/scheduling/scheduling.seed.js';
import { seedDemoTasks } from '../modules/tasks/tasks.seed.js';
import { seedCompanyDefaults } from '../modules/tenants/tenants.seed.js';
import { tenants } from '../modules/tenants/tenants.table.js';
import { seedDemoTimecardSystem } from '../modules/timecard-system/timecard-system.seed.js';
import { seedDemoTimecards } from '../modules/timecards/timecards.seed.js';
import { seedDemoTools } from '../modules/tools/tools.seed.js';
import { usergroupPermissions, usergroups, usergroupUsers } from '../modules/usergroups/usergroups.table.js';
import { seedDemoDeviceMutations } from '../platform/device-mutations.seed.js';
import type { Storage } from '../platform/storage.js';
import type { Db } from './client.js';
import { withTenant } from './with-tenant.js';

export const DEMO_COMPANY = 'Summit Ridge Construction';
/** The demo people's password (printed in the start-up log); the first admin is maria.alvarez@summitridge.test. */
export const DEMO_PASSWORD = 'groundwork-demo';

const PEOPLE: [string, string, string][] = [
  ['Maria', 'Alvarez', 'Superintendent'],
  ['James', 'Carter', 'Project Manager'],
  ['Dana', 'Brooks', 'Office Admin'],
  ['Luis', 'Hernandez', 'Foreman'],
  ['Tom', 'Nguyen', 'Foreman'],
  ['Aisha', 'Johnson', 'Carpenter'],
  ['Ben', 'Miller', 'Laborer'],
  ['Carlos', 'Ramirez', 'Concrete Finisher'],
  ['Emily', 'Chen', 'Estimator'],
  ['Frank', 'Osei', 'Electrician'],
  ['Grace', 'Kowalski', 'Safety Manager'],
  ['Hector', 'Silva', 'Operator'],
  ['Ivy', 'Patel', 'Laborer'],
  ['Jake', 'Thompson', 'Apprentice'],
];

const COSTCODES: [string, string][] = [
  ['01-100', 'General Conditions'],
  ['02-200', 'Site Work'],
  ['03-300', 'Concrete'],
  ['04-200', 'Masonry'],
  ['05-100', 'Structural Steel'],
  ['06-100', 'Rough Carpentry'],
  ['07-200', 'Insulation'],
  ['09-250', 'Drywall'],
  ['22-000', 'Plumbing'],
  ['26-000', 'Electrical'],
  ['31-000', 'Earthwork'],
  ['99-000', 'Shop / Yard'],
];

/**
 * A demo company for a first start on an empty database. Returns its uuid, or null if anyone has an account.
 * With `storage`, the daily reports get their site photos (stored as uploads are). Its records are dated from
 * `today` (by default the current UTC date): this week's and the last pay period's time, the schedule around this
 * week, tasks due, reservations overdue, receipts and reports of the last weeks, so the two-minute tour of the
 * README finds the dashboard, the time cards and the board full on any day.
 */
export async function seedDemoCompany(db: Db, opts: { storage?: Storage; today?: string } = {}): Promise<string | null> {
  // Accounts, not companies: the serving role sees no company outside one's transaction (row-level security).
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(user)) as { count: number }[];
  if (count > 0) return null;
  const tenant_uuid = randomUUID();
  const today = opts.today ?? isoDay(new Date());
  // Everyone (the three admins first) is a real user who signs in with their e-mail and DEMO_PASSWORD.
  const userIds = await demoUsers(
    db,
    PEOPLE.map(([first, last]) => `${first}.${last}@summitridge.test`.toLowerCase()),
  );
  await withTenant(db, tenant_uuid, async (tx) => {
    await tx.insert(tenants).values({ tenant_uuid, company: DEMO_COMPANY });
    const people = await tx
      .insert(employees)
      .values(
        PEOPLE.map(([firstname, lastname, trade], i) => ({
          tenant_uuid,
          firstname,
          lastname,
          username: `${firstname}.${lastname}`.toLowerCase(),
          email: `${firstname}.${lastname}@summitridge.test`.toLowerCase(),
          cellphone: `+1555010${String(i).padStart(4, '0')}`,
          trades: JSON.stringify([trade]),
          city: 'Denver',
          state: 'CO',
          is_admin: i < 3,
          hiredate: `20${String(15 + (i % 10)).padStart(2, '0')}-0${1 + (i % 9)}-15`,
          cognito_uuid: userIds[i],
          cognito_status: 'CONFIRMED',
        })),
      )
      .returning({ id: employees.id });
    const codes = await tx
      .insert(costcodes)
      .values(COSTCODES.map(([costcode, description]) => ({ tenant_uuid, costcode, description })))
      .returning({ id: costcodes.id });
    const personIds = people.map((p) => p.id);
    const codeIds = codes.map((c) => c.id);
    const jobIds = await seedDemoJobs(tx, tenant_uuid, personIds, codeIds);
    await seedDemoTimecards(tx, tenant_uuid, personIds, jobIds, codeIds, today);
    await seedDemoPunches(tx, tenant_uuid, personIds, jobIds, today);
    await seedCompanyDefaults(tx, tenant_uuid);
    await seedDemoCustomLinks(tx, tenant_uuid, personIds);
    await seedDemoReceipts(tx, tenant_uuid, personIds, jobIds.slice(0, 3), codeIds, today);
    await seedDemoSchedule(tx, tenant_uuid, personIds, jobIds.slice(0, 6), today);
    await seedDemoTasks(tx, tenant_uuid, personIds, jobIds.slice(0, 4), today);
    await seedDemoTools(tx, tenant_uuid, personIds, jobIds.slice(0, 4), today);
    await seedDemoOrdering(tx, tenant_uuid, personIds, jobIds.slice(0, 4), today);
    await seedDemoReports(tx, tenant_uuid, personIds, jobIds.slice(0, 4), opts.storage, today);
    await seedDemoChat(tx, tenant_uuid, personIds);
    await seedDemoIssues(tx, tenant_uuid, {
      id: personIds[5],
      name: `${PEOPLE[5][0]} ${PEOPLE[5][1]}`,
      email: `${PEOPLE[5][0]}.${PEOPLE[5][1]}@summitridge.test`.toLowerCase(),
    });
    await tx
      .insert(departments)
      .values(['Field Operations', 'Estimating', 'Accounting', 'Safety'].map((department) => ({ tenant_uuid, department })));
    await tx.insert(divisions).values(['Commercial', 'Residential', 'Civil'].map((division) => ({ tenant_uuid, division })));
    const groups = await tx
      .insert(usergroups)
      .values(['Foremen', 'Crew', 'Office'].map((usergroup) => ({ tenant_uuid, usergroup })))
      .returning({ id: usergroups.id });
    const grants: [number, string[]][] = [
      [
        groups[0].id,
        [
          'projects_basic',
          'people_basic',
          'receipts_basic',
          'ordering_basic',
          'project_notes_admin',
          'tool20_basic',
          'chatbot_basic',
          'announcements_basic',
          'basic_access',
        ],
      ],
      [groups[1].id, ['basic_access', 'receipts_basic', 'tool20_basic', 'chatbot_basic', 'announcements_basic']],
      [
        groups[2].id,
        ['people_admin', 'projects_basic', 'receipts_admin', 'ordering_admin', 'announcements_admin', 'scheduling_admin', 'basic_access'],
      ],
    ];
    await tx
      .insert(usergroupPermissions)
      .values(grants.flatMap(([usergroups_id, perms]) => perms.map((permission) => ({ tenant_uuid, usergroups_id, permission }))));
    await tx.insert(usergroupUsers).values(
      people.slice(3).map((p, i) => ({
        tenant_uuid,
        usergroups_id: i < 2 ? groups[0].id : groups[1].id,
        employees_id: p.id,
      })),
    );
    // The estimator and the safety manager also run the office (people, receipts, ordering, scheduling).
    await tx
      .insert(usergroupUsers)
      .values([people[8], people[10]].map((p) => ({ tenant_uuid, usergroups_id: groups[2].id, employees_id: p.id })));
    await seedDemoJoin(tx, tenant_uuid, groups[1].id);
    await seedDemoAnnouncements(tx, tenant_uuid, personIds, today);
    await seedDemoBilling(tx, tenant_uuid);
    await seedDemoDeviceMutations(tx, tenant_uuid, personIds[personIds.length - 1]);
    await seedDemoAccounting(tx, tenant_uuid, personIds, jobIds);
    await seedDemoTimecardSystem(tx, tenant_uuid, personIds, jobIds);
  });
  await seedLakeside(db);
  return tenant_uuid;
}

/**
 * A second, small company beside the demo one: an admin and a foreman, with an active subscription as the webhooks
 * left it. The end-to-end journey about a cancelled subscription cancels this one (by a signed Stripe webhook),
 * never the demo company that every other journey reads.
 */
const LAKESIDE_COMPANY = 'Lakeside Renovations';
async function seedLakeside(db: Db): Promise<void> {
  const tenant_uuid = randomUUID();
  const people: [string, string, boolean][] = [
    ['Olivia', 'Reed', true],
    ['Sam', 'Porter', false],
  ];
  const userIds = await demoUsers(
    db,
    people.map(([first, last]) => `${first}.${last}@lakeside.test`.toLowerCase()),
  );
  await withTenant(db, tenant_uuid, async (tx) => {
    await tx.insert(tenants).values({ tenant_uuid, company: LAKESIDE_COMPANY });
    await seedCompanyDefaults(tx, tenant_uuid);
    const rows = await tx
      .insert(employees)
      .values(
        people.map(([firstname, lastname, is_admin], i) => ({
          tenant_uuid,
          firstname,
          lastname,
          username: `${firstname}.${lastname}`.toLowerCase(),
          email: `${firstname}.${lastname}@lakeside.test`.toLowerCase(),
          is_admin,
          cognito_uuid: userIds[i],
          cognito_status: 'CONFIRMED',
        })),
      )
      .returning({ id: employees.id });
    const [field] = await tx.insert(usergroups).values({ tenant_uuid, usergroup: 'Foremen' }).returning({ id: usergroups.id });
    await tx
      .insert(usergroupPermissions)
      .values(
        ['projects_basic', 'people_basic', 'basic_access'].map((permission) => ({ tenant_uuid, usergroups_id: field.id, permission })),
      );
    await tx.insert(usergroupUsers).values({ tenant_uuid, usergroups_id: field.id, employees_id: rows[1].id });
    await seedDemoBilling(tx, tenant_uuid);
  });
}

async function demoUsers(db: Db, emails: string[]): Promise<string[]> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const ids: string[] = [];
  for (const email of emails) {
    const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (found) {
      ids.push(found.id);
      continue;
    }
    const id = randomUUID();
    const now = new Date();
    await db.insert(user).values({ id, name: '', email, emailVerified: true, createdAt: now, updatedAt: now });
    await db
      .insert(account)
      .values({ id: randomUUID(), userId: id, accountId: id, providerId: 'credential', password: hash, createdAt: now, updatedAt: now });
    ids.push(id);
  }
  return ids;
}
