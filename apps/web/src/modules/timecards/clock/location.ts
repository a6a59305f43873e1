import type { PunchLocation, PunchLocationStatus } from './punch-api';

/**
 * Location at the moment of a punch, and only then (issue 47): one fix per punch with `getCurrentPosition`, never a
 * watch, and only with the person's consent, kept per person on this device. A refusal, a timeout or a phone without
 * location still punches: the punch says why it has no place.
 */

export type Fix = { location: PunchLocation | null; location_status: PunchLocationStatus };
export type Consent = 'yes' | 'no';

/** The longest a punch waits for a fix before it goes without one. */
export const FIX_TIMEOUT_MS = 8000;
/** A fix this recent (a punch a moment ago) is good enough; an older one is not this punch's place. */
const FIX_MAX_AGE_MS = 15_000;

const consentKey = (owner: string) => `groundwork.punch-location.${owner}`;

export function readConsent(owner: string | null): Consent | null {
  if (!owner) return null;
  try {
    const value = localStorage.getItem(consentKey(owner));
    return value === 'yes' || value === 'no' ? value : null;
  } catch {
    return null;
  }
}

export function writeConsent(owner: string | null, consent: Consent | null): void {
  if (!owner) return;
  try {
    if (consent) localStorage.setItem(consentKey(owner), consent);
    else localStorage.removeItem(consentKey(owner));
  } catch {
    // Private mode without storage: the question comes again next time.
  }
}

/** One fix from the browser (its own permission prompt follows the person's yes), or why there is none. */
export function takeFix(geolocation: Geolocation | null | undefined = globalThis.navigator?.geolocation): Promise<Fix> {
  if (!geolocation) return Promise.resolve({ location: null, location_status: 'UNAVAILABLE' });
  return new Promise((resolve) => {
    let done = false;
    const finish = (fix: Fix) => {
      if (done) return;
      done = true;
      clearTimeout(guard);
      resolve(fix);
    };
    // Some browsers never answer while their own prompt is left open: the punch does not wait for ever.
    const guard = setTimeout(() => finish({ location: null, location_status: 'UNAVAILABLE' }), FIX_TIMEOUT_MS + 2000);
    try {
      geolocation.getCurrentPosition(
        (position) =>
          finish({
            location: {
              latitude: position.coords.latitude,
              longitude: position.coords.longitude,
              accuracy_m: position.coords.accuracy,
              located_at: new Date(position.timestamp || Date.now()).toISOString(),
            },
            location_status: 'GIVEN',
          }),
        (error) => finish({ location: null, location_status: error.code === error.PERMISSION_DENIED ? 'DENIED' : 'UNAVAILABLE' }),
        { enableHighAccuracy: true, timeout: FIX_TIMEOUT_MS, maximumAge: FIX_MAX_AGE_MS },
      );
    } catch {
      finish({ location: null, location_status: 'UNAVAILABLE' });
    }
  });
}

/** The place to send with a punch, given the company's setting and the person's answer. */
export function fixFor(askLocation: boolean, consent: Consent | null, take: () => Promise<Fix> = takeFix): Promise<Fix> {
  if (!askLocation) return Promise.resolve({ location: null, location_status: 'NOT_ASKED' });
  if (consent !== 'yes') return Promise.resolve({ location: null, location_status: 'DENIED' });
  return take();
}
