import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { languageOf, serveWebApp } from './web-app.js';

// A build as vite writes it: index.html naming the entry, and the manifest with each chunk's static imports.
const dist = mkdtempSync(path.join(tmpdir(), 'gw-web-app-'));
mkdirSync(path.join(dist, '.vite'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><head><script type="module" src="/assets/index.js"></script></head><div id="root"></div>',
);
writeFileSync(
  path.join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_preload.js'] },
    '_preload.js': { file: 'assets/preload.js' },
    '_react.js': { file: 'assets/react.js' },
    '_textfield.js': { file: 'assets/textfield.js', imports: ['_react.js'] },
    '_light-ui.js': { file: 'assets/light-ui.js', imports: ['_react.js'] },
    'src/auth/public-main.tsx': { file: 'assets/public-main.js', imports: ['_light-ui.js', '_react.js'] },
    'src/app/app-main.tsx': { file: 'assets/app-main.js', imports: ['_textfield.js', '_react.js'] },
    'src/lib/strings/public.en.ts': { file: 'assets/public.en.js' },
    'src/lib/strings/public.es.ts': { file: 'assets/public.es.js' },
    'src/lib/strings/signed-in.en.ts': { file: 'assets/signed-in.en.js' },
    'src/auth/guard.ts': { file: 'assets/guard.js', imports: ['_react.js'] },
    'src/app/layouts/appview-layout.tsx': { file: 'assets/layout.js', imports: ['_textfield.js'] },
  }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function page(url: string, acceptLanguage?: string) {
  const app = Fastify();
  await serveWebApp(app, dist);
  const response = await app.inject({
    url,
    headers: { accept: 'text/html', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
  await app.close();
  return response;
}
const preloads = (html: string) => [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('the web app pages', () => {
  it('names a page’s own chunks and its strings in the reader’s language as modulepreloads, not the entry’s', async () => {
    const en = await page('/login?redirect=%2Fdashboard');
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(en.headers.vary).toContain('Accept-Language');
    // The light sign-in app and its strings: none of the signed-in app's chunks.
    expect(preloads(en.body).sort()).toEqual(['/assets/light-ui.js', '/assets/public-main.js', '/assets/public.en.js', '/assets/react.js']);
    expect(en.body).toContain('<script type="module" src="/assets/index.js"></script>');
    const es = await page('/login/', 'es-MX,es;q=0.9,en;q=0.8');
    expect(preloads(es.body).sort()).toEqual(['/assets/light-ui.js', '/assets/public-main.js', '/assets/public.es.js', '/assets/react.js']);
  });

  it('gives other pages the signed-in frame’s chunks, and names only the chunks the build has', async () => {
    expect(preloads((await page('/modules/people')).body).sort()).toEqual([
      '/assets/app-main.js',
      '/assets/guard.js',
      '/assets/layout.js',
      '/assets/public.en.js',
      '/assets/react.js',
      '/assets/signed-in.en.js',
      '/assets/textfield.js',
    ]);
    // The build here has no sign-up chunk: the page names what it has.
    expect(preloads((await page('/sign-up')).body).sort()).toEqual([
      '/assets/light-ui.js',
      '/assets/public-main.js',
      '/assets/public.en.js',
      '/assets/react.js',
    ]);
  });

  it('picks the language as the web app does', () => {
    expect(languageOf('fr-FR,es;q=0.8')).toBe('es');
    expect(languageOf('EN-gb')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('de')).toBe('en');
  });
});
