import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { startupChunkGroups } from './scripts/startup-chunks.ts';

// The API server listens here in development (apps/server, PORT 3000).
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  // Anchored to this folder so the build works from the repo root as well.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Spec §4 installable app. The worker waits after an update until the user reloads (shell/pwa.tsx registers it
    // and tracks its states), so a half-filled form is never thrown away by a silent reload.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg', 'robots.txt'],
      manifest: {
        id: '/',
        name: 'Groundwork',
        short_name: 'Groundwork',
        description: 'Time cards, jobs, people and tools for construction and field-operations teams.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#b98856',
        background_color: '#fafafa',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The Excel writer (200 KB compressed) is for an admin's payroll export, fetched when they export;
        // precaching it would cost every crew member's phone that download.
        globIgnores: ['**/exceljs*.js'],
        // Client-side routes get the app shell; server endpoints never do.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/graphql/, /^\/healthz/, /^\/readyz/, /^\/dev\//, /^\/api\//],
        // The first install controls the open page at once, so it works offline without a reload.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Web Push (issue 21): shows the server's pushes and opens their links.
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: `npm run bench:web` reads each route's chunks from it (never served: a dot folder).
    manifest: true,
    // The one chunk over Vite's 500 kB default is exceljs (~930 kB), fetched only when an admin exports to Excel and
    // never precached (workbox globIgnores above); start-up chunks are measured by bench:web against their budget.
    chunkSizeWarningLimit: 950,
    // Issue 28: each app's start-up code in a few chunks (scripts/startup-chunks.ts); later pages split as before.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: startupChunkGroups(
            fileURLToPath(new URL('.', import.meta.url)),
            'src/main.tsx',
            [
              { name: 'sign-in-app', roots: ['src/auth/public-main.tsx'] },
              // The dashboard is where everyone lands after signing in.
              {
                name: 'signed-in-app',
                roots: ['src/app/app-main.tsx', 'src/app/layouts/appview-layout.tsx', 'src/modules/dashboard/dashboard-page.tsx'],
              },
            ],
            [
              // The crews' page: its first code in one chunk beside its own.
              { name: 'timecards-first', roots: ['src/modules/timecards/timecards-page.tsx'] },
            ],
          ),
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
