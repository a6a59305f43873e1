import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// E2E_PORT and E2E_WEB_DIST let several checkouts (or people) run the suite side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The browser uses localhost: WebAuthn refuses an IP address as its relying party. The server still
// listens on 127.0.0.1 only, which is where Chromium's localhost goes.
const baseURL = `http://localhost:${PORT}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The QuickBooks Online stand-in (apps/server/src/testing/qbo-stand-in.ts) the server's QBO adapter talks to.
const QBO_STAND_IN_PORT = Number(process.env.E2E_QBO_PORT ?? PORT + 1000);
// The QuickBooks Time stand-in (apps/server/src/testing/qbt-stand-in.ts) the server's time-card system adapter talks to.
const QBT_STAND_IN_PORT = Number(process.env.E2E_QBT_PORT ?? PORT + 1100);
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The e2e server's Stripe webhook signing secret: billing.spec.ts signs its events with the same one. */
const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_groundwork_e2e';

// Workers load this file again; the env var makes them reuse the runner's data dir instead of making their own.
if (!process.env.GROUNDWORK_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-e2e-'));
  process.env.GROUNDWORK_E2E_DATA_DIR = dataDir;
  // The runner exits after the web server is stopped, so the database is closed by then.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './specs',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Budgets, not assertions: a scenario that walks a whole module (and runs axe on each screen) needs more
  // than the 30 s default on a loaded 2-core machine.
  timeout: 60_000,
  // An assertion's wait, not a measure: a page still rendering on a loaded machine gets 10 s rather than 5.
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    // A step that waits on something that never comes (a page load, a click) fails on its own and names itself, well
    // before the scenario's budget runs out with only "Test timeout" to show.
    navigationTimeout: 60_000,
    actionTimeout: 30_000,
    // A failure leaves its error-context.md (the page's accessibility tree). Traces are recorded only on request
    // (E2E_TRACE=1): recording every test's screencast, DOM snapshots and network kept Chromium's browser and GPU
    // processes busier than the pages themselves (the same 20 tests: 557 s with, 403 s without the screencast alone).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // The app honours prefers-reduced-motion (no fades), so axe never measures a snackbar half faded in or out.
    reducedMotion: 'reduce',
    // No service worker unless a journey is about it (offline.spec.ts, the punch clock's phones, the installable app):
    // the worker precaches the whole app (208 files) in every context that lets it, which cost each journey CPU in
    // the browser and the server without being what that journey tests.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium; `playwright install` is never run on this machine. Its headless shell (Debian's
      // chromium-headless-shell, the same Chromium build; what Playwright itself runs headless) when installed, as CI
      // does: the same 40 journeys took 123 s instead of 164 s with the full browser in headless mode.
      executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The QuickBooks journey raises the demo company's disconnected flag on purpose (and lowers it at the end); every
  // admin page opened meanwhile would meet the dialog, so it runs alone, before the rest.
  projects: [
    { name: 'accounting', testMatch: /accounting\.spec\.ts/ },
    { name: 'chromium', testIgnore: /accounting\.spec\.ts/, dependencies: ['accounting'] },
  ],
  webServer: [
    {
      command: 'npx tsx apps/server/src/testing/qbo-stand-in.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${QBO_STAND_IN_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { QBO_STAND_IN_PORT: String(QBO_STAND_IN_PORT) },
    },
    {
      command: 'npx tsx apps/server/src/testing/qbt-stand-in.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${QBT_STAND_IN_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { QBT_STAND_IN_PORT: String(QBT_STAND_IN_PORT) },
    },
    {
      // The compiled server, as `npm start` and production run it (`npm run test:e2e` builds it first); E2E_SERVER_SOURCE=1
      // runs the TypeScript sources through tsx instead (no build needed while changing the server).
      command: process.env.E2E_SERVER_SOURCE ? 'npx tsx apps/server/src/main.ts' : 'node --enable-source-maps apps/server/dist/main.js',
      cwd: repoRoot,
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      // First start creates and migrates a fresh database.
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_ORIGIN: baseURL,
        DATA_DIR: process.env.GROUNDWORK_E2E_DATA_DIR,
        NODE_ENV: 'test',
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
        QBO_CLIENT_ID: 'qbo-client-id',
        QBO_CLIENT_SECRET: 'qbo-client-secret',
        QBO_BASE_URL: `http://127.0.0.1:${QBO_STAND_IN_PORT}`,
        QBT_CLIENT_ID: 'qbt-client-id',
        QBT_CLIENT_SECRET: 'qbt-client-secret',
        QBT_API_BASE: `http://127.0.0.1:${QBT_STAND_IN_PORT}`,
        // Billing is configured so a signed Stripe webhook can change a company's subscription (billing.spec.ts, on
        // the second seeded company only). No call leaves the machine: the API base is a closed local port, and no
        // seeded company has a Stripe customer to look up.
        STRIPE_SECRET_KEY: 'sk_test_groundwork_e2e',
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
        STRIPE_PRICE_IDS: 'price_groundwork_e2e',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    },
  ],
});
