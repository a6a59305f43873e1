import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Node loads graphql's CommonJS main for Yoga; Vite would pick its .mjs build for our files. Two copies
// mean two GraphQLError classes and every client error masked, so both sides get the one Node uses.
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

const server = (name: string, db: 'pglite' | 'postgres') => ({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { GW_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The server suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set (CI).
export default defineConfig({
  test: {
    projects: [
      server('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'postgres')] : []),
      'apps/web/vitest.config.ts',
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
