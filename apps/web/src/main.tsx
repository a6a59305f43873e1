import { isPublicPath } from './auth/public-paths';
import { startEarlyReads } from './lib/early-reads';

// The page's first script (issue 28). A sign-in screen opens the light sign-in app (plain elements, its own strings,
// no router, cache or component library); every other page the signed-in app. Each is one chunk fetched with its
// imports side by side, so a phone on a weak signal downloads only the one it opens.
if (isPublicPath(window.location.pathname)) void import('./auth/public-main');
else {
  // Its first reads are asked now, beside the download of its code (lib/early-reads.ts).
  startEarlyReads(window.location.pathname);
  void import('./app/app-main');
}
