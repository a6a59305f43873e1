import { personName } from '@groundwork/core/names';
import { type PayPeriodType, payPeriodFor } from '@groundwork/core/pay-periods';
import { missingWeekdays } from '@groundwork/core/reports';
import { type SQL, sql } from 'drizzle-orm';
import { departmentMembers, divisionMembers } from '../announcements/announcements.table.js';
import { employees } from '../employees/employees.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { loadSettings, payPeriodConfig } from '../timecards/timecards.graphql.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { type Page, type ReportRun, tokenAfter } from './reports.scope.js';

/**
 * Time-card status for one pay period (the period holding `date`, default today; the company's pay period
 * settings, as time cards use them). One row per person: 'signed' (their card for the period is signed),
 * 'unsigned' (a card or time in the period, not signed) or 'none' (neither); the weekdays (Mon-Fri) of the
 * period up to today on which they booked no time are their missing days. Admins: every active person; a
 * foreman or PM: the people with time on, or scheduled to work on, their jobs in the period.
 */
type CardStatus = 'signed' | 'unsigned' | 'none';
export type StatusRow = {
  employees_id: number;
  person: string;
  status: CardStatus;
  signed_on: string | null;
  hours: number;
  days_booked: number;
  missing_days: number;
  missing_dates: string[];
};
type StatusTotals = { people: number; signed: number; unsigned: number; none: number };
export type StatusReport = Page<StatusRow> & { totals: StatusTotals; period_start: string; period_end: string };

export async function statusReport({ tx, tenant, scope, f, page, today }: ReportRun): Promise<StatusReport> {
  const { type, anchor } = payPeriodConfig(await loadSettings(tx, tenant));
  const period = payPeriodFor(f.date ?? today, type as PayPeriodType, anchor);
  const { start, end } = period;
  const conditions: SQL[] = [
    sql`e.tenant_uuid = ${tenant}`,
    sql`e.status = 1`,
    sql`(e.cognito_status is null or e.cognito_status <> 'Deleted')`,
  ];
  if (f.employees_id != null) conditions.push(sql`e.id = ${f.employees_id}`);
  if (f.departments_id != null)
    conditions.push(sql`exists (select 1 from ${departmentMembers} m where m.tenant_uuid = e.tenant_uuid and m.employees_id = e.id
      and m.departments_id = ${f.departments_id})`);
  if (f.divisions_id != null)
    conditions.push(sql`exists (select 1 from ${divisionMembers} m where m.tenant_uuid = e.tenant_uuid and m.employees_id = e.id
      and m.divisions_id = ${f.divisions_id})`);
  if (!scope.all) {
    const jobs = sql.join(
      scope.jobs.map((j) => sql`${j}::int`),
      sql`, `,
    );
    conditions.push(sql`(exists (select 1 from ${timecardEntries} te where te.tenant_uuid = e.tenant_uuid and te.employees_id = e.id
        and te.timecard_date between ${start} and ${end} and te.jobs_id in (${jobs}))
      or exists (select 1 from ${scheduledLabor} s where s.tenant_uuid = e.tenant_uuid and s.employees_id = e.id
        and s.date between ${start} and ${end} and s.jobs_id in (${jobs})))`);
  }
  const people = sql`select e.id, e.firstname, e.lastname, e.username,
      c.signed_on::text as signed_on, c.id as card_id,
      case when c.signed_on is not null then 'signed'
        when c.id is not null or exists (select 1 from ${timecardEntries} te where te.tenant_uuid = e.tenant_uuid
          and te.employees_id = e.id and te.timecard_date between ${start} and ${end}) then 'unsigned'
        else 'none' end as status
    from ${employees} e
    left join ${usersTimecard} c on c.tenant_uuid = e.tenant_uuid and c.employees_id = e.id and c.payperiod_start_date = ${start}
    where ${sql.join(conditions, sql` and `)}`;
  const counts = (await tx.execute(sql`select status, count(*)::int as n from (${people}) p group by status`)) as unknown as {
    rows: { status: CardStatus; n: number }[];
  };
  const totals: StatusTotals = { people: 0, signed: 0, unsigned: 0, none: 0 };
  for (const r of counts.rows) {
    totals[r.status] = Number(r.n);
    totals.people += Number(r.n);
  }
  const pageRows = (
    (await tx.execute(sql`select * from (${people}) p
      order by lower(coalesce(p.lastname, '')), lower(coalesce(p.firstname, '')), p.id
      limit ${page.limit} offset ${page.offset}`)) as unknown as {
      rows: {
        id: number;
        firstname: string | null;
        lastname: string | null;
        username: string | null;
        signed_on: string | null;
        status: CardStatus;
      }[];
    }
  ).rows;
  const ids = pageRows.map((r) => Number(r.id));
  const booked = new Map<number, { days: Set<string>; minutes: number }>();
  if (ids.length) {
    const days = (await tx.execute(sql`select employees_id, timecard_date::text as day, sum(hours)::float8 as hours
      from ${timecardEntries} where tenant_uuid = ${tenant} and employees_id in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )}) and timecard_date between ${start} and ${end} group by employees_id, timecard_date`)) as unknown as {
      rows: { employees_id: number; day: string; hours: number }[];
    };
    for (const d of days.rows) {
      const b = booked.get(Number(d.employees_id)) ?? { days: new Set<string>(), minutes: 0 };
      b.days.add(d.day);
      b.minutes += Math.round(Number(d.hours) * 60);
      booked.set(Number(d.employees_id), b);
    }
  }
  // Missing days count up to today: the rest of the period has not happened yet.
  const until = end < today ? end : today;
  const rows = pageRows.map((r): StatusRow => {
    const id = Number(r.id);
    const b = booked.get(id) ?? { days: new Set<string>(), minutes: 0 };
    const missing = start <= until ? missingWeekdays(start, until, b.days) : [];
    return {
      employees_id: id,
      person: personName({ ...r, id }),
      status: r.status,
      signed_on: r.signed_on,
      hours: b.minutes / 60,
      days_booked: b.days.size,
      missing_days: missing.length,
      missing_dates: missing,
    };
  });
  return {
    rows,
    total: totals.people,
    nextToken: tokenAfter(page.offset, page.limit, totals.people),
    totals,
    period_start: start,
    period_end: end,
  };
}
