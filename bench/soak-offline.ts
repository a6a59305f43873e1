// `npm run soak:offline` (issue 24, not in CI): the offline outbox under a long, random day. Builds the web app (unless
// SOAK_SKIP_BUILD=1, or SOAK_WEB_DIST=DIR names a build), serves it on a fresh embedded database with the demo company,
// and drives Debian's Chromium at 390x844 as a crew member through SOAK_CYCLES (100) random cycles: the signal drops or
// returns, the app is reloaded (offline too: the shell then comes from the service worker, the queue from IndexedDB),
// or a field action is done through its screen — a receipt (half with a photo, compressed on the phone), a line of
// time, a comment on a task, a tool moved into the person's truck, a daily report, a scheduled day confirmed or
// declined, the mood check-in, a punch on the clock (in, break, back, switch, out). Then, with the signal back, it waits for the queue to empty and asks the server what it
// holds: each action exactly once (bench/soak-offline-actions.ts). Prints the counts and "lost N, duplicated N";
// exits 1 when either is not 0, or when the phone kept an action the server refused. SOAK_SEED fixes the sequence.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { freePort, waitFor } from './serve-helpers.js';
import * as act from './soak-offline-actions.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = process.env.SOAK_WEB_DIST ? path.resolve(process.env.SOAK_WEB_DIST) : path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CYCLES = Number(process.env.SOAK_CYCLES ?? 100);
const PHOTO = path.join(root, 'e2e/fixtures/receipt.jpg');
const WORKER = { username: 'ben.miller@summitridge.test', password: 'groundwork-demo' };
const OFFICE = { username: 'maria.alvarez@summitridge.test', password: 'groundwork-demo' };
const JOB = 'RMOB · Riverside Medical Office Building';
// Daily reports go on a job the demo company has written none for, one day further back each time.
const REPORT_JOB = 'PWT · Parker Water Treatment Upgrade';
const TRUCK = 'Truck 3';
// Time goes on the job the worker is scheduled on today and on another.
const TIME_JOBS = ['ADC · Aurora Distribution Center', JOB];
const TASK = 'Soak: punch list walk';
// Punches go on a job the typed time is not on: the card's hours there are the clock's, counted by their segments.
const PUNCH_JOB = REPORT_JOB;

// A small seeded generator (mulberry32): a failing sequence can be run again with SOAK_SEED.
const seed = Number(process.env.SOAK_SEED ?? Date.now() % 1_000_000);
let state = seed;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Signs in through the identity endpoint and picks the demo company; returns its tenant uuid. */
async function signIn(page: Page, origin: string, who: { username: string; password: string }): Promise<string> {
  await page.goto(`${origin}/`);
  const tenant = await page.evaluate(`(async () => {
    const call = async (action, body) => {
      const r = await fetch('/api/identity', { method: 'POST', credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-identity-action': action }, body: JSON.stringify(body) });
      return r.json();
    };
    await call('InitiateAuth', ${JSON.stringify(who)});
    const user = await call('GetUser', {});
    const tenant = user['custom:tenants'][0].tenant_uuid;
    await call('SelectTenant', { tenant_uuid: tenant });
    localStorage.setItem('selectedTenantUuid', tenant);
    return tenant;
  })()`);
  return tenant as string;
}

type Setup = { employeeId: number; taskId: number; tools: { id: number; number: string }[]; days: string[]; today: string };

/** The office's side, before the day starts: lends the worker Truck 3, lets them write daily reports, gives them a
 * task and schedules them on the next five days. Also names the tools in the HQ shop the worker may move. */
async function prepare(browser: Browser, origin: string, worker: Page, tenant: string): Promise<Setup> {
  const { getTimecardInfo } = await act.gql<{ getTimecardInfo: { employee_id: number; settings: { today: string } } }>(
    worker,
    'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { employee_id settings { today } } }',
    { t: tenant },
  );
  const employeeId = getTimecardInfo.employee_id;
  const today = getTimecardInfo.settings.today;
  const office = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  try {
    const desk = await office.newPage();
    await signIn(desk, origin, OFFICE);
    const { toolContainers } = await act.gql<{ toolContainers: { id: number; container_name: string }[] }>(
      desk,
      'query($t: ID!) { toolContainers(tenant_uuid: $t) { id container_name } }',
      { t: tenant },
    );
    const truck = toolContainers.find((c) => c.container_name === TRUCK);
    const hq = toolContainers.find((c) => c.container_name === 'HQ Shop');
    if (!truck || !hq) throw new Error('the demo company has no Truck 3 or HQ Shop');
    await act.gql(desk, 'mutation($t: ID!, $d: [ContainersUpdateInput!]!) { updateContainers(tenant_uuid: $t, data: $d) { id } }', {
      t: tenant,
      d: [{ id: truck.id, employees_id: employeeId }],
    });
    await act.gql(
      desk,
      'mutation($t: ID!, $u: [Int!]!) { createUserGroup(tenant_uuid: $t, usergroup_name: "Soak reports", access: ["project_notes_admin"], users: $u) { id } }',
      { t: tenant, u: [employeeId] },
    );
    const { getTimecardInfo: me } = await act.gql<{ getTimecardInfo: { employee_id: number } }>(
      desk,
      'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { employee_id } }',
      { t: tenant },
    );
    const { customCreateTask } = await act.gql<{ customCreateTask: { tasks: { id: number }[] } }>(
      desk,
      'mutation($t: ID!, $u: Int!, $task: TaskCreateInput!) { customCreateTask(tenant_uuid: $t, user_id: $u, task: $task) { tasks { id } } }',
      { t: tenant, u: me.employee_id, task: { title: TASK, assignees: [employeeId] } },
    );
    const { listJobs } = await act.gql<{ listJobs: { items: { id: number; job: string }[] } }>(
      desk,
      'query($t: ID!) { listJobs(tenant_uuid: $t, limit: 1000) { items { id job } } }',
      { t: tenant },
    );
    const job = listJobs.items.find((j) => JOB.endsWith(` · ${j.job}`));
    if (!job) throw new Error(`no job ${JOB}`);
    // Days the worker is not on yet (the demo company schedules some): one entry each, so an answer names one day.
    const taken = new Set((await act.myDays(worker, tenant, act.plusDays(today, 1))).map((d) => d.date));
    const days = Array.from({ length: 13 }, (_, n) => act.plusDays(today, n + 1))
      .filter((d) => !taken.has(d))
      .slice(0, 4);
    await act.gql(
      desk,
      'mutation($t: ID!, $add: [ScheduleEntryInput!]) { updateSchedule(tenant_uuid: $t, add: $add, allow_double_booking: true) { __typename } }',
      { t: tenant, add: days.map((date) => ({ jobs_id: job.id, employees_id: employeeId, date })) },
    );
    const { searchTools } = await act.gql<{ searchTools: { items: { id: number; tool_number: string; container_id: number }[] } }>(
      desk,
      'query($t: ID!) { searchTools(tenant_uuid: $t, status: 1, limit: 50) { items { id tool_number container_id } } }',
      { t: tenant },
    );
    const tools = searchTools.items.filter((t) => t.container_id === hq.id).map((t) => ({ id: t.id, number: t.tool_number }));
    return { employeeId, taskId: customCreateTask.tasks[0].id, tools, days, today };
  } finally {
    await office.close();
  }
}

type Expected = {
  receipts: Map<string, boolean>;
  hours: number;
  comments: Set<string>;
  moves: Map<number, string>;
  reports: Map<string, string>;
  answers: Map<string, 'confirmed' | 'declined'>;
  mood: number | null;
  /** The segments the punches opened, in order (WORK, BREAK…): the server must hold exactly these. */
  punches: string[];
};

/** One random field action, done wherever the person is; returns its kind. */
async function fieldAction(page: Page, setup: Setup, expected: Expected, run: string, n: number): Promise<string> {
  const mark = `Soak ${run} #${n}`;
  const roll = random();
  if (roll < 0.2) {
    const photo = random() < 0.5;
    await act.addReceipt(page, JOB, mark, (1 + random() * 200).toFixed(2), photo ? PHOTO : null);
    expected.receipts.set(mark, photo);
    return photo ? 'receipt+photo' : 'receipt';
  }
  if (roll < 0.38) {
    const quarters = 1 + Math.floor(random() * 4);
    await act.addTime(page, setup.today, pick(TIME_JOBS), String(quarters / 4));
    expected.hours += quarters / 4;
    return 'time';
  }
  if (roll < 0.54) {
    await act.commentOnTask(page, TASK, mark);
    expected.comments.add(mark);
    return 'comment';
  }
  if (roll < 0.68 && setup.tools.length > expected.moves.size) {
    const tool = setup.tools[expected.moves.size];
    await act.moveTool(page, tool.number, TRUCK, mark);
    expected.moves.set(tool.id, mark);
    return 'tool move';
  }
  if (roll < 0.8 && expected.reports.size < 30) {
    // One report per job and day: each new one goes a day further back.
    const day = act.plusDays(setup.today, -expected.reports.size);
    await act.writeReport(page, REPORT_JOB, day, mark);
    expected.reports.set(day, mark);
    return 'daily report';
  }
  if (roll < 0.88) {
    const action = await act.punch(page, PUNCH_JOB, random());
    if (action !== 'OUT') expected.punches.push(action === 'BREAK_START' ? 'BREAK' : 'WORK');
    return `punch ${action}`;
  }
  if (roll < 0.95 || expected.mood !== null) {
    const date = pick(setup.days);
    const want = expected.answers.get(date) === 'confirmed' ? 'declined' : 'confirmed';
    expected.answers.set(date, await act.answerDay(page, date, want, mark));
    return 'schedule answer';
  }
  const level = await act.checkIn(page, 1 + Math.floor(random() * 5));
  if (level !== null) expected.mood = level;
  return level !== null ? 'mood' : 'none';
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
  const counts: Record<string, number> = { cycles: 0, offline: 0, online: 0, reloads: 0, offlineReloads: 0, actions: 0, queued: 0 };
  const kinds: Record<string, number> = {};
  const expected: Expected = {
    receipts: new Map(),
    hours: 0,
    comments: new Set(),
    moves: new Map(),
    reports: new Map(),
    answers: new Map(),
    mood: null,
    punches: [],
  };
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
    const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', timezoneId: 'UTC' });
    const page = await context.newPage();
    // The page's own errors, kept beside the failure screenshot.
    const consoleLog = path.join(tmpdir(), 'soak-offline-console.log');
    rmSync(consoleLog, { force: true });
    page.on('console', (m) => {
      if (m.type() === 'error') appendFileSync(consoleLog, `${new Date().toISOString()} ${m.text()}\n`);
    });
    page.on('pageerror', (e) => appendFileSync(consoleLog, `${new Date().toISOString()} ${e.message}\n`));
    const tenant = await signIn(page, origin, WORKER);
    const setup = await prepare(browser, origin, page, tenant);
    const hoursBefore = await act.hoursOn(page, tenant, setup.today, TIME_JOBS);
    // With signal, each screen is opened once (its data is then on the phone); the service worker holds the shell.
    await page.goto(`${origin}/dashboard`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    for (const [where, heading] of [
      ['/modules/receipts', 'Receipts'],
      ['/modules/tasks', 'Tasks'],
      ['/modules/tool20', 'Tools'],
      ['/modules/project-notes', 'Project Notes'],
      ['/modules/scheduled', 'My Schedule'],
      ['/modules/timecards', 'Timecards'],
      ['/modules/timecards?tab=clock', 'Timecards'],
    ]) {
      await act.go(page, where, heading);
      // Long enough for the screen's lists to arrive (leaving earlier cancels them: nothing would be kept).
      await page.waitForTimeout(2500);
    }

    let offline = false;
    const run = Date.now().toString(36);
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const roll = random();
      if (roll < 0.15) {
        offline = !offline;
        await context.setOffline(offline);
        counts[offline ? 'offline' : 'online'] += 1;
        if (offline) await act.keepWorking(page);
      } else if (roll < 0.27) {
        await page.reload();
        counts.reloads += 1;
        if (offline) {
          counts.offlineReloads += 1;
          await act.keepWorking(page);
        }
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
      } else {
        counts.actions += 1;
        const kind = await fieldAction(page, setup, expected, run, counts.actions).catch(async (error) => {
          // What the screen showed when an action could not be done: for whoever reads the failure.
          await page.screenshot({ path: path.join(tmpdir(), 'soak-offline-failure.png') }).catch(() => undefined);
          throw error;
        });
        kinds[kind] = (kinds[kind] ?? 0) + 1;
        if (offline) counts.queued += 1;
      }
      counts.cycles += 1;
      process.stderr.write(`\r  cycle ${cycle + 1}/${CYCLES} (${counts.actions} actions, ${offline ? 'offline' : 'online'})   `);
    }
    process.stderr.write('\n');

    // The signal returns for good: the queue empties (at once, or at the next backed-off try).
    await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    // Settled: nothing waiting in three looks in a row (the outbox button shows a moment after the page starts).
    const until = Date.now() + 300_000;
    for (let calm = 0; calm < 3 && Date.now() < until; ) {
      await page.waitForTimeout(2000);
      calm = (await page.getByRole('button', { name: /waiting to send/ }).count()) === 0 ? calm + 1 : 0;
    }
    const refused = await page.getByRole('button', { name: /not accepted/ }).count();
    const waiting = await page.getByRole('button', { name: /waiting to send/ }).count();

    // What the server holds, kind by kind: each mark once.
    const lost: string[] = [];
    const duplicated: string[] = [];
    const tally = (what: string, marks: Iterable<string>, held: string[]) => {
      for (const mark of marks) {
        const n = held.filter((h) => h === mark).length;
        if (n === 0) lost.push(`${what} ${mark}`);
        if (n > 1) duplicated.push(`${what} ${mark} ×${n}`);
      }
    };
    const receipts = await act.receiptsOnServer(page, tenant);
    tally(
      'receipt',
      expected.receipts.keys(),
      receipts.map((r) => r.vendor ?? ''),
    );
    const photoless = receipts.filter((r) => expected.receipts.get(r.vendor ?? '') && r.files.length !== 1).map((r) => r.vendor);
    tally('comment', expected.comments, await act.taskComments(page, tenant, setup.taskId));
    for (const [toolId, mark] of expected.moves) tally('tool move', [mark], await act.toolNotes(page, tenant, toolId));
    const oldest = act.plusDays(setup.today, -Math.max(0, expected.reports.size - 1));
    tally('daily report', expected.reports.values(), await act.reportNotes(page, tenant, oldest, setup.today));
    const hoursAfter = await act.hoursOn(page, tenant, setup.today, TIME_JOBS);
    const hoursOff = Math.round((hoursAfter - hoursBefore - expected.hours) * 4) / 4;
    if (hoursOff < 0) lost.push(`time ${-hoursOff} h`);
    if (hoursOff > 0) duplicated.push(`time ${hoursOff} h`);
    const days = await act.myDays(page, tenant, setup.days[0]);
    for (const [date, answer] of expected.answers) {
      const held = days.find((d) => d.date === date)?.confirmation_status;
      if (held !== answer) lost.push(`schedule answer ${date}: ${answer}, server ${held}`);
    }
    // Punches: the segments the taps opened, each once, in order (a lost punch leaves one out, a resent switch adds one).
    const punched = await act.punchedKinds(page, tenant, setup.employeeId, setup.today);
    let same = 0;
    while (same < expected.punches.length && same < punched.length && expected.punches[same] === punched[same]) same += 1;
    for (const [i, kind] of expected.punches.slice(same).entries()) lost.push(`punch: segment ${same + i + 1} (${kind})`);
    for (const [i, kind] of punched.slice(same).entries()) duplicated.push(`punch: segment ${same + i + 1} (${kind}) not tapped`);
    if (expected.mood !== null && (await act.moodToday(page, tenant, setup.today)) !== expected.mood) lost.push(`mood ${expected.mood}`);

    console.log(
      `soak:offline (seed ${seed}): ${counts.cycles} cycles — ${counts.offline} signal losses, ${counts.online} returns, ` +
        `${counts.reloads} reloads (${counts.offlineReloads} offline); ${counts.actions} field actions, ${counts.queued} of them queued offline (` +
        `${Object.entries(kinds)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}); lost ${lost.length}, duplicated ${duplicated.length}, photos missing ${photoless.length}, ` +
        `refused ${refused}, still waiting ${waiting}`,
    );
    if (lost.length || duplicated.length || photoless.length || refused || waiting) {
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
