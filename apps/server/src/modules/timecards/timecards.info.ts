import { msg } from '@groundwork/core/messages';
import { defaultWindow, minuteIncrement, toDayNumber } from '@groundwork/core/pay-periods';
import { MODULES } from '@groundwork/core/permissions';
import { WORK_EVENT } from '@groundwork/core/scheduling';
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { selectPrepared } from '../../graphql/prepared.js';
import type { Row } from '../../platform/realtime.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { checkDate, foremanJobs, isAdmin, type JobRef, loadSettings, payPeriodConfig } from './timecards.service.js';
import { timecardEntries, usersTimecard } from './timecards.table.js';

/** No request may read a company's whole history: a window is at most this many days. */
const MAX_WINDOW_DAYS = 62;

export type Settings = { pay_period_type: number; pay_period_anchor: string; minute_increment: number; today: string };
export type Person = { id: number; firstname: string | null; lastname: string | null; username: string | null };
export type CodeRef = { id: number; costcode: string; description: string | null };
export type ScheduledJob = { date: string; jobs_id: number };

export type Info = {
  employee_id: number;
  foreman_jobs_id: number[];
  people: Person[];
  jobs: JobRef[];
  costcodes: CodeRef[];
  users_timecard: Row[];
  users_timecard_entries: Row[];
  timecard_collection: Row[];
  timecard_entries_collection: Row[];
  settings: Settings;
  scheduled_jobs: ScheduledJob[];
};

/** Names for the people, jobs and cost codes a result mentions, so a card reads without other permissions. */
async function referencedRows(tx: Tx, tenant: string, personIds: number[], entries: Row[]) {
  const people = [...new Set(personIds)];
  const jobIds = [...new Set(entries.map((e) => e.jobs_id as number))];
  const codeIds = [...new Set(entries.map((e) => e.costcodes_id as number))];
  return {
    people: (await tx
      .select({ id: employees.id, firstname: employees.firstname, lastname: employees.lastname, username: employees.username })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, people)))
      .orderBy(asc(employees.lastname), asc(employees.firstname), asc(employees.id))) as Person[],
    jobs: jobIds.length
      ? await tx
          .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr, status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, jobIds)))
      : [],
    costcodes: codeIds.length
      ? await tx
          .select({ id: costcodes.id, costcode: costcodes.costcode, description: costcodes.description })
          .from(costcodes)
          .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)))
      : [],
  };
}

/** The jobs `employee` is scheduled to work from..to (not declined), for time entry to offer first; none with scheduling off. */
async function scheduledJobs(tx: Tx, member: Member, employee: number, from: string, to: string): Promise<ScheduledJob[]> {
  if (member.off.has(MODULES.scheduling)) return [];
  const rows = await tx
    .selectDistinct({ date: scheduledLabor.date, jobs_id: scheduledLabor.jobs_id })
    .from(scheduledLabor)
    .where(
      and(
        eq(scheduledLabor.tenant_uuid, member.tenantUuid),
        eq(scheduledLabor.employees_id, employee),
        gte(scheduledLabor.date, from),
        lte(scheduledLabor.date, to),
        eq(scheduledLabor.event_type, WORK_EVENT),
        ne(scheduledLabor.confirmation_status, 'declined'),
      ),
    )
    .orderBy(asc(scheduledLabor.date), asc(scheduledLabor.jobs_id));
  return rows.filter((r): r is ScheduledJob => r.jobs_id !== null);
}

export type InfoArgs = {
  employee_id?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  fetch_all_timecards?: boolean | null;
  fetch_crew_timecards?: boolean | null;
};

/**
 * getTimecardInfo: a person's cards and entries in a window. `wants` says which fields the query asks for;
 * only those are read.
 */
export async function timecardInfo(
  tx: Tx,
  member: Member,
  args: InfoArgs,
  wants: (field: string) => boolean,
  today: string,
): Promise<Info> {
  const wantsRefs = wants('people') || wants('jobs') || wants('costcodes');
  const wantsCollection = wants('timecard_entries_collection') || wants('timecard_collection') || wantsRefs;
  const window = defaultWindow(today);
  const start = args.start_date ?? window.start;
  const end = args.end_date ?? window.end;
  checkDate(start, 'start_date');
  checkDate(end, 'end_date');
  const span = toDayNumber(end) - toDayNumber(start);
  if (span < 0) throw new AppError('VALIDATION', msg('timecards.endBeforeStart'));
  if (span > MAX_WINDOW_DAYS) throw new AppError('VALIDATION', msg('timecards.windowMax', { max: MAX_WINDOW_DAYS }));
  const tenant = member.tenantUuid;
  const employee = args.employee_id ?? member.employeeId;
  const lookingAtSomeoneElse = employee !== member.employeeId && !isAdmin(member);
  if (args.fetch_all_timecards && !isAdmin(member)) throw forbidden();
  const myJobs =
    lookingAtSomeoneElse || wants('foreman_jobs_id') || (args.fetch_crew_timecards && wantsCollection) ? await foremanJobs(tx, member) : [];

  const entriesWhere = (...extra: ReturnType<typeof eq>[]) =>
    and(
      eq(timecardEntries.tenant_uuid, tenant),
      gte(timecardEntries.timecard_date, start),
      lte(timecardEntries.timecard_date, end),
      ...extra,
    );
  const cardsOf = (ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : tx
          .select()
          .from(usersTimecard)
          .where(
            and(
              eq(usersTimecard.tenant_uuid, tenant),
              inArray(usersTimecard.employees_id, ids),
              lte(usersTimecard.payperiod_start_date, end),
              gte(usersTimecard.payperiod_end_date, start),
            ),
          )
          .orderBy(asc(usersTimecard.employees_id), asc(usersTimecard.payperiod_start_date));

  if (lookingAtSomeoneElse) {
    // A foreman may look at a person who has time on one of their jobs in the window.
    const onMyJobs = myJobs.length
      ? await tx
          .select({ id: timecardEntries.id })
          .from(timecardEntries)
          .where(entriesWhere(eq(timecardEntries.employees_id, employee), inArray(timecardEntries.jobs_id, myJobs)))
          .limit(1)
      : [];
    if (onMyJobs.length === 0) throw forbidden();
  }

  const p = sql.placeholder;
  // The common read (a person's entries in a window) is one prepared statement.
  const mine =
    wants('users_timecard_entries') || wantsRefs
      ? await selectPrepared<Row>(
          tx,
          'getTimecardInfo|mine',
          () =>
            tx
              .select()
              .from(timecardEntries)
              .where(
                and(
                  eq(timecardEntries.tenant_uuid, p('tenant')),
                  eq(timecardEntries.employees_id, p('employee')),
                  gte(timecardEntries.timecard_date, p('start')),
                  lte(timecardEntries.timecard_date, p('end')),
                ),
              )
              .orderBy(asc(timecardEntries.timecard_date), asc(timecardEntries.id)),
          { tenant, employee, start, end },
        )
      : [];

  let collection: Row[] = [];
  if (!wantsCollection) {
    // not asked for
  } else if (args.fetch_all_timecards) {
    collection = await tx
      .select()
      .from(timecardEntries)
      .where(entriesWhere())
      .orderBy(asc(timecardEntries.employees_id), asc(timecardEntries.timecard_date), asc(timecardEntries.id));
  } else if (args.fetch_crew_timecards && myJobs.length) {
    const crew = await tx
      .selectDistinct({ id: timecardEntries.employees_id })
      .from(timecardEntries)
      .where(entriesWhere(inArray(timecardEntries.jobs_id, myJobs)));
    const ids = crew.map((c) => c.id);
    collection = ids.length
      ? await tx
          .select()
          .from(timecardEntries)
          .where(entriesWhere(inArray(timecardEntries.employees_id, ids)))
          .orderBy(asc(timecardEntries.employees_id), asc(timecardEntries.timecard_date), asc(timecardEntries.id))
      : [];
  }
  const settings = wants('settings') ? await loadSettings(tx, tenant) : null;
  const period = settings ? payPeriodConfig(settings) : null;
  const refs = wantsRefs
    ? await referencedRows(tx, tenant, [employee, ...collection.map((e) => e.employees_id as number)], [...mine, ...collection])
    : { people: [], jobs: [], costcodes: [] };
  return {
    employee_id: employee,
    foreman_jobs_id: myJobs,
    ...refs,
    users_timecard: wants('users_timecard') ? await cardsOf([employee]) : [],
    users_timecard_entries: mine,
    timecard_collection: wants('timecard_collection') ? await cardsOf([...new Set(collection.map((e) => e.employees_id as number))]) : [],
    timecard_entries_collection: collection,
    scheduled_jobs: wants('scheduled_jobs') ? await scheduledJobs(tx, member, employee, start, end) : [],
    // Read only when asked for; the field is never resolved otherwise.
    settings: (settings && period
      ? { pay_period_type: period.type, pay_period_anchor: period.anchor, minute_increment: minuteIncrement(settings), today }
      : null) as never,
  };
}
