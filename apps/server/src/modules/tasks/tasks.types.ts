import { builder } from '../../graphql/builder.js';
import { pageRef } from '../../graphql/paging.js';
import { fileSummaryRef } from '../files/files.refs.js';
import type { Assignee, TaskThreadView, TaskView, ThreadEntry } from './tasks.service.js';
import type { TemplateItem } from './tasks.table.js';

// --- Types ----------------------------------------------------------------------------------------

const TaskFileRef = fileSummaryRef('TaskFile');

const AssigneeRef = builder.objectRef<Assignee>('TaskAssignee').implement({
  fields: (t) => ({ employees_id: t.exposeInt('employees_id'), name: t.exposeString('name', { nullable: true }) }),
});

export const TaskRef = builder.objectRef<TaskView>('Task').implement({
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

export const ThreadRef = builder.objectRef<TaskThreadView>('TaskThread').implement({
  fields: (t) => ({
    task_thread_uuid: t.exposeID('task_thread_uuid'),
    tasks_id: t.exposeInt('tasks_id'),
    entries: t.field({ type: [ThreadEntryRef], description: 'Newest first.', resolve: (r) => r.entries }),
  }),
});

export const ActionRef = builder.objectRef<{ id: number; action: string }>('TaskAction').implement({
  fields: (t) => ({ id: t.exposeInt('id'), action: t.exposeString('action') }),
});

export const ConnectionRef = pageRef('TaskConnection', TaskRef);

export const CreateResultRef = builder.objectRef<{ tasks: TaskView[]; threads: TaskThreadView[] }>('TaskCreateResult').implement({
  fields: (t) => ({
    tasks: t.field({ type: [TaskRef], resolve: (r) => r.tasks }),
    threads: t.field({ type: [ThreadRef], resolve: (r) => r.threads }),
  }),
});

export const UpdateResultRef = builder.objectRef<{ task: TaskView; thread: TaskThreadView }>('TaskUpdateResult').implement({
  fields: (t) => ({
    task: t.field({ type: TaskRef, resolve: (r) => r.task }),
    thread: t.field({ type: ThreadRef, resolve: (r) => r.thread }),
  }),
});

export type TemplateRow = { id: number; name: string; description: string | null; items: TemplateItem[]; status: number };
const TemplateItemRef = builder.objectRef<TemplateItem>('ChecklistTemplateItem').implement({
  fields: (t) => ({
    title: t.exposeString('title'),
    body: t.string({ nullable: true, resolve: (i) => i.body ?? null }),
    priority: t.int({ nullable: true, resolve: (i) => i.priority ?? null }),
  }),
});
export const TemplateRef = builder.objectRef<TemplateRow>('ChecklistTemplate').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    status: t.exposeInt('status'),
    items: t.field({ type: [TemplateItemRef], resolve: (r) => r.items }),
  }),
});

export const SetupStepRef = builder.objectRef<{ key: string; done: boolean }>('SetupStep').implement({
  fields: (t) => ({ key: t.exposeString('key'), done: t.exposeBoolean('done') }),
});

export type CreateInput = {
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

export type TemplateInput = { id?: number | null; name: string; description?: string | null; items: TemplateItem[] };

export const TaskJobRef = builder.objectRef<{ id: number; label: string; leads: boolean }>('TaskJob').implement({
  fields: (t) => ({ id: t.exposeInt('id'), label: t.exposeString('label'), leads: t.exposeBoolean('leads') }),
});

export const TaskPersonRef = builder.objectRef<{ id: number; name: string }>('TaskPerson').implement({
  description: 'A person as the Tasks page names and assigns them: id and name only.',
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});
