import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../lib/outbox/outbox';
import type { TimecardEntry } from '../api/queries';
import { dayLines, withQueuedDays } from './card-model';

const TENANT = '5b0e4a52-0000-4000-8000-000000000001';
const card = { tenant: TENANT, employeeId: 7, periodStart: '2026-11-23', readAt: 5_000 };
const entry = (date: string, jobs_id: number, hours: number, id = jobs_id): TimecardEntry =>
  ({
    id,
    employees_id: 7,
    users_timecard_id: 1,
    timecard_date: date,
    jobs_id,
    costcodes_id: 10,
    hours,
    equipment: null,
    note: null,
  }) as TimecardEntry;
const day = (date: string, lines: [number, number][], extra: Partial<OutboxItem> = {}): OutboxItem =>
  ({
    id: `0193a0c4-0000-7000-8000-${String(extra.created_at ?? 1).padStart(12, '0')}`,
    owner: 'ana',
    tenant_uuid: TENANT,
    kind: 'timecard-day',
    label: '',
    query: '',
    variables: {
      employees_id: 7,
      payperiod_start_date: '2026-11-23',
      timecard_date: date,
      timecard_entries: lines.map(([jobs_id, hours]) => ({ jobs_id, costcodes_id: 10, hours, note: null, equipment: null })),
    },
    status: 'pending',
    created_at: 1,
    attempts: 0,
    next_try_at: 0,
    ...extra,
  }) as OutboxItem;

const server = [entry('2026-11-24', 1, 8), entry('2026-11-25', 1, 6)];

describe('a card with changes waiting on the phone', () => {
  it('shows each waiting day as queued, the latest change of a day winning, so the next edit builds on it', () => {
    const items = [
      day(
        '2026-11-25',
        [
          [1, 6],
          [2, 1],
        ],
        { created_at: 1 },
      ),
      day(
        '2026-11-25',
        [
          [1, 6],
          [2, 1],
          [3, 0.5],
        ],
        { created_at: 2 },
      ),
    ];
    const shown = withQueuedDays(server, items, card);
    expect(dayLines(shown, '2026-11-24')).toEqual(dayLines(server, '2026-11-24'));
    expect(dayLines(shown, '2026-11-25').map((l) => [l.jobs_id, l.hours])).toEqual([
      [1, 6],
      [2, 1],
      [3, 0.5],
    ]);
  });

  it('ignores refused changes, changes sent before the card was read, and other people’s, periods’ and companies’ days', () => {
    const items = [
      day('2026-11-24', [[9, 1]], { status: 'refused' }),
      day('2026-11-24', [[9, 1]], { status: 'sent', sent_at: 4_000 }),
      day('2026-11-24', [[9, 1]], { variables: { ...day('x', []).variables, employees_id: 8, timecard_date: '2026-11-24' } }),
      day('2026-11-24', [[9, 1]], {
        variables: { ...day('x', []).variables, payperiod_start_date: '2026-11-09', timecard_date: '2026-11-24' },
      }),
      day('2026-11-24', [[9, 1]], { tenant_uuid: 'other' }),
      day('2026-11-24', [[9, 1]], { kind: 'timecard-crew-day' }),
    ];
    expect(withQueuedDays(server, items, card)).toBe(server);
    // Sent after the card was read: the server's copy does not hold it yet.
    const sentLater = withQueuedDays(server, [day('2026-11-24', [[9, 1]], { status: 'sent', sent_at: 6_000 })], card);
    expect(dayLines(sentLater, '2026-11-24').map((l) => l.jobs_id)).toEqual([9]);
  });
});
