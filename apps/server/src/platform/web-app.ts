import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPublicPath } from '@groundwork/core/public-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inlineEarlyReads } from './early-reads.js';

/**
 * The chunks (web source paths, as the build manifest names them) each page needs before it can render, beyond the
 * entry's own. The page's HTML names them as modulepreloads, so a phone fetches them beside the entry instead of
 * after it has run (issue 28: one round trip less on slow signal). `{lang}` is the person's language.
 */
// The page's first script opens one of two apps (apps/web/src/main.tsx): the light sign-in app on the sign-in
// screens, the signed-in app everywhere else. Each page names the app it opens with the rest of its chunks.
const APP = 'src/app/app-main.tsx';
const SIGN_IN_APP = 'src/auth/public-main.tsx';
const PUBLIC_STRINGS = 'src/lib/strings/public.{lang}.ts';
// The signed-in shell renders with its own strings and the shared ones of the sign-in bundle (lib/i18n.ts
// loadShellNamespaces): both, or the second would be asked only once the app's code has run.
const SIGNED_IN = [APP, 'src/auth/guard.ts', 'src/app/layouts/appview-layout.tsx', 'src/lib/strings/signed-in.{lang}.ts', PUBLIC_STRINGS];
const ROUTE_CHUNKS: Record<string, string[]> = {
  '/login': [SIGN_IN_APP, PUBLIC_STRINGS],
  '/sign-up': [SIGN_IN_APP, 'src/auth/sign-up-page.tsx', PUBLIC_STRINGS],
  '/forgot-password': [SIGN_IN_APP, 'src/auth/forgot-password-page.tsx', PUBLIC_STRINGS],
  '/reset-password': [SIGN_IN_APP, 'src/auth/reset-password-page.tsx', PUBLIC_STRINGS],
  '/join': [APP, 'src/modules/join/join-page.tsx', PUBLIC_STRINGS],
  '/select-tenant': [APP, 'src/auth/guard.ts', 'src/app/select-tenant-page.tsx', PUBLIC_STRINGS, 'src/locales/company.{lang}.json'],
  '/dashboard': [...SIGNED_IN, 'src/modules/dashboard/dashboard-page.tsx'],
  '/modules/timecards': [...SIGNED_IN, 'src/modules/timecards/timecards-page.tsx', 'src/locales/timecards.{lang}.json'],
};
/** Any other page is a signed-in one: its session check, the app's frame and its strings (its own chunk is not known here). */
const OTHER_PAGES = SIGNED_IN;
const LANGUAGES = ['en', 'es'] as const;
type Language = (typeof LANGUAGES)[number];

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The page's language as the web app would pick it from the browser (lib/i18n.ts detectLanguage), else English. */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(';')[0].toLowerCase().split('-')[0];
    const found = LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return 'en';
}

/** Every JS file `keys` load, with their static imports, less those the entry already preloads. */
function preloadsFor(manifest: Manifest, keys: string[]): string[] {
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of start) visit(key);
    return seen;
  };
  const entry = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const already = closure(entry);
  return [...closure(keys)].filter((key) => !already.has(key)).map((key) => `/${manifest[key].file}`);
}

/**
 * index.html for each page in ROUTE_CHUNKS and language, with the page's chunks as modulepreloads; other paths get
 * index.html as built. Without a build manifest (an older build) every page gets index.html as built.
 */
function pageShells(webDist: string, log?: (message: string) => void) {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const manifestPath = path.join(webDist, '.vite/manifest.json');
  const pages = new Map<string, string>();
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    for (const [route, chunks] of [...Object.entries(ROUTE_CHUNKS), ['*', OTHER_PAGES] as const]) {
      for (const language of LANGUAGES) {
        const keys = chunks.map((key) => key.replace('{lang}', language));
        const missing = keys.filter((key) => !manifest[key]);
        if (missing.length) log?.(`the web build has no ${missing.join(', ')}: ${route} is served without its preloads`);
        const links = preloadsFor(manifest, keys)
          .map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`)
          .join('');
        pages.set(`${route}|${language}`, html.replace('</head>', `${links}  </head>`));
      }
    }
  }
  return (pathname: string, acceptLanguage: string | undefined) => {
    const language = languageOf(acceptLanguage);
    return pages.get(`${pathname}|${language}`) ?? pages.get(`*|${language}`) ?? html;
  };
}

/** The built web app with an SPA fallback: unknown GET paths that want HTML get index.html. */
export async function serveWebApp(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const built = existsSync(index);
  const shellFor = built ? pageShells(webDist, (message) => app.log.warn(message)) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs): sent by Accept-Encoding, with
      // Vary, the plain file otherwise. They get no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, file) {
        // Hashed assets never change; the shell and service worker must always be revalidated.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req: FastifyRequest, reply) => {
    const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (shellFor && wantsPage && !req.url.startsWith('/graphql') && !req.url.startsWith('/api/')) {
      const [rawPath, search = ''] = req.url.split('?');
      const pathname = rawPath.replace(/\/+$/, '') || '/';
      const page = shellFor(pathname, req.headers['accept-language']);
      // A signed-in page carries its first reads (platform/early-reads.ts): the page is then the person's own.
      const reads = isPublicPath(pathname) ? '' : await inlineEarlyReads(app, req, pathname, search);
      return reply
        .header('cache-control', reads ? 'private, no-store' : 'no-cache')
        .header('vary', 'Accept-Language, Cookie')
        .type('text/html; charset=utf-8')
        .send(reads ? page.replace('</body>', `${reads}\n  </body>`) : page);
    }
    return reply.status(404).send({ error: 'Not Found', statusCode: 404 });
  });
}
