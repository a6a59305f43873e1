import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, createdOn, recordUuid, tenantKeyColumns, tenantUuid } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/** A checklist template's item: becomes a sub-task when the template is applied to a job. */
export type TemplateItem = { title: string; body?: string | null; priority?: number | null };

/**
 * Spec §3 Task: id, created_on, parent_task, body, task_thread_uuid, rel_table, rel_id. A task hangs on a record
 * (rel_table/rel_id: a job, a tool, a daily report, a person); jobs_id is the job it is on (the rel itself when
 * rel_table is 'jobs'), which decides who sees and manages it. Its checklist is its sub-tasks (parent_task).
 */
export const tasks = pgTable(
  'tasks',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    parent_task: integer('parent_task'),
    title: text('title').notNull(),
    body: text('body'),
    task_thread_uuid: uuid('task_thread_uuid').notNull().defaultRandom(),
    rel_table: text('rel_table'),
    rel_id: integer('rel_id'),
    jobs_id: integer('jobs_id'),
    // open, in_progress, done (core/tasks.ts TASK_STATUSES)
    status: text('status').notNull().default('open'),
    status_by: integer('status_by'),
    status_on: timestamp('status_on', { withTimezone: true, mode: 'string' }),
    priority: integer('priority').notNull().default(1),
    due_date: date('due_date', { mode: 'string' }),
    templates_id: integer('templates_id'),
    created_by: integer('created_by'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.parent_task, t).onDelete('cascade'),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.created_by, employees),
    uniqueIndex('tasks_uuid_idx').on(t.tenant_uuid, t.uuid),
    uniqueIndex('tasks_thread_idx').on(t.tenant_uuid, t.task_thread_uuid),
    // Newest first (spec §9): the primary key for everyone; per job; sub-tasks by parent.
    index('tasks_job_idx').on(t.tenant_uuid, t.jobs_id, t.id),
    index('tasks_parent_idx').on(t.tenant_uuid, t.parent_task),
    index('tasks_template_job_idx').on(t.tenant_uuid, t.templates_id, t.jobs_id),
    // The due-tomorrow sweep and overdue-first lists read open tasks by due date.
    index('tasks_open_due_idx').on(t.tenant_uuid, t.due_date).where(sql`${t.status} <> 'done'`),
    check('tasks_status_check', sql`${t.status} in ('open', 'in_progress', 'done')`),
    check('tasks_priority_check', sql`${t.priority} between 0 and 2`),
  ],
);

/** Who a task is assigned to (one or more people). */
export const taskAssignees = pgTable(
  'task_assignees',
  {
    tenant_uuid: tenantUuid(),
    tasks_id: integer('tasks_id').notNull(),
    employees_id: integer('employees_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenant_uuid, t.tasks_id, t.employees_id] }),
    tenantRef(t, t.tasks_id, tasks).onDelete('cascade'),
    tenantRef(t, t.employees_id, employees).onDelete('cascade'),
    // "My tasks": a person's tasks, newest first.
    index('task_assignees_person_idx').on(t.tenant_uuid, t.employees_id, t.tasks_id),
  ],
);

/**
 * A task's thread (task_thread_uuid): the actions taken on it (comment, status change, reassignment, photo), each
 * with its author and time. task_action_id is one of core/tasks.ts TASK_ACTIONS.
 */
export const taskThreads = pgTable(
  'task_threads',
  {
    ...tenantKeyColumns(),
    task_thread_uuid: uuid('task_thread_uuid').notNull(),
    tasks_id: integer('tasks_id').notNull(),
    task_action_id: integer('task_action_id').notNull(),
    body: text('body'),
    employees_id: integer('employees_id'),
    user_name: text('user_name'),
    // What the action changed: { status } | { assignees: number[] } | { file_uuids: string[] }
    data: jsonb('data').$type<Record<string, unknown>>(),
    created_on: createdOn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantRef(t, t.tasks_id, tasks).onDelete('cascade'),
    tenantRef(t, t.employees_id, employees),
    index('task_threads_thread_idx').on(t.tenant_uuid, t.task_thread_uuid, t.id),
  ],
);

/** Checklist templates ("Pre-pour inspection"): made by admins, applied to a job in one step. */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    ...tenantKeyColumns(),
    name: text('name').notNull(),
    description: text('description'),
    items: jsonb('items').$type<TemplateItem[]>().notNull(),
    status: activeStatus(),
    ...auditColumns(),
  },
  (t) => [tenantPrimaryKey(t), tenantCascade(t)],
);
