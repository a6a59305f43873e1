import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.js';

// Google's siteverify, played by the test: it remembers what it was asked and answers from `answers`.
const asked: URLSearchParams[] = [];
const answers: Array<{ status: number; body: unknown } | 'network-down'> = [];
const fakeSiteverify: typeof fetch = async (_url, init) => {
  asked.push(new URLSearchParams(String(init?.body)));
  const answer = answers.shift() ?? { status: 200, body: { success: false } };
  if (answer === 'network-down') throw new TypeError('fetch failed');
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
};

const t = useTestApp({
  config: { recaptcha: { siteKey: 'site-key-for-tests', secretKey: 'secret-key-for-tests' } },
  deps: { captchaFetch: fakeSiteverify },
});

const signUp = async (username: string, captcha: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: IDENTITY_ENDPOINT,
    headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: 'SignUp' },
    payload: { username, password: 'correct horse battery', captcha },
  });
  return { status: res.statusCode, body: res.json() };
};

describe('sign-up with reCAPTCHA keys configured', () => {
  it('tells the web app to show the reCAPTCHA widget with the site key (never the secret)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${IDENTITY_ENDPOINT}/captcha` });
    expect(res.json()).toEqual({ kind: 'recaptcha', siteKey: 'site-key-for-tests' });
    expect(res.body).not.toContain('secret-key-for-tests');
  });

  it('accepts a token Google confirms, sending the secret and the token', async () => {
    answers.push({ status: 200, body: { success: true, hostname: 'localhost' } });
    const up = await signUp('recaptcha.ok@example.com', 'token-from-widget');
    expect(up.status).toBe(200);
    expect(up.body.nextStep).toBe('CONFIRM_SIGN_UP');
    const request = asked.at(-1);
    expect(request?.get('secret')).toBe('secret-key-for-tests');
    expect(request?.get('response')).toBe('token-from-widget');
  });

  it('refuses a token Google rejects, an empty one, an error answer and an unreachable Google alike', async () => {
    answers.push({ status: 200, body: { success: false, 'error-codes': ['timeout-or-duplicate'] } });
    answers.push({ status: 500, body: {} });
    answers.push('network-down');
    const before = asked.length;
    for (const [username, token] of [
      ['recaptcha.rejected@example.com', 'reused-token'],
      ['recaptcha.error@example.com', 'some-token'],
      ['recaptcha.down@example.com', 'some-token'],
      ['recaptcha.empty@example.com', ''],
    ]) {
      const up = await signUp(username, token);
      expect(up.status, username).toBe(400);
      expect(up.body.message).toBe('Captcha verification failed. Please try again.');
    }
    // The empty token never reaches Google.
    expect(asked.length - before).toBe(3);
  });
});
