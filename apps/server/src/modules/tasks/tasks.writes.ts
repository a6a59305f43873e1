import { atField, fromText, msg } from '@groundwork/core/messages';
import { isReceiptDate } from '@groundwork/core/receipts';
import {
  mayCreateOn,
  mayManageTask,
  mayReadTask,
  TASK_ACTION,
  TASK_ACTIONS,
  taskCreateSchema,
  taskUpdateSchema,
} from '@groundwork/core/tasks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import type { Gated, Member } from '../../graphql/gate.js';
import { textRef } from '../../platform/texts.js';
import { employees } from '../employees/employees.table.js';
import { attachFiles } from '../files/files.service.js';
import { jobs } from '../jobs/jobs.table.js';
import { addNotifications, deliver } from '../notifications/notifications.service.js';
import { notifyTaskPeople } from './tasks.notify.js';
import { isAdmin, jobsLedBy, jobTies, personName, relationOf, TASKS_SOURCE, tasksByIds } from './tasks.service.js';
import { taskAssignees, tasks, taskThreads } from './tasks.table.js';
import { threadsOf } from './tasks.threads.js';
import type { CreateInput } from './tasks.types.js';

export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION', fromText(issue.message), { field: issue.path.join('.') });
  }
  return parsed.data;
}

export const checkDate = (v: string | null | undefined, field: string) => {
  if (v != null && !isReceiptDate(v)) throw new AppError('VALIDATION', atField(field, msg('tasks.invalidDate')), { field });
};

function checkUser(g: Gated, userId: number) {
  if (userId !== g.member.employeeId) throw new AppError('VALIDATION', msg('tasks.user'), { field: 'user_id' });
}

/** Reads one task for a change, locked; NOT_FOUND when the caller may not read it. */
async function taskForChange(g: Gated, id: number) {
  const t = g.member.tenantUuid;
  const [row] = await g.tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenant_uuid, t), eq(tasks.id, id)))
    .for('update');
  if (!row) throw notFound(msg('tasks.notFound'));
  const assignees = (
    await g.tx
      .select({ id: taskAssignees.employees_id })
      .from(taskAssignees)
      .where(and(eq(taskAssignees.tenant_uuid, t), eq(taskAssignees.tasks_id, id)))
  ).map((a) => a.id);
  const rel = relationOf(g.member, await jobTies(g.tx, g.member), row, assignees);
  if (!mayReadTask(rel)) throw notFound(msg('tasks.notFound'));
  return { row, assignees, rel };
}

export type NewTask = {
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
export async function insertTasks(g: Gated, userName: string | null, list: NewTask[]) {
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
    await deliver(
      g,
      await addNotifications(g.tx, t, others, {
        kind: 'task_assigned',
        text: textRef('notification.task_assigned', { task: n.title }),
        ref_id: row.id,
      }),
    );
  }
  return ids;
}

/** The job a new task is on: jobs_id, or rel_id when it hangs on a job. */
function jobOf(input: { rel_table?: string | null; rel_id?: number | null; jobs_id?: number | null }) {
  if (input.rel_table === 'jobs' && input.rel_id != null) {
    if (input.jobs_id != null && input.jobs_id !== input.rel_id) throw new AppError('VALIDATION', msg('tasks.job'), { field: 'jobs_id' });
    return input.rel_id;
  }
  return input.jobs_id ?? null;
}

/** The caller's name as the thread shows it (the server's record, not the payload's user_name). */
export async function nameOf(tx: Tx, member: Member): Promise<string | null> {
  const [row] = await tx
    .select({ name: personName(employees.firstname, employees.lastname) })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, member.tenantUuid), eq(employees.id, member.employeeId)));
  return row?.name ?? null;
}

/** Every id must be an active person of the company. */
export async function checkPeople(tx: Tx, tenant: string, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, unique), eq(employees.status, 1)));
  if (found.length !== unique.length) throw new AppError('VALIDATION', msg('tasks.person'), { field: 'assignees' });
}

export async function checkJob(tx: Tx, tenant: string, id: number) {
  const [found] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.id, id), sql`${jobs.status} <> 0`));
  if (!found) throw new AppError('VALIDATION', msg('tasks.job'), { field: 'jobs_id' });
}

/** Created tasks and their threads, in the order they were made (the task, then its checklist's sub-tasks). */
export async function createdResult(g: Gated, all: number[]) {
  const order = new Map(all.map((x, i) => [x, i]));
  const found = (await tasksByIds(g.tx, g.member, all)).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const threads = (await threadsOf(g.tx, g.member, { taskIds: all })).sort(
    (a, b) => (order.get(a.tasks_id) ?? 0) - (order.get(b.tasks_id) ?? 0),
  );
  return { tasks: found, threads };
}

/** customCreateTask: a task with its checklist items as sub-tasks. */
export async function createTask(args: { user_id: number; parent_task?: number | null; task: CreateInput }, g: Gated) {
  checkUser(g, args.user_id);
  const input = parse(taskCreateSchema, args.task);
  const tenant = g.member.tenantUuid;
  const led = await jobsLedBy(g.tx, g.member);
  let jobId = jobOf(input);
  if (args.parent_task != null) {
    const parent = await taskForChange(g, args.parent_task).catch(() => {
      throw new AppError('VALIDATION', msg('tasks.parent'), { field: 'parent_task' });
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
  return createdResult(g, [id, ...subs]);
}

export type UpdateArgs = {
  task_id: number;
  task_action_id: number;
  user_id: number;
  user_name?: string | null;
  body?: string | null;
  task_thread_uuid: string;
  status?: string | null;
  assignees?: number[] | null;
  file_uuids?: string[] | null;
  title?: string | null;
  due_date?: string | null;
  priority?: number | null;
};

/** customUpdateTask: appends an action to a task's thread and applies it. */
export async function updateTask(args: UpdateArgs, g: Gated) {
  checkUser(g, args.user_id);
  const action = TASK_ACTIONS.find((a) => a.id === args.task_action_id);
  if (!action || action.id === TASK_ACTION.created) throw new AppError('VALIDATION', msg('tasks.action'), { field: 'task_action_id' });
  const input = parse(taskUpdateSchema, args);
  const tenant = g.member.tenantUuid;
  const { row, assignees, rel } = await taskForChange(g, args.task_id);
  if (row.task_thread_uuid !== args.task_thread_uuid) throw new AppError('VALIDATION', msg('tasks.thread'), { field: 'task_thread_uuid' });
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
      if (!body) throw new AppError('VALIDATION', msg('tasks.emptyComment'), { field: 'body' });
      break;
    case 'status':
      if (!input.status) throw new AppError('VALIDATION', msg('tasks.status'), { field: 'status' });
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
      if (!input.assignees) throw new AppError('VALIDATION', msg('tasks.assignees'), { field: 'assignees' });
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
      if (!input.file_uuids?.length) throw new AppError('VALIDATION', msg('tasks.attachPhoto'), { field: 'file_uuids' });
      await newFiles(input.file_uuids);
      break;
    case 'edit':
      if (!manage) throw forbidden();
      if (input.title != null) patch.title = input.title;
      if (args.due_date !== undefined) patch.due_date = input.due_date ?? null;
      if (input.priority != null) patch.priority = input.priority;
      if (input.body != null) patch.body = body;
      if (Object.keys(patch).length === 0) throw new AppError('VALIDATION', msg('tasks.emptyUpdate'));
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
      text: textRef(notice === 'assigned' ? 'notification.task_assigned' : 'notification.task_comment', { task: row.title }),
      ref_id: row.id,
    }),
  );
  const [task] = await tasksByIds(g.tx, g.member, [row.id]);
  const [thread] = await threadsOf(g.tx, g.member, { taskIds: [row.id] });
  return { task, thread };
}
