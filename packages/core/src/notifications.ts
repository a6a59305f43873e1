/**
 * Notifications (issue 21): one inbox at /notifications for everything addressed to a person. Each kind has a
 * link to its record; several events of one kind within BATCH_WINDOW_SECONDS become one notification (count > 1).
 */

export const NOTIFICATION_KINDS = [
  'announcement',
  'schedule_changed',
  'task_assigned',
  'task_comment',
  'reservation_due',
  'reservation_overdue',
  'order_acknowledged',
  'timecard_to_sign',
  'injury_reported',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Several events of one kind for one person within this many seconds become one notification. */
export const BATCH_WINDOW_SECONDS = 60;

export const NOTIFICATION_LIMITS = { pageDefault: 30, pageMax: 100, title: 300, markMax: 500 } as const;

export const NOTIFICATION_MESSAGES = {
  fetchError: 'There was a problem fetching notifications.',
  markError: 'Failed to mark notifications read.',
  markedAll: 'All notifications marked read.',
} as const;

/** The route a notification of `kind` links to. */
export function notificationLink(kind: NotificationKind, refId?: number | null): string {
  switch (kind) {
    case 'announcement':
      return refId ? `/modules/announcements?id=${refId}` : '/modules/announcements';
    case 'schedule_changed':
      return '/modules/scheduling';
    case 'task_assigned':
    case 'task_comment':
    case 'injury_reported':
      return refId ? `/modules/tasks?id=${refId}` : '/modules/tasks';
    case 'reservation_due':
    case 'reservation_overdue':
      return '/modules/tools';
    case 'order_acknowledged':
      return '/modules/ordering';
    case 'timecard_to_sign':
      return '/modules/timecards';
  }
}

/** The badge's text: the count, capped ("99+"). */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
