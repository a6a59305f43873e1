import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { earlyReadKey, INLINE_READS_ID, type InlineReads, todayIn } from '@groundwork/core/early-reads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createCompanyWithForeman, TEST_SECRET } from '../testing/factories.js';
import { createTestDatabase } from '../testing/test-db.js';
import { inlineJson } from './early-reads.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'gw-first-reads-'));
let app: FastifyInstance;
let dispose: () => Promise<void>;
let company: Awaited<ReturnType<typeof createCompanyWithForeman>>;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head></head><body><div id="root"></div>\n  </body>');
  const database = await createTestDatabase();
  dispose = database.dispose;
  const config = loadConfig({ DATA_DIR: 'memory://', AUTH_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', WEB_DIST: webDist, NODE_ENV: 'test' });
  app = await buildApp({ config, database });
  company = await createCompanyWithForeman(database.db);
});
afterAll(async () => {
  await app?.close();
  await dispose?.();
  rmSync(webDist, { recursive: true, force: true });
});

const open = (url: string, token?: string) =>
  app.inject({ url, headers: { accept: 'text/html', ...(token ? { cookie: `gw.session_token=${encodeURIComponent(token)}` } : {}) } });

/** The reads the page carries, or null. */
function carried(html: string): InlineReads | null {
  const found = new RegExp(`<script type="application/json" id="${INLINE_READS_ID}">([^<]*)</script>`).exec(html);
  return found ? (JSON.parse(found[1]) as InlineReads) : null;
}

describe('a signed-in page carries its first reads (issue 28)', () => {
  it('answers the time card’s reads in the page, the card for the settings’ pay period included, as the person’s own', async () => {
    const response = await open('/modules/timecards', company.foreman.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toContain('Cookie');
    const reads = carried(response.body);
    expect(reads?.tenant).toBe(company.tenant);
    const answers = reads?.answers ?? {};
    const tenant = { tenant_uuid: company.tenant };
    for (const key of [
      earlyReadKey('GetUser'),
      earlyReadKey('ListUsersNavigation', tenant),
      earlyReadKey('BillingStatus', tenant),
      earlyReadKey('TimecardSettings', tenant),
      earlyReadKey('TimecardJobs', tenant),
    ]) {
      expect(answers[key]?.status, key).toBe(200);
    }
    const settings = answers[earlyReadKey('TimecardSettings', tenant)].body as {
      data: { getTimecardInfo: { employee_id: number } };
    };
    expect(settings.data.getTimecardInfo.employee_id).toBe(company.foreman.employeeId);
    const card = Object.entries(answers).find(([key]) => key.startsWith('TimecardInfo '))?.[1];
    expect(card?.status).toBe(200);
    const cardBody = card?.body as { data: { getTimecardInfo: { employee_id: number } } } | undefined;
    expect(cardBody?.data.getTimecardInfo.employee_id).toBe(company.foreman.employeeId);
    // The element sits in the body, after the page's own markup.
    expect(response.body.indexOf(INLINE_READS_ID)).toBeGreaterThan(response.body.indexOf('<div id="root">'));
  });

  it('asks no card for an admin opening another person’s card, and keeps to the company the session chose', async () => {
    const reads = carried((await open(`/modules/timecards?employee=${company.foreman.employeeId}`, company.admin.token)).body);
    expect(reads?.tenant).toBe(company.tenant);
    expect(Object.keys(reads?.answers ?? {}).some((key) => key.startsWith('TimecardInfo '))).toBe(false);
    // The other company's admin gets their own company's reads, never this one's.
    const foreign = carried((await open('/modules/timecards', company.foreign.token)).body);
    expect(foreign?.tenant).toBe(company.foreign.tenantUuid);
    expect(JSON.stringify(foreign)).not.toContain(company.tenant);
  });

  it('answers the dashboard’s numbers for the phone’s date, from the time zone its page script keeps', async () => {
    const tenant = { tenant_uuid: company.tenant };
    const withZone = (zone: string) =>
      app.inject({
        url: '/dashboard',
        headers: {
          accept: 'text/html',
          cookie: `gw.session_token=${encodeURIComponent(company.admin.token)}; gw_tz=${encodeURIComponent(zone)}`,
        },
      });
    const today = todayIn('Pacific/Kiritimati') as string;
    const reads = carried((await withZone('Pacific/Kiritimati')).body);
    const dashboard = reads?.answers[earlyReadKey('GetDashboard', { ...tenant, today })];
    expect(dashboard?.status).toBe(200);
    expect((dashboard?.body as { data: { getDashboard: { today: string } } } | undefined)?.data.getDashboard.today).toBe(today);
    // No zone, or one that is not: the page asks the numbers itself.
    for (const response of [await open('/dashboard', company.admin.token), await withZone('Mars/Olympus')]) {
      expect(Object.keys(carried(response.body)?.answers ?? {}).sort()).toEqual(
        [earlyReadKey('GetUser'), earlyReadKey('BillingStatus', tenant), earlyReadKey('ListUsersNavigation', tenant)].sort(),
      );
    }
  });

  it('carries nothing without a session, with a session that is not one, or on a sign-in screen', async () => {
    for (const response of [
      await open('/modules/timecards'),
      await open('/modules/timecards', 'not-a-session'),
      await open('/login', company.admin.token),
    ]) {
      expect(carried(response.body)).toBeNull();
      expect(response.body).not.toContain(INLINE_READS_ID);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes JSON that nothing in it can break out of', () => {
    const hostile = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const html = inlineJson('x', hostile);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const inner = /^<script type="application\/json" id="x">(.*)<\/script>$/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(inner)).toEqual(hostile);
  });
});
