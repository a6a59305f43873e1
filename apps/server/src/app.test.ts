import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { TEST_SECRET } from './testing/factories.js';
import { createTestDatabase } from './testing/test-db.js';

let app: FastifyInstance;
let prod: FastifyInstance;
let dispose: () => Promise<void>;
const webDist = mkdtempSync(path.join(tmpdir(), 'gw-web-'));
const ASSET = `console.log(${JSON.stringify('Groundwork '.repeat(500))});\n`;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Groundwork</title>');
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /graphql\n');
  // A built asset with the compressed copies the web build writes beside it.
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(ASSET));
  const database = await createTestDatabase();
  dispose = database.dispose;
  const env = { DATA_DIR: 'memory://', AUTH_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', WEB_DIST: webDist };
  app = await buildApp({ config: loadConfig({ ...env, NODE_ENV: 'test' }), database });
  prod = await buildApp({ config: loadConfig({ ...env, NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com' }), database });
});
afterAll(async () => {
  await app.close();
  await prod.close();
  await dispose();
  rmSync(webDist, { recursive: true, force: true });
});

describe('HTTP surface', () => {
  it('answers health and readiness', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('serves the web app, with the SPA fallback for page routes only', async () => {
    const page = await app.inject({ url: '/modules/timecards?tab=week', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Groundwork</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const robots = await app.inject('/robots.txt');
    expect(robots.body).toContain('Disallow: /graphql');
    const missingAsset = await app.inject({ url: '/assets/nope.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('sends the compressed copy a browser accepts, the plain file otherwise, and never the copies by their own names', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    // robots.txt has no compressed copy: the plain file, whatever the browser accepts.
    const robots = await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br' } });
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body).toContain('Disallow: /graphql');
    expect((await app.inject({ url: '/assets/app-abc123.js.br', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });

  it('echoes a request id, or makes one', async () => {
    expect((await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id']).toBe('abc-123');
    expect((await app.inject('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id!' } })).headers['x-request-id']).not.toBe('bad id!');
    // Routes in a scope of their own (the files' routes, with multipart) answer with it too, a refusal included.
    const file = await app.inject({
      url: '/api/files/00000000-0000-4000-8000-000000000000/thumbnail',
      headers: { 'x-request-id': 'file-1' },
    });
    expect(file.statusCode).toBeGreaterThanOrEqual(400);
    expect(file.headers['x-request-id']).toBe('file-1');
  });

  it('turns introspection off in production only', async () => {
    const query = { query: '{ __schema { queryType { name } } }' };
    const dev = await app.inject({ method: 'POST', url: '/graphql', payload: query });
    expect(dev.json().data.__schema.queryType.name).toBe('Query');
    const res = await prod.inject({ method: 'POST', url: '/graphql', payload: query });
    expect(res.json().errors[0].message).toMatch(/introspection/i);
  });
});
