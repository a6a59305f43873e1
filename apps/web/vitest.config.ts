import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Anchored here so `-c apps/web/vitest.config.ts` and the root workspace resolve the same paths.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // A budget, not an assertion: rendering a whole MUI screen in jsdom can pass 5 s on a busy 2-core machine.
    testTimeout: 15_000,
  },
});
