import { describe, expect, it } from 'vitest';
import { ackSummary, announcementFields, isCurrent, isDay } from './announcements.js';
import { MIN_GROUP, moodAnswerSchema, suppressSmall } from './mood.js';
import { badgeText, notificationLink } from './notifications.js';

const valid = {
  title: 'Crane lift',
  body: '<p>7 am</p>',
  start_date: '2026-03-02',
  exp_date: '2026-03-09',
  audience: 'everyone' as const,
  audience_ids: [],
  is_default: false,
  on_app: true,
  requires_ack: true,
};

describe('announcements rules', () => {
  it('shows an announcement from its start through its expiry day, both included, only while active', () => {
    expect(isCurrent(valid, '2026-03-01')).toBe(false);
    expect(isCurrent(valid, '2026-03-02')).toBe(true);
    expect(isCurrent(valid, '2026-03-09')).toBe(true);
    expect(isCurrent(valid, '2026-03-10')).toBe(false);
    expect(isCurrent({ ...valid, status: 0 }, '2026-03-05')).toBe(false);
  });

  it('checks the form: a title, real dates in order, and a choice for a non-everyone audience', () => {
    expect(announcementFields.safeParse(valid).success).toBe(true);
    const issue = (v: object) => announcementFields.safeParse({ ...valid, ...v }).error?.issues[0];
    expect(issue({ title: '  ' })?.message).toBe('This field is required.');
    expect(issue({ exp_date: '2026-03-01' })).toMatchObject({
      path: ['exp_date'],
      message: 'The end date must be on or after the start date.',
    });
    expect(issue({ start_date: '2026-02-30' })?.message).toBe('Enter a valid date.');
    expect(issue({ audience: 'departments', audience_ids: [] })?.path).toEqual(['audience_ids']);
    expect(issue({ audience: 'departments', audience_ids: [3] })).toBeUndefined();
    expect(issue({ audience: 'crew' })?.path).toEqual(['audience']);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
  });

  it('summarises acknowledgements', () => {
    expect(ackSummary({ audience: 9, seen: 4, acknowledged: 1 })).toEqual({ audience: 9, seen: 4, acknowledged: 1, percent: 11 });
    expect(ackSummary({ audience: 0, seen: 0, acknowledged: 0 }).percent).toBe(0);
  });
});

describe('notifications rules', () => {
  it('links each kind to its record and caps the badge', () => {
    expect(notificationLink('announcement', 4)).toBe('/modules/announcements?id=4');
    expect(notificationLink('announcement', null)).toBe('/modules/announcements');
    expect(notificationLink('reservation_overdue')).toBe('/modules/tool20');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('mood rules', () => {
  it('takes 1 to 5 and an optional hurt flag', () => {
    expect(moodAnswerSchema.parse({ mood: 3 })).toEqual({ mood: 3, hurt: false });
    expect(moodAnswerSchema.safeParse({ mood: 0 }).success).toBe(false);
    expect(moodAnswerSchema.safeParse({ mood: 2.5 }).success).toBe(false);
  });

  it('withholds a group of fewer than 5 people entirely', () => {
    expect(MIN_GROUP).toBe(5);
    expect(suppressSmall({ key: 'Office', people: 4, answers: 12, sum: 40, hurt: 1 })).toEqual({
      key: 'Office',
      people: 0,
      answers: 0,
      average: null,
      hurt: null,
      suppressed: true,
    });
    expect(suppressSmall({ key: 'Field', people: 5, answers: 6, sum: 20, hurt: 0 })).toMatchObject({ average: 3.33, suppressed: false });
  });
});
