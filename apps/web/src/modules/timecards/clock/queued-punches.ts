import { punchStep } from '@groundwork/core/punches';
import type { OutboxItem } from '../../../lib/outbox/outbox';
import type { PunchAction, PunchLocationStatus, PunchSegment, PunchState } from './punch-api';

/** The outbox kinds of a punch: one's own, and a foreman's for his crew (lib/outbox). */
export const PUNCH_KIND = 'punch';
export const CREW_PUNCH_KIND = 'punch-crew';

/** A segment as the screen shows it: the server's, or one a punch still waiting on this phone opened or closed. */
export type ShownSegment = PunchSegment & { queued?: boolean };
export type ShownState = Omit<PunchState, 'open' | 'today'> & {
  open: ShownSegment | null;
  /** Today's segments, oldest first, the open one included. */
  today: ShownSegment[];
  /** Punches of this person still waiting on this phone. */
  waiting: number;
};

type PunchVars = {
  tenant_uuid?: string;
  action?: PunchAction;
  employees_ids?: number[] | null;
  jobs_id?: number | null;
  costcodes_id?: number | null;
  location_status?: PunchLocationStatus;
  location?: { latitude: number; longitude: number; accuracy_m: number } | null;
  device_time?: string | null;
};

const isPunch = (item: OutboxItem) => item.kind === PUNCH_KIND || item.kind === CREW_PUNCH_KIND;

/** Whether a queued punch is for `employee` (the signed-in person's own, or a crew punch naming them). */
function concerns(vars: PunchVars, employee: number, me: number | null): boolean {
  if (vars.employees_ids?.length) return vars.employees_ids.includes(employee);
  return me === null || me === employee;
}

function newSegment(
  id: number,
  employee: number,
  kind: 'WORK' | 'BREAK',
  job: number,
  code: number,
  at: string,
  vars: PunchVars,
): ShownSegment {
  const status = vars.location_status ?? 'NOT_ASKED';
  return {
    id,
    employees_id: employee,
    jobs_id: job,
    costcodes_id: code,
    kind,
    started_at: at,
    ended_at: null,
    start_location_status: status,
    start_latitude: vars.location?.latitude ?? null,
    start_longitude: vars.location?.longitude ?? null,
    start_accuracy_m: vars.location?.accuracy_m ?? null,
    start_distance_m: null,
    start_outside_fence: false,
    end_location_status: null,
    end_latitude: null,
    end_longitude: null,
    end_accuracy_m: null,
    end_distance_m: null,
    end_outside_fence: false,
    punched_by: employee,
    crew_punch: Boolean(vars.employees_ids?.length),
    missed_clock_out: false,
    original_started_at: null,
    original_ended_at: null,
    corrected_by: null,
    corrected_on: null,
    card_locked: false,
    queued: true,
  };
}

const close = (segment: ShownSegment, at: string, vars: PunchVars): ShownSegment => ({
  ...segment,
  ended_at: at,
  end_location_status: vars.location_status ?? 'NOT_ASKED',
  end_latitude: vars.location?.latitude ?? null,
  end_longitude: vars.location?.longitude ?? null,
  end_accuracy_m: vars.location?.accuracy_m ?? null,
  queued: true,
});

/** Today's segments with the open one among them, once each, oldest first. */
function segmentsOf(state: PunchState): ShownSegment[] {
  const list: ShownSegment[] = [...state.today];
  if (state.open && !list.some((s) => s.id === state.open?.id)) list.push(state.open);
  return list.sort((a, b) => a.started_at.localeCompare(b.started_at));
}

/**
 * The state as the person left it: punches waiting on this phone (or sent after the state was read) applied on top
 * of the server's, in the order they were tapped, the way the server applies them. A punch the server would answer
 * with an outcome other than DONE (clocking in twice) changes nothing here either.
 */
export function withQueuedPunches(
  state: PunchState,
  items: readonly OutboxItem[],
  opts: { tenant: string; readAt: number; me: number | null },
): ShownState {
  let today = segmentsOf(state);
  let open: ShownSegment | null = state.open ? (today.find((s) => s.id === state.open?.id) ?? state.open) : null;
  let waiting = 0;
  let nextId = -1;
  const queued = items
    .filter((i) => isPunch(i) && i.tenant_uuid === opts.tenant && i.status !== 'refused')
    .filter((i) => i.status !== 'sent' || (i.sent_at ?? 0) > opts.readAt)
    .filter((i) => concerns(i.variables as PunchVars, state.employees_id, opts.me))
    .sort((a, b) => a.created_at - b.created_at);
  for (const item of queued) {
    const vars = item.variables as PunchVars;
    if (item.status !== 'sent') waiting += 1;
    const at = vars.device_time ?? new Date(item.created_at).toISOString();
    if (!vars.action) continue;
    // The server's own state machine: a punch it would answer with another outcome than DONE changes nothing.
    const step = punchStep(open, vars.action);
    if (step.outcome !== 'DONE') continue;
    const from: ShownSegment | null = open;
    const job = step.open?.sameJob ? from?.jobs_id : vars.jobs_id;
    const code = step.open?.sameJob ? from?.costcodes_id : vars.costcodes_id;
    if (step.open && (!job || !code)) continue;
    if (step.close && from) today = today.map((s) => (s.id === from.id ? close(from, at, vars) : s));
    open = step.open && job && code ? newSegment(nextId--, state.employees_id, step.open.kind, job, code, at, vars) : null;
    if (open) today = [...today, open];
  }
  return { ...state, open, today, waiting };
}

/** Minutes worked in `segments` up to `now` (breaks left out; the open one runs). */
export function workedMinutes(segments: readonly ShownSegment[], now: number): number {
  let ms = 0;
  for (const s of segments) {
    if (s.kind !== 'WORK') continue;
    const end = s.ended_at ? Date.parse(s.ended_at) : now;
    ms += Math.max(0, end - Date.parse(s.started_at));
  }
  return Math.floor(ms / 60_000);
}
