import { atField, fromText, type Message, msg } from '@groundwork/core/messages';
import {
  dayIn,
  distanceMeters,
  locationProblem,
  outsideFence,
  PUNCH_LIMITS,
  type PunchAction,
  type PunchLocation,
  type PunchLocationStatus,
  type PunchOutcome,
  parseInstant,
  punchMoment,
  punchStep,
} from '@groundwork/core/punches';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { foremanJobs, isAdmin } from '../timecards/timecards.service.js';
import { checkCorrectable, daysOf, loadCardRules, writePunchedDays } from './punches.card.js';
import { loadPunchSettings } from './punches.settings.js';
import { punchSegments } from './punches.table.js';

export type Segment = typeof punchSegments.$inferSelect;
export type Outcome = { employees_id: number; outcome: PunchOutcome; segment: Segment | null };

export type PunchArgs = {
  action: PunchAction;
  employees_ids?: readonly number[] | null;
  jobs_id?: number | null;
  costcodes_id?: number | null;
  location?: PunchLocation | null;
  location_status: PunchLocationStatus;
  device_time?: string | null;
};

const validation = (message: Message, field?: string) => new AppError('VALIDATION', atField(field, message), field ? { field } : {});

type Site = { latitude: number | null; longitude: number | null; radius: number | null };

/** The location columns one punch stamps (start_* or end_*), measured from the segment's job site. */
function stamp<P extends 'start' | 'end'>(
  prefix: P,
  status: PunchLocationStatus,
  fix: PunchLocation | null,
  site: Site | undefined,
  defaultRadius: number,
) {
  const measured =
    fix && site?.latitude != null && site.longitude != null
      ? distanceMeters(fix, { latitude: site.latitude, longitude: site.longitude })
      : null;
  const radius = site?.radius ?? defaultRadius;
  const columns = {
    location_status: status,
    latitude: fix?.latitude ?? null,
    longitude: fix?.longitude ?? null,
    accuracy_m: fix?.accuracy_m ?? null,
    located_at: fix ? (parseInstant(fix.located_at) as Date).toISOString() : null,
    distance_m: measured === null ? null : Math.round(measured * 10) / 10,
    outside_fence: measured !== null && fix !== null && outsideFence(measured, radius, fix.accuracy_m),
  };
  return Object.fromEntries(Object.entries(columns).map(([k, v]) => [`${prefix}_${k}`, v])) as {
    [K in keyof typeof columns as `${P}_${K}`]: (typeof columns)[K];
  };
}

/** Serialises punches of the same people (in a stable order, so two crew punches cannot deadlock). */
async function lockPeople(tx: Tx, tenant: string, ids: readonly number[]) {
  const keys = [...ids].sort((a, b) => a - b).map((id) => sql`${`punch:${tenant}:${id}`}`);
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(array[${sql.join(keys, sql`, `)}]::text[]) with ordinality as u(k, n) order by n`,
  );
}

async function sitesOf(tx: Tx, tenant: string, ids: number[]): Promise<Map<number, Site>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: jobs.id, latitude: jobs.site_latitude, longitude: jobs.site_longitude, radius: jobs.site_radius_m })
    .from(jobs)
    .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The job a punch opens a segment on, with its site: one of the company's, not deleted, with the cost code budgeted and
 * switched on for it (the time card's rule).
 */
async function jobForPunch(tx: Tx, tenant: string, jobs_id: number, costcodes_id: number): Promise<Site> {
  const [job] = await tx
    .select({
      latitude: jobs.site_latitude,
      longitude: jobs.site_longitude,
      radius: jobs.site_radius_m,
      budgeted: sql<boolean>`exists (select 1 from ${jobsCostcodes} where ${jobsCostcodes.tenant_uuid} = ${tenant}
        and ${jobsCostcodes.jobs_id} = ${jobs_id} and ${jobsCostcodes.costcodes_id} = ${costcodes_id} and ${jobsCostcodes.status} = 1)`,
    })
    .from(jobs)
    .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.id, jobs_id), ne(jobs.status, 0)));
  if (!job) throw notFound(msg('common.jobNotFound'));
  if (!job.budgeted) throw new AppError('VALIDATION', msg('timecards.notBudgeted'), { field: 'costcodes_id' });
  return job;
}

/** The last punch of each person: the end of their latest segment, or its start while open. */
async function lastPunches(tx: Tx, tenant: string, ids: readonly number[]): Promise<Map<number, Date>> {
  const rows = (await tx.execute(sql`
    select p.id as employees_id, l.at from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) as p(id)
    cross join lateral (
      select coalesce(s.ended_at, s.started_at) as at from ${punchSegments} s
      where s.tenant_uuid = ${tenant} and s.employees_id = p.id order by s.started_at desc limit 1) l`)) as unknown as {
    rows: { employees_id: number; at: string | Date }[];
  };
  return new Map(rows.rows.map((r) => [Number(r.employees_id), new Date(r.at)]));
}

/**
 * punchClock: one action for the signed-in person or a crew, in one transaction. Each person gets an outcome: DONE,
 * or why nothing changed for them (already on the clock, not on a break…), never an error. Who may punch whom follows
 * spec §6's time-card rules: oneself; a foreman his crew on his jobs (the jobs a punch opens or closes must be his; a
 * person on the clock elsewhere is answered without that segment); admins anyone. Closed work writes the cards.
 */
export async function punchClock(tx: Tx, member: Member, args: PunchArgs, now: Date): Promise<Outcome[]> {
  const tenant = member.tenantUuid;
  // --- The request, checked before anything is read.
  const given = args.employees_ids ?? [member.employeeId];
  if (given.length === 0) throw validation(msg('punches.noPeople'), 'employees_ids');
  if (given.length > PUNCH_LIMITS.maxPeople) throw validation(msg('punches.tooManyPeople'), 'employees_ids');
  const targets = [...new Set(given)];
  const opening = args.action === 'IN' || args.action === 'SWITCH';
  if (opening && (!args.jobs_id || !args.costcodes_id))
    throw validation(msg('punches.chooseJob'), args.jobs_id ? 'costcodes_id' : 'jobs_id');
  let device: Date | null = null;
  if (args.device_time != null) {
    device = parseInstant(args.device_time);
    if (!device) throw validation(msg('punches.invalidTime'), 'device_time');
  }
  let status = args.location_status;
  let fix = args.location ?? null;
  if (fix && status !== 'GIVEN') throw validation(msg('punches.locationNeedsGiven'), 'location');
  if (!fix && status === 'GIVEN') throw validation(msg('punches.givenNeedsLocation'), 'location');
  if (fix) {
    const problem = locationProblem(fix);
    if (problem) throw validation(fromText(problem), 'location');
  }

  const settings = await loadPunchSettings(tx, tenant);
  // A company that does not ask for the location keeps none, whatever a phone sends.
  if (!settings.ask_location) {
    status = 'NOT_ASKED';
    fix = null;
  }

  // --- Whose punch: the company's active people only (another company's ids are simply not found), with the segment
  // each has open, read once their punches are serialised.
  const newJob = opening ? await jobForPunch(tx, tenant, args.jobs_id as number, args.costcodes_id as number) : null;
  await lockPeople(tx, tenant, targets);
  const people = await tx
    .select({ id: employees.id, open: punchSegments })
    .from(employees)
    .leftJoin(
      punchSegments,
      and(
        eq(punchSegments.tenant_uuid, employees.tenant_uuid),
        eq(punchSegments.employees_id, employees.id),
        isNull(punchSegments.ended_at),
      ),
    )
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1), inArray(employees.id, targets)));
  if (people.length !== targets.length) throw notFound(msg('common.personNotFound'));
  const open = new Map(people.flatMap((p) => (p.open ? [[p.id, p.open] as const] : [])));

  const admin = isAdmin(member);
  const others = targets.some((id) => id !== member.employeeId);
  const myJobs = new Set(others && !admin ? await foremanJobs(tx, member) : []);
  if (others && !admin && myJobs.size === 0) throw forbidden();
  const steps = targets.map((id) => ({ id, current: open.get(id) ?? null, step: punchStep(open.get(id) ?? null, args.action) }));
  // Someone else's segment on a job that is not the caller's: not shown to them.
  const hidden = (id: number, s: Segment | null) => id !== member.employeeId && !admin && s !== null && !myJobs.has(s.jobs_id);
  for (const { id, current, step } of steps) {
    if (id === member.employeeId || admin || step.outcome !== 'DONE') continue;
    const touched = [...(step.close && current ? [current.jobs_id] : []), ...(opening ? [args.jobs_id as number] : [])];
    if (touched.some((j) => !myJobs.has(j))) throw forbidden();
  }

  // --- When: the phone's moment of the tap (an offline queue), or now; never before the person's last punch (their
  // open segment's start, else the end of their latest segment).
  const acting = steps.filter((s) => s.step.outcome === 'DONE');
  const closedOnly = device ? acting.filter((s) => !s.current).map((s) => s.id) : [];
  const last = closedOnly.length ? await lastPunches(tx, tenant, closedOnly) : new Map<number, Date>();
  const moments = new Map<number, Date>();
  for (const { id, current } of acting) {
    const when = punchMoment(device, now, current ? new Date(current.started_at) : (last.get(id) ?? null));
    if ('problem' in when)
      throw new AppError('VALIDATION', atField('device_time', fromText(when.problem)), { field: 'device_time', employees_id: id });
    moments.set(id, when.at);
  }

  const sites = await sitesOf(
    tx,
    tenant,
    acting.flatMap((s) => (s.current ? [s.current.jobs_id] : [])),
  );
  if (newJob) sites.set(args.jobs_id as number, newJob);
  const zone = settings.time_zone;
  const results: Outcome[] = [];
  const toCard: { id: number; days: string[] }[] = [];
  for (const { id, current, step } of steps) {
    if (step.outcome !== 'DONE') {
      results.push({ employees_id: id, outcome: step.outcome, segment: hidden(id, current) ? null : current });
      continue;
    }
    const at = moments.get(id) as Date;
    const iso = at.toISOString();
    // A switch to where the person already is changes nothing.
    if (args.action === 'SWITCH' && current && current.jobs_id === args.jobs_id && current.costcodes_id === args.costcodes_id) {
      results.push({ employees_id: id, outcome: 'DONE', segment: current });
      continue;
    }
    let closed: Segment | null = null;
    if (step.close && current) {
      [closed] = await tx
        .update(punchSegments)
        .set({ ended_at: iso, ...stamp('end', status, fix, sites.get(current.jobs_id), settings.default_radius_m), updated_on: sql`now()` })
        .where(and(eq(punchSegments.tenant_uuid, tenant), eq(punchSegments.id, current.id)))
        .returning();
      if (current.kind === 'WORK') toCard.push({ id, days: daysOf(new Date(current.started_at), at, zone) });
    }
    let opened: Segment | null = null;
    if (step.open) {
      const jobs_id = step.open.sameJob && current ? current.jobs_id : (args.jobs_id as number);
      const costcodes_id = step.open.sameJob && current ? current.costcodes_id : (args.costcodes_id as number);
      [opened] = await tx
        .insert(punchSegments)
        .values({
          tenant_uuid: tenant,
          employees_id: id,
          jobs_id,
          costcodes_id,
          kind: step.open.kind,
          started_at: iso,
          ...stamp('start', status, fix, sites.get(jobs_id), settings.default_radius_m),
          punched_by: member.employeeId,
          crew_punch: id !== member.employeeId,
        })
        .returning();
    }
    const segment = opened ?? closed;
    results.push({ employees_id: id, outcome: 'DONE', segment });
  }

  if (toCard.length) {
    const cardRules = await loadCardRules(tx, tenant, settings.time_zone);
    const flags = new Map<number, boolean>();
    for (const { id, days } of toCard)
      for (const [segment, locked] of await writePunchedDays(tx, tenant, id, days, cardRules, { kind: 'clock' }))
        flags.set(segment, locked);
    // The segments as the card left them.
    for (const r of results)
      if (r.segment && flags.has(r.segment.id)) r.segment = { ...r.segment, card_locked: flags.get(r.segment.id) as boolean };
  }
  return results;
}

/**
 * correctPunch: new times for one segment, the first correction keeping the times before it. One's own until the card
 * is signed; a foreman's on his jobs; admins any. A closed segment stays closed; an open one (a missed clock-out) is
 * closed by giving its end. The card is written again for every day the segment touched before and after.
 */
export async function correctPunch(
  tx: Tx,
  member: Member,
  args: { id: number; started_at: string; ended_at?: string | null },
  now: Date,
): Promise<Segment> {
  const tenant = member.tenantUuid;
  const start = parseInstant(args.started_at);
  if (!start) throw validation(msg('punches.invalidTime'), 'started_at');
  const end = args.ended_at == null ? null : parseInstant(args.ended_at);
  if (args.ended_at != null && !end) throw validation(msg('punches.invalidTime'), 'ended_at');

  const [segment] = await tx
    .select()
    .from(punchSegments)
    .where(and(eq(punchSegments.tenant_uuid, tenant), eq(punchSegments.id, args.id)));
  if (!segment) throw notFound(msg('punches.notFound'));
  const admin = isAdmin(member);
  if (segment.employees_id !== member.employeeId && !admin) {
    const mine = await foremanJobs(tx, member);
    if (!mine.includes(segment.jobs_id)) throw forbidden();
  }
  if (!end && segment.ended_at) throw validation(msg('punches.cannotReopen'), 'ended_at');
  const latest = now.getTime() + PUNCH_LIMITS.deviceAheadMs;
  if (start.getTime() > latest || (end && end.getTime() > latest))
    throw validation(msg('punches.inFuture'), end ? 'ended_at' : 'started_at');
  if (end && end < start) throw validation(msg('punches.endBeforeStart'), 'ended_at');
  if (end && end.getTime() - start.getTime() > PUNCH_LIMITS.maxSegmentHours * 3_600_000)
    throw validation(msg('punches.tooLong'), 'ended_at');

  await lockPeople(tx, tenant, [segment.employees_id]);
  const [clash] = await tx
    .select({ id: punchSegments.id })
    .from(punchSegments)
    .where(
      and(
        eq(punchSegments.tenant_uuid, tenant),
        eq(punchSegments.employees_id, segment.employees_id),
        ne(punchSegments.id, segment.id),
        end ? sql`${punchSegments.started_at} < ${end.toISOString()}` : undefined,
        sql`(${punchSegments.ended_at} is null or ${punchSegments.ended_at} > ${start.toISOString()})`,
      ),
    )
    .orderBy(desc(punchSegments.started_at))
    .limit(1);
  if (clash) throw new AppError('VALIDATION', msg('punches.overlaps'), { field: 'started_at' });

  const first = segment.corrected_on === null;
  const [updated] = await tx
    .update(punchSegments)
    .set({
      started_at: start.toISOString(),
      ended_at: end ? end.toISOString() : null,
      ...(first ? { original_started_at: segment.started_at, original_ended_at: segment.ended_at } : {}),
      corrected_by: member.employeeId,
      corrected_on: now.toISOString(),
      updated_on: sql`now()`,
    })
    .where(and(eq(punchSegments.tenant_uuid, tenant), eq(punchSegments.id, segment.id)))
    .returning();

  const settings = await loadPunchSettings(tx, tenant);
  const zone = settings.time_zone;
  const spans = (from: Date, to: Date | null) => (to ? daysOf(from, to, zone) : [dayIn(from, zone)]);
  const days = [...spans(new Date(segment.started_at), segment.ended_at ? new Date(segment.ended_at) : null), ...spans(start, end)];
  const rules = await loadCardRules(tx, tenant, zone);
  const mode = { kind: 'correction', admin, today: dayIn(now, zone) } as const;
  await checkCorrectable(tx, tenant, segment.employees_id, days, rules, mode);
  if (segment.kind === 'WORK') {
    await writePunchedDays(tx, tenant, segment.employees_id, days, rules, mode);
    const [fresh] = await tx
      .select()
      .from(punchSegments)
      .where(and(eq(punchSegments.tenant_uuid, tenant), eq(punchSegments.id, segment.id)));
    return fresh;
  }
  return updated;
}
