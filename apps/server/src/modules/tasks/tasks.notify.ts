/**
 * The seam for task notifications (issue #20: "assignment, comments and due-tomorrow reach the assignee once
 * notifications exist"). There is no notifications service yet: every task change that should tell someone
 * calls this, after its transaction commits, with the people to tell (never the author). The notifications
 * module replaces the body; a due-tomorrow sweep will call it with kind 'due_tomorrow'.
 */
export type TaskNotice = {
  kind: 'assigned' | 'comment' | 'status' | 'due_tomorrow';
  tenantUuid: string;
  taskId: number;
  recipients: number[];
};

const sent: TaskNotice[] = [];

export function notifyTaskPeople(notice: TaskNotice): void {
  if (notice.recipients.length === 0) return;
  // Kept (bounded) so tests can see who would be told; nothing is delivered yet.
  sent.push(notice);
  if (sent.length > 1000) sent.shift();
}

/** For tests: the notices since the last call. */
export function takeTaskNotices(): TaskNotice[] {
  return sent.splice(0);
}
