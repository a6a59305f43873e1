import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityError, IdentityNetworkError, identityCall, SESSION_EXPIRED_EVENT, takeSessionExpired } from '../lib/identity-client';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function reply(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('identityCall', () => {
  it('posts the request with the action header and returns the result', async () => {
    const fetchMock = reply(200, { nextStep: 'DONE' });
    await expect(identityCall('InitiateAuth', { username: 'a@b.co', password: 'p' })).resolves.toEqual({ nextStep: 'DONE' });
    expect(fetchMock).toHaveBeenCalledWith('/api/identity', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-identity-action': 'InitiateAuth' },
      body: JSON.stringify({ username: 'a@b.co', password: 'p' }),
    });
  });

  it('throws an IdentityError with the name, message and wait time', async () => {
    reply(429, { name: 'TooManyRequestsException', message: 'Wait', retryAfterSeconds: 8 });
    const error = await identityCall('InitiateAuth', { username: 'a@b.co' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({ name: 'TooManyRequestsException', message: 'Wait', retryAfterSeconds: 8, status: 429 });
  });

  it('keeps network failures apart', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(identityCall('GetUser', {})).rejects.toBeInstanceOf(IdentityNetworkError);
  });

  it('reports a session expiry on a 401 from a signed-in action only', async () => {
    const listener = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    reply(401, { name: 'NotAuthorizedException', message: 'no session' });
    await expect(identityCall('InitiateAuth', { username: 'a@b.co' })).rejects.toBeInstanceOf(IdentityError);
    expect(listener).not.toHaveBeenCalled();
    await expect(identityCall('SelectTenant', { tenant_uuid: null })).rejects.toBeInstanceOf(IdentityError);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(takeSessionExpired()).toBe(true);
    expect(takeSessionExpired()).toBe(false);
    window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
  });
});
