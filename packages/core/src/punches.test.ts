import { describe, expect, it } from 'vitest';
import {
  dayBounds,
  dayIn,
  dayStart,
  distanceMeters,
  jobSiteProblem,
  locationProblem,
  outsideFence,
  PUNCH_MESSAGES,
  parseInstant,
  punchMoment,
  punchSettingsProblem,
  punchStep,
  roundToIncrement,
  splitByDay,
} from './punches.js';

describe('the punch state machine', () => {
  const work = { kind: 'WORK' };
  const rest = { kind: 'BREAK' };
  it('opens, switches, breaks and closes as the contract says', () => {
    expect(punchStep(null, 'IN')).toEqual({ outcome: 'DONE', close: false, open: { kind: 'WORK', sameJob: false } });
    expect(punchStep(work, 'SWITCH')).toEqual({ outcome: 'DONE', close: true, open: { kind: 'WORK', sameJob: false } });
    expect(punchStep(work, 'BREAK_START')).toEqual({ outcome: 'DONE', close: true, open: { kind: 'BREAK', sameJob: true } });
    expect(punchStep(rest, 'BREAK_END')).toEqual({ outcome: 'DONE', close: true, open: { kind: 'WORK', sameJob: true } });
    expect(punchStep(work, 'OUT')).toEqual({ outcome: 'DONE', close: true, open: null });
    expect(punchStep(rest, 'OUT')).toEqual({ outcome: 'DONE', close: true, open: null });
  });

  it('says why a wrong action changes nothing', () => {
    expect(punchStep(work, 'IN').outcome).toBe('ALREADY_ON_THE_CLOCK');
    expect(punchStep(rest, 'IN').outcome).toBe('ALREADY_ON_THE_CLOCK');
    for (const action of ['SWITCH', 'BREAK_START', 'BREAK_END', 'OUT'] as const)
      expect(punchStep(null, action).outcome).toBe('NOT_ON_THE_CLOCK');
    expect(punchStep(rest, 'BREAK_START').outcome).toBe('ALREADY_ON_BREAK');
    expect(punchStep(rest, 'SWITCH').outcome).toBe('ALREADY_ON_BREAK');
    expect(punchStep(work, 'BREAK_END').outcome).toBe('NOT_ON_BREAK');
  });
});

describe('the geofence', () => {
  it('measures great-circle distances', () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0 })).toBe(0);
    // One degree of latitude: about 111.2 km.
    expect(distanceMeters({ latitude: 39, longitude: -105 }, { latitude: 40, longitude: -105 })).toBeCloseTo(111_195, -1);
    // Denver to Boulder, about 39 km.
    expect(distanceMeters({ latitude: 39.7392, longitude: -104.9903 }, { latitude: 40.015, longitude: -105.2705 }) / 1000).toBeCloseTo(
      38.9,
      0,
    );
    // Across the antimeridian.
    expect(distanceMeters({ latitude: 0, longitude: 179.999 }, { latitude: 0, longitude: -179.999 })).toBeCloseTo(222.4, 0);
  });

  it('counts the fix’s accuracy, up to the radius itself', () => {
    expect(outsideFence(150, 150, 0)).toBe(false);
    expect(outsideFence(151, 150, 0)).toBe(true);
    expect(outsideFence(200, 150, 60)).toBe(false);
    expect(outsideFence(301, 150, 5000)).toBe(true);
    expect(outsideFence(300, 150, 5000)).toBe(false);
    expect(outsideFence(151, 150, Number.NaN)).toBe(true);
  });
});

describe('the company’s day', () => {
  it('finds the day of an instant and the instant a day begins, daylight saving included', () => {
    expect(dayIn('2026-03-18T04:59:00Z', 'America/Chicago')).toBe('2026-03-17');
    expect(dayIn('2026-03-18T05:00:00Z', 'America/Chicago')).toBe('2026-03-18');
    expect(dayStart('2026-03-18', 'UTC').toISOString()).toBe('2026-03-18T00:00:00.000Z');
    expect(dayStart('2026-01-15', 'America/Chicago').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    // The spring-forward day is 23 hours long.
    const spring = dayBounds('2026-03-08', 'America/Chicago');
    expect(spring.start.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    expect(dayStart('2026-07-01', 'Asia/Kolkata').toISOString()).toBe('2026-06-30T18:30:00.000Z');
  });

  it('splits a segment over midnight by day', () => {
    expect(splitByDay(new Date('2026-03-17T20:00:00Z'), new Date('2026-03-18T02:30:00Z'), 'UTC')).toEqual([
      { day: '2026-03-17', ms: 4 * 3_600_000 },
      { day: '2026-03-18', ms: 2.5 * 3_600_000 },
    ]);
    expect(splitByDay(new Date('2026-03-18T07:00:00Z'), new Date('2026-03-18T07:00:00Z'), 'UTC')).toEqual([]);
  });

  it('rounds minutes to the increment, half up', () => {
    expect(roundToIncrement(128, 15)).toBe(135);
    expect(roundToIncrement(127, 15)).toBe(120);
    expect(roundToIncrement(7.5, 15)).toBe(15);
    expect(roundToIncrement(7.4, 15)).toBe(0);
    expect(roundToIncrement(61, 6)).toBe(60);
  });
});

describe('what a punch is checked for', () => {
  const now = new Date('2026-03-18T15:00:00Z');
  it('takes the moment of the tap within its bounds', () => {
    expect(punchMoment(null, now, null)).toEqual({ at: now });
    expect(punchMoment(new Date('2026-03-18T07:00:00Z'), now, new Date('2026-03-18T06:00:00Z'))).toEqual({
      at: new Date('2026-03-18T07:00:00Z'),
    });
    expect(punchMoment(new Date('2026-03-18T15:01:59Z'), now, null)).toEqual({ at: now });
    expect(punchMoment(new Date('2026-03-18T15:02:01Z'), now, null)).toEqual({ problem: PUNCH_MESSAGES.deviceTimeFuture });
    expect(punchMoment(new Date('2026-03-11T14:59:00Z'), now, null)).toEqual({ problem: PUNCH_MESSAGES.deviceTimeOld });
    expect(punchMoment(new Date('2026-03-11T15:01:00Z'), now, null)).toEqual({ at: new Date('2026-03-11T15:01:00Z') });
    expect(punchMoment(new Date('2026-03-18T07:00:00Z'), now, new Date('2026-03-18T08:00:00Z'))).toEqual({
      problem: PUNCH_MESSAGES.deviceTimeBeforeLast,
    });
  });

  it('reads only real instants with their zone', () => {
    expect(parseInstant('2026-03-18T07:00:00Z')?.toISOString()).toBe('2026-03-18T07:00:00.000Z');
    expect(parseInstant('2026-03-18T07:00:00.123-06:00')?.toISOString()).toBe('2026-03-18T13:00:00.123Z');
    for (const bad of ['2026-03-18', '2026-03-18T07:00:00', '2026-02-30T07:00:00Z', '2026-03-18T24:00:00Z', 'noon', '', 12, null]) {
      expect(parseInstant(bad), String(bad)).toBeNull();
    }
  });

  it('checks fixes, sites and settings', () => {
    const fix = { latitude: 39.7, longitude: -105, accuracy_m: 10, located_at: '2026-03-18T07:00:00Z' };
    expect(locationProblem(fix)).toBeNull();
    expect(locationProblem({ ...fix, latitude: Number.NaN })).toBe(PUNCH_MESSAGES.latitudeRange);
    expect(locationProblem({ ...fix, longitude: 180.5 })).toBe(PUNCH_MESSAGES.longitudeRange);
    expect(locationProblem({ ...fix, accuracy_m: Number.POSITIVE_INFINITY })).toBe(PUNCH_MESSAGES.locationInvalid);
    expect(locationProblem({ ...fix, located_at: 'then' })).toBe(PUNCH_MESSAGES.invalidTime);
    expect(jobSiteProblem({ site_latitude: 1, site_longitude: 2, site_radius_m: 10 })).toBeNull();
    expect(jobSiteProblem({})).toBeNull();
    expect(jobSiteProblem({ site_latitude: 1 })?.message).toBe(PUNCH_MESSAGES.siteBoth);
    expect(jobSiteProblem({ site_latitude: -91, site_longitude: 0 })?.field).toBe('site_latitude');
    expect(jobSiteProblem({ site_radius_m: 5001 })?.field).toBe('site_radius_m');
    expect(punchSettingsProblem({ default_radius_m: 9 })?.field).toBe('default_radius_m');
    expect(punchSettingsProblem({ location_retention_days: 3651 })?.field).toBe('location_retention_days');
    expect(punchSettingsProblem({ time_zone: 'Nowhere/Else' })?.field).toBe('time_zone');
    expect(punchSettingsProblem({ ask_location: false, time_zone: 'America/Denver' })).toBeNull();
  });
});
