import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCompany } from '../../db/demo-seed.js';
import { withTenant } from '../../db/with-tenant.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { jobs } from '../jobs/jobs.table.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { loadCardRules, writePunchedDays } from './punches.card.js';
import { DEMO_JOB_SITES } from './punches.seed.js';
import { punchEntries, punchSegments } from './punches.table.js';

/**
 * The demo company's punches (issue 47): every job has its own site and fence, so an end-to-end journey can stand a
 * phone inside or outside one; Luis's crew punched the last weekdays, and those punches are exactly the hours on
 * their cards (writing them again changes nothing); nobody is on the clock when the demo starts.
 */
type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let tenant: string;

beforeAll(async () => {
  database = await createTestDatabase();
  tenant = (await seedDemoCompany(database.db, { today: '2026-11-25' })) as string;
}, 120_000);
afterAll(() => database.dispose());

describe('the demo company’s punches', () => {
  it('gives every job a site of its own with a fence in bounds', async () => {
    const sites = await withTenant(database.db, tenant, (tx) =>
      tx.select({ lat: jobs.site_latitude, lon: jobs.site_longitude, r: jobs.site_radius_m }).from(jobs).orderBy(jobs.id),
    );
    expect(sites).toHaveLength(DEMO_JOB_SITES.length);
    expect(new Set(sites.map((s) => `${s.lat},${s.lon}`)).size).toBe(sites.length);
    for (const s of sites) expect(s.r).toBeGreaterThanOrEqual(10);
  });

  it('punched the crew’s last weekdays, closed, and their cards already carry exactly those hours', async () => {
    await withTenant(database.db, tenant, async (tx) => {
      const segments = await tx.select().from(punchSegments);
      expect(segments.length).toBeGreaterThan(10);
      expect(segments.filter((s) => s.ended_at === null)).toEqual([]);
      expect(segments.some((s) => s.start_outside_fence)).toBe(true);
      const links = await tx.select().from(punchEntries);
      const before = await tx.select().from(timecardEntries).orderBy(timecardEntries.id);
      const rules = await loadCardRules(tx, tenant, 'UTC');
      const days = new Map<number, Set<string>>();
      for (const l of links) days.set(l.employees_id, (days.get(l.employees_id) ?? new Set()).add(l.timecard_date));
      for (const [person, set] of days) await writePunchedDays(tx, tenant, person, [...set], rules, { kind: 'clock' });
      const after = await tx.select().from(timecardEntries).orderBy(timecardEntries.id);
      expect(after.map((e) => [e.id, e.hours])).toEqual(before.map((e) => [e.id, e.hours]));
      const flagged = await tx.execute(sql`select count(*)::int as n from punch_segments where card_locked`);
      expect((flagged as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    });
  });
});
