import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server listens here in development (apps/server, PORT 3000).
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  // Anchored to this folder so the build works from the repo root as well.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/graphql': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
