import { msg } from '@groundwork/core/messages';
import { addDays, toDayNumber } from '@groundwork/core/pay-periods';
import { MODULES } from '@groundwork/core/permissions';
import { dayBounds, dayIn, PUNCH_LIMITS } from '@groundwork/core/punches';
import { WORK_EVENT } from '@groundwork/core/scheduling';
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { checkLimit, decodeToken, encodeToken, type Page } from '../../graphql/paging.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { foremanJobs, isAdmin } from '../timecards/timecards.service.js';
import { segmentsIn } from './punches.card.js';
import type { Segment } from './punches.service.js';
import { loadPunchSettings } from './punches.settings.js';
import { punchSegments } from './punches.table.js';

export type PunchState = {
  employees_id: number;
  open: Segment | null;
  today: Segment[];
  worked_minutes_today: number;
  suggested_jobs_id: number | null;
  suggested_costcodes_id: number | null;
  ask_location: boolean;
};

/** How far back a foreman's crew is found for reading a person's state: who has punched on his jobs lately. */
const CREW_LOOKBACK_DAYS = 14;

/** The jobs `employee` is scheduled to work on `day` (crew scheduling, not declined), none with scheduling off. */
async function scheduledOn(tx: Tx, member: Member, employee: number, day: string): Promise<number[]> {
  if (member.off.has(MODULES.scheduling)) return [];
  const rows = await tx
    .select({ jobs_id: scheduledLabor.jobs_id })
    .from(scheduledLabor)
    .where(
      and(
        eq(scheduledLabor.tenant_uuid, member.tenantUuid),
        eq(scheduledLabor.employees_id, employee),
        eq(scheduledLabor.date, day),
        eq(scheduledLabor.event_type, WORK_EVENT),
        ne(scheduledLabor.confirmation_status, 'declined'),
      ),
    )
    .orderBy(asc(scheduledLabor.id));
  return rows.flatMap((r) => (r.jobs_id === null ? [] : [r.jobs_id]));
}

/** Whether a foreman may see `employee`'s punches: scheduled on one of his jobs today, or punched on one lately. */
async function onMyCrew(tx: Tx, member: Member, employee: number, myJobs: number[], today: string, now: Date): Promise<boolean> {
  if (myJobs.length === 0) return false;
  if ((await scheduledOn(tx, member, employee, today)).some((j) => myJobs.includes(j))) return true;
  const [seen] = await tx
    .select({ id: punchSegments.id })
    .from(punchSegments)
    .where(
      and(
        eq(punchSegments.tenant_uuid, member.tenantUuid),
        eq(punchSegments.employees_id, employee),
        gte(punchSegments.started_at, new Date(now.getTime() - CREW_LOOKBACK_DAYS * 86_400_000).toISOString()),
        inArray(punchSegments.jobs_id, myJobs),
      ),
    )
    .limit(1);
  return Boolean(seen);
}

/**
 * getPunchState: a person's clock now (default the caller): the open segment, today's segments in the company's zone,
 * the minutes worked today (breaks out, the running segment up to now) and the job to offer first (today's crew
 * schedule, else the last punched). Another person's: admins; a foreman for his crew (scheduled on his jobs today or
 * punched on them in the last two weeks).
 */
export async function punchState(tx: Tx, member: Member, employees_id: number | null | undefined, now: Date): Promise<PunchState> {
  const tenant = member.tenantUuid;
  const employee = employees_id ?? member.employeeId;
  const settings = await loadPunchSettings(tx, tenant);
  const today = dayIn(now, settings.time_zone);
  if (employee !== member.employeeId) {
    const [person] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, employee)));
    if (!person) throw notFound(msg('common.personNotFound'));
    if (!isAdmin(member) && !(await onMyCrew(tx, member, employee, await foremanJobs(tx, member), today, now))) throw forbidden();
  }
  const window = dayBounds(today, settings.time_zone);
  const segments = await segmentsIn(tx, tenant, employee, window, true);
  const [open] = await tx
    .select()
    .from(punchSegments)
    .where(and(eq(punchSegments.tenant_uuid, tenant), eq(punchSegments.employees_id, employee), isNull(punchSegments.ended_at)));
  let worked = 0;
  for (const s of segments) {
    if (s.kind !== 'WORK') continue;
    const from = Math.max(window.start.getTime(), new Date(s.started_at).getTime());
    const to = Math.min(window.end.getTime(), s.ended_at ? new Date(s.ended_at).getTime() : now.getTime());
    worked += Math.max(0, to - from);
  }

  let suggestedJob: number | null = (await scheduledOn(tx, member, employee, today))[0] ?? null;
  let suggestedCode: number | null = null;
  const lastOn = (job?: number) =>
    tx
      .select({ jobs_id: punchSegments.jobs_id, costcodes_id: punchSegments.costcodes_id })
      .from(punchSegments)
      .innerJoin(jobs, and(eq(jobs.tenant_uuid, punchSegments.tenant_uuid), eq(jobs.id, punchSegments.jobs_id), ne(jobs.status, 0)))
      .where(
        and(
          eq(punchSegments.tenant_uuid, tenant),
          eq(punchSegments.employees_id, employee),
          job === undefined ? undefined : eq(punchSegments.jobs_id, job),
        ),
      )
      .orderBy(desc(punchSegments.started_at))
      .limit(1);
  if (suggestedJob === null) {
    const [last] = await lastOn();
    suggestedJob = last?.jobs_id ?? null;
    suggestedCode = last?.costcodes_id ?? null;
  } else {
    suggestedCode = (await lastOn(suggestedJob))[0]?.costcodes_id ?? null;
  }
  if (suggestedJob !== null && suggestedCode === null) {
    const [first] = await tx
      .select({ id: jobsCostcodes.costcodes_id })
      .from(jobsCostcodes)
      .innerJoin(costcodes, and(eq(costcodes.tenant_uuid, jobsCostcodes.tenant_uuid), eq(costcodes.id, jobsCostcodes.costcodes_id)))
      .where(and(eq(jobsCostcodes.tenant_uuid, tenant), eq(jobsCostcodes.jobs_id, suggestedJob), eq(jobsCostcodes.status, 1)))
      .orderBy(asc(costcodes.costcode))
      .limit(1);
    suggestedCode = first?.id ?? null;
  }
  return {
    employees_id: employee,
    open: open ?? null,
    today: segments,
    worked_minutes_today: Math.floor(worked / 60_000),
    suggested_jobs_id: suggestedJob,
    suggested_costcodes_id: suggestedCode,
    ask_location: settings.ask_location,
  };
}

export type OnTheClock = {
  employees_id: number;
  name: string;
  jobs_id: number;
  job_name: string;
  costcodes_id: number;
  costcode: string;
  kind: string;
  since: string;
  outside_fence: boolean;
  distance_m: number | null;
  location_status: string;
};

/** listOnTheClock: who is on the clock now, with where they punched in. Admins: everyone; a foreman: his jobs. */
export async function onTheClock(tx: Tx, member: Member): Promise<OnTheClock[]> {
  const tenant = member.tenantUuid;
  let scope: SQL | undefined;
  if (!isAdmin(member)) {
    const mine = await foremanJobs(tx, member);
    if (mine.length === 0) throw forbidden();
    scope = inArray(punchSegments.jobs_id, mine);
  }
  return tx
    .select({
      employees_id: punchSegments.employees_id,
      name: employeeName,
      jobs_id: punchSegments.jobs_id,
      job_name: jobLabelSql,
      costcodes_id: punchSegments.costcodes_id,
      costcode: costcodes.costcode,
      kind: punchSegments.kind,
      since: punchSegments.started_at,
      outside_fence: punchSegments.start_outside_fence,
      distance_m: punchSegments.start_distance_m,
      location_status: punchSegments.start_location_status,
    })
    .from(punchSegments)
    .innerJoin(employees, and(eq(employees.tenant_uuid, punchSegments.tenant_uuid), eq(employees.id, punchSegments.employees_id)))
    .innerJoin(jobs, and(eq(jobs.tenant_uuid, punchSegments.tenant_uuid), eq(jobs.id, punchSegments.jobs_id)))
    .innerJoin(costcodes, and(eq(costcodes.tenant_uuid, punchSegments.tenant_uuid), eq(costcodes.id, punchSegments.costcodes_id)))
    .where(and(eq(punchSegments.tenant_uuid, tenant), isNull(punchSegments.ended_at), scope))
    .orderBy(asc(punchSegments.started_at), asc(punchSegments.id));
}

export type ListArgs = {
  employees_id?: number | null;
  jobs_id?: number | null;
  date_from: string;
  date_to: string;
  outside_fence?: boolean | null;
  missed_clock_out?: boolean | null;
  limit?: number | null;
  nextToken?: string | null;
};

const dayArg = (value: string, field: string) => {
  try {
    toDayNumber(value);
  } catch {
    throw new AppError('VALIDATION', msg('common.invalidDay'), { field });
  }
};
const isTokenKey = (v: unknown): v is [string, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && Number.isFinite(Date.parse(v[0])) && Number.isInteger(v[1]);

/**
 * listPunches: segments that started in a window of days (company zone), newest first, one keyset page at a time.
 * Admins: everyone's; others their own and, as a foreman, those on his jobs. Filters: a person, a job, punched outside
 * the fence (in or out), left open past the day.
 */
export async function listPunches(tx: Tx, member: Member, args: ListArgs): Promise<Page<Segment>> {
  dayArg(args.date_from, 'date_from');
  dayArg(args.date_to, 'date_to');
  const span = toDayNumber(args.date_to) - toDayNumber(args.date_from);
  if (span < 0) throw new AppError('VALIDATION', msg('punches.dateRange'), { field: 'date_to' });
  if (span > PUNCH_LIMITS.windowMaxDays) throw new AppError('VALIDATION', msg('timecards.windowMax', { max: PUNCH_LIMITS.windowMaxDays }));
  const limit = args.limit ?? 50;
  checkLimit(limit);
  const after = args.nextToken ? decodeToken(args.nextToken, isTokenKey) : null;
  const tenant = member.tenantUuid;
  const settings = await loadPunchSettings(tx, tenant);
  const from = dayBounds(args.date_from, settings.time_zone).start.toISOString();
  const to = dayBounds(addDays(args.date_to, 1), settings.time_zone).start.toISOString();

  let scope: SQL | undefined;
  if (!isAdmin(member)) {
    const own = eq(punchSegments.employees_id, member.employeeId);
    const asksOthers = args.employees_id != null && args.employees_id !== member.employeeId;
    const mine = asksOthers || args.employees_id == null ? await foremanJobs(tx, member) : [];
    if (asksOthers && mine.length === 0) throw forbidden();
    scope = mine.length ? (asksOthers ? inArray(punchSegments.jobs_id, mine) : or(own, inArray(punchSegments.jobs_id, mine))) : own;
  }
  const rows = await tx
    .select()
    .from(punchSegments)
    .where(
      and(
        eq(punchSegments.tenant_uuid, tenant),
        gte(punchSegments.started_at, from),
        lt(punchSegments.started_at, to),
        scope,
        args.employees_id != null ? eq(punchSegments.employees_id, args.employees_id) : undefined,
        args.jobs_id != null ? eq(punchSegments.jobs_id, args.jobs_id) : undefined,
        args.outside_fence == null
          ? undefined
          : args.outside_fence
            ? or(eq(punchSegments.start_outside_fence, true), eq(punchSegments.end_outside_fence, true))
            : and(eq(punchSegments.start_outside_fence, false), eq(punchSegments.end_outside_fence, false)),
        args.missed_clock_out == null ? undefined : eq(punchSegments.missed_clock_out, args.missed_clock_out),
        after
          ? sql`(${punchSegments.started_at}, ${punchSegments.id}) < (${new Date(after[0]).toISOString()}::timestamptz, ${after[1]})`
          : undefined,
      ),
    )
    .orderBy(desc(punchSegments.started_at), desc(punchSegments.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextToken: rows.length > limit && last ? encodeToken([new Date(last.started_at).toISOString(), last.id]) : null,
  };
}
