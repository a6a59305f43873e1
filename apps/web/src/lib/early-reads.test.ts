import { INLINE_READS_ID } from '@groundwork/core/early-reads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingStatusQuery } from '../app/billing-status-query';
import { dashboardQueryOptions } from '../modules/dashboard/queries';
import { timecardJobsQueryOptions, timecardQueryOptions, timecardSettingsQueryOptions } from '../modules/timecards/api/queries';
import { earlyReadKey, startEarlyReads, takeEarlyRead } from './early-reads';
import { request } from './graphql';
import { identityCall } from './identity-client';
import { localToday } from './today';

const TENANT = '11111111-1111-4111-8111-111111111111';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// Weekly periods from Monday 2026-11-23: the 27th is in the week of the 23rd to the 29th.
const SETTINGS = { pay_period_type: 1, pay_period_anchor: '2026-11-23', minute_increment: 15, today: '2026-11-27' };
const CARD = {
  employee_id: 7,
  foreman_jobs_id: [],
  people: [],
  jobs: [],
  costcodes: [],
  users_timecard: [],
  users_timecard_entries: [],
  timecard_collection: [],
  timecard_entries_collection: [],
  scheduled_jobs: [],
};

/** The server: what was asked (the identity action or the operation's name, with its variables), and its answers. */
function server() {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/identity') {
      asked.push(new Headers(init?.headers).get('x-identity-action') ?? '');
      return json({ 'custom:cognito_uuid': 'someone' });
    }
    const { query, variables } = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
    const name = /query\s+(\w+)/.exec(query)?.[1] ?? '';
    asked.push(`${name} ${JSON.stringify(variables)}`);
    if (name === 'BillingStatus') return json({ data: { billingStatus: { configured: true, status: 'active', blocked: false } } });
    if (name === 'GetDashboard') return json({ data: { getDashboard: { today: variables.today } } });
    if (name === 'TimecardSettings') return json({ data: { getTimecardInfo: { employee_id: 7, settings: SETTINGS } } });
    if (name === 'TimecardJobs') return json({ data: { listTimecardJobs: [] } });
    if (name === 'TimecardInfo') return json({ data: { getTimecardInfo: CARD } });
    return json({ data: { listUsersNavigation: [] } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

afterEach(() => {
  // Whatever a test left unasked is dropped with the clock moved past the answers' life.
  vi.useFakeTimers();
  vi.setSystemTime(Date.now() + 60_000);
  takeEarlyRead('nothing');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the first reads asked by the page script (issue 28)', () => {
  it("asks the session, the company's menu and subscription status, and on the dashboard its numbers", () => {
    const asked = server();
    localStorage.setItem('selectedTenantUuid', TENANT);
    startEarlyReads('/dashboard');
    expect(asked).toEqual([
      'GetUser',
      `ListUsersNavigation {"tenant_uuid":"${TENANT}"}`,
      `BillingStatus {"tenant_uuid":"${TENANT}"}`,
      `GetDashboard {"tenant_uuid":"${TENANT}","today":"${localToday()}"}`,
    ]);
  });

  it('asks no dashboard numbers on another page, and nothing with no company chosen or no signal', () => {
    const asked = server();
    startEarlyReads('/dashboard');
    expect(asked).toEqual([]);
    localStorage.setItem('selectedTenantUuid', TENANT);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValueOnce(false);
    startEarlyReads('/dashboard');
    expect(asked).toEqual([]);
    startEarlyReads('/modules/tools');
    expect(asked).toHaveLength(3);
    expect(asked.some((entry) => entry.startsWith('GetDashboard'))).toBe(false);
  });

  it("answers the app's own request from the early read once, then asks the server again", async () => {
    const asked = server();
    localStorage.setItem('selectedTenantUuid', TENANT);
    startEarlyReads('/modules/tools');
    expect(await request(billingStatusQuery, { tenant_uuid: TENANT })).toEqual({
      billingStatus: { configured: true, status: 'active', blocked: false },
    });
    expect(await identityCall('GetUser', {})).toEqual({ 'custom:cognito_uuid': 'someone' });
    expect(asked).toHaveLength(3);
    await request(billingStatusQuery, { tenant_uuid: TENANT });
    await identityCall('GetUser', {});
    expect(asked).toHaveLength(5);
  });

  it("answers only the read it asked: another company's or another day's numbers go to the server", async () => {
    const asked = server();
    localStorage.setItem('selectedTenantUuid', TENANT);
    startEarlyReads('/dashboard');
    const other = '22222222-2222-4222-8222-222222222222';
    await dashboardQueryOptions(other, localToday()).queryFn?.({} as never);
    await dashboardQueryOptions(TENANT, '2020-01-01').queryFn?.({} as never);
    expect(asked.slice(4)).toEqual([
      `GetDashboard {"tenant_uuid":"${other}","today":"${localToday()}"}`,
      `GetDashboard {"tenant_uuid":"${TENANT}","today":"2020-01-01"}`,
    ]);
  });

  it('keys variables in one order, and an early read that failed or is old is not used', async () => {
    expect(earlyReadKey('GetDashboard', { today: 'x', tenant_uuid: 't' })).toBe(
      earlyReadKey('GetDashboard', { tenant_uuid: 't', today: 'x' }),
    );
    localStorage.setItem('selectedTenantUuid', TENANT);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    startEarlyReads('/dashboard');
    expect(await takeEarlyRead(earlyReadKey('GetUser'))).toBeNull();
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 30_000);
    expect(takeEarlyRead(earlyReadKey('BillingStatus', { tenant_uuid: TENANT }))).toBeNull();
    vi.useRealTimers();
  });

  it("on the time card, asks its settings and jobs, then the caller's card for the period the settings give", async () => {
    const asked = server();
    localStorage.setItem('selectedTenantUuid', TENANT);
    startEarlyReads('/modules/timecards', '');
    const card = `TimecardInfo {"tenant_uuid":"${TENANT}","employee_id":null,"start_date":"2026-11-23","end_date":"2026-11-29"}`;
    await vi.waitFor(() => expect(asked).toContain(card));
    expect(asked.slice(3)).toEqual([`TimecardSettings {"tenant_uuid":"${TENANT}"}`, `TimecardJobs {"tenant_uuid":"${TENANT}"}`, card]);
    // The page's own reads take them: nothing more is asked.
    expect((await timecardSettingsQueryOptions(TENANT).queryFn?.({} as never))?.settings).toEqual(SETTINGS);
    await timecardJobsQueryOptions(TENANT).queryFn?.({} as never);
    const info = await timecardQueryOptions(TENANT, { start: '2026-11-23', end: '2026-11-29' }, null).queryFn?.({} as never);
    expect(info?.employee_id).toBe(7);
    expect(asked).toHaveLength(6);
  });

  it("asks the period named in the address, and no card when an admin opens another person's", async () => {
    let asked = server();
    localStorage.setItem('selectedTenantUuid', TENANT);
    startEarlyReads('/modules/timecards', '?period=2026-11-10');
    await vi.waitFor(() => expect(asked.some((entry) => entry.startsWith('TimecardInfo'))).toBe(true));
    expect(asked.at(-1)).toContain('"start_date":"2026-11-09","end_date":"2026-11-15"');

    asked = server();
    startEarlyReads('/modules/timecards', '?employee=12');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.some((entry) => entry.startsWith('TimecardInfo'))).toBe(false);
    expect(asked).toContain(`TimecardSettings {"tenant_uuid":"${TENANT}"}`);
  });

  it('takes the answers the page carries (a first visit: the server read them) and asks only the rest', async () => {
    const asked = server();
    localStorage.setItem('selectedTenantUuid', TENANT);
    const tenant = { tenant_uuid: TENANT };
    const cardVariables = { tenant_uuid: TENANT, employee_id: null, start_date: '2026-11-23', end_date: '2026-11-29' };
    const carried = {
      tenant: TENANT,
      answers: {
        [earlyReadKey('GetUser')]: { status: 200, body: { 'custom:cognito_uuid': 'carried' } },
        [earlyReadKey('BillingStatus', tenant)]: {
          status: 200,
          body: { data: { billingStatus: { configured: false, status: null, blocked: false } } },
        },
        [earlyReadKey('TimecardSettings', tenant)]: {
          status: 200,
          body: { data: { getTimecardInfo: { employee_id: 9, settings: SETTINGS } } },
        },
        [earlyReadKey('TimecardInfo', cardVariables)]: { status: 200, body: { data: { getTimecardInfo: { ...CARD, employee_id: 9 } } } },
      },
    };
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = INLINE_READS_ID;
    element.textContent = JSON.stringify(carried);
    document.body.append(element);
    startEarlyReads('/modules/timecards', '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The menu and the jobs were not carried: those two alone are asked, and no card (the page carried it).
    expect(asked).toEqual([`ListUsersNavigation {"tenant_uuid":"${TENANT}"}`, `TimecardJobs {"tenant_uuid":"${TENANT}"}`]);
    expect(document.getElementById(INLINE_READS_ID)).toBeNull();
    expect(await identityCall('GetUser', {})).toEqual({ 'custom:cognito_uuid': 'carried' });
    expect(await request(billingStatusQuery, tenant)).toEqual({ billingStatus: { configured: false, status: null, blocked: false } });
    const info = await timecardQueryOptions(TENANT, { start: '2026-11-23', end: '2026-11-29' }, null).queryFn?.({} as never);
    expect(info?.employee_id).toBe(9);
    expect(asked).toHaveLength(2);
  });

  it("asks everything itself when the page carries another company's answers, or nothing it can read", async () => {
    for (const text of [JSON.stringify({ tenant: '22222222-2222-4222-8222-222222222222', answers: {} }), '{not json']) {
      const asked = server();
      localStorage.setItem('selectedTenantUuid', TENANT);
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = INLINE_READS_ID;
      element.textContent = text;
      document.body.append(element);
      startEarlyReads('/modules/tools');
      expect(asked).toEqual(['GetUser', `ListUsersNavigation {"tenant_uuid":"${TENANT}"}`, `BillingStatus {"tenant_uuid":"${TENANT}"}`]);
    }
  });
});
