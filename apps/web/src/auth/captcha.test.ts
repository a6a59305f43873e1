import { describe, expect, it } from 'vitest';
import { captchaPayload, solveChallenge } from './captcha';

async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('proof-of-work captcha', () => {
  it('finds the number whose SHA-256 with the salt is the challenge', async () => {
    const salt = 'e5f1c0ffee?expires=1700000000&';
    expect(await solveChallenge({ challenge: await sha256(`${salt}37`), salt, maxnumber: 50 }, { batchSize: 8 })).toBe(37);
    expect(await solveChallenge({ challenge: await sha256(`${salt}0`), salt, maxnumber: 50 })).toBe(0);
    expect(await solveChallenge({ challenge: await sha256(`${salt}50`), salt, maxnumber: 50 }, { batchSize: 7 })).toBe(50);
  });

  it('answers null when no number in range matches', async () => {
    expect(await solveChallenge({ challenge: await sha256('salt99'), salt: 'salt', maxnumber: 20 })).toBeNull();
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge({ challenge: 'x', salt: 's', maxnumber: 10 }, { signal: controller.signal })).rejects.toThrow('aborted');
  });

  it('encodes the ALTCHA payload as base64 JSON', () => {
    const payload = captchaPayload({ algorithm: 'SHA-256', challenge: 'abc', salt: 's', signature: 'sig', maxnumber: 10 }, 7);
    expect(JSON.parse(atob(payload))).toEqual({ algorithm: 'SHA-256', challenge: 'abc', number: 7, salt: 's', signature: 'sig' });
  });
});
