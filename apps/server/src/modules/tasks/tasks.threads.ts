import { TASK_ACTIONS } from '@groundwork/core/tasks';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Member } from '../../graphql/gate.js';
import { jobTies, type TaskThreadView, visibleTo } from './tasks.service.js';
import { tasks, taskThreads } from './tasks.table.js';

/** Threads (newest entry first), for tasks the caller may read. */
export async function threadsOf(tx: Tx, member: Member, by: { threadUuids?: string[]; taskIds?: number[] }): Promise<TaskThreadView[]> {
  const t = member.tenantUuid;
  const led = await jobTies(tx, member);
  const owners = await tx
    .select({ id: tasks.id, thread: tasks.task_thread_uuid })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenant_uuid, t),
        by.threadUuids ? inArray(tasks.task_thread_uuid, by.threadUuids) : inArray(tasks.id, by.taskIds ?? []),
        visibleTo(member, led),
      ),
    )
    .orderBy(desc(tasks.id));
  if (!owners.length) return [];
  const entries = await tx
    .select({
      id: taskThreads.id,
      task_thread_uuid: taskThreads.task_thread_uuid,
      tasks_id: taskThreads.tasks_id,
      task_action_id: taskThreads.task_action_id,
      body: taskThreads.body,
      employees_id: taskThreads.employees_id,
      user_name: taskThreads.user_name,
      data: taskThreads.data,
      created_on: taskThreads.created_on,
    })
    .from(taskThreads)
    .where(
      and(
        eq(taskThreads.tenant_uuid, t),
        inArray(
          taskThreads.task_thread_uuid,
          owners.map((o) => o.thread),
        ),
      ),
    )
    .orderBy(desc(taskThreads.id))
    .limit(2000);
  return owners.map((o) => ({
    task_thread_uuid: o.thread,
    tasks_id: o.id,
    entries: entries
      .filter((e) => e.task_thread_uuid === o.thread)
      .map((e) => {
        const data = (e.data ?? {}) as { status?: string; assignees?: number[]; file_uuids?: string[] };
        return {
          id: e.id,
          task_thread_uuid: e.task_thread_uuid,
          tasks_id: e.tasks_id,
          task_action_id: e.task_action_id,
          action: TASK_ACTIONS.find((a) => a.id === e.task_action_id)?.action ?? 'comment',
          body: e.body,
          employees_id: e.employees_id,
          user_name: e.user_name,
          created_on: e.created_on,
          status: data.status ?? null,
          assignees: data.assignees ?? [],
          file_uuids: data.file_uuids ?? [],
        };
      }),
  }));
}
