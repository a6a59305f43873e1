// `npm run soak:offline` (issue 24, not in CI): the offline outbox under a long, random day. Builds the web app (unless
// SOAK_SKIP_BUILD=1, or SOAK_WEB_DIST=DIR names a build), serves it on a fresh embedded database with the demo company,
// and drives Debian's Chromium at 390x844 as a crew member through SOAK_CYCLES (100) random cycles: the signal drops or
// returns, the app is reloaded (offline too: the shell then comes from the service worker, the queue from IndexedDB),
// or a receipt is added — half of them with a photo, compressed on the phone while offline. Then, with the signal back,
// it waits for the queue to empty and asks the server what it holds: each receipt exactly once, with its photo.
// Prints "lost N, duplicated N" with the counts; exits 1 when either is not 0. SOAK_SEED fixes the random sequence.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { freePort, waitFor } from './serve-helpers.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = process.env.SOAK_WEB_DIST ? path.resolve(process.env.SOAK_WEB_DIST) : path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CYCLES = Number(process.env.SOAK_CYCLES ?? 100);
const PHOTO = path.join(root, 'e2e/fixtures/receipt.jpg');
const WORKER = { username: 'ben.miller@summitridge.test', password: 'groundwork-demo' };
const JOB = 'RMOB · Riverside Medical Office Building';

// A small seeded generator (mulberry32): a failing sequence can be run again with SOAK_SEED.
const seed = Number(process.env.SOAK_SEED ?? Date.now() % 1_000_000);
let state = seed;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

async function signIn(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/`);
  // A string, not a function: tsx would wrap a function's inner names in a helper the page does not have.
  const tenant = await page.evaluate(`(async () => {
    const call = async (action, body) => {
      const r = await fetch('/api/identity', { method: 'POST', credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-identity-action': action }, body: JSON.stringify(body) });
      return r.json();
    };
    await call('InitiateAuth', ${JSON.stringify(WORKER)});
    const user = await call('GetUser', {});
    const tenant = user['custom:tenants'][0].tenant_uuid;
    await call('SelectTenant', { tenant_uuid: tenant });
    localStorage.setItem('selectedTenantUuid', tenant);
    return tenant;
  })()`);
  return tenant as string;
}

type Found = { vendor: string | null; files: unknown[] };
async function receiptsOnServer(page: Page, tenant: string): Promise<Found[]> {
  const found: Found[] = [];
  let token: string | null = null;
  do {
    const page_ = (await page.evaluate(
      `(async () => (await (await fetch('/graphql', { method: 'POST', credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query($t: ID!, $n: String) { searchReceipts(tenant_uuid: $t, limit: 200, nextToken: $n) { nextToken items { vendor files { uuid } } } }',
          variables: { t: ${JSON.stringify(tenant)}, n: ${JSON.stringify(token)} } }) })).json()).data.searchReceipts)()`,
    )) as { nextToken: string | null; items: Found[] };
    found.push(...page_.items);
    token = page_.nextToken;
  } while (token);
  return found;
}

/** The 'No Connection' modal shows on every loss of signal (and on an offline start): the receipts screen works on. */
async function keepWorking(page: Page) {
  const button = page.getByRole('dialog', { name: 'No Connection' }).getByRole('button', { name: 'Keep working offline' });
  try {
    await button.click({ timeout: 5000 });
  } catch {
    // The modal had not come (the page had not finished loading) or is gone already.
  }
}

async function addReceipt(page: Page, vendor: string, photo: boolean) {
  await page.getByRole('button', { name: 'Add receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add receipt' });
  if (photo) await dialog.locator('input[type=file]').first().setInputFiles(PHOTO);
  await dialog.getByRole('combobox', { name: 'Job', exact: true }).click();
  await page.getByRole('option', { name: JOB, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill((1 + random() * 200).toFixed(2));
  await dialog.getByRole('button', { name: 'More details' }).click();
  await dialog.getByRole('textbox', { name: 'Vendor' }).fill(vendor);
  const save = dialog.getByRole('button', { name: 'Save' });
  await save.click({ timeout: 60_000 }); // enabled once an online photo has uploaded
  await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
}

async function main() {
  if (!process.env.SOAK_SKIP_BUILD && !process.env.SOAK_WEB_DIST) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'groundwork-soak-offline-'));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  const counts = { cycles: 0, offline: 0, online: 0, reloads: 0, offlineReloads: 0, receipts: 0, photos: 0, queued: 0 };
  const expected = new Map<string, boolean>();
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
    await waitFor(`http://127.0.0.1:${port}/readyz`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-quic'],
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', timezoneId: 'UTC' });
    const page = await context.newPage();
    const tenant = await signIn(page, origin);
    await page.goto(`${origin}/modules/receipts`);
    await page.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor();
    // The service worker holds the shell before the first loss of signal; the job list is on the phone.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Add receipt' }).click();
    await page.getByRole('dialog', { name: 'Add receipt' }).getByRole('combobox', { name: 'Job', exact: true }).click();
    await page.getByRole('option', { name: JOB, exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Add receipt' }).getByRole('button', { name: 'Cancel' }).click();

    let offline = false;
    const run = Date.now().toString(36);
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const roll = random();
      if (roll < 0.2) {
        offline = !offline;
        await context.setOffline(offline);
        counts[offline ? 'offline' : 'online'] += 1;
        if (offline) await keepWorking(page);
      } else if (roll < 0.35) {
        await page.reload();
        counts.reloads += 1;
        if (offline) {
          counts.offlineReloads += 1;
          await keepWorking(page);
        }
        await page.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor({ timeout: 60_000 });
      } else {
        const vendor = `Soak ${run} #${counts.receipts + 1}`;
        const photo = random() < 0.5;
        await addReceipt(page, vendor, photo);
        expected.set(vendor, photo);
        counts.receipts += 1;
        if (photo) counts.photos += 1;
        if (offline) counts.queued += 1;
      }
      counts.cycles += 1;
      process.stderr.write(`\r  cycle ${cycle + 1}/${CYCLES} (${counts.receipts} receipts, ${offline ? 'offline' : 'online'})   `);
    }
    process.stderr.write('\n');

    // The signal returns for good: the queue empties (at once, or at the next backed-off try).
    await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor({ timeout: 60_000 });
    const until = Date.now() + 300_000;
    let found: Found[] = [];
    for (;;) {
      found = (await receiptsOnServer(page, tenant)).filter((r) => r.vendor?.startsWith(`Soak ${run} `));
      const waiting = await page.getByRole('button', { name: /waiting to send/ }).count();
      if ((found.length >= expected.size && !waiting) || Date.now() > until) break;
      await page.waitForTimeout(2000);
    }
    const seen = new Map<string, number>();
    for (const r of found) seen.set(r.vendor ?? '', (seen.get(r.vendor ?? '') ?? 0) + 1);
    const lost = [...expected.keys()].filter((v) => !seen.has(v));
    const duplicated = [...seen].filter(([, n]) => n > 1).map(([v]) => v);
    const photoless = found.filter((r) => expected.get(r.vendor ?? '') && r.files.length !== 1).map((r) => r.vendor);
    console.log(
      `soak:offline (seed ${seed}): ${counts.cycles} cycles — ${counts.offline} signal losses, ${counts.online} returns, ` +
        `${counts.reloads} reloads (${counts.offlineReloads} offline); ${counts.receipts} receipts (${counts.queued} queued offline, ` +
        `${counts.photos} with a photo); server holds ${found.length}: lost ${lost.length}, duplicated ${duplicated.length}, ` +
        `photos missing ${photoless.length}`,
    );
    if (lost.length || duplicated.length || photoless.length) {
      console.log({ lost, duplicated, photoless });
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
