import { randomUUID } from 'node:crypto';
import type { Db } from '@groundwork/server/src/db/client.js';
import { createMember } from '@groundwork/server/src/testing/factories.js';
import { seedManyCompanies } from '@groundwork/server/src/testing/many-companies.js';
import { sql } from 'drizzle-orm';

/**
 * The many-companies database of `npm run bench`'s mix (issue 49): 1,000 companies sized like real customers, each
 * with a signed-in admin, and every module's rows in proportion to its people, written set-based by the tests' seed
 * (apps/server/src/testing/many-companies.ts: INSERT … SELECT over generate_series in one transaction).
 */
export type MixCompany = {
  /** 1 for the first company made, and so on; also the company's `n` in the set-based seed. */
  n: number;
  tenantUuid: string;
  people: number;
  /** The company's admin, one of its people: a Bearer token for the API. */
  token: string;
  adminId: number;
};

/**
 * People per company, long-tailed: 1% with 500, 3% with 100–250, the rest 5–50 with most near the bottom (a square
 * of a uniform draw), so the mean is about 30 and nine in ten companies are under 50. Seeded: every run the same.
 */
function companySizes(count: number, random: () => number): number[] {
  const large = Math.max(1, Math.round(count * 0.01));
  const medium = Math.round(count * 0.03);
  return Array.from({ length: count }, (_, i) => {
    if (i < large) return 500;
    if (i < large + medium) return 100 + Math.floor(random() * 151);
    return 5 + Math.floor(46 * random() ** 2);
  });
}

export async function seedMix(
  db: Db,
  opts: { companies: number; random: () => number; vacuum: boolean },
): Promise<{ companies: MixCompany[]; rows: Record<string, number>; timings: Record<string, number> }> {
  const timings: Record<string, number> = {};
  let at = performance.now();
  const lap = (name: string) => {
    timings[name] = Math.round(performance.now() - at);
    at = performance.now();
  };
  const sizes = companySizes(opts.companies, opts.random);
  const made = sizes.map((people, i) => ({ n: i + 1, tenantUuid: randomUUID(), people }));
  // The companies as the set-based seed makes its own: one statement, the per-row triggers off (nothing hangs on them).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const values = made.map((c) => `('${c.tenantUuid}'::uuid, 'Mix Company ${c.n}', now() - ${c.n} * interval '1 day')`).join(',');
    await tx.execute(sql.raw(`insert into tenants (tenant_uuid, company, created_on) values ${values}`));
  });
  // Each company's admin, signed in the way run.ts's large tenant is (testing/factories.ts: a person, a better-auth
  // user, a session with the company selected), made before the seed so the admin is one of the company's people.
  const companies: MixCompany[] = new Array(made.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < made.length; i = next++) {
        const member = await createMember(db, made[i].tenantUuid, { isAdmin: true, firstname: 'Admin' });
        companies[i] = { ...made[i], token: member.token, adminId: member.employeeId };
      }
    }),
  );
  lap('admins');
  const seeded = await seedManyCompanies(db, {
    companies: 0,
    also: companies.map((c) => ({ tenantUuid: c.tenantUuid, people: c.people })),
  });
  lap('rows and analyze');
  // Visibility maps as a live database has them (autovacuum may not have run yet): index-only scans skip the heap.
  if (opts.vacuum) {
    await db.execute(sql`vacuum`);
    lap('vacuum');
  }
  return { companies, rows: seeded.rows, timings };
}

/** A small, fast, seedable PRNG (as seed.ts's). */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
