import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canonicalUsername, IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT, type IdentityAction } from '@groundwork/core/identity';
import { solveChallenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { securityHeaders } from './http-guards.js';
import { TEST_SECRET } from './testing/factories.js';
import { createTestDatabase } from './testing/test-db.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'gw-web-'));
const base = { DATA_DIR: 'memory://', AUTH_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', WEB_DIST: webDist };
const recaptchaKeys = { RECAPTCHA_SITE_KEY: 'site-key-123456', RECAPTCHA_SECRET_KEY: 'secret-key-123456' };
let dev: FastifyInstance;
let prod: FastifyInstance;
let withRecaptcha: FastifyInstance;
/** Not production (it has the outbox the sign-up code goes to), but served over https. */
let httpsTest: FastifyInstance;
let dispose: () => Promise<void>;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Groundwork</title>');
  const database = await createTestDatabase();
  dispose = database.dispose;
  dev = await buildApp({ config: loadConfig({ ...base, NODE_ENV: 'test' }), database, captchaMaxNumber: 50 });
  prod = await buildApp({ config: loadConfig({ ...base, NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com' }), database });
  withRecaptcha = await buildApp({
    config: loadConfig({ ...base, NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com', ...recaptchaKeys }),
    database,
  });
  httpsTest = await buildApp({
    config: loadConfig({ ...base, NODE_ENV: 'test', APP_ORIGIN: 'https://app.example.com' }),
    database,
    captchaMaxNumber: 50,
  });
});
afterAll(async () => {
  await Promise.all([dev, prod, withRecaptcha, httpsTest].map((app) => app?.close()));
  await dispose?.();
  rmSync(webDist, { recursive: true, force: true });
});

/** The Content-Security-Policy header as a map of directive to its sources. */
function csp(headers: Record<string, unknown>): Record<string, string[]> {
  const value = headers['content-security-policy'];
  expect(typeof value, 'a Content-Security-Policy header').toBe('string');
  return Object.fromEntries(
    (value as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

const page = (app: FastifyInstance, url = '/login') => app.inject({ url, headers: { accept: 'text/html' } });

describe('security headers', () => {
  it('sends a CSP the web app passes on pages, assets, the API and 404s: own scripts only, no framing', async () => {
    for (const res of [
      await page(dev),
      await dev.inject('/index.html'),
      await dev.inject('/healthz'),
      await dev.inject({ url: '/api/nope', headers: { accept: 'text/html' } }),
    ]) {
      const policy = csp(res.headers);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['frame-src']).toEqual(["'none'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy['worker-src']).toEqual(["'self'"]);
      expect(policy['manifest-src']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      // MUI's emotion injects <style> elements at run time.
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      // Plain http (a laptop): nothing to upgrade to, and no HSTS.
      expect(policy['upgrade-insecure-requests']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends exactly the headers Helmet sets on a response of its own, on every kind of answer', async () => {
    const { ServerResponse, IncomingMessage } = await import('node:http');
    const { Socket } = await import('node:net');
    for (const [app, config] of [
      [prod, loadConfig({ ...base, NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com' })],
      [httpsTest, loadConfig({ ...base, NODE_ENV: 'test', APP_ORIGIN: 'https://app.example.com' })],
    ] as const) {
      // Helmet's own middleware, run as it would be on each request, on a real response.
      const req = new IncomingMessage(new Socket());
      const res = new ServerResponse(req);
      res.setHeader('x-powered-by', 'something');
      await new Promise<void>((resolve, reject) =>
        helmet(securityHeaders(config))(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
      );
      const expected = res.getHeaders();
      expect(expected['x-powered-by']).toBeUndefined();
      expect(Object.keys(expected).length).toBeGreaterThan(8);
      for (const answer of [await page(app), await page(app, '/no/such/thing.js'), await app.inject({ url: '/healthz' })]) {
        for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], name).toBe(value);
      }
    }
  });

  it('adds HSTS and upgrade-insecure-requests when served over https', async () => {
    const res = await page(prod);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = csp(res.headers);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(policy['script-src']).toEqual(["'self'"]);
    // The API has the same policy in production (GraphiQL, which needs an exception, is off there).
    const api = await prod.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } });
    expect(csp(api.headers)['frame-ancestors']).toEqual(["'none'"]);
  });

  it("allows Google's reCAPTCHA scripts and frame only when its keys are set", async () => {
    const policy = csp((await page(withRecaptcha)).headers);
    expect(policy['script-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    expect(policy['frame-src']).toEqual(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    const without = csp((await page(prod)).headers);
    expect(JSON.stringify(without)).not.toMatch(/google|gstatic/);
  });

  it('lets GraphiQL (development only) load without the CSP, still unframeable', async () => {
    const res = await dev.inject({ url: '/graphql', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/graphiql/i);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('has no inline script in the web app’s page, which the CSP would block', () => {
    const html = readFileSync(path.join(import.meta.dirname, '../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('CSRF prevention on /graphql', () => {
  const query = '{ __typename }';

  it('refuses the simple requests a foreign page can make without a preflight: forms, text/plain, bare GETs', async () => {
    const form = await dev.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ query }).toString(),
    });
    // Fastify has no parser for form bodies: refused before Yoga.
    expect(form.statusCode).toBe(415);
    expect(form.json().data).toBeUndefined();
    // text/plain is parsed, and Yoga would read the JSON in it: the CSRF check must stop it.
    const text = await dev.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ query }),
    });
    expect(text.statusCode).toBe(403);
    expect(text.json()).toMatchObject({ errors: [{ message: 'Required CSRF header(s) not present' }] });
    const get = await dev.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(query)}`,
      headers: { accept: 'application/json' },
    });
    expect(get.statusCode).toBe(403);
  });

  it('answers JSON posts (which need a preflight) and requests carrying the CSRF header', async () => {
    const json = await dev.inject({ method: 'POST', url: '/graphql', payload: { query } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ data: { __typename: 'Query' } });
    const text = await dev.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'text/plain', 'x-graphql-yoga-csrf': '1' },
      payload: JSON.stringify({ query }),
    });
    expect(text.statusCode).not.toBe(403);
    const get = await dev.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(query)}`,
      headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' },
    });
    expect(get.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('the session cookie', () => {
  async function call(app: FastifyInstance, action: IdentityAction, body: Record<string, unknown>, cookie?: string) {
    return app.inject({
      method: 'POST',
      url: IDENTITY_ENDPOINT,
      headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: action, ...(cookie ? { cookie } : {}) },
      payload: body,
    });
  }
  /** Signs a new person up on `app` and answers the Set-Cookie of their first session. */
  async function sessionCookieOf(app: FastifyInstance): Promise<string> {
    const username = `cookie.${Math.random().toString(36).slice(2)}@example.com`;
    const c = (await app.inject({ method: 'GET', url: `${IDENTITY_ENDPOINT}/captcha` })).json();
    const number = (await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise)?.number;
    const captcha = Buffer.from(JSON.stringify({ ...c, number })).toString('base64');
    expect((await call(app, 'SignUp', { username, password: 'correct horse battery', captcha })).statusCode).toBe(200);
    const outbox = await app.inject(`/dev/outbox.json?to=${encodeURIComponent(canonicalUsername(username) as string)}`);
    const code = /\b(\d{6})\b/.exec(outbox.json()[0].text)?.[1];
    const confirmed = await call(app, 'ConfirmSignUp', { username, code });
    const jar = ([] as string[])
      .concat(confirmed.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const auto = await call(app, 'AutoSignIn', { username }, jar);
    expect(auto.json()).toEqual({ nextStep: 'DONE' });
    const session = ([] as string[]).concat(auto.headers['set-cookie'] ?? []).find((c) => /^(__Secure-)?gw\.session_token=/.test(c));
    expect(session).toBeDefined();
    return session as string;
  }

  it('is Secure, httpOnly and SameSite=Lax when the app is served over https (always, in production)', async () => {
    const cookie = await sessionCookieOf(httpsTest);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    // A laptop on http://localhost could not keep a Secure cookie.
    expect(await sessionCookieOf(dev)).not.toMatch(/Secure/);
  });
});
