import { BUDGET_AMOUNTS, budgetLineFields, JOB_STATUS, jobFields } from '@groundwork/core/jobs';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { builder } from '../../graphql/builder.js';
import { tenantQuery } from '../../graphql/gate.js';
import { defineRecordOperations, type RecordModel } from '../../graphql/record-operations.js';
import type { Row } from '../../platform/realtime.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employeeOps } from '../employees/employees.graphql.js';
import { directoryColumns, employees } from '../employees/employees.table.js';
import { jobs, jobsForemen, jobsPms } from './jobs.table.js';
import { jobsCostcodes } from './jobs-costcodes.table.js';

const area = 'projects' as const;
const jobSort = sql`lower(coalesce(nullif(${jobs.job_abbr}, ''), ${jobs.job}))`;

const jobModel: RecordModel = {
  name: 'Jobs',
  typeName: 'Job',
  table: jobs,
  area,
  orderBy: () => [jobSort],
  validate: jobFields,
  softDelete: { column: 'status', value: JOB_STATUS.deleted },
  // Kept by triggers from the job's budget lines (migration 0033).
  readOnly: ['budget_hours', 'booked_minutes'],
};
const jobOps = defineRecordOperations(jobModel);

for (const [name, typeName, table] of [
  ['JobsForemen', 'JobForeman', jobsForemen],
  ['JobsPms', 'JobPm', jobsPms],
] as const) {
  defineRecordOperations({ name, typeName, table, area, orderBy: () => [sql`${table.jobs_id}`] });
}

defineRecordOperations({
  name: 'JobsCostcodes',
  typeName: 'JobCostcode',
  table: jobsCostcodes,
  area,
  orderBy: () => [sql`${jobsCostcodes.jobs_id}`],
  readOnly: ['booked_minutes'],
  validate: budgetLineFields,
});

const readJobs = { area, action: 'read' } as const;

// --- listProjectBudget ---------------------------------------------------------------------------

type BudgetLine = Row & { costcode: string; description: string | null; actual_hours: number };
type Totals = Record<(typeof BUDGET_AMOUNTS)[number] | 'actual_hours', number>;

const BudgetLineRef = builder.objectRef<BudgetLine>('BudgetLine').implement({
  description: 'A cost-code budget line with the cost code it budgets and the hours spent against it.',
  fields: (t) => ({
    id: t.int({ resolve: (r) => r.id as number }),
    jobs_id: t.int({ resolve: (r) => r.jobs_id as number }),
    costcodes_id: t.int({ resolve: (r) => r.costcodes_id as number }),
    costcode: t.string({ resolve: (r) => r.costcode }),
    description: t.string({ nullable: true, resolve: (r) => r.description }),
    status: t.int({ resolve: (r) => r.status as number }),
    actual_hours: t.float({ resolve: (r) => Number(r.actual_hours) }),
    ...Object.fromEntries(BUDGET_AMOUNTS.map((k) => [k, t.float({ resolve: (r) => r[k] as number })])),
  }),
});

const TotalsRef = builder.objectRef<Totals>('BudgetTotals').implement({
  description: 'Sums over the lines that are on (status 1).',
  fields: (t) => ({
    actual_hours: t.exposeFloat('actual_hours'),
    ...Object.fromEntries(BUDGET_AMOUNTS.map((k) => [k, t.exposeFloat(k)])),
  }),
});

const ProjectBudgetRef = builder.objectRef<{ jobs_id: number; lines: BudgetLine[]; totals: Totals }>('ProjectBudget').implement({
  fields: (t) => ({
    jobs_id: t.exposeInt('jobs_id'),
    lines: t.field({ type: [BudgetLineRef], resolve: (b) => b.lines }),
    totals: t.field({ type: TotalsRef, resolve: (b) => b.totals }),
  }),
});

// Hours spent against each budgeted cost code: the line's booked_minutes, which triggers on timecard_entries
// keep (migration 0029), so a budget reads one row per line instead of summing its entries. Minutes, as core
// sums hours. The labor report and the dashboard read the same column, so their numbers match the budget tab.
export const actualHours = sql<number>`(${jobsCostcodes.booked_minutes} / 60.0)::float8`;

async function loadBudget(tx: Tx, tenantUuid: string, jobId: number) {
  const [job] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.tenant_uuid, tenantUuid), eq(jobs.id, jobId), ne(jobs.status, JOB_STATUS.deleted)));
  if (!job) return null;
  const lines = (await tx
    .select({
      id: jobsCostcodes.id,
      jobs_id: jobsCostcodes.jobs_id,
      costcodes_id: jobsCostcodes.costcodes_id,
      status: jobsCostcodes.status,
      hrsbdg: jobsCostcodes.hrsbdg,
      matbdg: jobsCostcodes.matbdg,
      labbdg: jobsCostcodes.labbdg,
      eqpbdg: jobsCostcodes.eqpbdg,
      subbdg: jobsCostcodes.subbdg,
      othbdg: jobsCostcodes.othbdg,
      costcode: costcodes.costcode,
      description: costcodes.description,
      actual_hours: actualHours,
    })
    .from(jobsCostcodes)
    .innerJoin(costcodes, and(eq(costcodes.tenant_uuid, jobsCostcodes.tenant_uuid), eq(costcodes.id, jobsCostcodes.costcodes_id)))
    .where(and(eq(jobsCostcodes.tenant_uuid, tenantUuid), eq(jobsCostcodes.jobs_id, jobId)))
    .orderBy(asc(costcodes.costcode), asc(jobsCostcodes.id))) as BudgetLine[];
  const totals = Object.fromEntries([...BUDGET_AMOUNTS, 'actual_hours'].map((k) => [k, 0])) as Totals;
  for (const line of lines.filter((l) => l.status === 1)) {
    for (const k of Object.keys(totals) as (keyof Totals)[]) totals[k] += Number(line[k]);
  }
  return { jobs_id: jobId, lines, totals };
}

tenantQuery('listProjectBudget', readJobs, {
  type: ProjectBudgetRef,
  nullable: true,
  description: "A job's cost-code budget lines with totals; null when the job does not exist or was deleted.",
  args: (arg) => ({ project_id: arg.int({ required: true }) }),
  resolve: (args, { tx, member }) => loadBudget(tx, member.tenantUuid, args.project_id),
});

// --- getJobById ----------------------------------------------------------------------------------

type JobDetail = { job: Row; foremen: Row[]; pms: Row[] };

const JobDetailRef = builder.objectRef<JobDetail>('JobDetail').implement({
  fields: (t) => ({
    job: t.field({ type: jobOps.objectRef, resolve: (d) => d.job }),
    foremen: t.field({ type: [employeeOps.objectRef], resolve: (d) => d.foremen }),
    pms: t.field({ type: [employeeOps.objectRef], resolve: (d) => d.pms }),
  }),
});

tenantQuery('getJobById', readJobs, {
  type: JobDetailRef,
  nullable: true,
  description: 'A job with its foremen and project managers; null when it does not exist or was deleted.',
  args: (arg) => ({ id: arg.int({ required: true }) }),
  resolve: async (args, { tx, member }) => {
    const tenant = member.tenantUuid;
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.id, args.id), ne(jobs.status, JOB_STATUS.deleted)));
    if (!job) return null;
    // The team as the directory shows it: a job reader is not a people admin (spec §6), so no private fields.
    const team = (link: typeof jobsForemen | typeof jobsPms) =>
      tx
        .select(directoryColumns)
        .from(link)
        .innerJoin(employees, and(eq(employees.tenant_uuid, link.tenant_uuid), eq(employees.id, link.employees_id)))
        .where(and(eq(link.tenant_uuid, tenant), eq(link.jobs_id, args.id)))
        .orderBy(asc(employees.firstname), asc(employees.lastname), asc(employees.id));
    return { job, foremen: await team(jobsForemen), pms: await team(jobsPms) };
  },
});
