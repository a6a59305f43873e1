import { addDays, datesOf, PAY_PERIOD_TYPES, payPeriodsBetween } from '@groundwork/core/pay-periods';
import type { Db, Tx } from '@groundwork/server/src/db/client.js';
import { withTenant } from '@groundwork/server/src/db/with-tenant.js';
import { costcodes } from '@groundwork/server/src/modules/costcodes/costcodes.table.js';
import { departments } from '@groundwork/server/src/modules/departments/departments.table.js';
import { divisions } from '@groundwork/server/src/modules/divisions/divisions.table.js';
import { employees } from '@groundwork/server/src/modules/employees/employees.table.js';
import { jobs, jobsForemen } from '@groundwork/server/src/modules/jobs/jobs.table.js';
import { items, orders, vendors } from '@groundwork/server/src/modules/ordering/ordering.table.js';
import { jobsNotes } from '@groundwork/server/src/modules/project-notes/project-notes.table.js';
import { receipts } from '@groundwork/server/src/modules/receipts/receipts.table.js';
import { scheduledLabor } from '@groundwork/server/src/modules/scheduling/scheduling.table.js';
import { tenantSettings } from '@groundwork/server/src/modules/settings/settings.table.js';
import { taskAssignees, tasks } from '@groundwork/server/src/modules/tasks/tasks.table.js';
import { timecardEntries, usersTimecard } from '@groundwork/server/src/modules/timecards/timecards.table.js';
import { containers, tools } from '@groundwork/server/src/modules/tools/tools.table.js';
import { createMember, createTenant } from '@groundwork/server/src/testing/factories.js';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** The large tenant of DESIGN.md "Performance budgets"; the signed-in admin is one of the people. */
export const SIZES = {
  people: 500,
  costcodes: 240,
  jobs: 300,
  timeEntries: 100_000,
  crew: 20,
  receipts: 20_000,
  tasks: 50_000,
  tools: 5_000,
  toolLogs: 200_000,
  items: 10_000,
  vendors: 60,
  orders: 10_000,
  reports: 20_000,
} as const;

/** Ten biweekly pay periods of time, from this Monday; the measured period is the fifth. */
export const TIME = { anchor: '2026-01-05', periods: 10, measured: { start: '2026-03-02', end: '2026-03-15' } } as const;

type SeedContext = {
  tx: Tx;
  tenantUuid: string;
  /** Seeded, so every run measures the same rows. */
  random: () => number;
  /** Ids each step created, by table name, for later steps to reference (e.g. time entries → people, jobs). */
  ids: Map<string, number[]>;
};

type SeedStep = { table: string; run: (ctx: SeedContext) => Promise<number[]> };

/**
 * Run in order inside one tenant transaction. Jobs (300) and time entries (100k) join this list as steps
 * once their tables exist; time entries can draw employee and job ids from `ctx.ids`.
 */
const SEED_STEPS: SeedStep[] = [
  { table: 'employees', run: seedPeople },
  { table: 'costcodes', run: seedCostcodes },
  { table: 'jobs', run: seedJobs },
  { table: 'timecard_entries', run: seedTime },
  { table: 'jobs_costcodes', run: seedBudgets },
  { table: 'receipts', run: seedReceipts },
  { table: 'tasks', run: seedTasks },
  { table: 'scheduled_labor', run: seedSchedule },
  { table: 'tools', run: seedTools },
  { table: 'items', run: seedCatalogue },
  { table: 'jobs_notes', run: seedReports },
  {
    table: 'departments',
    run: (ctx) =>
      insertBatched(
        ctx.tx,
        departments,
        DEPARTMENTS.map((department) => ({ tenant_uuid: ctx.tenantUuid, department })),
      ),
  },
  {
    table: 'divisions',
    run: (ctx) =>
      insertBatched(
        ctx.tx,
        divisions,
        DIVISIONS.map((division) => ({ tenant_uuid: ctx.tenantUuid, division })),
      ),
  },
];

export type LargeTenant = {
  tenantUuid: string;
  /** An admin: every list. */
  token: string;
  /** The admin's own person (the dashboard's own cards). */
  adminId: number;
  /** A foreman of the crew job, whose crew is SIZES.crew people. */
  foremanToken: string;
  /** A person with time in the measured period. */
  personId: number;
};

export async function seedLargeTenant(db: Db): Promise<LargeTenant> {
  const tenantUuid = await createTenant(db, 'Bench Large Construction');
  const ids = await withTenant(db, tenantUuid, async (tx) => {
    const ctx: SeedContext = { tx, tenantUuid, random: mulberry32(20240601), ids: new Map() };
    for (const step of SEED_STEPS) ctx.ids.set(step.table, await step.run(ctx));
    return ctx.ids;
  });
  const admin = await createMember(db, tenantUuid, { isAdmin: true, firstname: 'Bench' });
  const foreman = await createMember(db, tenantUuid, { permissions: ['basic_access'], firstname: 'Foreman' });
  const crewJob = (ids.get('jobs') ?? [])[0];
  await withTenant(db, tenantUuid, (tx) =>
    tx.insert(jobsForemen).values({ tenant_uuid: tenantUuid, jobs_id: crewJob, employees_id: foreman.employeeId }),
  );
  // "My tasks" for the foreman: one task in a hundred.
  await withTenant(db, tenantUuid, (tx) =>
    tx.execute(sql`insert into task_assignees (tenant_uuid, tasks_id, employees_id)
      select tenant_uuid, id, ${foreman.employeeId} from tasks where tenant_uuid = ${tenantUuid} and id % 100 = 0`),
  );
  // Planner statistics and visibility maps as a live database would have them (autovacuum may not have run yet):
  // without the vacuum every index-only scan still visits the heap, which no database in use does.
  await db.execute(sql`vacuum (analyze)`);
  return {
    tenantUuid,
    token: admin.token,
    adminId: admin.employeeId,
    foremanToken: foreman.token,
    personId: (ids.get('employees') ?? [])[SIZES.crew + 7],
  };
}

/**
 * Multi-row inserts sized to stay under PostgreSQL's 65,535 bind parameters per statement,
 * which keeps a 100k-row table to a few dozen round trips.
 */
/**
 * Tools (issue 16): an HQ and 39 trucks and job boxes, 5,000 tools spread over them, and 200k log rows (40 moves per
 * tool over two years, by everyone), written by one INSERT … SELECT so the seed stays quick.
 */
async function seedTools({ tx, tenantUuid, random, ids }: SeedContext): Promise<number[]> {
  const people = ids.get('employees') ?? [];
  const places = await insertBatched(
    tx,
    containers,
    Array.from({ length: 40 }, (_, i) => ({
      tenant_uuid: tenantUuid,
      container_name: i === 0 ? 'HQ' : i < 25 ? `Truck ${i}` : `Job box ${i - 24}`,
      hq: i === 0,
    })),
  );
  const KIND = ['Hammer drill', 'Circular saw', 'Impact driver', 'Laser level', 'Generator', 'Ladder', 'Rotary hammer', 'Vibrator'];
  const toolIds = await insertBatched(
    tx,
    tools,
    Array.from({ length: SIZES.tools }, (_, i) => ({
      tenant_uuid: tenantUuid,
      tool_number: `T-${String(i + 1).padStart(5, '0')}`,
      name: `${pick(random, KIND)} #${i + 1}`,
      category: pick(random, ['Power tools', 'Survey', 'Access', 'Power', 'Concrete']),
      status: random() < 0.03 ? 0 : 1,
      container_id: pick(random, places),
    })),
  );
  const perTool = SIZES.toolLogs / SIZES.tools;
  await tx.execute(sql`
    insert into tool_logs (tenant_uuid, tools_id, from_container_id, to_container_id, employees_id, note, created_on)
    select ${tenantUuid}::uuid, t.id,
      (${sql.raw(`array[${places.join(',')}]`)})[1 + ((t.id * 7 + g) % ${places.length})],
      (${sql.raw(`array[${places.join(',')}]`)})[1 + ((t.id * 7 + g + 1) % ${places.length})],
      (${sql.raw(`array[${people.slice(0, 200).join(',')}]`)})[1 + ((t.id + g) % ${Math.min(200, people.length)})],
      case when g % 5 = 0 then 'Loaded for the week' end,
      timestamptz '2024-03-01' + (g * interval '18 days') + (t.id % 600) * interval '1 minute'
    from tools t cross join generate_series(1, ${perTool}) g
    where t.tenant_uuid = ${tenantUuid}::uuid
    order by g, t.id`);
  return toolIds;
}

/**
 * Buying (issue 17): 60 vendors, a 10,000-item catalogue (names like "Hex bolt 1/2 x 6 #123") and 10,000 purchase
 * orders of three lines each across the jobs, by the first 50 people.
 */
async function seedCatalogue({ tx, tenantUuid, random, ids }: SeedContext): Promise<number[]> {
  const vendorIds = await insertBatched(
    tx,
    vendors,
    Array.from({ length: SIZES.vendors }, (_, i) => ({
      tenant_uuid: tenantUuid,
      name: `Vendor ${i + 1}`,
      emails: `orders${i + 1}@vendor.test`,
    })),
  );
  const NOUNS = [
    'Hex bolt',
    'Lag screw',
    'Joist hanger',
    'Plywood',
    'Stud',
    'Rebar',
    'Conduit',
    'Pipe',
    'Drywall',
    'Shingle',
    'Washer',
    'Anchor',
  ];
  const SIZES_TXT = ['1/2 x 6', '3/8 x 4', '3/4', '2x4x8', '#4 x 20 ft', '10 ft', '4 x 8'];
  const itemIds = await insertBatched(
    tx,
    items,
    Array.from({ length: SIZES.items }, (_, i) => ({
      tenant_uuid: tenantUuid,
      item: `${pick(random, NOUNS)} ${pick(random, SIZES_TXT)} #${i + 1}`,
      unit: 'ea',
      unit_cost_cents: 50 + Math.floor(random() * 20_000),
      vendor_id: pick(random, vendorIds),
      active: random() < 0.05 ? 'false' : 'true',
    })),
  );
  const jobIds = ids.get('jobs') ?? [];
  const people = (ids.get('employees') ?? []).slice(0, 50);
  await insertBatched(
    tx,
    orders,
    Array.from({ length: SIZES.orders }, (_, i) => {
      const lines = [0, 1, 2].map(() => ({
        items_id: pick(random, itemIds),
        description: 'Item',
        quantity: 1 + Math.floor(random() * 50),
        unit: 'ea',
        unit_cost_cents: 100 + Math.floor(random() * 5000),
        costcodes_id: null,
      }));
      return {
        tenant_uuid: tenantUuid,
        po_number: i + 1,
        order_date: addDays('2024-01-01', Math.floor(i / 10)),
        jobs_id: pick(random, jobIds),
        vendor_id: pick(random, vendorIds),
        employees_id: pick(random, people),
        to_emails: 'orders@vendor.test',
        lines,
        total_cents: lines.reduce((s, l) => s + l.quantity * l.unit_cost_cents, 0),
        status: random() < 0.1 ? 0 : 1,
      };
    }),
  );
  return itemIds;
}

/** Daily reports (issue 18): 20,000 reports, one per job and day (the first 100 jobs over 200 days), with crews. */
async function seedReports({ tx, tenantUuid, random, ids }: SeedContext): Promise<number[]> {
  const jobIds = (ids.get('jobs') ?? []).slice(0, 100);
  const people = ids.get('employees') ?? [];
  return insertBatched(
    tx,
    jobsNotes,
    Array.from({ length: SIZES.reports }, (_, i) => ({
      tenant_uuid: tenantUuid,
      jobs_id: jobIds[i % jobIds.length],
      employees_id: pick(random, people.slice(0, 50)),
      for_date: addDays('2025-06-02', Math.floor(i / jobIds.length)),
      work_performed: 'Formed and poured footings; stripped forms on the east wall.',
      weather: 'Clear',
      email_to: 'owner@client.test',
      manpower: [0, 1, 2].map((k) => ({
        employees_id: pick(random, people),
        name: `Person ${k}`,
        hours: 8,
        costcodes: [{ costcode: '03-100', hours: 8 }],
      })),
      status: random() < 0.05 ? 0 : 1,
    })),
  );
}

async function insertBatched<T extends PgTable & { id: PgColumn }>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<number[]> {
  if (rows.length === 0) return [];
  const size = Math.min(5000, Math.floor(60_000 / Object.keys(rows[0]).length));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const out = await tx
      .insert(table)
      .values(rows.slice(i, i + size) as never)
      .returning({ id: table.id });
    for (const row of out as { id: number }[]) ids.push(row.id);
  }
  return ids;
}

// Varied on purpose: accents, apostrophes, particles and mixed case exercise the lower()/coalesce sort.
const FIRST = (
  'Maria,James,Dana,Luis,Tom,Aisha,Ben,Carlos,Emily,Frank,Grace,Hector,Ivy,Jake,José,Zoë,Chloé,Mohammed,Priya,Wei,' +
  'Olga,Kwame,Siobhan,Mateus,Yuki,Fatima,Liam,Noah,Olivia,Ava,Sofia,Diego,Andrés,Björn,Ingrid,Hana,Tariq,Anh,' +
  'Rafael,Elena,DeShawn,Keisha,Connor,Aoife,Rosa,Miguel,Samuel,Ruth,Nikolai,Ewa,Kofi,Leilani,Marcus,Tyrone,Lucía,' +
  'Ana,Pedro,Sean,Erin,Jamal'
).split(',');
const LAST = (
  "Alvarez,Carter,Brooks,Hernandez,Nguyen,Johnson,Miller,Ramirez,Chen,Osei,Kowalski,Silva,Patel,Thompson,O'Brien," +
  'McDonald,de la Cruz,van der Berg,Müller,Øster,Smith,Williams,Garcia,Martinez,Robinson,Clark,Lewis,Walker,Young,' +
  'King,Wright,Lopez,Hill,Scott,Green,Adams,Baker,Gonzalez,Nelson,Mitchell,Perez,Roberts,Turner,Phillips,Campbell,' +
  'Parker,Evans,Edwards,Collins,Stewart,Sánchez,Morris,Rogers,Reed,Cook,Morgan,Bell,Murphy,Bailey,Rivera,Cooper,' +
  'Richardson,Cox,Howard,Ward,Torres,Peterson,Gray,Ramos,James,Watson,Okafor'
).split(',');
const TRADES = ['Carpenter', 'Laborer', 'Foreman', 'Electrician', 'Plumber', 'Operator', 'Ironworker', 'Mason', 'Painter', 'Estimator'];
const CITIES: [string, string, string][] = [
  ['Denver', 'CO', '80202'],
  ['Aurora', 'CO', '80012'],
  ['Boulder', 'CO', '80301'],
  ['Phoenix', 'AZ', '85004'],
  ['Austin', 'TX', '78701'],
  ['Portland', 'OR', '97205'],
  ['Salt Lake City', 'UT', '84101'],
];
const STREETS = ['Main St', 'Oak Ave', 'Pine St', 'Maple Dr', 'Cedar Ln', 'Elm St', 'Lakeview Rd', 'Hillcrest Blvd'];
const DEPARTMENTS = [
  'Field Operations',
  'Estimating',
  'Accounting',
  'Safety',
  'Project Management',
  'Equipment',
  'Purchasing',
  'Human Resources',
  'Preconstruction',
  'Quality Control',
  'Warehouse',
  'IT',
];
const DIVISIONS = ['Commercial', 'Residential', 'Civil', 'Industrial', 'Service', 'Design-Build'];
// A CSI MasterFormat-like spread: division prefixes with numbered sub-codes.
const CSI: [string, string][] = [
  ['01', 'General Requirements'],
  ['02', 'Existing Conditions'],
  ['03', 'Concrete'],
  ['04', 'Masonry'],
  ['05', 'Metals'],
  ['06', 'Wood & Plastics'],
  ['07', 'Thermal & Moisture'],
  ['08', 'Openings'],
  ['09', 'Finishes'],
  ['10', 'Specialties'],
  ['22', 'Plumbing'],
  ['23', 'HVAC'],
  ['26', 'Electrical'],
  ['31', 'Earthwork'],
  ['32', 'Exterior Improvements'],
  ['33', 'Utilities'],
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
const pad = (n: number, width: number) => String(n).padStart(width, '0');

function seedPeople({ tx, tenantUuid, random }: SeedContext): Promise<number[]> {
  // One person is left for the admin member that seedLargeTenant signs in as.
  const rows = Array.from({ length: SIZES.people - 1 }, (_, i) => {
    const firstname = pick(random, FIRST);
    const lastname = pick(random, LAST);
    const [city, state, zip] = pick(random, CITIES);
    const handle = `${ascii(firstname)}.${ascii(lastname)}${i}`;
    return {
      tenant_uuid: tenantUuid,
      firstname,
      lastname,
      username: handle,
      // Some people have no work email, as in real crews.
      email: random() < 0.08 ? null : `${handle}@bench-large.example`,
      private_email: random() < 0.5 ? `${handle}@mail.example` : null,
      cellphone: `+1${pick(random, ['303', '720', '602', '512', '503', '801'])}555${pad(Math.floor(random() * 10_000), 4)}`,
      street: `${100 + Math.floor(random() * 9900)} ${pick(random, STREETS)}`,
      city,
      state,
      zip,
      birthdate: `${1960 + Math.floor(random() * 40)}-${pad(1 + Math.floor(random() * 12), 2)}-${pad(1 + Math.floor(random() * 28), 2)}`,
      hiredate: `${2005 + Math.floor(random() * 20)}-${pad(1 + Math.floor(random() * 12), 2)}-${pad(1 + Math.floor(random() * 28), 2)}`,
      trades: JSON.stringify([pick(random, TRADES)]),
      status: random() < 0.9 ? 1 : 0,
    };
  });
  return insertBatched(tx, employees, rows);
}

function seedCostcodes({ tx, tenantUuid, random }: SeedContext): Promise<number[]> {
  const perDivision = Math.ceil(SIZES.costcodes / CSI.length);
  const rows = CSI.flatMap(([prefix, name]) =>
    Array.from({ length: perDivision }, (_, i) => ({
      tenant_uuid: tenantUuid,
      costcode: `${prefix}-${pad((i + 1) * 10, 3)}`,
      description: `${name} ${i + 1}`,
      defaultcode: prefix === '01' && i === 0,
      status: random() < 0.95 ? 1 : 0,
    })),
  ).slice(0, SIZES.costcodes);
  return insertBatched(tx, costcodes, rows);
}

const JOB_KINDS = [
  'Medical Office',
  'Townhomes',
  'Warehouse',
  'School Renovation',
  'Culvert',
  'Parking Structure',
  'Retail Shell',
  'Fire Station',
  'Water Treatment',
  'Bridge Deck',
];

/** 300 jobs, about a third without an abbreviation and a few deleted, so the sort and the soft delete both matter. */
function seedJobs({ tx, tenantUuid, random }: SeedContext): Promise<number[]> {
  const rows = Array.from({ length: SIZES.jobs }, (_, i) => {
    const [city, state] = CITIES[i % CITIES.length];
    const kind = JOB_KINDS[Math.floor(random() * JOB_KINDS.length)];
    const start = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 900) * 86_400_000);
    return {
      tenant_uuid: tenantUuid,
      job: `${city} ${kind} ${i + 1}`,
      job_abbr: random() < 0.65 ? `${kind.slice(0, 3).toUpperCase()}${pad(i + 1, 3)}` : null,
      city,
      state,
      start_date: start.toISOString().slice(0, 10),
      end_date: new Date(start.getTime() + (30 + Math.floor(random() * 400)) * 86_400_000).toISOString().slice(0, 10),
      status: random() < 0.03 ? 0 : random() < 0.2 ? 2 : 1,
    };
  });
  return insertBatched(tx, jobs, rows);
}

/**
 * 100k entries: every person, every workday of ten pay periods, two lines a day. The first SIZES.crew
 * people work the first job (the crew the foreman sees); everyone else is spread over the others.
 */
async function seedTime({ tx, tenantUuid, random, ids }: SeedContext): Promise<number[]> {
  const people = ids.get('employees') ?? [];
  const jobIds = (ids.get('jobs') ?? []).slice(0, 60);
  const codes = ids.get('costcodes') ?? [];
  await tx.insert(tenantSettings).values([
    {
      tenant_uuid: tenantUuid,
      codx_tenant_options_values_id: 1,
      custom_value: 'true',
      pass_through_value: String(PAY_PERIOD_TYPES.biweekly),
    },
    { tenant_uuid: tenantUuid, codx_tenant_options_values_id: 15, custom_value: TIME.anchor },
  ]);
  const periods = payPeriodsBetween(TIME.anchor, addDays(TIME.anchor, 14 * TIME.periods - 1), PAY_PERIOD_TYPES.biweekly, TIME.anchor);
  const cardRows = people.flatMap((employees_id) =>
    periods.map((p) => ({ tenant_uuid: tenantUuid, employees_id, payperiod_start_date: p.start, payperiod_end_date: p.end })),
  );
  const cardIds = await insertBatched(tx, usersTimecard, cardRows);
  const workdays = periods.map((p) => datesOf(p).filter((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())));
  const entries = people.flatMap((employees_id, i) =>
    workdays.flatMap((days, pi) =>
      days.flatMap((timecard_date) => {
        const job = i < SIZES.crew ? jobIds[0] : jobIds[1 + ((i + pi) % (jobIds.length - 1))];
        const base = { tenant_uuid: tenantUuid, users_timecard_id: cardIds[i * periods.length + pi], employees_id, timecard_date };
        return [
          { ...base, jobs_id: job, costcodes_id: codes[Math.floor(random() * codes.length)], hours: 6 },
          { ...base, jobs_id: job, costcodes_id: codes[Math.floor(random() * codes.length)], hours: 2.5 },
        ];
      }),
    ),
  );
  return insertBatched(tx, timecardEntries, entries.slice(0, SIZES.timeEntries));
}

/**
 * Budget lines: 20 per job. On the 60 jobs with time, the 20 cost codes booked most, budgeted at 0.7–1.5 times the
 * hours booked (so some jobs run over); on the others 20 codes at 100 h with nothing booked yet.
 */
async function seedBudgets({ tx, tenantUuid }: SeedContext): Promise<number[]> {
  const rows = await tx.execute<{ id: number }>(sql`insert into jobs_costcodes (tenant_uuid, jobs_id, costcodes_id, hrsbdg, matbdg, status)
    select tenant_uuid, jobs_id, costcodes_id, round(h * (0.7 + 0.1 * ((jobs_id * 7 + costcodes_id) % 9))), 1000, 1
    from (select tenant_uuid, jobs_id, costcodes_id, sum(hours) as h,
        row_number() over (partition by jobs_id order by count(*) desc, costcodes_id) as rn
      from timecard_entries where tenant_uuid = ${tenantUuid} group by tenant_uuid, jobs_id, costcodes_id) x
    where rn <= 20
    union all
    select j.tenant_uuid, j.id, c.id, 100, 1000, 1 from jobs j
    cross join lateral (select id from costcodes where tenant_uuid = j.tenant_uuid order by id limit 20) c
    where j.tenant_uuid = ${tenantUuid}
      and not exists (select 1 from timecard_entries t where t.tenant_uuid = j.tenant_uuid and t.jobs_id = j.id)
    returning id`);
  return (rows as unknown as { rows?: { id: number }[] }).rows?.map((r) => r.id) ?? (rows as unknown as { id: number }[]).map((r) => r.id);
}

const VENDORS = ['Home Depot', 'Lowe’s', 'Ace Hardware', 'Sunbelt Rentals', 'Grainger', 'Shell', 'Chevron', 'Fastenal', 'Staples', null];
const PAYMENT = ['card', 'cash', 'check', 'company_card', 'other'];

/** 20k receipts over about a year and a half, by everyone, mostly on the first hundred jobs; a few archived. */
function seedReceipts({ tx, tenantUuid, random, ids }: SeedContext): Promise<number[]> {
  const people = ids.get('employees') ?? [];
  const jobIds = (ids.get('jobs') ?? []).slice(0, 100);
  const codes = ids.get('costcodes') ?? [];
  const rows = Array.from({ length: SIZES.receipts }, () => {
    const amount = 500 + Math.floor(random() * 50_000);
    return {
      tenant_uuid: tenantUuid,
      receipt_date: addDays('2025-01-01', Math.floor(random() * 540)),
      status: random() < 0.05 ? 0 : 1,
      employees_id: pick(random, people),
      jobs_id: random() < 0.1 ? null : pick(random, jobIds),
      costcodes_id: random() < 0.3 ? null : pick(random, codes),
      vendor: pick(random, VENDORS),
      amount_cents: amount,
      tax_cents: Math.round(amount * 0.074),
      payment_method: pick(random, PAYMENT),
      notes: random() < 0.3 ? 'Materials for the week' : null,
    };
  });
  return insertBatched(tx, receipts, rows);
}

/** The four weeks the scheduling board case loads (Monday to Sunday). */
export const SCHEDULE_WEEKS = { from: '2026-03-02', to: '2026-03-29' } as const;

/**
 * Four weeks of crew schedule: every person on a job (four heads to a job, 125 jobs) each weekday, about 2% of
 * the days off (Vacation) instead, a third of the days answered (mostly confirmed). About 10k entries.
 */
function seedSchedule({ tx, tenantUuid, random, ids }: SeedContext): Promise<number[]> {
  const people = ids.get('employees') ?? [];
  const jobIds = ids.get('jobs') ?? [];
  const rows: (typeof scheduledLabor.$inferInsert)[] = [];
  for (let d = 0; d < 28; d++) {
    if (d % 7 >= 5) continue;
    const date = addDays(SCHEDULE_WEEKS.from, d);
    for (const [i, person] of people.entries()) {
      const off = random() < 0.02;
      const answered = random();
      rows.push({
        tenant_uuid: tenantUuid,
        employees_id: person,
        date,
        jobs_id: off ? null : jobIds[Math.floor(i / 4) % jobIds.length],
        event_type: off ? 'Vacation' : 'Work',
        confirmation_status: answered < 0.3 ? 'confirmed' : answered < 0.33 ? 'declined' : 'pending',
      });
    }
  }
  return insertBatched(tx, scheduledLabor, rows);
}

const TASK_TITLES = [
  'Patch drywall',
  'Clean washout',
  'Fix gate latch',
  'Label breakers',
  'Touch-up paint',
  'Re-stake silt fence',
  'Order rebar chairs',
];
const TASK_STATUSES = ['open', 'open', 'in_progress', 'done', 'done'] as const;

/** 50k tasks over two years on every job, each assigned to one or two people; most done, some overdue. */
async function seedTasks({ tx, tenantUuid, random, ids }: SeedContext): Promise<number[]> {
  const people = ids.get('employees') ?? [];
  const jobIds = ids.get('jobs') ?? [];
  const rows = Array.from({ length: SIZES.tasks }, (_, i) => ({
    tenant_uuid: tenantUuid,
    title: `${pick(random, TASK_TITLES)} #${i + 1}`,
    jobs_id: pick(random, jobIds),
    rel_table: 'jobs',
    status: pick(random, [...TASK_STATUSES]),
    priority: Math.floor(random() * 3),
    due_date: random() < 0.7 ? addDays('2025-01-01', Math.floor(random() * 730)) : null,
  }));
  const made = await insertBatched(tx, tasks, rows);
  const links = made.flatMap((tasks_id) => {
    const first = pick(random, people);
    const second = random() < 0.3 ? pick(random, people) : first;
    return [...new Set([first, second])].map((employees_id) => ({ tenant_uuid: tenantUuid, tasks_id, employees_id }));
  });
  for (let i = 0; i < links.length; i += 10_000) await tx.insert(taskAssignees).values(links.slice(i, i + 10_000));
  return made;
}

/** A small, fast, seedable PRNG (Math.random cannot be seeded). */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
