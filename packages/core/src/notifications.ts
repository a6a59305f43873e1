/**
 * Notifications (issue 21): one inbox at /notifications for everything addressed to a person. Each kind has a
 * link to its record; several events of one kind within BATCH_WINDOW_SECONDS become one notification (count > 1).
 */

export const NOTIFICATION_KINDS = [
  'announcement',
  'schedule_changed',
  'task_assigned',
  'task_comment',
  'task_due',
  'reservation_due',
  'reservation_overdue',
  'order_acknowledged',
  'timecard_to_sign',
  'injury_reported',
  'missed_clock_out',
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
      return '/modules/scheduled';
    case 'task_assigned':
    case 'task_comment':
    case 'task_due':
    case 'injury_reported':
      return refId ? `/modules/tasks?id=${refId}` : '/modules/tasks';
    case 'reservation_due':
    case 'reservation_overdue':
      return '/modules/tool20';
    case 'order_acknowledged':
      return '/modules/ordering';
    case 'timecard_to_sign':
      return '/modules/timecards';
    case 'missed_clock_out':
      return '/modules/timecards?tab=clock';
  }
}

/** The badge's text: the count, capped ("99+"). */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

// --- Channels, quiet hours and digests -------------------------------------------------------------

/**
 * Where a person's notifications go besides the inbox (always): Web Push to their devices (on for every kind unless
 * they switch a kind off) and an e-mail digest of what they have not read (off unless they switch a kind on).
 * Quiet hours hold pushes (the inbox still fills); when they end, one push says how many arrived.
 */
export type NotificationSettings = {
  push_off: NotificationKind[];
  email_on: NotificationKind[];
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string;
};

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  push_off: [],
  email_on: [],
  quiet_start: null,
  quiet_end: null,
  time_zone: 'UTC',
};

/** A digest is e-mailed at most this often, and only with notifications left unread this long. */
export const DIGEST_EVERY_MINUTES = 60;
export const DIGEST_UNREAD_FOR_MINUTES = 15;

export const NOTIFICATION_SETTINGS_MESSAGES = {
  invalidTime: 'Use a time like 22:00.',
  bothTimes: 'Give both the start and the end of quiet hours, or neither.',
  sameTimes: 'Quiet hours must start and end at different times.',
  invalidZone: 'Unknown time zone.',
  invalidKind: 'Unknown notification kind.',
  saved: 'Notification settings saved.',
  saveError: 'Failed to save notification settings.',
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The settings' first problem as { field, message }, or null. Kinds are checked against NOTIFICATION_KINDS. */
export function notificationSettingsProblem(s: NotificationSettings): { field: string; message: string } | null {
  const M = NOTIFICATION_SETTINGS_MESSAGES;
  for (const field of ['push_off', 'email_on'] as const) {
    if (s[field].some((k) => !(NOTIFICATION_KINDS as readonly string[]).includes(k))) return { field, message: M.invalidKind };
  }
  for (const field of ['quiet_start', 'quiet_end'] as const) {
    const v = s[field];
    if (v != null && v !== '' && !HHMM.test(v)) return { field, message: M.invalidTime };
  }
  const start = s.quiet_start || null;
  const end = s.quiet_end || null;
  if ((start == null) !== (end == null)) return { field: start ? 'quiet_end' : 'quiet_start', message: M.bothTimes };
  if (start != null && start === end) return { field: 'quiet_end', message: M.sameTimes };
  if (!isTimeZone(s.time_zone)) return { field: 'time_zone', message: M.invalidZone };
  return null;
}

/** The wall-clock "HH:MM" at `at` in `zone`. */
export function localTime(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    at,
  );
  const hour = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${hour}:${minute}`;
}

/**
 * Whether `at` falls in the quiet hours [start, end) in `zone`; a window that passes midnight (22:00 to 06:00)
 * wraps. No window: never quiet.
 */
export function inQuietHours(at: Date, s: Pick<NotificationSettings, 'quiet_start' | 'quiet_end' | 'time_zone'>): boolean {
  if (!s.quiet_start || !s.quiet_end || s.quiet_start === s.quiet_end) return false;
  const now = localTime(at, isTimeZone(s.time_zone) ? s.time_zone : 'UTC');
  return s.quiet_start < s.quiet_end ? now >= s.quiet_start && now < s.quiet_end : now >= s.quiet_start || now < s.quiet_end;
}

/** Whether a notification of `kind` is pushed to the person now: 'now', 'held' (quiet hours) or 'never' (off). */
export function pushPlan(kind: NotificationKind, s: NotificationSettings, at: Date): 'now' | 'held' | 'never' {
  if (s.push_off.includes(kind)) return 'never';
  return inQuietHours(at, s) ? 'held' : 'now';
}
