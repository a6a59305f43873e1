import { sql } from 'drizzle-orm';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import type { TestApp } from '../../testing/test-app.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { tenantSettings } from '../settings/settings.table.js';
import { seedTimecardSite } from '../timecards/timecards.fixtures.js';

/** Every field of a segment, as the tests read it. */
const SEGMENT = `id employees_id jobs_id costcodes_id kind started_at ended_at start_location_status start_latitude start_longitude
  start_accuracy_m start_distance_m start_outside_fence end_location_status end_latitude end_distance_m end_outside_fence
  punched_by crew_punch missed_clock_out card_locked original_started_at original_ended_at corrected_by corrected_on`;

export const PUNCH = `mutation($t: ID!, $a: PunchAction!, $e: [Int!], $j: Int, $c: Int, $l: PunchLocationInput, $s: PunchLocationStatus!, $d: String) {
  punchClock(tenant_uuid: $t, action: $a, employees_ids: $e, jobs_id: $j, costcodes_id: $c, location: $l, location_status: $s, device_time: $d) {
    results { employees_id outcome segment { ${SEGMENT} } } } }`;
export const STATE = `query($t: ID!, $e: Int) { getPunchState(tenant_uuid: $t, employees_id: $e) {
  employees_id open { ${SEGMENT} } today { ${SEGMENT} } worked_minutes_today suggested_jobs_id suggested_costcodes_id ask_location } }`;
export const CORRECT = `mutation($t: ID!, $id: Int!, $s: String!, $e: String) { correctPunch(tenant_uuid: $t, id: $id, started_at: $s, ended_at: $e) { ${SEGMENT} } }`;
export const LIST = `query($t: ID!, $e: Int, $j: Int, $f: String!, $to: String!, $o: Boolean, $m: Boolean, $n: Int, $k: String) {
  listPunches(tenant_uuid: $t, employees_id: $e, jobs_id: $j, date_from: $f, date_to: $to, outside_fence: $o, missed_clock_out: $m, limit: $n, nextToken: $k) {
    items { ${SEGMENT} } nextToken } }`;
export const ON_THE_CLOCK = `query($t: ID!) { listOnTheClock(tenant_uuid: $t) {
  employees_id name jobs_id job_name costcodes_id costcode kind since outside_fence distance_m location_status } }`;
export const SETTINGS = `query($t: ID!) { getPunchSettings(tenant_uuid: $t) { ask_location default_radius_m location_retention_days time_zone } }`;
export const UPDATE_SETTINGS = `mutation($t: ID!, $a: Boolean, $r: Int, $d: Int, $z: String) {
  updatePunchSettings(tenant_uuid: $t, ask_location: $a, default_radius_m: $r, location_retention_days: $d, time_zone: $z) {
    ask_location default_radius_m location_retention_days time_zone } }`;
export const SITE = `mutation($t: ID!, $j: Int!, $lat: Float, $lon: Float, $r: Int) {
  setJobSite(tenant_uuid: $t, jobs_id: $j, site_latitude: $lat, site_longitude: $lon, site_radius_m: $r) {
    jobs_id site_latitude site_longitude site_radius_m } }`;
export const CARD = `query($t: ID!, $e: Int, $s: String, $end: String) { getTimecardInfo(tenant_uuid: $t, employee_id: $e, start_date: $s, end_date: $end) {
  users_timecard { id signed_on } users_timecard_entries { id timecard_date jobs_id costcodes_id hours } } }`;

/** The site of the test job: a point in Denver with a 150 m fence. */
const SITE_POINT = { latitude: 39.753, longitude: -104.999 };

/**
 * A company with a job site for punches: biweekly periods from Monday 2026-01-05, entry up to today (setting 6), 15
 * minute steps; two jobs (the foreman runs `job`, the other foreman `otherJob`), cost code `code` budgeted on both and
 * `code2` on `job`, `unbudgeted` on neither; `job` has a site, `otherJob` none. People: an admin, two foremen, two
 * workers, and another company's admin.
 */
export async function punchCompany(t: TestApp) {
  const db = t.database.db;
  const tenant = await createTenant(db);
  const admin = await createMember(db, tenant, { isAdmin: true, firstname: 'Ada' });
  const foreman = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Fred' });
  const otherForeman = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Olga' });
  const worker = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Wanda' });
  const mate = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Mateo' });
  const foreign = await createMember(db, await createTenant(db), { isAdmin: true, firstname: 'Xavier' });
  const ids = await withTenant(db, tenant, async (tx) => {
    const site = await seedTimecardSite(tx, tenant, 100);
    const [c2] = await tx.insert(costcodes).values({ tenant_uuid: tenant, costcode: '03-310' }).returning({ id: costcodes.id });
    await tx.insert(jobsCostcodes).values({ tenant_uuid: tenant, jobs_id: site.job, costcodes_id: c2.id });
    await tx
      .update(jobs)
      .set({ site_latitude: SITE_POINT.latitude, site_longitude: SITE_POINT.longitude, site_radius_m: 150 })
      .where(sql`${jobs.tenant_uuid} = ${tenant} and ${jobs.id} = ${site.job}`);
    await tx.insert(jobsForemen).values([
      { tenant_uuid: tenant, jobs_id: site.job, employees_id: foreman.employeeId },
      { tenant_uuid: tenant, jobs_id: site.otherJob, employees_id: otherForeman.employeeId },
    ]);
    return { ...site, code2: c2.id };
  });
  await setTimecardSettings(t, tenant);
  return { tenant, admin, foreman, otherForeman, worker, mate, foreign, ...ids };
}

/** Time-card settings: biweekly from 2026-01-05, entry up to today (6), 15-minute steps, plus `extra`. */
async function setTimecardSettings(t: TestApp, tenant: string, extra: [number, string | null, string | null][] = []) {
  const rows: [number, string | null, string | null][] = [
    [1, 'true', '2'],
    [15, '2026-01-05', null],
    [6, 'true', null],
    [43, 'true', '15'],
    ...extra,
  ];
  await withTenant(t.database.db, tenant, async (tx) => {
    await tx.delete(tenantSettings).where(sql`${tenantSettings.tenant_uuid} = ${tenant}`);
    await tx.insert(tenantSettings).values(
      rows.map(([id, custom_value, pass_through_value]) => ({
        tenant_uuid: tenant,
        codx_tenant_options_values_id: id,
        custom_value,
        pass_through_value,
      })),
    );
  });
}

/** A fix `metres` north of the test site (0 = on the point). */
export const fixNorth = (metres: number, accuracy_m = 10, located_at = '2026-03-18T07:00:00Z') => ({
  latitude: SITE_POINT.latitude + metres / 111_195,
  longitude: SITE_POINT.longitude,
  accuracy_m,
  located_at,
});

export type Punch = {
  action: 'IN' | 'SWITCH' | 'BREAK_START' | 'BREAK_END' | 'OUT';
  employees_ids?: number[];
  jobs_id?: number;
  costcodes_id?: number;
  location?: ReturnType<typeof fixNorth> | null;
  location_status?: 'GIVEN' | 'DENIED' | 'UNAVAILABLE' | 'NOT_ASKED';
  device_time?: string;
};

/** Calls punchClock as `who`. */
export const punch = (t: TestApp, who: TestMember, p: Punch) =>
  t.gql(
    PUNCH,
    {
      t: who.tenantUuid,
      a: p.action,
      e: p.employees_ids,
      j: p.jobs_id,
      c: p.costcodes_id,
      l: p.location ?? null,
      s: p.location_status ?? (p.location ? 'GIVEN' : 'UNAVAILABLE'),
      d: p.device_time,
    },
    who.token,
  );
