import { atField, fromText, msg } from '@groundwork/core/messages';
import { jobSiteProblem, PUNCH_DEFAULTS, type PunchSettingsPatch, punchSettingsProblem } from '@groundwork/core/punches';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { jobs } from '../jobs/jobs.table.js';
import { isAdmin } from '../timecards/timecards.service.js';
import { punchSettings } from './punches.table.js';

export type PunchConfig = { ask_location: boolean; default_radius_m: number; location_retention_days: number; time_zone: string };

/** The company's punch settings: its row, or the defaults. */
export async function loadPunchSettings(tx: Tx, tenant: string): Promise<PunchConfig> {
  const [row] = await tx
    .select({
      ask_location: punchSettings.ask_location,
      default_radius_m: punchSettings.default_radius_m,
      location_retention_days: punchSettings.location_retention_days,
      time_zone: punchSettings.time_zone,
    })
    .from(punchSettings)
    .where(eq(punchSettings.tenant_uuid, tenant));
  return row ?? { ...PUNCH_DEFAULTS };
}

/** updatePunchSettings: admins only; what is not given stays. */
export async function updatePunchSettings(tx: Tx, member: Member, patch: PunchSettingsPatch): Promise<PunchConfig> {
  if (!isAdmin(member)) throw forbidden();
  const problem = punchSettingsProblem(patch);
  if (problem) throw new AppError('VALIDATION', atField(problem.field, fromText(problem.message)), { field: problem.field });
  const set = {
    ...(patch.ask_location != null ? { ask_location: patch.ask_location } : {}),
    ...(patch.default_radius_m != null ? { default_radius_m: patch.default_radius_m } : {}),
    ...(patch.location_retention_days != null ? { location_retention_days: patch.location_retention_days } : {}),
    ...(patch.time_zone != null ? { time_zone: patch.time_zone } : {}),
  };
  await tx
    .insert(punchSettings)
    .values({ tenant_uuid: member.tenantUuid, ...set, updated_by: member.employeeId })
    .onConflictDoUpdate({ target: punchSettings.tenant_uuid, set: { ...set, updated_by: member.employeeId, updated_on: sql`now()` } });
  return loadPunchSettings(tx, member.tenantUuid);
}

export type JobSite = { jobs_id: number; site_latitude: number | null; site_longitude: number | null; site_radius_m: number | null };

/**
 * setJobSite: the point punches on a job are measured from and its fence (null radius: the company's default).
 * Who may is the gate's (projects write: admins and projects_admin, the people the jobs module lets edit a job).
 */
export async function setJobSite(
  tx: Tx,
  member: Member,
  args: { jobs_id: number; site_latitude?: number | null; site_longitude?: number | null; site_radius_m?: number | null },
): Promise<JobSite> {
  const problem = jobSiteProblem(args);
  if (problem) throw new AppError('VALIDATION', atField(problem.field, fromText(problem.message)), { field: problem.field });
  const [row] = await tx
    .update(jobs)
    .set({
      site_latitude: args.site_latitude ?? null,
      site_longitude: args.site_longitude ?? null,
      site_radius_m: args.site_radius_m ?? null,
      updated_on: sql`now()`,
    })
    .where(and(eq(jobs.tenant_uuid, member.tenantUuid), eq(jobs.id, args.jobs_id), ne(jobs.status, 0)))
    .returning({
      jobs_id: jobs.id,
      site_latitude: jobs.site_latitude,
      site_longitude: jobs.site_longitude,
      site_radius_m: jobs.site_radius_m,
    });
  if (!row) throw notFound(msg('common.jobNotFound'));
  return row;
}
