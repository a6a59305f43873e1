import { z } from 'zod';
import { isReceiptDate } from './receipts.js';

/**
 * Tasks (spec §2 /modules/tasks, §3 Task, §7 listTasks, listTaskThreads, listTaskActions, customCreateTask,
 * customUpdateTask): the rules the server and the task dialog share.
 */

export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** 0 low, 1 normal, 2 high. */
export const TASK_PRIORITIES = [0, 1, 2] as const;

/** The records a task can hang on (rel_table). */
export const TASK_REL_TABLES = ['jobs', 'tools', 'jobsnotes', 'employees'] as const;
export type TaskRelTable = (typeof TASK_REL_TABLES)[number];

/**
 * The actions of a task's thread (listTaskActions): task_action_id in customUpdateTask and in each thread entry.
 * `created` is written by customCreateTask only.
 */
export const TASK_ACTIONS = [
  { id: 1, action: 'created' },
  { id: 2, action: 'comment' },
  { id: 3, action: 'status' },
  { id: 4, action: 'reassign' },
  { id: 5, action: 'photo' },
  { id: 6, action: 'edit' },
] as const;
export const TASK_ACTION = { created: 1, comment: 2, status: 3, reassign: 4, photo: 5, edit: 6 } as const;

export const TASK_LIMITS = {
  title: 200,
  body: 5000,
  assignees: 20,
  checklist: 50,
  templateItems: 50,
  templateName: 120,
  files: 20,
} as const;

export const TASK_MESSAGES = {
  fetchError: 'There was a problem fetching tasks.',
  addError: 'There was a problem adding the task.',
  updateError: 'There was a problem updating the task.',
  fetchTemplatesError: 'There was a problem fetching checklist templates.',
  added: 'Task added.',
  updated: 'Task updated.',
  closed: 'Task closed.',
  commented: 'Comment added.',
  templateSaved: 'Checklist template saved.',
  templateApplied: 'Checklist template applied.',
  required: 'Required.',
  title: `Enter a title of at most ${TASK_LIMITS.title} characters.`,
  body: `Keep it under ${TASK_LIMITS.body} characters.`,
  invalidDate: 'Enter a valid date.',
  status: 'Choose open, in progress or done.',
  priority: 'Choose low, normal or high.',
  relTable: 'A task can hang on a job, a tool, a daily report or a person.',
  relPair: 'rel_table and rel_id go together.',
  assignees: `Assign at most ${TASK_LIMITS.assignees} people.`,
  person: 'Choose a person of this company.',
  job: 'Choose one of the company’s jobs.',
  parent: 'The parent task was not found.',
  action: 'Unknown task_action_id.',
  thread: 'task_thread_uuid does not match the task.',
  emptyComment: 'Write a comment.',
  emptyUpdate: 'Nothing to change.',
  alreadyApplied: 'This template was already applied to this job. Apply it again?',
  templateItems: `A template needs 1 to ${TASK_LIMITS.templateItems} items.`,
  user: 'user_id must be the signed-in person.',
} as const;

const title = z.string().trim().min(1, TASK_MESSAGES.required).max(TASK_LIMITS.title, TASK_MESSAGES.title);
const body = z.string().max(TASK_LIMITS.body, TASK_MESSAGES.body).nullish();
const dueDate = z
  .string()
  .refine((v) => isReceiptDate(v), TASK_MESSAGES.invalidDate)
  .nullish();
const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** The task customCreateTask adds (besides the spec's user_id, user_name, parent_task). */
export const taskCreateSchema = z
  .object({
    title,
    body,
    rel_table: z.enum(TASK_REL_TABLES, { error: TASK_MESSAGES.relTable }).nullish(),
    rel_id: id.nullish(),
    jobs_id: id.nullish(),
    assignees: z.array(id).max(TASK_LIMITS.assignees, TASK_MESSAGES.assignees).default([]),
    due_date: dueDate,
    priority: z
      .number()
      .int()
      .refine((p) => p >= 0 && p <= 2, TASK_MESSAGES.priority)
      .default(1),
    checklist: z.array(title).max(TASK_LIMITS.checklist).default([]),
    file_uuids: z.array(z.string()).max(TASK_LIMITS.files).default([]),
  })
  .refine((t) => (t.rel_table == null) === (t.rel_id == null), { message: TASK_MESSAGES.relPair, path: ['rel_id'] });
export type TaskCreate = z.infer<typeof taskCreateSchema>;

/** What customUpdateTask may change along with its action. */
export const taskUpdateSchema = z.object({
  body: body,
  status: z.enum(TASK_STATUSES, { error: TASK_MESSAGES.status }).nullish(),
  assignees: z.array(id).max(TASK_LIMITS.assignees, TASK_MESSAGES.assignees).nullish(),
  file_uuids: z.array(z.string()).max(TASK_LIMITS.files).nullish(),
  title: title.nullish(),
  due_date: dueDate,
  priority: z
    .number()
    .int()
    .refine((p) => p >= 0 && p <= 2, TASK_MESSAGES.priority)
    .nullish(),
});

export const templateSchema = z.object({
  name: z.string().trim().min(1, TASK_MESSAGES.required).max(TASK_LIMITS.templateName),
  description: body,
  items: z
    .array(z.object({ title, body, priority: z.number().int().min(0).max(2).nullish() }))
    .min(1, TASK_MESSAGES.templateItems)
    .max(TASK_LIMITS.templateItems, TASK_MESSAGES.templateItems),
});

/** What one person may do with one task (spec-derived: issue #20 "Permissions"). */
export type TaskRelation = {
  /** admin_access (full access). */
  admin: boolean;
  /** Foreman or PM of the task's job. */
  leadsJob: boolean;
  /** Foreman, PM, or crew scheduled on the task's job (within two weeks of today). */
  onJob: boolean;
  assigned: boolean;
  creator: boolean;
};

/**
 * Everyone sees tasks assigned to them and on jobs they belong to; admins see all. Whoever may read a task may also
 * comment, attach photos and change its status.
 */
export const mayReadTask = (r: TaskRelation) => r.admin || r.onJob || r.assigned || r.creator;
/** Reassign, retitle, re-date: admins and the job's foremen and PMs (and the creator of a task on no job). */
export const mayManageTask = (r: TaskRelation, onAJob: boolean) => r.admin || r.leadsJob || (!onAJob && r.creator);
/** Create on a job (and apply templates to it): admins and that job's foremen and PMs. Tasks on no job: admins. */
export const mayCreateOn = (admin: boolean, leadsJob: boolean) => admin || leadsJob;

/** Not done and due before `today` ('YYYY-MM-DD'). */
export const isOverdue = (t: { status: string; due_date: string | null }, today: string) =>
  t.status !== 'done' && t.due_date != null && t.due_date < today;

/** The setup checklist's steps, ticked from the company's data (getSetupChecklist). */
export const SETUP_STEPS = ['add_people', 'add_job', 'add_costcodes', 'invite_foreman'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
