import { addDays, datesOf, PAY_PERIOD_TYPES, payPeriodFor } from '@groundwork/core/pay-periods';
import { weekStart } from '@groundwork/core/scheduling';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEMO_PAY_PERIOD_ANCHOR } from '../modules/timecards/timecards.seed.js';
import { createSession } from '../testing/factories.js';
import { testConfig } from '../testing/test-app.js';
import { createTestDatabase } from '../testing/test-db.js';
import { seedDemoCompany } from './demo-seed.js';
import { withTenant } from './with-tenant.js';

// The README's two-minute tour (issue 45) signs in as these people and expects their screens full on the first start,
// whatever day it is; the end-to-end journeys start from the demo company and expect some of it empty.

const DASHBOARD = `query($t: ID!, $d: String!) { getDashboard(tenant_uuid: $t, today: $d) {
  hours { total regular overtime } unsigned_timecards { count all } jobs_over_budget { count }
  crew_tomorrow { scheduled unscheduled } tasks_due { due overdue } tools_overdue { count all } receipts_to_review { count } } }`;
const CREW = `query($t: ID!, $s: String, $e: String) {
  getTimecardInfo(tenant_uuid: $t, start_date: $s, end_date: $e, fetch_crew_timecards: true) {
    people { id firstname lastname } users_timecard_entries { timecard_date hours }
    timecard_entries_collection { employees_id timecard_date hours } } }`;

type Dashboard = {
  hours: { total: number; regular: number; overtime: number } | null;
  unsigned_timecards: { count: number; all: boolean } | null;
  jobs_over_budget: { count: number } | null;
  crew_tomorrow: { scheduled: number; unscheduled: number } | null;
  tasks_due: { due: number; overdue: number } | null;
  tools_overdue: { count: number; all: boolean } | null;
  receipts_to_review: { count: number } | null;
};

/** The demo company seeded as of `today`, with the dashboard and a foreman's crew read through the API. */
async function demoAsOf(today: string) {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(), database });
  try {
    const tenant = (await seedDemoCompany(database.db, { today })) as string;
    expect(tenant).toBeTruthy();
    const people = await withTenant(database.db, tenant, async (tx) => {
      const result = await tx.execute(sql`select id, firstname, cognito_uuid from employees where tenant_uuid = ${tenant}`);
      return (result as unknown as { rows: { id: number; firstname: string; cognito_uuid: string }[] }).rows;
    });
    const person = (name: string) => {
      const found = people.find((p) => p.firstname === name);
      if (!found) throw new Error(`no ${name}`);
      return found;
    };
    const gql = async <T>(token: string, query: string, variables: Record<string, unknown>) => {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: { query, variables: { t: tenant, ...variables } },
      });
      const body = res.json() as { data?: T; errors?: unknown[] };
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return body.data as T;
    };
    const maria = await createSession(database.db, person('Maria').cognito_uuid, tenant);
    const luis = await createSession(database.db, person('Luis').cognito_uuid, tenant);
    const dashboard = async (token: string) => (await gql<{ getDashboard: Dashboard }>(token, DASHBOARD, { d: today })).getDashboard;
    const current = payPeriodFor(today, PAY_PERIOD_TYPES.biweekly, DEMO_PAY_PERIOD_ANCHOR);
    const week = { s: weekStart(today), e: addDays(weekStart(today), 6) };
    const entries = await withTenant(database.db, tenant, async (tx) => {
      const result =
        await tx.execute(sql`select e.firstname, t.timecard_date::text as day, t.hours, j.job_abbr, c.signed_on is not null as signed
        from timecard_entries t join employees e on e.tenant_uuid = t.tenant_uuid and e.id = t.employees_id
        join jobs j on j.tenant_uuid = t.tenant_uuid and j.id = t.jobs_id
        join users_timecard c on c.tenant_uuid = t.tenant_uuid and c.id = t.users_timecard_id
        where t.tenant_uuid = ${tenant}`);
      return (result as unknown as { rows: { firstname: string; day: string; hours: number; job_abbr: string | null; signed: boolean }[] })
        .rows;
    });
    return {
      maria: await dashboard(maria),
      luis: await dashboard(luis),
      luisCrew: (
        await gql<{
          getTimecardInfo: {
            people: { id: number; firstname: string }[];
            users_timecard_entries: { timecard_date: string; hours: number }[];
            timecard_entries_collection: { employees_id: number; timecard_date: string; hours: number }[];
          };
        }>(luis, CREW, { s: current.start, e: current.end })
      ).getTimecardInfo,
      luisWeek: (
        await gql<{ getTimecardInfo: { timecard_entries_collection: { employees_id: number; timecard_date: string }[] } }>(luis, CREW, week)
      ).getTimecardInfo,
      entries,
      current,
      idOf: (name: string) => person(name).id,
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}

const nonZero = (d: Dashboard) => ({
  hours: (d.hours?.total ?? 0) > 0,
  unsigned: (d.unsigned_timecards?.count ?? 0) > 0,
  overBudget: (d.jobs_over_budget?.count ?? 0) > 0,
  crewTomorrow: (d.crew_tomorrow?.scheduled ?? 0) > 0,
  tasksDue: (d.tasks_due?.due ?? 0) > 0,
  toolsOverdue: (d.tools_overdue?.count ?? 0) > 0,
  receiptsToReview: (d.receipts_to_review?.count ?? 0) > 0,
});
const ALL_NON_ZERO = {
  hours: true,
  unsigned: true,
  overBudget: true,
  crewTomorrow: true,
  tasksDue: true,
  toolsOverdue: true,
  receiptsToReview: true,
};

// A pay period's first day (a Monday: nothing before it this period), a Friday and a Saturday (tomorrow is the
// weekend). Each seeds a database of its own: 3 to 40 s on this 2-core machine, depending on what else runs.
describe.each(['2026-11-23', '2026-11-27', '2026-11-28'])('the demo company seeded on %s', (today) => {
  let demo: Awaited<ReturnType<typeof demoAsOf>>;
  it('gives Maria (the first admin) a dashboard with every card above zero', async () => {
    demo = await demoAsOf(today);
    expect(nonZero(demo.maria)).toEqual(ALL_NON_ZERO);
    expect(demo.maria.unsigned_timecards?.all).toBe(true);
    expect(demo.maria.tools_overdue?.all).toBe(true);
  }, 120_000);

  it('gives Luis (a foreman) his hours, his crews’ unsigned cards and his tasks, and his crew on his card', () => {
    expect(demo.luis.hours?.total).toBeGreaterThan(0);
    expect(demo.luis.unsigned_timecards).toMatchObject({ all: false });
    expect(demo.luis.unsigned_timecards?.count).toBeGreaterThan(0);
    expect(demo.luis.tasks_due?.due).toBeGreaterThan(0);
    // The crew entry dialog offers the people with time on his jobs this period (timecards.spec.ts ticks all four).
    const crew = new Set(demo.luisCrew.timecard_entries_collection.map((e) => e.employees_id));
    for (const name of ['Aisha', 'Ben', 'Carlos', 'Emily']) expect(crew.has(demo.idOf(name)), name).toBe(true);
  });

  it('fills this week’s weekdays before today for Luis and his crew', () => {
    const weekdays = datesOf({ start: weekStart(today), end: addDays(weekStart(today), 4) }).filter((d) => d < today);
    for (const name of ['Luis', 'Aisha', 'Carlos']) {
      const days = new Set(
        demo.luisWeek.timecard_entries_collection.filter((e) => e.employees_id === demo.idOf(name)).map((e) => e.timecard_date),
      );
      expect([...days].filter((d) => weekdays.includes(d)).sort(), name).toEqual(weekdays);
    }
  });

  it('leaves the end-to-end journeys their starting points', () => {
    // timecards.spec.ts and offline.spec.ts start these people's cards from nothing.
    expect(demo.entries.filter((e) => ['Frank', 'Ivy', 'Grace'].includes(e.firstname))).toEqual([]);
    // accounting.spec.ts signs Maria's card: her line on RMOB must be the only time QuickBooks receives.
    expect(demo.entries.filter((e) => e.firstname === 'Maria' && e.job_abbr === 'RMOB')).toEqual([]);
    // Foremen write crew days into this period's cards, so none is signed.
    expect(demo.entries.filter((e) => e.day >= demo.current.start && e.signed)).toEqual([]);
    // The sync log lists 100 rows: a push of the signed time must leave room for the spec's own line.
    expect(demo.entries.filter((e) => e.signed).length).toBeLessThan(40);
    // Every line in steps of 15 minutes, at most 24 hours a day per person.
    expect(demo.entries.filter((e) => !Number.isInteger(e.hours * 4))).toEqual([]);
    const perDay = new Map<string, number>();
    for (const e of demo.entries) perDay.set(`${e.firstname} ${e.day}`, (perDay.get(`${e.firstname} ${e.day}`) ?? 0) + e.hours);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(24);
    // Nothing after today.
    expect(demo.entries.filter((e) => e.day > today)).toEqual([]);
  });
});
