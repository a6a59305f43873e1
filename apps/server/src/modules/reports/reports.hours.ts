import { costcodeLabel, jobLabel, personName } from '@groundwork/core/names';
import { addDays, type PayPeriodType, payPeriodFor } from '@groundwork/core/pay-periods';
import type { ReportFilter } from '@groundwork/core/reports';
import { splitEntriesOvertime, toHours, toMinutes, weekStartOf } from '@groundwork/core/timecards-summary';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { departmentMembers, divisionMembers } from '../announcements/announcements.table.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { loadSettings, payPeriodConfig } from '../timecards/timecards.graphql.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { type Page, type ReportRun, type ReportScope, tokenAfter, windowOf } from './reports.scope.js';

/**
 * Hours by person, job, cost code and week, with overtime. Weeks start on the pay period's first day, and
 * overtime is core's rule (splitEntriesOvertime: within a person's week, hours past the 40th, in date order),
 * applied to all of the person's time in the week, so a row on one job carries the overtime that fell on it
 * even when the filter leaves the person's other jobs out. Who has matching time is read on the (tenant, day) index
 * (a job's on (tenant, job, day)), then those people's entries of the whole weeks on the (tenant, person, day) index.
 */
export type HoursRow = {
  employees_id: number;
  person: string;
  jobs_id: number;
  job: string;
  costcodes_id: number;
  costcode: string;
  week_start: string;
  hours: number;
  regular_hours: number;
  overtime_hours: number;
};
type HoursTotals = { hours: number; regular_hours: number; overtime_hours: number; people: number };
type HoursWeek = { week_start: string; regular_hours: number; overtime_hours: number };
export type HoursReport = Page<HoursRow> & { totals: HoursTotals; weeks: HoursWeek[] };

type Entry = { id: number; employees_id: number; timecard_date: string; jobs_id: number; costcodes_id: number; hours: number };

const memberOf = (table: typeof departmentMembers | typeof divisionMembers, column: 'departments_id' | 'divisions_id', id: number) =>
  sql`exists (select 1 from ${table} m where m.tenant_uuid = ${timecardEntries.tenant_uuid}
    and m.employees_id = ${timecardEntries.employees_id} and m.${sql.raw(column)} = ${id})`;

/** The entries the report shows: the window and the filters, and for a foreman their jobs only. */
function shownWhere(tenant: string, scope: ReportScope, f: ReportFilter): SQL | undefined {
  return and(
    eq(timecardEntries.tenant_uuid, tenant),
    gte(timecardEntries.timecard_date, f.from as string),
    lte(timecardEntries.timecard_date, f.to as string),
    scope.all ? undefined : inArray(timecardEntries.jobs_id, scope.jobs),
    f.jobs_id != null ? eq(timecardEntries.jobs_id, f.jobs_id) : undefined,
    f.costcodes_id != null ? eq(timecardEntries.costcodes_id, f.costcodes_id) : undefined,
    f.employees_id != null ? eq(timecardEntries.employees_id, f.employees_id) : undefined,
    f.departments_id != null ? memberOf(departmentMembers, 'departments_id', f.departments_id) : undefined,
    f.divisions_id != null ? memberOf(divisionMembers, 'divisions_id', f.divisions_id) : undefined,
  );
}

export async function hoursReport({ tx, tenant, scope, f, page }: ReportRun): Promise<HoursReport> {
  const { from, to } = windowOf(f);
  const people = (
    await tx
      .selectDistinct({ id: timecardEntries.employees_id })
      .from(timecardEntries)
      .where(shownWhere(tenant, scope, f))
  ).map((p) => p.id);
  const empty = { rows: [], total: 0, nextToken: null, totals: { hours: 0, regular_hours: 0, overtime_hours: 0, people: 0 }, weeks: [] };
  if (people.length === 0) return empty;

  const { type, anchor } = payPeriodConfig(await loadSettings(tx, tenant));
  const weekOf = (day: string) => weekStartOf(day, payPeriodFor(day, type as PayPeriodType, anchor).start);
  // Whole weeks: overtime of the window's first and last weeks depends on the days just outside it.
  const first = weekOf(from);
  const last = addDays(weekOf(to), 6);
  const all = (await tx
    .select({
      id: timecardEntries.id,
      employees_id: timecardEntries.employees_id,
      timecard_date: timecardEntries.timecard_date,
      jobs_id: timecardEntries.jobs_id,
      costcodes_id: timecardEntries.costcodes_id,
      hours: timecardEntries.hours,
    })
    .from(timecardEntries)
    .where(
      and(
        eq(timecardEntries.tenant_uuid, tenant),
        inArray(timecardEntries.employees_id, people),
        gte(timecardEntries.timecard_date, first),
        lte(timecardEntries.timecard_date, last),
      ),
    )) as Entry[];

  // Core's split runs per pay period (its weeks start on the period's first day).
  const byPeriod = new Map<string, Entry[]>();
  for (const e of all) {
    const start = payPeriodFor(e.timecard_date, type as PayPeriodType, anchor).start;
    byPeriod.set(start, [...(byPeriod.get(start) ?? []), e]);
  }
  const shown = (e: Entry) =>
    e.timecard_date >= from &&
    e.timecard_date <= to &&
    (scope.all || scope.jobs.includes(e.jobs_id)) &&
    (f.jobs_id == null || e.jobs_id === f.jobs_id) &&
    (f.costcodes_id == null || e.costcodes_id === f.costcodes_id);
  type Acc = { employees_id: number; jobs_id: number; costcodes_id: number; week_start: string; total: number; regular: number };
  const groups = new Map<string, Acc>();
  const weekTotals = new Map<string, { total: number; regular: number }>();
  const inScope = new Set(people);
  for (const [start, entries] of byPeriod) {
    for (const e of splitEntriesOvertime(entries, start)) {
      if (!inScope.has(e.employees_id) || !shown(e)) continue;
      const week = weekStartOf(e.timecard_date, start);
      const key = `${e.employees_id}|${e.jobs_id}|${e.costcodes_id}|${week}`;
      const acc = groups.get(key) ?? {
        employees_id: e.employees_id,
        jobs_id: e.jobs_id,
        costcodes_id: e.costcodes_id,
        week_start: week,
        total: 0,
        regular: 0,
      };
      acc.total += toMinutes(e.hours);
      acc.regular += toMinutes(e.regular_hours);
      groups.set(key, acc);
      const w = weekTotals.get(week) ?? { total: 0, regular: 0 };
      w.total += toMinutes(e.hours);
      w.regular += toMinutes(e.regular_hours);
      weekTotals.set(week, w);
    }
  }

  const names = await labels(tx, tenant, [...groups.values()]);
  const rows = [...groups.values()]
    .map(
      (g): HoursRow => ({
        employees_id: g.employees_id,
        person: names.people.get(g.employees_id)?.label ?? `#${g.employees_id}`,
        jobs_id: g.jobs_id,
        job: names.jobs.get(g.jobs_id)?.label ?? `#${g.jobs_id}`,
        costcodes_id: g.costcodes_id,
        costcode: names.codes.get(g.costcodes_id)?.label ?? `#${g.costcodes_id}`,
        week_start: g.week_start,
        hours: toHours(g.total),
        regular_hours: toHours(g.regular),
        overtime_hours: toHours(g.total - g.regular),
      }),
    )
    .sort(
      (a, b) =>
        (names.people.get(a.employees_id)?.sort ?? '').localeCompare(names.people.get(b.employees_id)?.sort ?? '') ||
        a.employees_id - b.employees_id ||
        a.week_start.localeCompare(b.week_start) ||
        a.job.localeCompare(b.job) ||
        a.costcode.localeCompare(b.costcode),
    );
  const sum = (pick: (r: HoursRow) => number) => toHours(rows.reduce((n, r) => n + toMinutes(pick(r)), 0));
  return {
    rows: rows.slice(page.offset, page.offset + page.limit),
    total: rows.length,
    nextToken: tokenAfter(page.offset, page.limit, rows.length),
    totals: {
      hours: sum((r) => r.hours),
      regular_hours: sum((r) => r.regular_hours),
      overtime_hours: sum((r) => r.overtime_hours),
      people: new Set(rows.map((r) => r.employees_id)).size,
    },
    weeks: [...weekTotals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week_start, w]) => ({ week_start, regular_hours: toHours(w.regular), overtime_hours: toHours(w.total - w.regular) })),
  };
}

type Label = { label: string; sort: string };

/** Readable names for the people, jobs and cost codes of the rows (one statement each). */
async function labels(tx: Tx, tenant: string, groups: { employees_id: number; jobs_id: number; costcodes_id: number }[]) {
  const ids = (k: 'employees_id' | 'jobs_id' | 'costcodes_id') => [...new Set(groups.map((g) => g[k]))];
  const people = ids('employees_id');
  const jobIds = ids('jobs_id');
  const codeIds = ids('costcodes_id');
  const ps = people.length
    ? await tx
        .select({ id: employees.id, firstname: employees.firstname, lastname: employees.lastname, username: employees.username })
        .from(employees)
        .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, people)))
    : [];
  const js = jobIds.length
    ? await tx
        .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr })
        .from(jobs)
        .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, jobIds)))
    : [];
  const cs = codeIds.length
    ? await tx
        .select({ id: costcodes.id, costcode: costcodes.costcode, description: costcodes.description })
        .from(costcodes)
        .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)))
    : [];
  return {
    people: new Map<number, Label>(
      ps.map((p) => [p.id, { label: personName(p), sort: `${p.lastname ?? ''} ${p.firstname ?? ''}`.toLowerCase() }]),
    ),
    jobs: new Map<number, Label>(js.map((j) => [j.id, { label: jobLabel(j), sort: '' }])),
    codes: new Map<number, Label>(cs.map((c) => [c.id, { label: costcodeLabel(c), sort: '' }])),
  };
}
