// `npm run bench:web` (issue 28): the web app on a phone with weak signal. Builds the app, serves it on the embedded
// database with the demo company, and runs Lighthouse 12.8.2 in its default mobile setting (simulated slow 4G, 4x CPU
// slowdown) with Debian's Chromium against /login, then, signed in as the demo admin, /dashboard and
// /modules/timecards on a first visit (HTTP cache and service worker cleared) and a repeat visit (both kept). Prints
// performance, FCP, LCP, TBT, CLS and transferred bytes per page, and the JavaScript each route loads before it is
// interactive (its static import graph from the build manifest, gzip).
//
// Lighthouse is fetched by `npx -y` and kept out of the lockfile (it wants a newer toolchain than the app's).
// Options: BENCH_WEB_SKIP_BUILD=1 reuses apps/web/dist; BENCH_WEB_DIST=DIR measures another build (e.g. an older
// commit's, to compare; a build without a manifest gets no JavaScript figures); BENCH_WEB_RUNS=N takes the median of N
// Lighthouse runs (1); BENCH_WEB_SAVE=DIR keeps each Lighthouse report there (long tasks, the LCP element, shifts);
// BENCH_WEB_APPLIED_RUNS=N sets the runs of the applied-throttling LCP (5); BENCH_WEB_INTERACTION_RUNS=N the rounds of
// the time card interactions whose long tasks are reported (3; web-interactions.ts); BENCH_WEB_ONLY=PATH runs
// Lighthouse on that page's visits alone (no applied throttling, no interactions), to compare changes quickly.
//
// Lighthouse simulates its throttling from one unthrottled load, and on this machine its figures move a lot from run
// to run. Beside them the bench measures each page's LCP the way Chrome DevTools throttles: the browser itself holds
// every request 150 ms and the download to 1.6 Mbps, and slows the CPU 4x, on a first visit (no HTTP cache, no
// service worker); the median of several runs moves by a few per cent between runs.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { freePort, waitFor } from './serve-helpers.js';
import { type InteractionFigures, measureInteractions } from './web-interactions.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1));
const APPLIED_RUNS = Math.max(1, Number(process.env.BENCH_WEB_APPLIED_RUNS ?? 5));
const INTERACTION_RUNS = Math.max(1, Number(process.env.BENCH_WEB_INTERACTION_RUNS ?? 3));
const ONLY = process.env.BENCH_WEB_ONLY;
const DEMO = { username: 'maria.alvarez@summitridge.test', password: 'groundwork-demo' };
const run = promisify(execFile);

/**
 * The flags Lighthouse's own launcher (chrome-launcher's DEFAULT_FLAGS) starts Chrome with: they switch off the
 * browser's own work (translation, autofill and optimisation-hint lookups, component updates, background throttling)
 * that would otherwise run on the page's main thread and be counted as the page's blocking time.
 */
const LIGHTHOUSE_CHROME_FLAGS = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,CalculateNativeWinOcclusion,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4,RenderDocument',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--metrics-recording-only',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--no-first-run',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--password-store=basic',
  '--use-mock-keychain',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--disable-domain-reliability',
];

/** The routes whose initial JavaScript is reported, each the manifest keys of the chunks it needs. */
// The page's first script chooses the light sign-in app or the signed-in app (apps/web/src/main.tsx); each route
// counts the one it opens and the English strings it waits for before its first render.
const ROUTES: Record<string, string[]> = {
  '/login': ['src/auth/public-main.tsx', 'src/lib/strings/public.en.ts'],
  '/dashboard (signed-in shell)': [
    'src/app/app-main.tsx',
    'src/app/layouts/appview-layout.tsx',
    'src/modules/dashboard/dashboard-page.tsx',
    'src/lib/strings/public.en.ts',
    'src/lib/strings/signed-in.en.ts',
  ],
  '/modules/timecards': [
    'src/app/app-main.tsx',
    'src/app/layouts/appview-layout.tsx',
    'src/modules/timecards/timecards-page.tsx',
    'src/lib/strings/public.en.ts',
    'src/lib/strings/signed-in.en.ts',
    'src/locales/timecards.en.json',
  ],
};

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/** The gzip size of every JS file a route loads before it can run: the entry, the route's chunks and their static imports. */
function initialJs(manifest: Record<string, ManifestChunk>, keys: string[]) {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the build manifest has no entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  // An older build (BENCH_WEB_DIST) may split its strings otherwise: what it does not have is named, not counted.
  const missing = keys.filter((key) => !manifest[key]);
  for (const key of [entry, ...keys.filter((key) => manifest[key])]) visit(key);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
  return { files: files.length, gzipKb: gzip / 1024, missing };
}

type Figures = { score: number; fcp: number; lcp: number; tbt: number; tti: number; cls: number; bytes: number };

async function lighthouse(url: string, port: number): Promise<Figures> {
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    `--port=${port}`,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    // This script clears the cache itself before a first visit: Lighthouse's own reset would also sign out.
    '--disable-storage-reset',
  ];
  const { stdout } = await run('npx', args, { maxBuffer: 256 * 1024 * 1024, cwd: tmpdir() });
  const lhr = JSON.parse(stdout);
  if (process.env.BENCH_WEB_SAVE) {
    mkdirSync(process.env.BENCH_WEB_SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.BENCH_WEB_SAVE, name), stdout);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    score: lhr.categories.performance.score,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    tti: audit('interactive'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function medianFigures(all: Figures[]): Figures {
  const pick = (key: keyof Figures) => median(all.map((f) => f[key]));
  return {
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    tti: pick('tti'),
    cls: pick('cls'),
    bytes: pick('bytes'),
  };
}

function row(label: string, f: Figures) {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `${label.padEnd(34)} ${f.score.toFixed(2).padStart(5)} ${s(f.fcp).padStart(8)} ${s(f.lcp).padStart(8)} ${`${Math.round(f.tbt)} ms`.padStart(8)} ${s(f.tti).padStart(8)} ${f.cls.toFixed(3).padStart(6)} ${`${Math.round(f.bytes / 1024)} KB`.padStart(9)}`;
}

async function main() {
  if (!process.env.BENCH_WEB_SKIP_BUILD && !process.env.BENCH_WEB_DIST) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    console.log(
      'Initial JavaScript per route (gzip: the entry, the app it opens, the route chunks with their static imports, its strings):',
    );
    for (const [route, keys] of Object.entries(ROUTES)) {
      const { files, gzipKb, missing } = initialJs(manifest, keys);
      const without = missing.length ? ` (this build has no ${missing.join(', ')})` : '';
      console.log(`  ${route.padEnd(32)} ${gzipKb.toFixed(1).padStart(6)} KB in ${files} files${without}`);
    }
  } else console.log(`${dist} has no build manifest: no JavaScript figures`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'groundwork-bench-web-'));
  const profile = mkdtempSync(path.join(tmpdir(), 'groundwork-bench-chromium-'));
  const port = await freePort();
  const debugPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  let chrome: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_ORIGIN: origin,
        NODE_ENV: 'development',
        WEB_DIST: dist,
      },
    });
    await waitFor(`${origin}/readyz`);
    // Chromium runs on its own; Playwright connects only to prepare a visit (clear the cache, sign in, warm the
    // service worker) and lets go before Lighthouse measures. Left attached, it instruments every page it sees (its
    // own scripts in each document), which Lighthouse counted as the page's main-thread work.
    chrome = spawn(
      CHROMIUM,
      [
        '--headless=new',
        `--remote-debugging-port=${debugPort}`,
        `--user-data-dir=${profile}`,
        '--no-sandbox',
        '--disable-gpu',
        ...LIGHTHOUSE_CHROME_FLAGS,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
    const prepare = async (step: (page: Page, browser: Browser) => Promise<void>) => {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
      try {
        const context = browser.contexts()[0];
        const page = context.pages()[0] ?? (await context.newPage());
        await step(page, browser);
      } finally {
        await browser.close(); // disconnects; the browser and its pages stay
      }
    };

    const results: [string, Figures][] = [];
    const measure = async (label: string, url: string, keepStorage: boolean) => {
      const all: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (!keepStorage) {
          // A first visit: no HTTP cache, no service worker, no cached shell; the session and the chosen company stay.
          await prepare(async (page) => {
            await page.goto('about:blank');
            const cdp = await page.context().newCDPSession(page);
            // Twice, a second apart: a worker still running when the first clear came could write its cache back.
            for (const pause of [1000, 0]) {
              await cdp.send('Network.clearBrowserCache');
              await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage' });
              await page.waitForTimeout(pause);
            }
            await cdp.detach();
          });
        } else {
          // A repeat visit: the page has been opened before and its service worker holds the shell.
          // (The signed-in pages keep an event stream open, so the network is never idle: a pause lets the worker
          // finish caching.)
          await prepare(async (page) => {
            await page.goto(url);
            await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 60_000 });
            await page.waitForTimeout(3000);
            await page.goto('about:blank');
          });
        }
        process.stderr.write(`  ${label}: Lighthouse run ${i + 1} of ${RUNS}\n`);
        // Lighthouse now and then loses the page's navigation start (NO_NAVSTART); that run is taken again once.
        all.push(await lighthouse(url, debugPort).catch(() => lighthouse(url, debugPort)));
      }
      // A first visit downloads the app: a few kilobytes mean the cache was not cleared, and the figures are a repeat's.
      if (!keepStorage && all.some((f) => f.bytes < 100 * 1024))
        process.stderr.write(`  ${label}: under 100 KB moved, not a first visit\n`);
      results.push([label, medianFigures(all)]);
    };

    if (!ONLY || ONLY === '/login') await measure('/login (first visit)', `${origin}/login`, false);
    // Sign in as the demo admin in this browser: the session cookie and the selected company stay for Lighthouse.
    let signedIn = false;
    await prepare(async (page) => {
      await page.goto(`${origin}/login`);
      // A string, not a function: tsx would wrap a function's inner names in a helper the page does not have.
      signedIn = await page.evaluate(`(async ({ username, password }) => {
      const call = async (action, body) => {
        const response = await fetch('/api/identity', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-identity-action': action },
          body: JSON.stringify(body),
        });
        return response.json();
      };
      await call('InitiateAuth', { username, password });
      const user = await call('GetUser', {});
      const tenant = user['custom:tenants']?.[0];
      if (!tenant) return false;
      await call('SelectTenant', { tenant_uuid: tenant.tenant_uuid });
      localStorage.setItem('selectedTenantUuid', tenant.tenant_uuid);
      return true;
    })(${JSON.stringify(DEMO)})`);
      // The service worker this page registered must have finished installing (and filling its cache) before a first
      // visit clears it: a worker still installing wrote the shell back afterwards, and the "first" visit came from it.
      await page.evaluate('Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 30000))])');
      await page.goto('about:blank');
    });
    if (!signedIn) throw new Error('could not sign in as the demo admin');
    for (const route of ['/dashboard', '/modules/timecards'].filter((r) => !ONLY || ONLY === r)) {
      await measure(`${route} (first visit)`, `${origin}${route}`, false);
      await measure(`${route} (repeat visit)`, `${origin}${route}`, true);
    }
    if (!ONLY || ONLY === '/login') await measure('/login (repeat visit)', `${origin}/login`, true);

    // Applied throttling: the browser slows the network and CPU itself (see the top of this file).
    const applied: [string, number[]][] = [];
    for (const route of ONLY ? [] : ['/login', '/dashboard', '/modules/timecards']) {
      const runs: number[] = [];
      for (let i = 0; i < APPLIED_RUNS; i++) {
        process.stderr.write(`  ${route}: applied-throttling run ${i + 1} of ${APPLIED_RUNS}\n`);
        await prepare(async (page) => {
          const visit = await page.context().newPage();
          const cdp = await visit.context().newCDPSession(visit);
          await cdp.send('Network.enable');
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          await cdp.send('Network.setBypassServiceWorker', { bypass: true });
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 150,
            downloadThroughput: (1.6 * 1024 * 1024) / 8,
            uploadThroughput: (750 * 1024) / 8,
          });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await visit.goto(`${origin}${route}`, { waitUntil: 'load', timeout: 60_000 });
          // The signed-in pages ask the server after their code has run; their largest paint comes after the load.
          await visit.waitForTimeout(6000);
          runs.push(
            await visit.evaluate(`new Promise((resolve) => {
              new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime))
                .observe({ type: 'largest-contentful-paint', buffered: true });
              setTimeout(() => resolve(Number.NaN), 2000);
            })`),
          );
          await visit.close();
        });
      }
      applied.push([route, runs]);
    }

    // Long tasks while a person works on a time card (issue 28), with the CPU slowed 4x.
    let interactions: InteractionFigures = [];
    if (!ONLY)
      await prepare(async (page) => {
        interactions = await measureInteractions(page.context(), origin, INTERACTION_RUNS);
      });

    console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, mobile (slow 4G, 4x CPU), median of ${RUNS}:`);
    console.log(
      `${'page'.padEnd(34)} ${'perf'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'TTI'.padStart(8)} ${'CLS'.padStart(6)} ${'bytes'.padStart(9)}`,
    );
    for (const [label, figures] of results) console.log(row(label, figures));
    console.log(`\nLCP with applied throttling (150 ms a request, 1.6 Mbps, 4x CPU), first visit, median of ${APPLIED_RUNS}:`);
    for (const [route, runs] of applied) {
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(`${route.padEnd(34)} ${s(median(runs)).padStart(8)}   (runs: ${runs.map(s).join(', ')})`);
    }
    console.log(
      `\nLong tasks on /modules/timecards (phone size, 4x CPU), the longest and the blocking time, median of ${INTERACTION_RUNS}:`,
    );
    for (const [name, runs] of interactions) {
      const longest = median(runs.map((r) => r.longest));
      const blocking = median(runs.map((r) => r.blocking));
      console.log(
        `${name.padEnd(40)} ${`${Math.round(longest)} ms`.padStart(8)} ${`${Math.round(blocking)} ms`.padStart(8)}   (longest in each run: ${runs.map((r) => Math.round(r.longest)).join(', ')} ms)`,
      );
    }
  } finally {
    if (chrome?.pid) chrome.kill('SIGTERM');
    if (chrome && chrome.exitCode === null && chrome.signalCode === null) await new Promise((r) => chrome?.once('exit', r));
    if (server?.pid) server.kill('SIGTERM');
    if (server && server.exitCode === null && server.signalCode === null) await new Promise((r) => server?.once('exit', r));
    rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
