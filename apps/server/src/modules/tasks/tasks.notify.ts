/**
 * A record of whom each task change told (never the author), kept for the tests beside the inbox rows that
 * tasks.graphql.ts writes in the same transaction (addNotifications + deliver). Bounded; nothing is delivered here.
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
