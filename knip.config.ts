import type { KnipConfig } from 'knip';

// `npx knip`: no unused file, export, type or dependency (issue 45). Most entry points come from knip's plugins, which
// read the tools' own configs, so they follow those files:
// - package.json scripts (Node.js, tsx plugins): scripts/start.mjs, apps/server's src/main.ts, graphql/print-schema.ts and
//   scripts/build.mjs (its esbuild is a devDependency of apps/server),
//   the root's backup/restore (apps/server/src/ops/backup-cli.ts) and soak:offline (bench/soak-offline.ts), bench's
//   run.ts, web.ts, soak-kill.ts and load.ts, apps/web's scripts/precompress.mjs;
// - vitest.config.ts and apps/web/vitest.config.ts (Vitest): every *.test.ts(x), the web's setupFiles;
// - apps/web/vite.config.ts and index.html (Vite, vite-plugin-pwa): src/main.tsx, scripts/startup-chunks.ts;
// - e2e/playwright.config.ts (Playwright): the specs, and the webServer commands' files (apps/server/src/main.ts,
//   apps/server/src/testing/qbo-stand-in.ts and qbt-stand-in.ts);
// - apps/server/drizzle.config.ts (Drizzle): src/db/schema.ts; biome.json (Biome).
// Generated files need no entry: apps/web/src/lib/graphql-env.d.ts is imported by lib/graphql.ts, and schema.graphql,
// the migrations' SQL and their meta/*.json are not modules.
const config: KnipConfig = {
  // A system command, not a package: the crash soak's own PostgreSQL cluster is made as the postgres user
  // (bench/soak-pg-cluster.ts runs initdb and pg_ctl through util-linux's runuser).
  ignoreBinaries: ['runuser'],
  workspaces: {
    '.': {
      // `npm run backup|restore|soak:offline` run through tsx and `npm run test:e2e` through playwright, binaries the
      // root does not list (the workspaces do): knip reports them as unlisted, which is true, so they stay reported.
      ignoreUnresolved: [
        // vitest.config.ts's server project has `root: 'apps/server'` and this globalSetup, which knip's Vitest plugin
        // resolves from the repo root instead; the file is found as apps/server/src/testing/database-template.ts.
        'src/testing/database-template.ts',
      ],
    },
    'packages/core': {},
    'apps/server': {},
    'apps/web': {
      entry: [
        // Loaded by the service worker, not imported: vite.config.ts's workbox.importScripts ['/push-sw.js'].
        'public/push-sw.js',
      ],
      ignoreIssues: {
        // Its one exported type, RouterContext, is imported nowhere, but tsc -b (composite, declarations) needs it
        // exported: the test helpers' return types hold a router whose type names it (TS4058 otherwise).
        'src/app/router.tsx': ['types'],
      },
    },
    e2e: {},
    bench: {
      // Loaded by autocannon's worker thread by its path (bench/punch.ts), not imported.
      entry: ['punch-client.cjs'],
      // bench/peer is PostGraphile's own install with its own package.json (not a workspace: it needs Node >= 22),
      // installed and imported by postgraphile.ts on the first bench run.
      ignore: ['peer/**'],
    },
  },
};

export default config;
