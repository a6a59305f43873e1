import path from 'node:path';
import { distanceMeters, outsideFence } from '@groundwork/core/punches';
import type autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * The punch line (issue 47): a write under load. Each connection is one person (punch-client.cjs) whose admin punches
 * them in on a job with a site, with a position, then out, again and again: punchClock through the whole stack (gate,
 * walls, settings, the state machine, the fence, the card's derivation on the way out) against a raw route doing the
 * same tenant-filtered work in one pg transaction (the person's lock, the open segment and the job's site and budget
 * line, the insert; on the way out the update and the day's closed work read back for the card). GraphQL and raw
 * punch different halves of the company's people, so one's leftovers never meet the other's.
 */
export const PUNCH_OP = 'punch (clock in and out)';

type Setup = {
  tenantUuid: string;
  jobs_id: number;
  costcodes_id: number;
  site: { latitude: number; longitude: number; radius: number };
  graphqlPeople: number[];
  rawPeople: number[];
};
export type PunchTarget = { name: string; opts: autocannon.Options; env: string; people: number[] };

/** Where every punch of the bench is taken: 40 m north of the job's site, 12 m accuracy. */
const fixOf = (site: Setup['site']) => ({
  latitude: site.latitude + 40 / 111_195,
  longitude: site.longitude,
  accuracy_m: 12,
  located_at: new Date().toISOString(),
});

/** The job (the first active one with a budget line), its site, and the people who punch. */
export async function preparePunch(pool: pg.Pool, tenantUuid: string): Promise<Setup> {
  const [line] = (
    await pool.query<{ jobs_id: number; costcodes_id: number }>(
      `select c.jobs_id, c.costcodes_id from jobs_costcodes c join jobs j on j.tenant_uuid = c.tenant_uuid and j.id = c.jobs_id and j.status = 1
      where c.tenant_uuid = $1 and c.status = 1 order by c.jobs_id, c.costcodes_id limit 1`,
      [tenantUuid],
    )
  ).rows;
  const site = { latitude: 39.753, longitude: -104.999, radius: 150 };
  await pool.query('update jobs set site_latitude = $3, site_longitude = $4, site_radius_m = $5 where tenant_uuid = $1 and id = $2', [
    tenantUuid,
    line.jobs_id,
    site.latitude,
    site.longitude,
    site.radius,
  ]);
  const people = (
    await pool.query<{ id: number }>('select id from employees where tenant_uuid = $1 and status = 1 order by id', [tenantUuid])
  ).rows.map((r) => r.id);
  const half = Math.floor(people.length / 2);
  return { tenantUuid, ...line, site, graphqlPeople: people.slice(0, half), rawPeople: people.slice(half) };
}

/** The raw routes: POST /punch/in and /punch/out with { person, by }. */
export function registerPunchRoutes(raw: FastifyInstance, pool: pg.Pool, setup: Setup): void {
  const { tenantUuid: tenant, jobs_id, costcodes_id } = setup;
  const inTransaction = async <T>(person: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`punch:${tenant}:${person}`]);
      const result = await fn(client);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  };
  const measured = (site: { latitude: number; longitude: number; radius: number | null }, fix: ReturnType<typeof fixOf>) => {
    const distance = distanceMeters(fix, site);
    return { distance: Math.round(distance * 10) / 10, outside: outsideFence(distance, site.radius ?? 150, fix.accuracy_m) };
  };
  raw.post<{ Body: { person: number; by: number } }>('/punch/in', async (req) => {
    const { person, by } = req.body;
    const fix = fixOf(setup.site);
    const segment = await inTransaction(person, async (client) => {
      const [row] = (
        await client.query(
          `select (select id from punch_segments where tenant_uuid = $1 and employees_id = $2 and ended_at is null) as open,
            j.site_latitude as latitude, j.site_longitude as longitude, j.site_radius_m as radius,
            exists (select 1 from jobs_costcodes c where c.tenant_uuid = $1 and c.jobs_id = $3 and c.costcodes_id = $4 and c.status = 1) as budgeted
          from jobs j where j.tenant_uuid = $1 and j.id = $3 and j.status <> 0`,
          [tenant, person, jobs_id, costcodes_id],
        )
      ).rows;
      if (!row?.budgeted || row.open) return null;
      const m = measured(row, fix);
      return (
        await client.query(
          `insert into punch_segments (tenant_uuid, employees_id, jobs_id, costcodes_id, kind, started_at, start_location_status,
            start_latitude, start_longitude, start_accuracy_m, start_located_at, start_distance_m, start_outside_fence, punched_by, crew_punch)
          values ($1, $2, $3, $4, 'WORK', now(), 'GIVEN', $5, $6, $7, $8, $9, $10, $11, $12)
          returning id, employees_id, kind, started_at`,
          [
            tenant,
            person,
            jobs_id,
            costcodes_id,
            fix.latitude,
            fix.longitude,
            fix.accuracy_m,
            fix.located_at,
            m.distance,
            m.outside,
            by,
            by !== person,
          ],
        )
      ).rows[0];
    });
    return { results: [{ employees_id: person, outcome: segment ? 'DONE' : 'ALREADY_ON_THE_CLOCK', segment }] };
  });
  raw.post<{ Body: { person: number } }>('/punch/out', async (req) => {
    const { person } = req.body;
    const fix = fixOf(setup.site);
    const segment = await inTransaction(person, async (client) => {
      const [open] = (
        await client.query(
          `select s.id, j.site_latitude as latitude, j.site_longitude as longitude, j.site_radius_m as radius from punch_segments s
          join jobs j on j.tenant_uuid = s.tenant_uuid and j.id = s.jobs_id
          where s.tenant_uuid = $1 and s.employees_id = $2 and s.ended_at is null`,
          [tenant, person],
        )
      ).rows;
      if (!open) return null;
      const m = measured(open, fix);
      const [closed] = (
        await client.query(
          `update punch_segments set ended_at = now(), end_location_status = 'GIVEN', end_latitude = $3, end_longitude = $4,
            end_accuracy_m = $5, end_located_at = $6, end_distance_m = $7, end_outside_fence = $8, updated_on = now()
          where tenant_uuid = $1 and id = $2 returning id, employees_id, kind, started_at, ended_at`,
          [tenant, open.id, fix.latitude, fix.longitude, fix.accuracy_m, fix.located_at, m.distance, m.outside],
        )
      ).rows;
      // The card's day: its closed work and what the clock wrote for it (nothing, for a punch of a moment).
      await client.query(
        `select jobs_id, costcodes_id, started_at, ended_at from punch_segments where tenant_uuid = $1 and employees_id = $2
          and started_at > now() - interval '31 days' and started_at < now() and ended_at > date_trunc('day', now()) and kind = 'WORK'`,
        [tenant, person],
      );
      await client.query('select * from punch_entries where tenant_uuid = $1 and employees_id = $2 and timecard_date = current_date', [
        tenant,
        person,
      ]);
      return closed;
    });
    return { results: [{ employees_id: person, outcome: segment ? 'DONE' : 'NOT_ON_THE_CLOCK', segment }] };
  });
}

const PUNCH = `mutation($t: ID!, $a: PunchAction!, $e: [Int!], $j: Int, $c: Int, $l: PunchLocationInput) {
  punchClock(tenant_uuid: $t, action: $a, employees_ids: $e, jobs_id: $j, costcodes_id: $c, location: $l, location_status: GIVEN) {
    results { employees_id outcome segment { id employees_id kind started_at ended_at } } } }`;

/** The GraphQL and raw targets: each cycles a clock-in and a clock-out per connection's person. */
export function punchTargets(setup: Setup, appUrl: string, rawUrl: string, token: string, adminId: number): PunchTarget[] {
  const fix = fixOf(setup.site);
  const t = setup.tenantUuid;
  const graphql = (variables: Record<string, unknown>) => ({
    method: 'POST' as const,
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: PUNCH, variables }),
  });
  const rawRequest = (action: 'in' | 'out') => ({
    method: 'POST' as const,
    path: `/punch/${action}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ person: '__PERSON__', by: adminId }),
  });
  const client = path.join(import.meta.dirname, 'punch-client.cjs');
  type Request = { method: 'POST'; path: string; headers: Record<string, string>; body: string };
  const target = (name: string, url: string, people: number[], requests: Request[]): PunchTarget => ({
    name,
    people,
    env: JSON.stringify({ people, requests }),
    opts: { url, method: 'POST', setupClient: client },
  });
  return [
    target('graphql', appUrl, setup.graphqlPeople, [
      graphql({ t, a: 'IN', e: ['__PERSON__'], j: setup.jobs_id, c: setup.costcodes_id, l: fix }),
      graphql({ t, a: 'OUT', e: ['__PERSON__'], l: fix }),
    ]),
    target('raw', rawUrl, setup.rawPeople, [rawRequest('in'), rawRequest('out')]),
  ];
}

/** One clock-in and clock-out through each target, before the load: both must answer DONE twice. */
export async function verifyPunch(targets: PunchTarget[]): Promise<void> {
  for (const target of targets) {
    const person = String(target.people.at(-1));
    const { requests } = JSON.parse(target.env) as { requests: { path: string; headers: Record<string, string>; body: string }[] };
    for (const r of requests) {
      const res = await fetch(new URL(r.path, target.opts.url), {
        method: 'POST',
        headers: r.headers,
        body: r.body.replaceAll('"__PERSON__"', person),
      });
      const body = (await res.json()) as { data?: { punchClock: { results: { outcome: string }[] } }; results?: { outcome: string }[] };
      const outcome = (body.data?.punchClock ?? body).results?.[0]?.outcome;
      if (outcome !== 'DONE') throw new Error(`${PUNCH_OP}: ${target.name} ${r.path} answered ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  console.log(`${PUNCH_OP}: graphql and raw each clock a person in and out`);
}
