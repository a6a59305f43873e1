import { describe, expect, it } from 'vitest';
import { accessTo, MODULES } from './permissions.js';
import {
  isOverdue,
  mayCreateOn,
  mayManageTask,
  mayReadTask,
  TASK_MESSAGES,
  type TaskRelation,
  taskCreateSchema,
  taskUpdateSchema,
  templateSchema,
} from './tasks.js';

const none: TaskRelation = { admin: false, leadsJob: false, onJob: false, assigned: false, creator: false };

describe('task rules', () => {
  it('everyone reads the tasks assigned to them and on jobs they belong to; admins all', () => {
    expect(mayReadTask(none)).toBe(false);
    expect(mayReadTask({ ...none, assigned: true })).toBe(true);
    expect(mayReadTask({ ...none, onJob: true })).toBe(true);
    expect(mayReadTask({ ...none, admin: true })).toBe(true);
  });

  it("admins and the job's foremen and PMs create and reassign; an assignee does not", () => {
    expect(mayCreateOn(false, false)).toBe(false);
    expect(mayCreateOn(false, true)).toBe(true);
    expect(mayCreateOn(true, false)).toBe(true);
    expect(mayManageTask({ ...none, assigned: true, onJob: true }, true)).toBe(false);
    expect(mayManageTask({ ...none, leadsJob: true, onJob: true }, true)).toBe(true);
    expect(mayManageTask({ ...none, creator: true }, false)).toBe(true);
    expect(mayManageTask({ ...none, creator: true }, true)).toBe(false);
  });

  it('overdue: not done and due before today', () => {
    expect(isOverdue({ status: 'open', due_date: '2026-06-01' }, '2026-06-02')).toBe(true);
    expect(isOverdue({ status: 'open', due_date: '2026-06-02' }, '2026-06-02')).toBe(false);
    expect(isOverdue({ status: 'done', due_date: '2026-06-01' }, '2026-06-02')).toBe(false);
    expect(isOverdue({ status: 'in_progress', due_date: null }, '2026-06-02')).toBe(false);
  });

  it('checks a new task, an update and a template', () => {
    expect(taskCreateSchema.parse({ title: ' Sweep ' })).toMatchObject({ title: 'Sweep', priority: 1, assignees: [], checklist: [] });
    const bad = (v: unknown) => taskCreateSchema.safeParse(v).error?.issues[0].message;
    expect(bad({ title: '' })).toBe(TASK_MESSAGES.required);
    expect(bad({ title: 'x', due_date: '2026-02-30' })).toBe(TASK_MESSAGES.invalidDate);
    expect(bad({ title: 'x', rel_table: 'jobs' })).toBe(TASK_MESSAGES.relPair);
    expect(bad({ title: 'x', rel_table: 'payroll', rel_id: 1 })).toBe(TASK_MESSAGES.relTable);
    expect(bad({ title: 'x', priority: 3 })).toBe(TASK_MESSAGES.priority);
    expect(taskUpdateSchema.safeParse({ status: 'closed' }).success).toBe(false);
    expect(templateSchema.safeParse({ name: 'Close-out', items: [] }).success).toBe(false);
    expect(templateSchema.safeParse({ name: 'Close-out', items: [{ title: 'Debris hauled' }] }).success).toBe(true);
  });

  it('the tasks area: every member reaches it, templates are admin_access only, the module switch refuses all', () => {
    expect(accessTo(['basic_access'], 'tasks', 'read')).toBe('all');
    expect(accessTo([], 'tasks', 'read')).toBe('all');
    expect(accessTo(['projects_admin'], 'tasks', 'write')).toBeNull();
    expect(accessTo(['admin_access'], 'tasks', 'write')).toBe('all');
    expect(accessTo(['admin_access'], 'tasks', 'read', new Set([MODULES.tasks]))).toBeNull();
  });
});
