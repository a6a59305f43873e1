// IndexedDB for the offline outbox (lib/outbox): the test DOM has none.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { i18n } from './lib/i18n';
import { resources } from './lib/i18n-resources';

// The app fetches each namespace when a screen first needs it; tests have every string from the start, so a render
// never waits for a chunk (lib/i18n.test.ts checks that the loaders give the same strings).
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, strings] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, strings, true, true);
}
if (!i18n.isInitialized) await new Promise((resolve) => i18n.on('initialized', resolve));

// findBy*/waitFor wait up to 10 s instead of 1 s: a lazy route's first render on a loaded 2-core CI machine can take
// seconds (seen as a missing QuickBooks dialog, and on a day that machine ran 2.5x slower). A behaviour that never
// comes still fails, just later.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only cleans up on its own when test globals are enabled; ours are imported.
afterEach(cleanup);

// The files of a worker share one module graph (vitest.config.ts `isolate: false`): what one file leaves in our own
// modules (a gate held shut, a module loaded under a mock, a stubbed global) must not reach the next. Our modules load
// afresh for each file; the libraries (React, MUI) stay loaded, which is where the time went.
// i18next itself is a library, kept across files: each file starts in English, whatever the one before switched to.
beforeAll(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
afterAll(async () => {
  // The language picked in "this browser" (lib/i18n starts from it) and the rest of its storage go with the file.
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.resetModules();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

// The test DOM does no layout (jsdom only logged "not implemented" here); the router's scroll restoration calls it.
window.scrollTo = () => {};
