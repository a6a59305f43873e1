import { msg } from '@groundwork/core/messages';
import { mayCreateOn, SETUP_STEPS, templateSchema } from '@groundwork/core/tasks';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import type { Gated } from '../../graphql/gate.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { isAdmin, jobsLedBy } from './tasks.service.js';
import { checklistTemplates, tasks } from './tasks.table.js';
import type { TemplateInput, TemplateRow } from './tasks.types.js';
import { checkDate, checkJob, checkPeople, createdResult, insertTasks, nameOf, parse } from './tasks.writes.js';

/** listTaskJobs: the active jobs the caller may add tasks to; 'leads': the caller is on the job's team. */
export async function taskJobs(g: Gated) {
  const led = await jobsLedBy(g.tx, g.member);
  if (!isAdmin(g.member) && led.size === 0) return [];
  const rows = await g.tx
    .select({ id: jobs.id, job: jobs.job, abbr: jobs.job_abbr })
    .from(jobs)
    .where(
      and(
        eq(jobs.tenant_uuid, g.member.tenantUuid),
        sql`${jobs.status} = 1`,
        isAdmin(g.member)
          ? undefined
          : sql`${jobs.id} in (${sql.join(
              [...led].map((id) => sql`${id}`),
              sql`, `,
            )})`,
      ),
    )
    .orderBy(sql`lower(coalesce(nullif(${jobs.job_abbr}, ''), ${jobs.job}))`, jobs.id);
  return rows.map((r) => ({ id: r.id, label: r.abbr?.trim() ? `${r.abbr} · ${r.job}` : r.job, leads: led.has(r.id) }));
}

/** listChecklistTemplates: the active templates (and archived ones for admins when asked). */
export async function checklistTemplatesFor(g: Gated, includeArchived: boolean | null | undefined): Promise<TemplateRow[]> {
  return (await g.tx
    .select()
    .from(checklistTemplates)
    .where(
      and(
        eq(checklistTemplates.tenant_uuid, g.member.tenantUuid),
        includeArchived && isAdmin(g.member) ? undefined : eq(checklistTemplates.status, 1),
      ),
    )
    .orderBy(checklistTemplates.name, checklistTemplates.id)) as TemplateRow[];
}

/** getSetupChecklist: a new company's first steps, ticked from its data. */
export async function setupChecklist(g: Gated) {
  const t = g.member.tenantUuid;
  const one = async (q: Promise<{ n: number }[]>) => ((await q)[0]?.n ?? 0) > 0;
  const count = sql<number>`count(*)::int`;
  const done: Record<(typeof SETUP_STEPS)[number], boolean> = {
    add_people: await one(
      g.tx
        .select({ n: sql<number>`(count(*) - 1)::int` })
        .from(employees)
        .where(and(eq(employees.tenant_uuid, t), eq(employees.status, 1))),
    ),
    add_job: await one(
      g.tx
        .select({ n: count })
        .from(jobs)
        .where(and(eq(jobs.tenant_uuid, t), sql`${jobs.status} <> 0`)),
    ),
    add_costcodes: await one(g.tx.select({ n: count }).from(costcodes).where(eq(costcodes.tenant_uuid, t))),
    invite_foreman: await one(
      g.tx
        .select({ n: count })
        .from(jobsForemen)
        .innerJoin(employees, and(eq(employees.tenant_uuid, jobsForemen.tenant_uuid), eq(employees.id, jobsForemen.employees_id)))
        .where(
          and(eq(jobsForemen.tenant_uuid, t), sql`${employees.cognito_status} is not null`, sql`${employees.cognito_status} <> 'Deleted'`),
        ),
    ),
  };
  return SETUP_STEPS.map((key) => ({ key, done: done[key] }));
}

/** saveChecklistTemplate: adds (no id) or changes a template. */
export async function saveTemplate(template: TemplateInput, g: Gated): Promise<TemplateRow> {
  const input = parse(templateSchema, template);
  const tenant = g.member.tenantUuid;
  const values = { name: input.name, description: input.description?.trim() || null, items: input.items };
  if (template.id != null) {
    const [row] = await g.tx
      .update(checklistTemplates)
      .set({ ...values, updated_on: sql`now()` })
      .where(and(eq(checklistTemplates.tenant_uuid, tenant), eq(checklistTemplates.id, template.id)))
      .returning();
    if (!row) throw notFound(msg('tasks.templateNotFound'));
    return row as TemplateRow;
  }
  const [row] = await g.tx
    .insert(checklistTemplates)
    .values({ ...values, tenant_uuid: tenant })
    .returning();
  return row as TemplateRow;
}

/** archiveChecklistTemplate: archives (0) or restores (1) a template. */
export async function archiveTemplate(args: { id: number; status?: number | null }, g: Gated): Promise<TemplateRow> {
  const status = args.status ?? 0;
  if (status !== 0 && status !== 1) throw new AppError('VALIDATION', msg('common.statusZeroOne'));
  const [row] = await g.tx
    .update(checklistTemplates)
    .set({ status, updated_on: sql`now()` })
    .where(and(eq(checklistTemplates.tenant_uuid, g.member.tenantUuid), eq(checklistTemplates.id, args.id)))
    .returning();
  if (!row) throw notFound(msg('tasks.templateNotFound'));
  return row as TemplateRow;
}

export type ApplyArgs = {
  templates_id: number;
  jobs_id: number;
  confirm?: boolean | null;
  assignees?: number[] | null;
  due_date?: string | null;
};

/** applyChecklistTemplate: a task named after the template with one sub-task per item; CONFLICT when applied before. */
export async function applyTemplate(args: ApplyArgs, g: Gated) {
  const tenant = g.member.tenantUuid;
  checkDate(args.due_date, 'due_date');
  if ((args.assignees?.length ?? 0) > 20) throw new AppError('VALIDATION', msg('tasks.assignees'), { field: 'assignees' });
  await checkJob(g.tx, tenant, args.jobs_id);
  const led = await jobsLedBy(g.tx, g.member);
  if (!mayCreateOn(isAdmin(g.member), led.has(args.jobs_id))) throw forbidden();
  const [tpl] = (await g.tx
    .select()
    .from(checklistTemplates)
    .where(
      and(eq(checklistTemplates.tenant_uuid, tenant), eq(checklistTemplates.id, args.templates_id), eq(checklistTemplates.status, 1)),
    )) as TemplateRow[];
  if (!tpl) throw notFound(msg('tasks.templateNotFound'));
  // Serialises two applications of the same template to the same job.
  await g.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${tenant}:tpl:${tpl.id}:${args.jobs_id}`}))`);
  const [before] = await g.tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenant_uuid, tenant),
        eq(tasks.templates_id, tpl.id),
        eq(tasks.jobs_id, args.jobs_id),
        sql`${tasks.parent_task} is null`,
      ),
    )
    .limit(1);
  if (before && !args.confirm) throw new AppError('CONFLICT', msg('tasks.alreadyApplied'), { tasks_id: before.id });
  const people = [...new Set(args.assignees ?? [])];
  await checkPeople(g.tx, tenant, people);
  const userName = await nameOf(g.tx, g.member);
  const [id] = await insertTasks(g, userName, [
    {
      title: tpl.name,
      body: tpl.description,
      rel_table: 'jobs',
      rel_id: args.jobs_id,
      jobs_id: args.jobs_id,
      templates_id: tpl.id,
      due_date: args.due_date ?? null,
      assignees: people,
    },
  ]);
  const subs = await insertTasks(
    g,
    userName,
    tpl.items.map((item) => ({
      title: item.title,
      body: item.body ?? null,
      priority: item.priority ?? 1,
      parent_task: id,
      jobs_id: args.jobs_id,
      due_date: args.due_date ?? null,
      assignees: people,
    })),
  );
  return createdResult(g, [id, ...subs]);
}
