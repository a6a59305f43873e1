import { addDays, type IsoDate, toDayNumber } from './pay-periods.js';

/**
 * Punches (issue 47): clock in and out at the job site. The rules the server's punch clock and the web's punch screen
 * share: the state machine, the geofence, the company's day in its time zone, rounding to the minute increment, and
 * the limits and messages. Times are ISO instants; days are 'YYYY-MM-DD' in the company's time zone.
 */

export const PUNCH_ACTIONS = ['IN', 'SWITCH', 'BREAK_START', 'BREAK_END', 'OUT'] as const;
export type PunchAction = (typeof PUNCH_ACTIONS)[number];

export const PUNCH_LOCATION_STATUSES = ['GIVEN', 'DENIED', 'UNAVAILABLE', 'NOT_ASKED'] as const;
export type PunchLocationStatus = (typeof PUNCH_LOCATION_STATUSES)[number];

export const PUNCH_KINDS = ['WORK', 'BREAK'] as const;
export type PunchKind = (typeof PUNCH_KINDS)[number];

/** Each person's answer to a punch: DONE, or why nothing changed for them (never an error). */
export const PUNCH_OUTCOMES = ['DONE', 'ALREADY_ON_THE_CLOCK', 'NOT_ON_THE_CLOCK', 'ALREADY_ON_BREAK', 'NOT_ON_BREAK'] as const;
export type PunchOutcome = (typeof PUNCH_OUTCOMES)[number];

/** A company without punch settings of its own has these. */
export const PUNCH_DEFAULTS = { ask_location: true, default_radius_m: 150, location_retention_days: 90, time_zone: 'UTC' } as const;

export const PUNCH_LIMITS = {
  radiusMin: 10,
  radiusMax: 5000,
  retentionMin: 1,
  retentionMax: 3650,
  /** People in one crew punch. */
  maxPeople: 200,
  /** A phone's clock may run this far ahead of the server's; the punch is then stored at the server's time. */
  deviceAheadMs: 2 * 60_000,
  /** An offline punch older than this is refused. */
  deviceMaxAgeDays: 7,
  /** A fix less precise than this is not a position (metres). */
  accuracyMax: 100_000,
  /** Days one listPunches call may span. */
  windowMaxDays: 62,
  /** The longest a corrected segment may run. */
  maxSegmentHours: 24,
} as const;

/**
 * A segment left open is a missed clock-out once its day has ended (midnight in the company's zone) and it has run
 * this long: a day shift's at midnight, a night shift that began at 22:00 at 14:00 the next day.
 */
export const MISSED_CLOCK_OUT_AFTER_HOURS = 16;

/** The server's refusals about punches (web: errors namespace `punches`). */
export const PUNCH_MESSAGES = {
  noPeople: 'Choose at least one person to punch.',
  tooManyPeople: 'At most 200 people can be punched at once.',
  chooseJob: 'Choose a job and a cost code to clock in.',
  invalidTime: 'Enter a valid date and time.',
  deviceTimeFuture: 'The punch time is in the future. Check the clock on the phone.',
  deviceTimeOld: 'This punch is more than 7 days old and cannot be saved. Ask an admin to correct the time card.',
  deviceTimeBeforeLast: 'The punch time is before the last punch of this person.',
  locationInvalid: 'The location is not valid.',
  locationNeedsGiven: 'Send a location only with the status GIVEN.',
  givenNeedsLocation: 'The status GIVEN needs a location.',
  latitudeRange: 'Latitude must be between -90 and 90.',
  longitudeRange: 'Longitude must be between -180 and 180.',
  radiusRange: 'The radius must be between 10 and 5000 metres.',
  siteBoth: 'Give both the latitude and the longitude, or neither.',
  retentionRange: 'Punch locations are kept between 1 and 3650 days.',
  invalidZone: 'Choose a valid time zone.',
  endBeforeStart: 'A punch cannot end before it starts.',
  inFuture: 'A punch cannot be in the future.',
  tooLong: 'A punch can be at most 24 hours long.',
  overlaps: 'This would overlap another punch of the same person.',
  cannotReopen: 'Give an end time: a closed punch cannot be reopened.',
  notFound: 'Punch not found.',
  dateRange: 'date_to cannot be before date_from.',
} as const;

// --- The state machine ---------------------------------------------------------------------------------

/** What an action does to a person whose open segment is `open` (null: off the clock). */
export type PunchStep =
  | { outcome: Exclude<PunchOutcome, 'DONE'> }
  | { outcome: 'DONE'; close: boolean; open: { kind: PunchKind; sameJob: boolean } | null };

/**
 * IN opens WORK; SWITCH closes WORK and opens WORK on another job or cost code; BREAK_START closes WORK and opens
 * BREAK on the same job and code; BREAK_END closes BREAK and opens WORK on them; OUT closes whatever is open.
 * A wrong action changes nothing and says why.
 */
export function punchStep(open: { kind: string } | null, action: PunchAction): PunchStep {
  const kind = open?.kind ?? null;
  switch (action) {
    case 'IN':
      return kind ? { outcome: 'ALREADY_ON_THE_CLOCK' } : { outcome: 'DONE', close: false, open: { kind: 'WORK', sameJob: false } };
    case 'SWITCH':
      if (!kind) return { outcome: 'NOT_ON_THE_CLOCK' };
      if (kind === 'BREAK') return { outcome: 'ALREADY_ON_BREAK' };
      return { outcome: 'DONE', close: true, open: { kind: 'WORK', sameJob: false } };
    case 'BREAK_START':
      if (!kind) return { outcome: 'NOT_ON_THE_CLOCK' };
      if (kind === 'BREAK') return { outcome: 'ALREADY_ON_BREAK' };
      return { outcome: 'DONE', close: true, open: { kind: 'BREAK', sameJob: true } };
    case 'BREAK_END':
      if (!kind) return { outcome: 'NOT_ON_THE_CLOCK' };
      if (kind !== 'BREAK') return { outcome: 'NOT_ON_BREAK' };
      return { outcome: 'DONE', close: true, open: { kind: 'WORK', sameJob: true } };
    case 'OUT':
      return kind ? { outcome: 'DONE', close: true, open: null } : { outcome: 'NOT_ON_THE_CLOCK' };
  }
}

// --- The geofence ----------------------------------------------------------------------------------------

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether a fix is outside a fence: its distance from the site is more than the radius plus the fix's accuracy, the
 * accuracy counted up to the radius itself. A fix whose circle of uncertainty reaches the fence is given the benefit
 * of the doubt (phones indoors report 20-60 m), but a coarse fix (a cell tower's kilometres) cannot stretch a 150 m
 * fence past 300 m.
 */
export function outsideFence(distance: number, radius: number, accuracy: number): boolean {
  const tolerance = Math.min(Math.max(0, Number.isFinite(accuracy) ? accuracy : 0), radius);
  return distance > radius + tolerance;
}

// --- The company's day ---------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, at: number) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(at)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isPunchTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `zone`'s offset from UTC at `at`, in ms (positive east of Greenwich). */
function offsetAt(zone: string, at: number): number {
  const p = partsIn(zone, at);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (at - (at % 1000));
}

/** The day `at` falls on in `zone`. */
export function dayIn(at: Date | string | number, zone: string): IsoDate {
  const p = partsIn(zone, new Date(at).getTime());
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant `day` begins in `zone` (its first moment, daylight-saving changes included). */
export function dayStart(day: IsoDate, zone: string): Date {
  const guess = toDayNumber(day) * 86_400_000;
  let at = guess - offsetAt(zone, guess);
  // Once more with the offset at that instant: the two differ only across a change of offset.
  at = guess - offsetAt(zone, at);
  return new Date(at);
}

/** [start, end) of `day` in `zone`. */
export const dayBounds = (day: IsoDate, zone: string) => ({ start: dayStart(day, zone), end: dayStart(addDays(day, 1), zone) });

/** The milliseconds of [start, end) on each day it touches in `zone`, oldest first (a segment over midnight splits). */
export function splitByDay(start: Date, end: Date, zone: string): { day: IsoDate; ms: number }[] {
  const out: { day: IsoDate; ms: number }[] = [];
  let from = start.getTime();
  const to = end.getTime();
  let day = dayIn(from, zone);
  // A segment is at most days long; the bound keeps a corrupt row from looping.
  for (let i = 0; from < to && i < 400; i++) {
    const next = dayStart(addDays(day, 1), zone).getTime();
    const until = Math.min(next, to);
    if (until > from) out.push({ day, ms: until - from });
    from = until;
    day = addDays(day, 1);
  }
  return out;
}

/** Minutes rounded to the nearest multiple of the company's increment (half up). */
export const roundToIncrement = (minutes: number, increment: number): number =>
  increment > 0 ? Math.round(minutes / increment) * increment : Math.round(minutes);

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * An ISO instant as a Date, or null for anything that is not one: a real calendar day and time with its zone (Z or an
 * offset; a bare date or a local time is not a moment), in the years 1970-9999.
 */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const m = INSTANT.exec(value);
  if (!m || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return null;
  try {
    toDayNumber(m[1]);
  } catch {
    return null;
  }
  const at = new Date(value);
  const ms = at.getTime();
  return Number.isFinite(ms) && ms >= 0 && ms < 253_402_300_800_000 ? at : null;
}

// --- What is checked before anything is written ----------------------------------------------------------------

export type PunchLocation = { latitude: number; longitude: number; accuracy_m: number; located_at: string };

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A fix's first problem, or null. */
export function locationProblem(l: PunchLocation): string | null {
  if (!finite(l.latitude) || l.latitude < -90 || l.latitude > 90) return PUNCH_MESSAGES.latitudeRange;
  if (!finite(l.longitude) || l.longitude < -180 || l.longitude > 180) return PUNCH_MESSAGES.longitudeRange;
  if (!finite(l.accuracy_m) || l.accuracy_m < 0 || l.accuracy_m > PUNCH_LIMITS.accuracyMax) return PUNCH_MESSAGES.locationInvalid;
  if (!parseInstant(l.located_at)) return PUNCH_MESSAGES.invalidTime;
  return null;
}

/** A job site's first problem, or null: a point (both coordinates or neither) and a radius of 10-5000 m. */
export function jobSiteProblem(s: {
  site_latitude?: number | null;
  site_longitude?: number | null;
  site_radius_m?: number | null;
}): { field: string; message: string } | null {
  const lat = s.site_latitude ?? null;
  const lon = s.site_longitude ?? null;
  if ((lat === null) !== (lon === null))
    return { field: lat === null ? 'site_latitude' : 'site_longitude', message: PUNCH_MESSAGES.siteBoth };
  if (lat !== null && (!finite(lat) || lat < -90 || lat > 90)) return { field: 'site_latitude', message: PUNCH_MESSAGES.latitudeRange };
  if (lon !== null && (!finite(lon) || lon < -180 || lon > 180)) return { field: 'site_longitude', message: PUNCH_MESSAGES.longitudeRange };
  const r = s.site_radius_m ?? null;
  if (r !== null && (!Number.isInteger(r) || r < PUNCH_LIMITS.radiusMin || r > PUNCH_LIMITS.radiusMax)) {
    return { field: 'site_radius_m', message: PUNCH_MESSAGES.radiusRange };
  }
  return null;
}

export type PunchSettingsPatch = {
  ask_location?: boolean | null;
  default_radius_m?: number | null;
  location_retention_days?: number | null;
  time_zone?: string | null;
};

/** The first problem of a settings change, or null. */
export function punchSettingsProblem(s: PunchSettingsPatch): { field: string; message: string } | null {
  const r = s.default_radius_m;
  if (r != null && (!Number.isInteger(r) || r < PUNCH_LIMITS.radiusMin || r > PUNCH_LIMITS.radiusMax)) {
    return { field: 'default_radius_m', message: PUNCH_MESSAGES.radiusRange };
  }
  const d = s.location_retention_days;
  if (d != null && (!Number.isInteger(d) || d < PUNCH_LIMITS.retentionMin || d > PUNCH_LIMITS.retentionMax)) {
    return { field: 'location_retention_days', message: PUNCH_MESSAGES.retentionRange };
  }
  if (s.time_zone != null && !isPunchTimeZone(s.time_zone)) return { field: 'time_zone', message: PUNCH_MESSAGES.invalidZone };
  return null;
}

/**
 * When the phone says the person tapped (`device`), against the server's `now` and the person's last punch: the moment
 * to record (a clock up to 2 minutes ahead is taken as now), or the problem.
 */
export function punchMoment(device: Date | null, now: Date, lastPunch: Date | null): { at: Date } | { problem: string } {
  // A live punch is now (never before the last one, should two servers' clocks differ by a moment).
  if (!device) return { at: lastPunch && lastPunch > now ? lastPunch : now };
  if (device.getTime() > now.getTime() + PUNCH_LIMITS.deviceAheadMs) return { problem: PUNCH_MESSAGES.deviceTimeFuture };
  if (device.getTime() < now.getTime() - PUNCH_LIMITS.deviceMaxAgeDays * 86_400_000) return { problem: PUNCH_MESSAGES.deviceTimeOld };
  const at = device > now ? now : device;
  if (lastPunch && at < lastPunch) return { problem: PUNCH_MESSAGES.deviceTimeBeforeLast };
  return { at };
}
