import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Anchored here so `-c apps/web/vitest.config.ts` and the root workspace resolve the same paths.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    // happy-dom rather than jsdom: the same 653 tests (web and core) in 200 s instead of 521–552 s on this machine on
    // 2026-11-29, the slowest files (MUI dialogs, where Testing Library's role queries read every element's computed
    // style) about twice as fast. Its getComputedStyle honours media queries: a phone's width is set where it matters.
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // A budget, not an assertion: rendering a whole MUI screen in the test DOM can pass 5 s on a busy 2-core machine, the CI
    // machine on a busy day ran the planner's board filters 3.4x slower than here (15.1 s against 4.4 s), and a slow
    // day here ran the purchase-orders page test past 30 s in the suite (7.3 s alone). One budget for every file.
    testTimeout: 90_000,
    // The files of a worker share one module graph (React, MUI, i18n and the setup file load once per worker, not once
    // per file): the same 476 tests spent 21 s importing and 6 s in setup instead of 156 s and 76 s. Each file still
    // gets its own DOM environment, and each test Testing Library's cleanup.
    isolate: false,
  },
});
