import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Node loads graphql's CommonJS main for Yoga; Vite would pick its .mjs build for our files. Two copies
// mean two GraphQLError classes and every client error masked, so both sides get the one Node uses.
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

// Files that add to the GraphQL schema at import (a fixture model) need a module graph of their own.
const ownSchema = ['src/graphql/own-records.test.ts', 'src/graphql/tenant-sweep-leak.test.ts'];

/**
 * With a PostgreSQL at hand (CI sets TEST_DATABASE_URL) every server test runs there, and PGlite, the embedded
 * database a laptop and the demo run on, keeps the tests of what is its own: its data directory's backup and restore,
 * the server process started on it (traces), the walls (key shape, RLS, FORCE, policies) and migrations on PG 18,
 * the tenant gate's walled transactions and the record factory on its single connection, exactly-once device writes,
 * two companies side by side, and the app's start. The end-to-end suite runs the whole app on PGlite besides.
 * Without a PostgreSQL, everything runs on PGlite.
 */
const pgliteOnly = ['src/ops/backup.test.ts', 'src/platform/tracing.test.ts'];
const embedded = [
  ...pgliteOnly,
  'src/db/**/*.test.ts',
  'src/app.test.ts',
  'src/graphql/gate.test.ts',
  'src/graphql/record-operations.test.ts',
  'src/graphql/device-mutations.test.ts',
  'src/modules/tenants/two-companies.test.ts',
];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const server = (name: string, db: 'pglite' | 'postgres', isolated = false) => ({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
  test: {
    name: isolated ? `${name}-isolated` : name,
    root: 'apps/server',
    include: isolated ? ownSchema : db === 'pglite' && withPostgres ? embedded : ['src/**/*.test.ts'],
    exclude: isolated ? [] : db === 'postgres' ? [...ownSchema, ...pgliteOnly] : ownSchema,
    environment: 'node',
    env: { GW_TEST_DB: db },
    // Each file builds its own app on its own database, so the files of a worker can share one module graph:
    // importing the app once per worker instead of once per file took the server suite from 1:56 to 0:52.
    isolate: isolated,
    // One migrated database per run, copied by each test file (the isolated few migrate their own).
    globalSetup: isolated ? [] : ['src/testing/database-template.ts'],
    // A budget, not an assertion: a slow day runs a test several times its usual time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

/**
 * The files that take longest (measured: file time on this 2-core machine), started first in their project. Vitest
 * starts the files it has timings for longest first, but a fresh clone (CI) has none and starts the largest files
 * first: the schema sweep, a short file that runs 90 s, then began last and ran alone for the suite's last half
 * minute.
 */
const LONGEST_FIRST = [
  'src/graphql/tenant-sweep.test.ts', // 87 s
  'src/ops/backup.test.ts', // 68 s
  'src/platform/tracing.test.ts', // 45 s
  'src/identity/identity.test.ts', // 28 s
  'src/operator.test.ts', // 24 s
  'src/modules/ordering/order-dialog.test.tsx', // 62 s
  'src/modules/project-notes/report-dialog.test.tsx', // 62 s
  'src/modules/projects/components/projects-view.test.tsx', // 46 s
  'src/modules/receipts/components/receipts-view.test.tsx', // 44 s
  'src/modules/scheduling/components/schedule-board.test.tsx', // 39 s
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    const projects = new Map<string, TestSpecification[]>();
    for (const file of sorted) projects.set(file.project.name, [...(projects.get(file.project.name) ?? []), file]);
    // The isolated project's two files import the whole app afresh (~20 s): first, beside the rest, rather than alone
    // at the end. The other projects keep Vitest's order.
    const groups = [...projects.values()].toSorted((a, b) => Number(b[0].project.config.isolate) - Number(a[0].project.config.isolate));
    return groups.flatMap((group) => group.toSorted((a, b) => rank(a) - rank(b)));
  }
}

// The server suite: see `embedded` above for which tests run on which database.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while a file waits on
    // its database or jsdom: two workers took the server suite from 2:56 to 2:14 and the web suite from 1:28 to 1:06.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      server('server', 'pglite'),
      // The schema fixtures test the API's shape, not the database: once, on PostgreSQL when there is one.
      ...(withPostgres ? [server('server-pg', 'postgres'), server('server-pg', 'postgres', true)] : [server('server', 'pglite', true)]),
      'apps/web/vitest.config.ts',
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
