import { isPublicPath } from '@groundwork/core/public-paths';
import { rememberTimeZone, startEarlyReads } from './lib/early-reads';

// The server's Content-Security-Policy allows no eval (apps/server/src/app.ts). Zod would probe for it with
// Function('') before its first object parse, and the browser reports each probe as a violation. Zod takes its
// settings from this global when it loads (zod/v4/core/core.js), so no page downloads zod before it needs it.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// The page's first script (issue 28). A sign-in screen opens the light sign-in app (plain elements, its own strings,
// no router, cache or component library); every other page the signed-in app. Each is one chunk fetched with its
// imports side by side, so a phone on a weak signal downloads only the one it opens.
// Once the page has loaded and is idle: reading the time zone starts the browser's time-zone data, work the first
// screen does not need.
window.addEventListener('load', () => (window.requestIdleCallback ?? setTimeout)(rememberTimeZone, { timeout: 2000 }), { once: true });
if (isPublicPath(window.location.pathname)) void import('./auth/public-main');
else {
  // Its first reads are asked now, beside the download of its code (lib/early-reads.ts).
  startEarlyReads(window.location.pathname, window.location.search);
  void import('./app/app-main');
  // The chunks the router opens next, asked now too. The server names them in the page's HTML, but a repeat visit
  // gets the service worker's copy of index.html, which names none: the router then found them one after another.
  const path = window.location.pathname;
  const early: Promise<unknown>[] = [import('./auth/guard'), import('./app/layouts/appview-layout')];
  if (path === '/dashboard') early.push(import('./modules/dashboard/dashboard-page'));
  if (path === '/modules/timecards') early.push(import('./modules/timecards/timecards-page'));
  // The router imports them itself and reports a failure there.
  for (const chunk of early) chunk.catch(() => undefined);
}
