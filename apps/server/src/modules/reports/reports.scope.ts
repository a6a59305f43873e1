import { atField, fromText, msg } from '@groundwork/core/messages';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { type ReportFilter, type ReportKey, reportFilterProblem } from '@groundwork/core/reports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden } from '../../graphql/errors.js';
import type { Member, Rule } from '../../graphql/gate.js';
import { jobsForemen, jobsPms } from '../jobs/jobs.table.js';

/** Every report operation: the reports area (module switch included); who sees what is decided by reportScope. */
export const REPORTS_RULE: Rule = { area: 'reports', action: 'read', heavy: true };

/**
 * Which jobs a report may cover: 'all' for admin_access, otherwise the jobs the caller runs (foreman or PM).
 * Anyone who runs no job is refused; asking for a job they do not run is refused too (FORBIDDEN), so a
 * foreman cannot widen a report to other jobs.
 */
export type ReportScope = { all: true } | { all: false; jobs: number[] };

export async function reportScope(tx: Tx, member: Member, filter: ReportFilter): Promise<ReportScope> {
  if (member.permissions.has(ADMIN_ACCESS)) return { all: true };
  const t = member.tenantUuid;
  const me = member.employeeId;
  const rows = (await tx.execute(sql`
    select jobs_id from ${jobsForemen} where tenant_uuid = ${t} and employees_id = ${me}
    union select jobs_id from ${jobsPms} where tenant_uuid = ${t} and employees_id = ${me}`)) as unknown as { rows: { jobs_id: number }[] };
  const jobs = rows.rows.map((r) => Number(r.jobs_id));
  if (jobs.length === 0) throw forbidden();
  if (filter.jobs_id != null && !jobs.includes(filter.jobs_id)) throw forbidden();
  return { all: false, jobs };
}

/** The filter, checked: VALIDATION with the words of reportFilterProblem. */
export function checkFilter(report: ReportKey, filter: Record<string, unknown> | null | undefined): ReportFilter {
  const f = Object.fromEntries(Object.entries(filter ?? {}).filter(([, v]) => v != null)) as ReportFilter;
  const problem = reportFilterProblem(report, f);
  if (problem) throw new AppError('VALIDATION', fromText(problem));
  return f;
}

/** Pages of a report are offsets, carried as an opaque token. */
export function pageOf(limit: number | null | undefined, nextToken: string | null | undefined, max: number) {
  const size = limit ?? 50;
  if (!Number.isInteger(size) || size < 1 || size > max)
    throw new AppError('VALIDATION', atField('limit', msg('common.limitMustBe', { max })));
  let offset = 0;
  if (nextToken) {
    const decoded = Buffer.from(nextToken, 'base64url').toString();
    if (!/^o:\d{1,9}$/.test(decoded)) throw new AppError('VALIDATION', msg('common.invalidNextToken'));
    offset = Number(decoded.slice(2));
  }
  return { limit: size, offset };
}

export const tokenAfter = (offset: number, limit: number, total: number): string | null =>
  offset + limit < total ? Buffer.from(`o:${offset + limit}`).toString('base64url') : null;

/** Rows of a result page plus how many there are in all. */
export type Page<R> = { rows: R[]; total: number; nextToken: string | null };

/**
 * What every report runs with: the gate's transaction and company, the caller's scope, the checked filter, the
 * page asked for and the server's date (today, for forecasts, periods and overdue reservations).
 */
export type ReportRun = {
  tx: Tx;
  tenant: string;
  scope: ReportScope;
  f: ReportFilter;
  page: { limit: number; offset: number };
  today: string;
};

/** The days a windowed report covers; checkFilter has made sure both are there. */
export const windowOf = (f: ReportFilter) => ({ from: f.from as string, to: f.to as string });
