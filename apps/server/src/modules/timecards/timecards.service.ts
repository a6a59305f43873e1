import { atField, msg } from '@groundwork/core/messages';
import { PAY_PERIOD_TYPES, type PayPeriodType, type TenantSetting, TIMECARD_SETTINGS, toDayNumber } from '@groundwork/core/pay-periods';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { executePrepared } from '../../graphql/prepared.js';
import type { Row } from '../../platform/realtime.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { tenantSettings } from '../settings/settings.table.js';
import { usersTimecard } from './timecards.table.js';

/** A bound on the jobs offered on a time card: companies run hundreds of open jobs, not thousands. */
const MAX_TIMECARD_JOBS = 2000;
/** A Monday, used when a company has not set setting 15. */
const DEFAULT_ANCHOR = '2024-01-01';

export const isAdmin = (m: Member) => m.permissions.has(ADMIN_ACCESS);

export async function loadSettings(tx: Tx, tenantUuid: string): Promise<TenantSetting[]> {
  // Read on every time-card page and dashboard: a named statement, planned once per connection.
  return executePrepared<TenantSetting>(
    tx,
    'settings',
    sql`select s.codx_tenant_options_values_id as id, s.custom_value, s.pass_through_value
      from ${tenantSettings} s where s.tenant_uuid = ${tenantUuid}`,
  );
}

export function payPeriodConfig(settings: TenantSetting[]): { type: PayPeriodType; anchor: string } {
  const typeSetting = settings.find((s) => s.id === TIMECARD_SETTINGS.payPeriodType);
  const type = Number(typeSetting?.pass_through_value ?? typeSetting?.custom_value);
  const anchor = settings.find((s) => s.id === TIMECARD_SETTINGS.payPeriodStart)?.custom_value;
  return {
    type: ([1, 2, 3].includes(type) ? type : PAY_PERIOD_TYPES.weekly) as PayPeriodType,
    anchor: anchor && /^\d{4}-\d{2}-\d{2}$/.test(anchor) ? anchor : DEFAULT_ANCHOR,
  };
}

/** Jobs on which the member is a foreman: the jobs whose crew time they may enter and see. */
export async function foremanJobs(tx: Tx, member: Member): Promise<number[]> {
  const rows = await tx
    .select({ id: jobsForemen.jobs_id })
    .from(jobsForemen)
    .where(and(eq(jobsForemen.tenant_uuid, member.tenantUuid), eq(jobsForemen.employees_id, member.employeeId)));
  return rows.map((r) => r.id);
}

export function checkDate(value: string, field: string) {
  try {
    toDayNumber(value);
  } catch {
    throw new AppError('VALIDATION', atField(field, msg('common.invalidFormat')), { field });
  }
}

export type JobRef = { id: number; job: string; job_abbr: string | null; status: number };

/** The jobs any member may book time to: not deleted, with at least one cost code switched on. */
export async function timecardJobs(tx: Tx, member: Member): Promise<JobRef[]> {
  const tenant = member.tenantUuid;
  return tx
    .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr, status: jobs.status })
    .from(jobs)
    .where(
      and(
        eq(jobs.tenant_uuid, tenant),
        ne(jobs.status, 0),
        sql`exists (select 1 from ${jobsCostcodes} where ${jobsCostcodes.tenant_uuid} = ${tenant} and ${jobsCostcodes.jobs_id} = ${jobs.id} and ${jobsCostcodes.status} = 1)`,
      ),
    )
    .orderBy(sql`lower(coalesce(nullif(${jobs.job_abbr}, ''), ${jobs.job}))`, asc(jobs.id))
    .limit(MAX_TIMECARD_JOBS);
}

export type BudgetCode = { jobs_id: number; costcodes_id: number; costcode: string; description: string | null };

/** The cost codes budgeted and switched on for the given jobs. */
export async function filteredCostcodes(tx: Tx, member: Member, args: { usage?: string | null; jobs_id: number[] }) {
  if (args.usage !== 'ontimecard') throw new AppError('VALIDATION', msg('timecards.unknownUsage', { usage: String(args.usage) }));
  if (args.jobs_id.length > 1000) throw new AppError('VALIDATION', msg('timecards.tooManyJobs'));
  if (args.jobs_id.length === 0) return { budget_costcodes: [] };
  const rows = await tx
    .select({
      jobs_id: jobsCostcodes.jobs_id,
      costcodes_id: jobsCostcodes.costcodes_id,
      costcode: costcodes.costcode,
      description: costcodes.description,
    })
    .from(jobsCostcodes)
    .innerJoin(costcodes, and(eq(costcodes.tenant_uuid, jobsCostcodes.tenant_uuid), eq(costcodes.id, jobsCostcodes.costcodes_id)))
    .innerJoin(jobs, and(eq(jobs.tenant_uuid, jobsCostcodes.tenant_uuid), eq(jobs.id, jobsCostcodes.jobs_id)))
    .where(
      and(
        eq(jobsCostcodes.tenant_uuid, member.tenantUuid),
        inArray(jobsCostcodes.jobs_id, args.jobs_id),
        eq(jobsCostcodes.status, 1),
        eq(costcodes.status, 1),
        ne(jobs.status, 0),
      ),
    )
    .orderBy(asc(jobsCostcodes.jobs_id), asc(costcodes.costcode));
  return { budget_costcodes: rows };
}

// --- Signing ------------------------------------------------------------------------------------------

const SIGNATURE = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/;

export async function signTimecard(
  tx: Tx,
  member: Member,
  args: { users_timecard_id: number; signature_image: string; usernote?: string | null },
  now: Date,
): Promise<Row> {
  if (!SIGNATURE.test(args.signature_image) || args.signature_image.length > 300_000) {
    throw new AppError('VALIDATION', msg('timecards.drawSignature'));
  }
  if ((args.usernote?.length ?? 0) > 1000) throw new AppError('VALIDATION', msg('form.max', { max: 1000 }));
  const [card] = await tx
    .update(usersTimecard)
    .set({
      signed_on: now.toISOString(),
      signed_by: member.employeeId,
      signature_image: args.signature_image,
      usernote: args.usernote ?? null,
      updated_on: sql`now()`,
    })
    .where(
      and(
        eq(usersTimecard.tenant_uuid, member.tenantUuid),
        eq(usersTimecard.id, args.users_timecard_id),
        eq(usersTimecard.employees_id, member.employeeId),
        isNull(usersTimecard.signed_on),
      ),
    )
    .returning();
  if (!card) {
    const [exists] = await tx
      .select({ signed: usersTimecard.signed_on })
      .from(usersTimecard)
      .where(
        and(
          eq(usersTimecard.tenant_uuid, member.tenantUuid),
          eq(usersTimecard.id, args.users_timecard_id),
          eq(usersTimecard.employees_id, member.employeeId),
        ),
      );
    if (exists?.signed) throw new AppError('CONFLICT', msg('timecards.locked'));
    throw notFound();
  }
  return card;
}

export async function reopenTimecard(tx: Tx, member: Member, users_timecard_id: number): Promise<Row> {
  if (!isAdmin(member)) throw forbidden();
  const [card] = await tx
    .update(usersTimecard)
    .set({ signed_on: null, signed_by: null, signature_image: null, updated_on: sql`now()` })
    .where(and(eq(usersTimecard.tenant_uuid, member.tenantUuid), eq(usersTimecard.id, users_timecard_id)))
    .returning();
  if (!card) throw notFound();
  return card;
}
