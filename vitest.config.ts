import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Node loads graphql's CommonJS main for Yoga; Vite would pick its .mjs build for our files. Two copies
// mean two GraphQLError classes and every client error masked, so both sides get the one Node uses.
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

// Files that add to the GraphQL schema at import (a fixture model) need a module graph of their own.
const ownSchema = ['src/graphql/own-records.test.ts', 'src/graphql/tenant-sweep-leak.test.ts'];

const server = (name: string, db: 'pglite' | 'postgres', isolated = false) => ({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
  test: {
    name: isolated ? `${name}-isolated` : name,
    root: 'apps/server',
    include: isolated ? ownSchema : ['src/**/*.test.ts'],
    exclude: isolated ? [] : ownSchema,
    environment: 'node',
    env: { GW_TEST_DB: db },
    // Each file builds its own app on its own database, so the files of a worker can share one module graph:
    // importing the app once per worker instead of once per file took the server suite from 1:56 to 0:52.
    isolate: isolated,
    // One migrated database per run, copied by each test file (the isolated few migrate their own).
    globalSetup: isolated ? [] : ['src/testing/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The server suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set (CI).
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while a file waits on
    // its database or jsdom: two workers took the server suite from 2:56 to 2:14 and the web suite from 1:28 to 1:06.
    maxWorkers: 2,
    projects: [
      server('server', 'pglite'),
      server('server', 'pglite', true),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'postgres'), server('server-pg', 'postgres', true)] : []),
      'apps/web/vitest.config.ts',
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
