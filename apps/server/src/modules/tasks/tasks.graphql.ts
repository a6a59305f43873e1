import { isReceiptDate } from '@groundwork/core/receipts';
import {
  mayCreateOn,
  mayManageTask,
  mayReadTask,
  SETUP_STEPS,
  TASK_ACTION,
  TASK_ACTIONS,
  TASK_MESSAGES,
  TASK_STATUSES,
  taskCreateSchema,
  taskUpdateSchema,
  templateSchema,
} from '@groundwork/core/tasks';
import { and, eq, sql } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import type { ZodType } from 'zod';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { type Gated, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { selectedColumns } from '../../graphql/record-operations.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { attachFiles, type FileSummary } from '../files/files.service.js';
import { jobs, jobsForemen } from '../jobs/jobs.table.js';
import { addNotifications, deliver } from '../notifications/notifications.service.js';
import { notifyTaskPeople } from './tasks.notify.js';
import {
  type Assignee,
  checkJob,
  checkPeople,
  isAdmin,
  jobsLedBy,
  jobTies,
  listTaskRows,
  nameOf,
  relationOf,
  TASKS_SOURCE,
  type TaskFilter,
  type TaskThreadView,
  type TaskView,
  type ThreadEntry,
  tasksByIds,
  threadsOf,
} from './tasks.service.js';
import { checklistTemplates, type TemplateItem, taskAssignees, tasks, taskThreads } from './tasks.table.js';

/**
 * Tasks (spec §2 /modules/tasks; §7 listTasks, listTaskThreads, listTaskActions, customCreateTask, customUpdateTask).
 * Every member reaches the area (module 'tasks' on); which tasks is decided per task: those assigned to them, on
 * the jobs they belong to (foreman or PM) or made by them; admin_access all. Admins and a job's foremen and PMs
 * create and assign on that job; whoever may read a task comments on it, attaches photos and changes its status.
 */

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
const READ = { area: 'tasks', action: 'read' } as const;
const ADMIN = { area: 'tasks', action: 'write' } as const;

// --- Types ----------------------------------------------------------------------------------------

const TaskFileRef = builder.objectRef<FileSummary>('TaskFile').implement({
  fields: (t) => ({
    uuid: t.exposeID('uuid'),
    original_name: t.exposeString('original_name'),
    mimetype: t.exposeString('mimetype'),
    ext: t.exposeString('ext'),
    bytes: t.exposeInt('bytes'),
    thumbnail_base64: t.exposeString('thumbnail_base64', { nullable: true }),
  }),
});

const AssigneeRef = builder.objectRef<Assignee>('TaskAssignee').implement({
  fields: (t) => ({ employees_id: t.exposeInt('employees_id'), name: t.exposeString('name', { nullable: true }) }),
});

const TaskRef = builder.objectRef<TaskView>('Task').implement({
  description: 'Spec §3 Task, with what the list and the dialog show.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeID('uuid'),
    created_on: t.exposeString('created_on'),
    updated_on: t.exposeString('updated_on'),
    parent_task: t.exposeInt('parent_task', { nullable: true }),
    title: t.exposeString('title'),
    body: t.exposeString('body', { nullable: true }),
    task_thread_uuid: t.exposeID('task_thread_uuid'),
    rel_table: t.exposeString('rel_table', { nullable: true }),
    rel_id: t.exposeInt('rel_id', { nullable: true }),
    jobs_id: t.exposeInt('jobs_id', { nullable: true }),
    job_label: t.exposeString('job_label', { nullable: true }),
    status: t.exposeString('status', { description: 'open, in_progress or done.' }),
    status_by: t.exposeInt('status_by', { nullable: true }),
    status_by_name: t.exposeString('status_by_name', { nullable: true }),
    status_on: t.exposeString('status_on', { nullable: true }),
    priority: t.exposeInt('priority', { description: '0 low, 1 normal, 2 high.' }),
    due_date: t.exposeString('due_date', { nullable: true }),
    templates_id: t.exposeInt('templates_id', { nullable: true }),
    created_by: t.exposeInt('created_by', { nullable: true }),
    created_by_name: t.exposeString('created_by_name', { nullable: true }),
    checklist_total: t.exposeInt('checklist_total', { description: 'Sub-tasks (the checklist).' }),
    checklist_done: t.exposeInt('checklist_done'),
    overdue: t.exposeBoolean('overdue'),
    can_manage: t.exposeBoolean('can_manage', { description: 'Whether the caller may reassign and edit it.' }),
    assignees: t.field({ type: [AssigneeRef], resolve: (r) => r.assignees }),
    files: t.field({ type: [TaskFileRef], resolve: (r) => r.files }),
  }),
});

const ThreadEntryRef = builder.objectRef<ThreadEntry>('TaskThreadEntry').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    task_thread_uuid: t.exposeID('task_thread_uuid'),
    tasks_id: t.exposeInt('tasks_id'),
    task_action_id: t.exposeInt('task_action_id'),
    action: t.exposeString('action'),
    body: t.exposeString('body', { nullable: true }),
    employees_id: t.exposeInt('employees_id', { nullable: true }),
    user_name: t.exposeString('user_name', { nullable: true }),
    created_on: t.exposeString('created_on'),
    status: t.exposeString('status', { nullable: true }),
    assignees: t.exposeIntList('assignees'),
    file_uuids: t.exposeIDList('file_uuids'),
  }),
});

const ThreadRef = builder.objectRef<TaskThreadView>('TaskThread').implement({
  fields: (t) => ({
    task_thread_uuid: t.exposeID('task_thread_uuid'),
    tasks_id: t.exposeInt('tasks_id'),
    entries: t.field({ type: [ThreadEntryRef], description: 'Newest first.', resolve: (r) => r.entries }),
  }),
});

const ActionRef = builder.objectRef<{ id: number; action: string }>('TaskAction').implement({
  fields: (t) => ({ id: t.exposeInt('id'), action: t.exposeString('action') }),
});

const ConnectionRef = builder.objectRef<{ items: TaskView[]; nextToken: string | null }>('TaskConnection').implement({
  fields: (t) => ({
    items: t.field({ type: [TaskRef], resolve: (c) => c.items }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const CreateResultRef = builder.objectRef<{ tasks: TaskView[]; threads: TaskThreadView[] }>('TaskCreateResult').implement({
  fields: (t) => ({
    tasks: t.field({ type: [TaskRef], resolve: (r) => r.tasks }),
    threads: t.field({ type: [ThreadRef], resolve: (r) => r.threads }),
  }),
});

const UpdateResultRef = builder.objectRef<{ task: TaskView; thread: TaskThreadView }>('TaskUpdateResult').implement({
  fields: (t) => ({
    task: t.field({ type: TaskRef, resolve: (r) => r.task }),
    thread: t.field({ type: ThreadRef, resolve: (r) => r.thread }),
  }),
});

type TemplateRow = { id: number; name: string; description: string | null; items: TemplateItem[]; status: number };
const TemplateItemRef = builder.objectRef<TemplateItem>('ChecklistTemplateItem').implement({
  fields: (t) => ({
    title: t.exposeString('title'),
    body: t.string({ nullable: true, resolve: (i) => i.body ?? null }),
    priority: t.int({ nullable: true, resolve: (i) => i.priority ?? null }),
  }),
});
const TemplateRef = builder.objectRef<TemplateRow>('ChecklistTemplate').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    status: t.exposeInt('status'),
    items: t.field({ type: [TemplateItemRef], resolve: (r) => r.items }),
  }),
});

const SetupStepRef = builder.objectRef<{ key: string; done: boolean }>('SetupStep').implement({
  fields: (t) => ({ key: t.exposeString('key'), done: t.exposeBoolean('done') }),
});

const FilterRef = builder.inputRef<TaskFilter>('TaskFilter').implement({
  fields: (t) => ({
    scope: t.string({ required: false, description: "'mine' (assigned to me), 'jobs' (on my jobs) or absent (all I may see)." }),
    jobs_id: t.int({ required: false }),
    assignee_id: t.int({ required: false }),
    status: t.stringList({ required: false }),
    due_from: t.string({ required: false }),
    due_to: t.string({ required: false }),
    overdue: t.boolean({ required: false }),
    parent_task: t.int({ required: false, description: 'The sub-tasks (checklist) of this task; absent: top-level tasks.' }),
    rel_table: t.string({ required: false }),
    rel_id: t.int({ required: false }),
    today: t.string({ required: false, description: "The caller's date for 'overdue' (default: the server's)." }),
  }),
});

type CreateInput = {
  title: string;
  body?: string | null;
  rel_table?: string | null;
  rel_id?: number | null;
  jobs_id?: number | null;
  assignees?: number[] | null;
  due_date?: string | null;
  priority?: number | null;
  checklist?: string[] | null;
  file_uuids?: string[] | null;
};
const CreateInputRef = builder.inputRef<CreateInput>('TaskCreateInput').implement({
  fields: (t) => ({
    title: t.string({ required: true }),
    body: t.string({ required: false }),
    rel_table: t.string({ required: false, description: 'jobs, tools, jobsnotes or employees.' }),
    rel_id: t.int({ required: false }),
    jobs_id: t.int({ required: false, description: 'The job the task is on (rel_id when rel_table is jobs).' }),
    assignees: t.intList({ required: false }),
    due_date: t.string({ required: false }),
    priority: t.int({ required: false }),
    checklist: t.stringList({ required: false, description: 'Checklist items: each becomes a sub-task.' }),
    file_uuids: t.idList({ required: false }),
  }),
});

type TemplateInput = { id?: number | null; name: string; description?: string | null; items: TemplateItem[] };
const TemplateItemInputRef = builder.inputRef<TemplateItem>('ChecklistTemplateItemInput').implement({
  fields: (t) => ({ title: t.string({ required: true }), body: t.string({ required: false }), priority: t.int({ required: false }) }),
});
const TemplateInputRef = builder.inputRef<TemplateInput>('ChecklistTemplateInput').implement({
  fields: (t) => ({
    id: t.int({ required: false }),
    name: t.string({ required: true }),
    description: t.string({ required: false }),
    items: t.field({ type: [TemplateItemInputRef], required: true }),
  }),
});

// --- Helpers --------------------------------------------------------------------------------------

function parse<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION', issue.message, { field: issue.path.join('.') });
  }
  return parsed.data;
}

const withFiles = (info: GraphQLResolveInfo, under: boolean) => {
  const f = selectedColumns(info, under);
  return !f || f.has('files') || f.has('tasks') || f.has('task');
};

/** The checklist counts and the person's jobs (for `can_manage`) cost a query each: only when the page shows them. */
const checklistExtras = (info: GraphQLResolveInfo) => {
  const f = selectedColumns(info, true);
  return f ? { checklist: f.has('checklist_total') || f.has('checklist_done'), canManage: f.has('can_manage'), fields: f } : null;
};

const encode = (k: { rank: number; id: number }) => Buffer.from(JSON.stringify([k.rank, k.id])).toString('base64url');
function decode(token: string): { rank: number; id: number } {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && (v[0] === 0 || v[0] === 1) && Number.isInteger(v[1]) && v[1] > 0 && v[1] < 2 ** 31) {
      return { rank: v[0], id: v[1] };
    }
  } catch {
    // not ours
  }
  throw new AppError('VALIDATION', 'Invalid nextToken.');
}

const checkDate = (v: string | null | undefined, field: string) => {
  if (v != null && !isReceiptDate(v)) throw new AppError('VALIDATION', `${field}: ${TASK_MESSAGES.invalidDate}`, { field });
};

function checkUser(g: Gated, userId: number) {
  if (userId !== g.member.employeeId) throw new AppError('VALIDATION', TASK_MESSAGES.user, { field: 'user_id' });
}

/** Reads one task for a change, locked; NOT_FOUND when the caller may not read it. */
async function taskForChange(g: Gated, id: number) {
  const t = g.member.tenantUuid;
  const [row] = await g.tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenant_uuid, t), eq(tasks.id, id)))
    .for('update');
  if (!row) throw notFound('Task not found.');
  const assignees = (
    await g.tx
      .select({ id: taskAssignees.employees_id })
      .from(taskAssignees)
      .where(and(eq(taskAssignees.tenant_uuid, t), eq(taskAssignees.tasks_id, id)))
  ).map((a) => a.id);
  const rel = relationOf(g.member, await jobTies(g.tx, g.member), row, assignees);
  if (!mayReadTask(rel)) throw notFound('Task not found.');
  return { row, assignees, rel };
}

type NewTask = {
  title: string;
  body?: string | null;
  parent_task?: number | null;
  rel_table?: string | null;
  rel_id?: number | null;
  jobs_id?: number | null;
  priority?: number | null;
  due_date?: string | null;
  templates_id?: number | null;
  assignees: number[];
};

/** Inserts tasks, their assignees and each one's first thread entry ('created'). */
async function insertTasks(g: Gated, userName: string | null, list: NewTask[]) {
  const t = g.member.tenantUuid;
  const me = g.member.employeeId;
  const ids: number[] = [];
  for (const n of list) {
    const [row] = await g.tx
      .insert(tasks)
      .values({
        tenant_uuid: t,
        title: n.title,
        body: n.body?.trim() ? n.body : null,
        parent_task: n.parent_task ?? null,
        rel_table: n.rel_table ?? null,
        rel_id: n.rel_id ?? null,
        jobs_id: n.jobs_id ?? null,
        priority: n.priority ?? 1,
        due_date: n.due_date ?? null,
        templates_id: n.templates_id ?? null,
        created_by: me,
      })
      .returning({ id: tasks.id, thread: tasks.task_thread_uuid });
    ids.push(row.id);
    const people = [...new Set(n.assignees)];
    if (people.length)
      await g.tx.insert(taskAssignees).values(people.map((employees_id) => ({ tenant_uuid: t, tasks_id: row.id, employees_id })));
    await g.tx.insert(taskThreads).values({
      tenant_uuid: t,
      task_thread_uuid: row.thread,
      tasks_id: row.id,
      task_action_id: TASK_ACTION.created,
      body: null,
      employees_id: me,
      user_name: userName,
      data: people.length ? { assignees: people } : {},
    });
    const others = people.filter((p) => p !== me);
    g.afterCommit(() => notifyTaskPeople({ kind: 'assigned', tenantUuid: t, taskId: row.id, recipients: others }));
    // The inbox (issue 21): written in this transaction, published and pushed once it commits.
    await deliver(g, await addNotifications(g.tx, t, others, { kind: 'task_assigned', title: n.title, ref_id: row.id }));
  }
  return ids;
}

/** The job a new task is on: jobs_id, or rel_id when it hangs on a job. */
function jobOf(input: { rel_table?: string | null; rel_id?: number | null; jobs_id?: number | null }) {
  if (input.rel_table === 'jobs' && input.rel_id != null) {
    if (input.jobs_id != null && input.jobs_id !== input.rel_id) throw new AppError('VALIDATION', TASK_MESSAGES.job, { field: 'jobs_id' });
    return input.rel_id;
  }
  return input.jobs_id ?? null;
}

// --- Queries --------------------------------------------------------------------------------------

tenantQuery('listTasks', READ, {
  type: ConnectionRef,
  description:
    'Tasks the caller may see (assigned to them, on the jobs they belong to, made by them; admins all), overdue first, ' +
    'then newest first. filter.scope: mine | jobs.',
  args: (t) => ({
    filter: t({ type: FilterRef, required: false }),
    limit: t.int({ required: false }),
    nextToken: t.string({ required: false }),
  }),
  resolve: async (args, g, info) => {
    const limit = args.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw new AppError('VALIDATION', `limit must be between 1 and ${MAX_LIMIT}.`);
    const f = args.filter ?? {};
    if (f.scope != null && !['mine', 'jobs', 'all'].includes(f.scope)) throw new AppError('VALIDATION', 'scope must be mine, jobs or all.');
    if (f.status?.some((s) => !(TASK_STATUSES as readonly string[]).includes(s))) throw new AppError('VALIDATION', TASK_MESSAGES.status);
    checkDate(f.due_from, 'due_from');
    checkDate(f.due_to, 'due_to');
    checkDate(f.today, 'today');
    const { items, next } = await listTaskRows(
      g.tx,
      g.member,
      f,
      limit,
      args.nextToken ? decode(args.nextToken) : null,
      withFiles(info, true),
      checklistExtras(info),
    );
    return { items, nextToken: next ? encode(next) : null };
  },
});

tenantQuery('getTask', READ, {
  type: TaskRef,
  nullable: true,
  description: 'One task, or null when it is not there or not the caller to see.',
  args: (t) => ({ id: t.int({ required: true }) }),
  resolve: async ({ id }, g) => (await tasksByIds(g.tx, g.member, [id]))[0] ?? null,
});

tenantQuery('listTaskThreads', READ, {
  type: [ThreadRef],
  description: 'The threads of tasks the caller may see (by task_thread_uuid or task ids), entries newest first.',
  args: (t) => ({ task_thread_uuid: t.id({ required: false }), tasks_ids: t.intList({ required: false }) }),
  resolve: async (args, g) => {
    if (args.task_thread_uuid == null && !args.tasks_ids?.length) throw new AppError('VALIDATION', 'Give task_thread_uuid or tasks_ids.');
    if (args.tasks_ids && args.tasks_ids.length > 200) throw new AppError('VALIDATION', 'At most 200 tasks in one call.');
    if (args.task_thread_uuid != null && !/^[0-9a-f-]{36}$/i.test(args.task_thread_uuid))
      throw new AppError('VALIDATION', TASK_MESSAGES.thread);
    return threadsOf(
      g.tx,
      g.member,
      args.task_thread_uuid != null ? { threadUuids: [args.task_thread_uuid] } : { taskIds: args.tasks_ids ?? [] },
    );
  },
});

const TaskJobRef = builder.objectRef<{ id: number; label: string; leads: boolean }>('TaskJob').implement({
  fields: (t) => ({ id: t.exposeInt('id'), label: t.exposeString('label'), leads: t.exposeBoolean('leads') }),
});

tenantQuery('listTaskJobs', READ, {
  type: [TaskJobRef],
  description:
    "The active jobs the caller may add tasks to and apply templates on: all of them for admins, else the ones they lead (foreman or PM). 'leads': the caller is on the job's team.",
  resolve: async (_args, g) => {
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
  },
});

tenantQuery('listTaskActions', READ, {
  type: [ActionRef],
  description: "The actions a task's thread records (task_action_id).",
  resolve: () => TASK_ACTIONS.map((a) => ({ ...a })),
});

tenantQuery('listChecklistTemplates', READ, {
  type: [TemplateRef],
  description: 'The active checklist templates (with archived ones too for admins when asked).',
  args: (t) => ({ include_archived: t.boolean({ required: false }) }),
  resolve: async (args, g) =>
    (await g.tx
      .select()
      .from(checklistTemplates)
      .where(
        and(
          eq(checklistTemplates.tenant_uuid, g.member.tenantUuid),
          args.include_archived && isAdmin(g.member) ? undefined : eq(checklistTemplates.status, 1),
        ),
      )
      .orderBy(checklistTemplates.name, checklistTemplates.id)) as TemplateRow[],
});

tenantQuery('getSetupChecklist', ADMIN, {
  type: [SetupStepRef],
  description: "A new company's first steps, ticked from its data: people, a job, cost codes, an invited foreman. Admins only.",
  resolve: async (_args, g) => {
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
            and(
              eq(jobsForemen.tenant_uuid, t),
              sql`${employees.cognito_status} is not null`,
              sql`${employees.cognito_status} <> 'Deleted'`,
            ),
          ),
      ),
    };
    return SETUP_STEPS.map((key) => ({ key, done: done[key] }));
  },
});

// --- Mutations ------------------------------------------------------------------------------------

tenantMutation('customCreateTask', READ, {
  type: CreateResultRef,
  description:
    'Adds a task (spec §7: user_id, user_name, parent_task) with its checklist items as sub-tasks; returns the tasks and their ' +
    "threads. On a job: admins and the job's foremen and PMs; on no job: admins; a sub-task: whoever may manage the parent.",
  args: (t) => ({
    user_id: t.int({ required: true }),
    user_name: t.string({ required: false }),
    parent_task: t.int({ required: false }),
    task: t({ type: CreateInputRef, required: true }),
  }),
  resolve: async (args, g) => {
    checkUser(g, args.user_id);
    const input = parse(taskCreateSchema, args.task);
    const tenant = g.member.tenantUuid;
    const led = await jobsLedBy(g.tx, g.member);
    let jobId = jobOf(input);
    if (args.parent_task != null) {
      const parent = await taskForChange(g, args.parent_task).catch(() => {
        throw new AppError('VALIDATION', TASK_MESSAGES.parent, { field: 'parent_task' });
      });
      if (!mayManageTask(parent.rel, parent.row.jobs_id != null)) throw forbidden();
      jobId = parent.row.jobs_id;
    } else {
      if (jobId != null) await checkJob(g.tx, tenant, jobId);
      if (!mayCreateOn(isAdmin(g.member), jobId != null && led.has(jobId))) throw forbidden();
    }
    await checkPeople(g.tx, tenant, input.assignees);
    const userName = await nameOf(g.tx, g.member);
    const [id] = await insertTasks(g, userName, [
      {
        ...input,
        parent_task: args.parent_task ?? null,
        jobs_id: jobId,
        rel_table: input.rel_table ?? (jobId != null && args.parent_task == null ? 'jobs' : null),
        rel_id: input.rel_id ?? (jobId != null && args.parent_task == null ? jobId : null),
      },
    ]);
    const subs = await insertTasks(
      g,
      userName,
      input.checklist.map((title) => ({ title, parent_task: id, jobs_id: jobId, assignees: input.assignees })),
    );
    if (input.file_uuids.length) {
      const [row] = await g.tx
        .select({ uuid: tasks.uuid })
        .from(tasks)
        .where(and(eq(tasks.tenant_uuid, tenant), eq(tasks.id, id)));
      await attachFiles(g.tx, g.member, TASKS_SOURCE, row.uuid, input.file_uuids);
    }
    const all = [id, ...subs];
    const found = await tasksByIds(g.tx, g.member, all);
    const order = new Map(all.map((x, i) => [x, i]));
    found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return {
      tasks: found,
      threads: (await threadsOf(g.tx, g.member, { taskIds: all })).sort(
        (a, b) => (order.get(a.tasks_id) ?? 0) - (order.get(b.tasks_id) ?? 0),
      ),
    };
  },
});

tenantMutation('customUpdateTask', READ, {
  type: UpdateResultRef,
  description:
    "Appends an action to a task's thread (spec §7: task_id, task_action_id, user_id, user_name, body, task_thread_uuid) " +
    'and applies it: 2 comment (body), 3 status (status; body and file_uuids optional: closing with a photo), ' +
    "4 reassign (assignees; admins and the job's foremen and PMs), 5 photo (file_uuids), 6 edit (title, due_date, priority, body; as reassign). " +
    'Returns the task and its thread, newest first.',
  args: (t) => ({
    task_id: t.int({ required: true }),
    task_action_id: t.int({ required: true }),
    user_id: t.int({ required: true }),
    user_name: t.string({ required: false }),
    body: t.string({ required: false }),
    task_thread_uuid: t.id({ required: true }),
    status: t.string({ required: false }),
    assignees: t.intList({ required: false }),
    file_uuids: t.idList({ required: false }),
    title: t.string({ required: false }),
    due_date: t.string({ required: false }),
    priority: t.int({ required: false }),
  }),
  resolve: async (args, g) => {
    checkUser(g, args.user_id);
    const action = TASK_ACTIONS.find((a) => a.id === args.task_action_id);
    if (!action || action.id === TASK_ACTION.created) throw new AppError('VALIDATION', TASK_MESSAGES.action, { field: 'task_action_id' });
    const input = parse(taskUpdateSchema, args);
    const tenant = g.member.tenantUuid;
    const { row, assignees, rel } = await taskForChange(g, args.task_id);
    if (row.task_thread_uuid !== args.task_thread_uuid)
      throw new AppError('VALIDATION', TASK_MESSAGES.thread, { field: 'task_thread_uuid' });
    const manage = mayManageTask(rel, row.jobs_id != null);
    const body = input.body?.trim() ? input.body.trim() : null;
    const data: Record<string, unknown> = {};
    const patch: Partial<typeof tasks.$inferInsert> = {};
    let notice: 'comment' | 'status' | 'assigned' = 'comment';
    let recipients = assignees;
    const newFiles = async (uuids: string[]) => {
      const current = await g.tx.execute(
        sql`select uuid::text as uuid from files where tenant_uuid = ${tenant} and source_table = ${TASKS_SOURCE} and source_uuid = ${row.uuid} and status = 1`,
      );
      const have = (current as unknown as { rows: { uuid: string }[] }).rows.map((r) => r.uuid);
      await attachFiles(g.tx, g.member, TASKS_SOURCE, row.uuid, [...have, ...uuids]);
      data.file_uuids = uuids;
    };
    switch (action.action) {
      case 'comment':
        if (!body) throw new AppError('VALIDATION', TASK_MESSAGES.emptyComment, { field: 'body' });
        break;
      case 'status':
        if (!input.status) throw new AppError('VALIDATION', TASK_MESSAGES.status, { field: 'status' });
        patch.status = input.status;
        patch.status_by = g.member.employeeId;
        patch.status_on = sql`now()` as unknown as string;
        data.status = input.status;
        if (input.file_uuids?.length) await newFiles(input.file_uuids);
        notice = 'status';
        recipients = [...new Set([...assignees, ...(row.created_by != null ? [row.created_by] : [])])];
        break;
      case 'reassign': {
        if (!manage) throw forbidden();
        if (!input.assignees) throw new AppError('VALIDATION', TASK_MESSAGES.assignees, { field: 'assignees' });
        const people = [...new Set(input.assignees)];
        await checkPeople(g.tx, tenant, people);
        await g.tx.delete(taskAssignees).where(and(eq(taskAssignees.tenant_uuid, tenant), eq(taskAssignees.tasks_id, row.id)));
        if (people.length)
          await g.tx.insert(taskAssignees).values(people.map((employees_id) => ({ tenant_uuid: tenant, tasks_id: row.id, employees_id })));
        data.assignees = people;
        notice = 'assigned';
        recipients = people.filter((p) => !assignees.includes(p));
        break;
      }
      case 'photo':
        if (!input.file_uuids?.length) throw new AppError('VALIDATION', 'Attach at least one photo.', { field: 'file_uuids' });
        await newFiles(input.file_uuids);
        break;
      case 'edit':
        if (!manage) throw forbidden();
        if (input.title != null) patch.title = input.title;
        if (args.due_date !== undefined) patch.due_date = input.due_date ?? null;
        if (input.priority != null) patch.priority = input.priority;
        if (input.body != null) patch.body = body;
        if (Object.keys(patch).length === 0) throw new AppError('VALIDATION', TASK_MESSAGES.emptyUpdate);
        data.changed = Object.keys(patch);
        break;
    }
    await g.tx
      .update(tasks)
      .set({ ...patch, updated_on: sql`now()` })
      .where(and(eq(tasks.tenant_uuid, tenant), eq(tasks.id, row.id)));
    await g.tx.insert(taskThreads).values({
      tenant_uuid: tenant,
      task_thread_uuid: row.task_thread_uuid,
      tasks_id: row.id,
      task_action_id: action.id,
      body: action.action === 'edit' ? null : body,
      employees_id: g.member.employeeId,
      user_name: await nameOf(g.tx, g.member),
      data,
    });
    const others = recipients.filter((p) => p !== g.member.employeeId);
    g.afterCommit(() => notifyTaskPeople({ kind: notice, tenantUuid: tenant, taskId: row.id, recipients: others }));
    await deliver(
      g,
      await addNotifications(g.tx, tenant, others, {
        kind: notice === 'assigned' ? 'task_assigned' : 'task_comment',
        title: row.title,
        ref_id: row.id,
      }),
    );
    const [task] = await tasksByIds(g.tx, g.member, [row.id]);
    const [thread] = await threadsOf(g.tx, g.member, { taskIds: [row.id] });
    return { task, thread };
  },
});

tenantMutation('saveChecklistTemplate', ADMIN, {
  type: TemplateRef,
  description: 'Adds (no id) or changes a checklist template. Admins only.',
  args: (t) => ({ template: t({ type: TemplateInputRef, required: true }) }),
  resolve: async ({ template }, g) => {
    const input = parse(templateSchema, template);
    const tenant = g.member.tenantUuid;
    const values = { name: input.name, description: input.description?.trim() || null, items: input.items };
    if (template.id != null) {
      const [row] = await g.tx
        .update(checklistTemplates)
        .set({ ...values, updated_on: sql`now()` })
        .where(and(eq(checklistTemplates.tenant_uuid, tenant), eq(checklistTemplates.id, template.id)))
        .returning();
      if (!row) throw notFound('Checklist template not found.');
      return row as TemplateRow;
    }
    const [row] = await g.tx
      .insert(checklistTemplates)
      .values({ ...values, tenant_uuid: tenant })
      .returning();
    return row as TemplateRow;
  },
});

tenantMutation('archiveChecklistTemplate', ADMIN, {
  type: TemplateRef,
  description: 'Archives (status 0) or restores (status 1) a checklist template. Admins only.',
  args: (t) => ({ id: t.int({ required: true }), status: t.int({ required: false }) }),
  resolve: async (args, g) => {
    const status = args.status ?? 0;
    if (status !== 0 && status !== 1) throw new AppError('VALIDATION', 'status must be 0 or 1.');
    const [row] = await g.tx
      .update(checklistTemplates)
      .set({ status, updated_on: sql`now()` })
      .where(and(eq(checklistTemplates.tenant_uuid, g.member.tenantUuid), eq(checklistTemplates.id, args.id)))
      .returning();
    if (!row) throw notFound('Checklist template not found.');
    return row as TemplateRow;
  },
});

tenantMutation('applyChecklistTemplate', READ, {
  type: CreateResultRef,
  description:
    "Applies a checklist template to a job in one step: a task named after the template with one sub-task per item. Admins and the job's " +
    'foremen and PMs. Applied to that job before: CONFLICT unless confirm is true.',
  args: (t) => ({
    templates_id: t.int({ required: true }),
    jobs_id: t.int({ required: true }),
    confirm: t.boolean({ required: false }),
    assignees: t.intList({ required: false }),
    due_date: t.string({ required: false }),
  }),
  resolve: async (args, g) => {
    const tenant = g.member.tenantUuid;
    checkDate(args.due_date, 'due_date');
    if ((args.assignees?.length ?? 0) > 20) throw new AppError('VALIDATION', TASK_MESSAGES.assignees, { field: 'assignees' });
    await checkJob(g.tx, tenant, args.jobs_id);
    const led = await jobsLedBy(g.tx, g.member);
    if (!mayCreateOn(isAdmin(g.member), led.has(args.jobs_id))) throw forbidden();
    const [tpl] = (await g.tx
      .select()
      .from(checklistTemplates)
      .where(
        and(eq(checklistTemplates.tenant_uuid, tenant), eq(checklistTemplates.id, args.templates_id), eq(checklistTemplates.status, 1)),
      )) as TemplateRow[];
    if (!tpl) throw notFound('Checklist template not found.');
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
    if (before && !args.confirm) throw new AppError('CONFLICT', TASK_MESSAGES.alreadyApplied, { tasks_id: before.id });
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
    const all = [id, ...subs];
    const order = new Map(all.map((x, i) => [x, i]));
    const found = (await tasksByIds(g.tx, g.member, all)).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const threads = (await threadsOf(g.tx, g.member, { taskIds: all })).sort(
      (a, b) => (order.get(a.tasks_id) ?? 0) - (order.get(b.tasks_id) ?? 0),
    );
    return { tasks: found, threads };
  },
});
