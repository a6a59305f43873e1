import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claims, renderApp } from '../auth/test-helpers';

const TENANT = '11111111-1111-4111-8111-111111111111';

/**
 * The server as a list of what was asked, in order. The session check (GetUser) answers only once `holdSession` lets
 * it go, so the test sees what the app asks while it waits.
 */
function server(holdSession: Promise<void>) {
  const log: string[] = [];
  const json = (body: unknown, code = 200) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/identity') {
        const action = new Headers(init?.headers).get('x-identity-action') ?? '';
        log.push(action);
        if (action !== 'GetUser') return json({});
        await holdSession;
        log.push('GetUser answered');
        return json(claims({ 'custom:selected_tenant_uuid': TENANT, 'cognito:groups': ['admin_access'] }));
      }
      const { query } = JSON.parse(String(init?.body)) as { query: string };
      const name = /(?:query|mutation|subscription)\s+(\w+)/.exec(query)?.[1] ?? '';
      log.push(name);
      if (name === 'BillingStatus') return json({ data: { billingStatus: { configured: false, status: null, blocked: false } } });
      if (name === 'ListUsersNavigation') return json({ data: { listUsersNavigation: [] } });
      return json({ errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] }, 403);
    }),
  );
  return log;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('start-up on a weak signal (issue 28)', () => {
  it("asks the chosen company's menu, subscription status and dashboard numbers beside the session check", async () => {
    let release = () => {};
    const log = server(new Promise((resolve) => (release = resolve)));
    localStorage.setItem('selectedTenantUuid', TENANT);
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(log).toEqual(expect.arrayContaining(['GetUser', 'BillingStatus', 'ListUsersNavigation', 'GetDashboard'])));
    expect(log).not.toContain('GetUser answered');
    release();
    await waitFor(() => expect(router.state.status).toBe('idle'), { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/dashboard');
    // Each was asked once: the checks after the session used the answers already on their way.
    for (const name of ['BillingStatus', 'ListUsersNavigation']) expect(log.filter((entry) => entry === name)).toHaveLength(1);
  });

  it('asks nothing of a company before the session check when none is chosen on this phone', async () => {
    let release = () => {};
    const log = server(new Promise((resolve) => (release = resolve)));
    renderApp('/dashboard');
    await waitFor(() => expect(log).toContain('GetUser'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toEqual(['GetUser']);
    release();
    await waitFor(() => expect(log).toContain('BillingStatus'));
  });
});
