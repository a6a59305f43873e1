import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingStatusQuery } from '../app/billing-status-query';
import { dashboardQueryOptions } from '../modules/dashboard/queries';
import { earlyReadKey, startEarlyReads, takeEarlyRead } from './early-reads';
import { request } from './graphql';
import { identityCall } from './identity-client';
import { localToday } from './today';

const TENANT = '11111111-1111-4111-8111-111111111111';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
    startEarlyReads('/modules/timecards');
    expect(asked).toHaveLength(3);
    expect(asked.some((entry) => entry.startsWith('GetDashboard'))).toBe(false);
  });

  it("answers the app's own request from the early read once, then asks the server again", async () => {
    const asked = server();
    localStorage.setItem('selectedTenantUuid', TENANT);
    startEarlyReads('/modules/timecards');
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
});
