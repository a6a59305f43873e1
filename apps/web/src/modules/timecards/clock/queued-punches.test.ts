import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../lib/outbox/outbox';
import type { PunchSegment, PunchState } from './punch-api';
import { CREW_PUNCH_KIND, PUNCH_KIND, withQueuedPunches, workedMinutes } from './queued-punches';

const TENANT = 't1';
const segment = (over: Partial<PunchSegment>): PunchSegment =>
  ({
    id: 1,
    employees_id: 5,
    jobs_id: 10,
    costcodes_id: 20,
    kind: 'WORK',
    started_at: '2026-03-04T07:02:00.000Z',
    ended_at: null,
    start_location_status: 'GIVEN',
    start_outside_fence: false,
    end_outside_fence: false,
    crew_punch: false,
    missed_clock_out: false,
    punched_by: 5,
    original_started_at: null,
    original_ended_at: null,
    ...over,
  }) as PunchSegment;
const state = (over: Partial<PunchState> = {}): PunchState =>
  ({
    employees_id: 5,
    open: null,
    today: [],
    worked_minutes_today: 0,
    suggested_jobs_id: 10,
    suggested_costcodes_id: 20,
    ask_location: true,
    ...over,
  }) as PunchState;
let n = 0;
const item = (variables: Record<string, unknown>, over: Partial<OutboxItem> = {}): OutboxItem => ({
  id: `i${++n}`,
  owner: 'me',
  tenant_uuid: TENANT,
  kind: PUNCH_KIND,
  label: '',
  query: '',
  variables: { location_status: 'DENIED', ...variables },
  status: 'pending',
  created_at: n,
  attempts: 0,
  next_try_at: 0,
  ...over,
});
const opts = { tenant: TENANT, readAt: 1000, me: 5 };

describe('punches waiting on the phone, shown over the server’s state', () => {
  it('clocks in, switches, breaks and clocks out in tap order, each closing and opening segments at its device time', () => {
    const shown = withQueuedPunches(
      state(),
      [
        item({ action: 'IN', jobs_id: 10, costcodes_id: 20, device_time: '2026-03-04T07:00:00.000Z' }),
        item({ action: 'SWITCH', jobs_id: 10, costcodes_id: 21, device_time: '2026-03-04T09:00:00.000Z' }),
        item({ action: 'BREAK_START', device_time: '2026-03-04T10:00:00.000Z' }),
        item({ action: 'BREAK_END', device_time: '2026-03-04T10:30:00.000Z' }),
        item({ action: 'OUT', device_time: '2026-03-04T12:00:00.000Z' }),
      ],
      opts,
    );
    expect(shown.open).toBeNull();
    expect(shown.waiting).toBe(5);
    expect(shown.today.map((s) => [s.kind, s.costcodes_id, s.started_at.slice(11, 16), s.ended_at?.slice(11, 16)])).toEqual([
      ['WORK', 20, '07:00', '09:00'],
      ['WORK', 21, '09:00', '10:00'],
      ['BREAK', 21, '10:00', '10:30'],
      ['WORK', 21, '10:30', '12:00'],
    ]);
    expect(shown.today.every((s) => s.queued)).toBe(true);
    // 2 h + 1 h + 1.5 h of work; the break is left out.
    expect(workedMinutes(shown.today, Date.parse('2026-03-04T13:00:00Z'))).toBe(270);
  });

  it('changes nothing for a punch the server would refuse by outcome (a second clock-in, a break while off)', () => {
    const open = segment({});
    const shown = withQueuedPunches(
      state({ open, today: [open] }),
      [item({ action: 'IN', jobs_id: 11, costcodes_id: 22 }), item({ action: 'BREAK_END' })],
      opts,
    );
    expect(shown.open?.id).toBe(1);
    expect(shown.today).toHaveLength(1);
    expect(shown.waiting).toBe(2);
  });

  it('skips refused punches, other companies’, and those the state read already holds; counts a crew punch naming me', () => {
    const shown = withQueuedPunches(
      state(),
      [
        item({ action: 'IN', jobs_id: 10, costcodes_id: 20 }, { status: 'refused' }),
        item({ action: 'IN', jobs_id: 10, costcodes_id: 20 }, { tenant_uuid: 'other' }),
        item({ action: 'IN', jobs_id: 10, costcodes_id: 20 }, { status: 'sent', sent_at: 900 }),
        item({ action: 'IN', jobs_id: 10, costcodes_id: 20, employees_ids: [7, 8] }, { kind: CREW_PUNCH_KIND }),
      ],
      opts,
    );
    expect(shown.open).toBeNull();
    expect(shown.waiting).toBe(0);
    const crew = withQueuedPunches(
      state(),
      [
        item(
          { action: 'IN', jobs_id: 10, costcodes_id: 20, employees_ids: [5, 8], device_time: '2026-03-04T07:00:00Z' },
          { kind: CREW_PUNCH_KIND },
        ),
      ],
      opts,
    );
    expect(crew.open).toMatchObject({ kind: 'WORK', jobs_id: 10, crew_punch: true, queued: true });
  });

  it('keeps a punch sent after the state was read until the state is read again', () => {
    const sent = item({ action: 'IN', jobs_id: 10, costcodes_id: 20 }, { status: 'sent', sent_at: 2000 });
    expect(withQueuedPunches(state(), [sent], opts).open).not.toBeNull();
    expect(withQueuedPunches(state(), [sent], { ...opts, readAt: 2500 }).open).toBeNull();
    // A sent punch is not waiting any more.
    expect(withQueuedPunches(state(), [sent], opts).waiting).toBe(0);
  });

  it('lists the open segment once even when the server gives it in today too', () => {
    const open = segment({ id: 9 });
    expect(
      withQueuedPunches(state({ open, today: [segment({ id: 8, ended_at: '2026-03-04T07:00:00Z' }), open] }), [], opts).today.map(
        (s) => s.id,
      ),
    ).toEqual([8, 9]);
    expect(withQueuedPunches(state({ open, today: [] }), [], opts).today.map((s) => s.id)).toEqual([9]);
  });
});
