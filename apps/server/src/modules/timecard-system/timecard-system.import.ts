import { CONNECTED } from '@groundwork/core/accounting';
import { payPeriodFor } from '@groundwork/core/pay-periods';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobsOf, peopleOf } from '../integrations/integrations.mapping.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { loadSettings, payPeriodConfig } from '../timecards/timecards.service.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { linksOf } from './timecard-system.mapping.js';
import type { QbtTimesheet } from './timecard-system.qbt.js';
import type { ImportPayload } from './timecard-system.rules.js';
import { withApi } from './timecard-system.service.js';
import { timecardSystemImports } from './timecard-system.table.js';

/** The dry run and the import of a pay period's QuickBooks Time timesheets as time entries (issue 23). */

type ImportOp = {
  remote_id: string;
  date: string;
  hours: number;
  employees_id: number | null;
  jobs_id: number | null;
  costcodes_id: number | null;
  summary: string;
  /** create; conflict (the app already has typed hours there: never overwritten); blocked (error says why); skip. */
  action: 'create' | 'conflict' | 'blocked' | 'skip';
  error: string | null;
  /** The entry typed in the app that this timesheet meets (conflict only). */
  conflict_entry_id: number | null;
};
type ImportResult = ImportOp & { status: 'imported' | 'conflict' | 'blocked' | 'skipped'; timecard_entries_id: number | null };

const hoursOf = (seconds: number) => Math.round(seconds / 36) / 100;
const key = (...parts: (string | number)[]) => parts.join('|');

type Plan = { ops: ImportOp[]; unchanged: number; periods: Map<string, { start: string; end: string }> };

/** What an import would do now. The preview shows exactly this; the import carries exactly this out. */
async function plan(tx: Tx, tenant: string, p: ImportPayload, sheets: QbtTimesheet[], remoteNames: Map<string, string>): Promise<Plan> {
  const links = await linksOf(tx, tenant);
  const people = new Map((await peopleOf(tx, tenant)).map((r) => [r.id, r.name]));
  const jobNames = new Map((await jobsOf(tx, tenant)).map((r) => [r.id, r.name]));
  const ids = sheets.map((s) => String(s.id));
  const done = new Set(
    ids.length
      ? (
          await tx
            .select({ id: timecardSystemImports.remote_id })
            .from(timecardSystemImports)
            .where(and(eq(timecardSystemImports.tenant_uuid, tenant), inArray(timecardSystemImports.remote_id, ids)))
        ).map((r) => r.id)
      : [],
  );
  const { type, anchor } = payPeriodConfig(await loadSettings(tx, tenant));
  const personIds = [...new Set([...links('user').values()].map((l) => l.local_id))];
  const jobIds = [...new Set([...links('jobcode').values()].map((l) => l.local_id))];

  // Each job's first cost code switched on for time, where a jobcode's link names none.
  const firstCode = new Map<number, number>();
  if (jobIds.length) {
    const codes = await tx
      .select({ job: jobsCostcodes.jobs_id, code: jobsCostcodes.costcodes_id })
      .from(jobsCostcodes)
      .innerJoin(costcodes, and(eq(costcodes.tenant_uuid, jobsCostcodes.tenant_uuid), eq(costcodes.id, jobsCostcodes.costcodes_id)))
      .where(and(eq(jobsCostcodes.tenant_uuid, tenant), inArray(jobsCostcodes.jobs_id, jobIds), eq(jobsCostcodes.status, 1)))
      .orderBy(asc(costcodes.costcode));
    for (const c of codes) if (!firstCode.has(c.job)) firstCode.set(c.job, c.code);
  }
  const signed = new Map<string, boolean>();
  const typed = new Map<string, { id: number; hours: number }>();
  if (personIds.length) {
    const cards = await tx
      .select({ employee: usersTimecard.employees_id, start: usersTimecard.payperiod_start_date, signed_on: usersTimecard.signed_on })
      .from(usersTimecard)
      .where(and(eq(usersTimecard.tenant_uuid, tenant), inArray(usersTimecard.employees_id, personIds)));
    for (const c of cards) signed.set(key(c.employee, c.start), Boolean(c.signed_on));
    const entries = await tx
      .select({
        id: timecardEntries.id,
        employee: timecardEntries.employees_id,
        date: timecardEntries.timecard_date,
        job: timecardEntries.jobs_id,
        hours: timecardEntries.hours,
      })
      .from(timecardEntries)
      .where(
        and(
          eq(timecardEntries.tenant_uuid, tenant),
          inArray(timecardEntries.employees_id, personIds),
          gte(timecardEntries.timecard_date, p.start_date),
          lte(timecardEntries.timecard_date, p.end_date),
          sql`not exists (select 1 from ${timecardSystemImports} i where i.tenant_uuid = ${tenant} and i.timecard_entries_id = ${timecardEntries.id})`,
        ),
      );
    for (const e of entries) typed.set(key(e.employee, e.date, e.job), { id: e.id, hours: e.hours });
  }

  const periods = new Map<string, { start: string; end: string }>();
  const ops: ImportOp[] = [];
  let unchanged = 0;
  const sorted = [...sheets].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  for (const s of sorted) {
    const remote_id = String(s.id);
    if (done.has(remote_id)) {
      unchanged++;
      continue;
    }
    const user = links('user').get(String(s.user_id));
    const code = links('jobcode').get(String(s.jobcode_id));
    const person = user
      ? (people.get(user.local_id) ?? `#${user.local_id}`)
      : (remoteNames.get(`user:${s.user_id}`) ?? `user ${s.user_id}`);
    const job = code
      ? (jobNames.get(code.local_id) ?? `#${code.local_id}`)
      : (remoteNames.get(`jobcode:${s.jobcode_id}`) ?? `jobcode ${s.jobcode_id}`);
    const hours = hoursOf(s.duration);
    const costcodes_id = code ? (code.costcodes_id ?? firstCode.get(code.local_id) ?? null) : null;
    const op: ImportOp = {
      remote_id,
      date: s.date,
      hours,
      employees_id: user?.local_id ?? null,
      jobs_id: code?.local_id ?? null,
      costcodes_id,
      summary: `${person}, ${s.date}, ${hours} h on ${job}`,
      action: 'create',
      error: null,
      conflict_entry_id: null,
    };
    const period = payPeriodFor(s.date, type, anchor);
    const existing = user && code ? typed.get(key(user.local_id, s.date, code.local_id)) : undefined;
    if (s.on_the_clock || hours <= 0) {
      op.action = 'skip';
      op.error = s.on_the_clock ? 'Still on the clock in QuickBooks Time.' : 'No time recorded.';
    } else if (!user) op.error = `Link the QuickBooks Time user ${person} to a person first.`;
    else if (!code) op.error = `Link the QuickBooks Time jobcode ${job} to a job first.`;
    else if (!costcodes_id) op.error = `${job} has no cost code switched on for time cards.`;
    else if (signed.get(key(user.local_id, period.start))) {
      op.error = `The time card of ${person} for ${period.start} to ${period.end} is signed.`;
    } else if (existing) {
      op.action = 'conflict';
      op.conflict_entry_id = existing.id;
      op.error = `${person} already has ${existing.hours} h on ${job} on ${s.date} typed in the app; not overwritten.`;
    }
    if (op.error && op.action === 'create') op.action = 'blocked';
    if (op.action === 'create') periods.set(remote_id, period);
    ops.push(op);
  }
  return { ops, unchanged, periods };
}

async function planned(tx: Tx, config: Config, tenant: string, p: ImportPayload) {
  return withApi(tx, config, tenant, async (api) => {
    const sheets = (await api.timesheets(p.start_date, p.end_date)).filter((s) => s.date >= p.start_date && s.date <= p.end_date);
    const names = new Map<string, string>();
    for (const u of await api.users()) names.set(`user:${u.id}`, [u.first_name, u.last_name].filter(Boolean).join(' '));
    for (const j of await api.jobcodes()) names.set(`jobcode:${j.id}`, j.name);
    return plan(tx, tenant, p, sheets, names);
  });
}

export async function preview(tx: Tx, config: Config, tenant: string, p: ImportPayload) {
  const result = await planned(tx, config, tenant, p);
  if ('message' in result) return { message: result.message, ops: [], unchanged: 0 };
  return { message: CONNECTED, ops: result.ops, unchanged: result.unchanged };
}

/** Carries out the plan: each create becomes a time entry on the person's card for its pay period, recorded once. */
export async function runImport(tx: Tx, config: Config, tenant: string, employeeId: number, p: ImportPayload) {
  const result = await planned(tx, config, tenant, p);
  if ('message' in result) return { message: result.message, results: [], unchanged: 0 };
  const results: ImportResult[] = [];
  let unchanged = result.unchanged;
  for (const op of result.ops) {
    const period = result.periods.get(op.remote_id);
    if (op.action !== 'create' || !period || !op.employees_id || !op.jobs_id || !op.costcodes_id) {
      const status = op.action === 'conflict' ? 'conflict' : op.action === 'skip' ? 'skipped' : 'blocked';
      results.push({ ...op, status, timecard_entries_id: null });
      continue;
    }
    await tx
      .insert(usersTimecard)
      .values({ tenant_uuid: tenant, employees_id: op.employees_id, payperiod_start_date: period.start, payperiod_end_date: period.end })
      .onConflictDoNothing();
    const [card] = await tx
      .select({ id: usersTimecard.id })
      .from(usersTimecard)
      .where(
        and(
          eq(usersTimecard.tenant_uuid, tenant),
          eq(usersTimecard.employees_id, op.employees_id),
          eq(usersTimecard.payperiod_start_date, period.start),
        ),
      );
    const [entry] = await tx
      .insert(timecardEntries)
      .values({
        tenant_uuid: tenant,
        users_timecard_id: card?.id as number,
        employees_id: op.employees_id,
        timecard_date: op.date,
        jobs_id: op.jobs_id,
        costcodes_id: op.costcodes_id,
        hours: op.hours,
        note: `QuickBooks Time #${op.remote_id}`,
        created_by: employeeId,
      })
      .returning({ id: timecardEntries.id });
    const recorded = await tx
      .insert(timecardSystemImports)
      .values({
        tenant_uuid: tenant,
        remote_id: op.remote_id,
        timecard_entries_id: entry?.id as number,
        employees_id: op.employees_id,
        jobs_id: op.jobs_id,
        timecard_date: op.date,
        hours: op.hours,
        imported_by: employeeId,
      })
      .onConflictDoNothing()
      .returning({ id: timecardSystemImports.remote_id });
    if (!recorded.length) {
      // Imported meanwhile by another request: this copy goes, the first stays.
      await tx.delete(timecardEntries).where(and(eq(timecardEntries.tenant_uuid, tenant), eq(timecardEntries.id, entry?.id as number)));
      unchanged++;
      continue;
    }
    results.push({ ...op, status: 'imported', timecard_entries_id: entry?.id ?? null });
  }
  return { message: CONNECTED, results, unchanged };
}

/** The latest imports, newest first. */
export async function importLog(tx: Tx, tenant: string, limit = 100) {
  return tx
    .select()
    .from(timecardSystemImports)
    .where(eq(timecardSystemImports.tenant_uuid, tenant))
    .orderBy(desc(timecardSystemImports.imported_on), desc(timecardSystemImports.remote_id))
    .limit(limit);
}
