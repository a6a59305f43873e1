import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  inQuietHours,
  localTime,
  NOTIFICATION_SETTINGS_MESSAGES as M,
  type NotificationSettings,
  notificationSettingsProblem,
  pushPlan,
} from './notifications.js';

const settings = (s: Partial<NotificationSettings>): NotificationSettings => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...s });

describe('notification settings', () => {
  it('accepts the defaults and a full set', () => {
    expect(notificationSettingsProblem(DEFAULT_NOTIFICATION_SETTINGS)).toBeNull();
    expect(
      notificationSettingsProblem(
        settings({
          push_off: ['task_comment'],
          email_on: ['timecard_to_sign'],
          quiet_start: '22:00',
          quiet_end: '06:30',
          time_zone: 'America/Chicago',
        }),
      ),
    ).toBeNull();
  });

  it('refuses bad times, half a window, an empty window, unknown zones and kinds, naming the field', () => {
    expect(notificationSettingsProblem(settings({ quiet_start: '24:00', quiet_end: '06:00' }))).toEqual({
      field: 'quiet_start',
      message: M.invalidTime,
    });
    expect(notificationSettingsProblem(settings({ quiet_start: '7pm', quiet_end: '06:00' }))).toEqual({
      field: 'quiet_start',
      message: M.invalidTime,
    });
    expect(notificationSettingsProblem(settings({ quiet_start: '22:00' }))).toEqual({ field: 'quiet_end', message: M.bothTimes });
    expect(notificationSettingsProblem(settings({ quiet_end: '06:00' }))).toEqual({ field: 'quiet_start', message: M.bothTimes });
    expect(notificationSettingsProblem(settings({ quiet_start: '06:00', quiet_end: '06:00' }))).toEqual({
      field: 'quiet_end',
      message: M.sameTimes,
    });
    expect(notificationSettingsProblem(settings({ time_zone: 'Mars/Olympus' }))).toEqual({ field: 'time_zone', message: M.invalidZone });
    expect(notificationSettingsProblem(settings({ push_off: ['nope' as never] }))).toEqual({ field: 'push_off', message: M.invalidKind });
  });
});

describe('quiet hours', () => {
  // 2026-11-25 04:30 UTC is 22:30 the evening before in Chicago (UTC-6).
  const lateInChicago = new Date('2026-11-25T04:30:00Z');
  const noonInChicago = new Date('2026-11-25T18:00:00Z');

  it('reads the wall clock in the person’s zone', () => {
    expect(localTime(lateInChicago, 'America/Chicago')).toBe('22:30');
    expect(localTime(lateInChicago, 'UTC')).toBe('04:30');
  });

  it('wraps a window that passes midnight, and a same-day window does not', () => {
    const night = settings({ quiet_start: '22:00', quiet_end: '06:00', time_zone: 'America/Chicago' });
    expect(inQuietHours(lateInChicago, night)).toBe(true);
    expect(inQuietHours(noonInChicago, night)).toBe(false);
    const lunch = settings({ quiet_start: '11:30', quiet_end: '12:30', time_zone: 'America/Chicago' });
    expect(inQuietHours(noonInChicago, lunch)).toBe(true);
    expect(inQuietHours(lateInChicago, lunch)).toBe(false);
    // The end is not quiet any more.
    expect(
      inQuietHours(new Date('2026-11-25T12:00:00Z'), settings({ quiet_start: '22:00', quiet_end: '06:00', time_zone: 'America/Chicago' })),
    ).toBe(false);
    expect(inQuietHours(lateInChicago, DEFAULT_NOTIFICATION_SETTINGS)).toBe(false);
  });

  it('plans a push: never when the kind is off, held in quiet hours, now otherwise', () => {
    const s = settings({ push_off: ['task_comment'], quiet_start: '22:00', quiet_end: '06:00', time_zone: 'America/Chicago' });
    expect(pushPlan('task_comment', s, noonInChicago)).toBe('never');
    expect(pushPlan('task_assigned', s, lateInChicago)).toBe('held');
    expect(pushPlan('task_assigned', s, noonInChicago)).toBe('now');
  });
});
