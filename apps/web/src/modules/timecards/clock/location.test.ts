import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIX_TIMEOUT_MS, fixFor, readConsent, takeFix, writeConsent } from './location';

type Success = (p: GeolocationPosition) => void;
type Failure = (e: GeolocationPositionError) => void;

function geolocation(answer: (ok: Success, fail: Failure, options?: PositionOptions) => void) {
  return {
    getCurrentPosition: vi.fn(answer),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  } as unknown as Geolocation & { getCurrentPosition: ReturnType<typeof vi.fn>; watchPosition: ReturnType<typeof vi.fn> };
}
const error = (code: number) =>
  ({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' }) as GeolocationPositionError;

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('one fix at the moment of a punch', () => {
  it('asks once with a short timeout and a small maximum age, never watches, and sends the place with GIVEN', async () => {
    const geo = geolocation((ok) =>
      ok({
        coords: { latitude: 39.75, longitude: -104.99, accuracy: 12 },
        timestamp: Date.parse('2026-03-04T07:02:00Z'),
      } as GeolocationPosition),
    );
    expect(await takeFix(geo)).toEqual({
      location: { latitude: 39.75, longitude: -104.99, accuracy_m: 12, located_at: '2026-03-04T07:02:00.000Z' },
      location_status: 'GIVEN',
    });
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    const options = geo.getCurrentPosition.mock.calls[0][2] as PositionOptions;
    expect(options.timeout).toBe(FIX_TIMEOUT_MS);
    expect(options.maximumAge).toBeLessThanOrEqual(30_000);
    expect(geo.watchPosition).not.toHaveBeenCalled();
  });

  it('punches without a place, saying why: refused → DENIED, timeout or no fix → UNAVAILABLE, no API → UNAVAILABLE', async () => {
    expect(await takeFix(geolocation((_ok, fail) => fail(error(1))))).toEqual({ location: null, location_status: 'DENIED' });
    expect(await takeFix(geolocation((_ok, fail) => fail(error(3))))).toEqual({ location: null, location_status: 'UNAVAILABLE' });
    expect(await takeFix(geolocation((_ok, fail) => fail(error(2))))).toEqual({ location: null, location_status: 'UNAVAILABLE' });
    expect(await takeFix(null)).toEqual({ location: null, location_status: 'UNAVAILABLE' });
  });

  it('does not wait for ever on a browser that never answers', async () => {
    vi.useFakeTimers();
    const fix = takeFix(geolocation(() => undefined));
    await vi.advanceTimersByTimeAsync(FIX_TIMEOUT_MS + 2500);
    expect(await fix).toEqual({ location: null, location_status: 'UNAVAILABLE' });
  });

  it('asks the browser only when the company asks for places and the person said yes', async () => {
    const take = vi.fn(async () => ({ location: null, location_status: 'GIVEN' as const }));
    expect(await fixFor(false, 'yes', take)).toEqual({ location: null, location_status: 'NOT_ASKED' });
    expect(await fixFor(true, 'no', take)).toEqual({ location: null, location_status: 'DENIED' });
    expect(await fixFor(true, null, take)).toEqual({ location: null, location_status: 'DENIED' });
    expect(take).not.toHaveBeenCalled();
    await fixFor(true, 'yes', take);
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('keeps each person’s answer on this device', () => {
    expect(readConsent('ann')).toBeNull();
    writeConsent('ann', 'yes');
    writeConsent('bob', 'no');
    expect(readConsent('ann')).toBe('yes');
    expect(readConsent('bob')).toBe('no');
    expect(readConsent(null)).toBeNull();
    writeConsent('ann', null);
    expect(readConsent('ann')).toBeNull();
  });
});
