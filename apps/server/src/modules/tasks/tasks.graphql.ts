import { msg } from '@groundwork/core/messages';
import { TASK_ACTIONS, TASK_STATUSES } from '@groundwork/core/tasks';
import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { checkLimit, decodeToken, encodeToken } from '../../graphql/paging.js';
import { selectedColumns } from '../../graphql/record-operations.js';
import { applyTemplate, archiveTemplate, checklistTemplatesFor, saveTemplate, setupChecklist, taskJobs } from './tasks.checklists.js';
import { listTaskRows, type TaskFilter, taskPeople, tasksByIds } from './tasks.service.js';
import type { TemplateItem } from './tasks.table.js';
import { threadsOf } from './tasks.threads.js';
import {
  ActionRef,
  ConnectionRef,
  type CreateInput,
  CreateResultRef,
  SetupStepRef,
  TaskJobRef,
  TaskPersonRef,
  TaskRef,
  type TemplateInput,
  TemplateRef,
  ThreadRef,
  UpdateResultRef,
} from './tasks.types.js';
import { checkDate, createTask, updateTask } from './tasks.writes.js';

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

const withFiles = (info: GraphQLResolveInfo, under: boolean) => {
  const f = selectedColumns(info, under);
  return !f || f.has('files') || f.has('tasks') || f.has('task');
};

/** The checklist counts and the person's jobs (for `can_manage`) cost a query each: only when the page shows them. */
const checklistExtras = (info: GraphQLResolveInfo) => {
  const f = selectedColumns(info, true);
  return f ? { checklist: f.has('checklist_total') || f.has('checklist_done'), canManage: f.has('can_manage'), fields: f } : null;
};

// --- Inputs -----------------------------------------------------------------------------------------

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

/** A page token: the overdue rank (0 or 1) and the id of the last task. */
const isRankKey = (v: unknown): v is [0 | 1, number] =>
  Array.isArray(v) && v.length === 2 && (v[0] === 0 || v[0] === 1) && Number.isInteger(v[1]) && v[1] > 0 && v[1] < 2 ** 31;

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
    checkLimit(limit, MAX_LIMIT);
    const f = args.filter ?? {};
    if (f.scope != null && !['mine', 'jobs', 'all'].includes(f.scope)) throw new AppError('VALIDATION', msg('tasks.scope'));
    if (f.status?.some((s) => !(TASK_STATUSES as readonly string[]).includes(s))) throw new AppError('VALIDATION', msg('tasks.status'));
    checkDate(f.due_from, 'due_from');
    checkDate(f.due_to, 'due_to');
    checkDate(f.today, 'today');
    const after = args.nextToken ? decodeToken(args.nextToken, isRankKey) : null;
    const { items, next } = await listTaskRows(
      g.tx,
      g.member,
      f,
      limit,
      after ? { rank: after[0], id: after[1] } : null,
      withFiles(info, true),
      checklistExtras(info),
    );
    return { items, nextToken: next ? encodeToken([next.rank, next.id]) : null };
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
    if (args.task_thread_uuid == null && !args.tasks_ids?.length) throw new AppError('VALIDATION', msg('tasks.giveThreadOrIds'));
    if (args.tasks_ids && args.tasks_ids.length > 200) throw new AppError('VALIDATION', msg('tasks.tooManyTasks', { max: 200 }));
    if (args.task_thread_uuid != null && !/^[0-9a-f-]{36}$/i.test(args.task_thread_uuid))
      throw new AppError('VALIDATION', msg('tasks.thread'));
    return threadsOf(
      g.tx,
      g.member,
      args.task_thread_uuid != null ? { threadUuids: [args.task_thread_uuid] } : { taskIds: args.tasks_ids ?? [] },
    );
  },
});

tenantQuery('listTaskJobs', READ, {
  type: [TaskJobRef],
  description:
    "The active jobs the caller may add tasks to and apply templates on: all of them for admins, else the ones they lead (foreman or PM). 'leads': the caller is on the job's team.",
  resolve: (_args, g) => taskJobs(g),
});

tenantQuery('listTaskPeople', READ, {
  type: [TaskPersonRef],
  description:
    'The people the Tasks page names and assigns (id and name only; issue 46): the active people for those who assign ' +
    "(admins, a job's foremen and PMs); for everyone else the people on the tasks they may read, and themselves.",
  resolve: (_args, g) => taskPeople(g.tx, g.member),
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
  resolve: (args, g) => checklistTemplatesFor(g, args.include_archived),
});

tenantQuery('getSetupChecklist', ADMIN, {
  type: [SetupStepRef],
  description: "A new company's first steps, ticked from its data: people, a job, cost codes, an invited foreman. Admins only.",
  resolve: (_args, g) => setupChecklist(g),
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
  resolve: (args, g) => createTask(args, g),
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
  resolve: (args, g) => updateTask(args, g),
});

tenantMutation('saveChecklistTemplate', ADMIN, {
  type: TemplateRef,
  description: 'Adds (no id) or changes a checklist template. Admins only.',
  args: (t) => ({ template: t({ type: TemplateInputRef, required: true }) }),
  resolve: ({ template }, g) => saveTemplate(template, g),
});

tenantMutation('archiveChecklistTemplate', ADMIN, {
  type: TemplateRef,
  description: 'Archives (status 0) or restores (status 1) a checklist template. Admins only.',
  args: (t) => ({ id: t.int({ required: true }), status: t.int({ required: false }) }),
  resolve: (args, g) => archiveTemplate(args, g),
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
  resolve: (args, g) => applyTemplate(args, g),
});
