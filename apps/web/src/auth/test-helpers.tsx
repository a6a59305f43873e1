import type { IdentityClaims } from '@groundwork/core/identity';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { createAppRouter } from '../app/router';

export type Reply = { status?: number; body: unknown };
export type IdentityHandler = (action: string, body: Record<string, unknown>) => Reply | Promise<Reply> | undefined;
export type Call = { action: string; body: Record<string, unknown> };

const NOT_SIGNED_IN: Reply = { status: 401, body: { name: 'NotAuthorizedException', message: 'Not signed in' } };

export function claims(overrides: Partial<IdentityClaims> = {}): IdentityClaims {
  return {
    username: 'maria@example.com',
    email: 'maria@example.com',
    email_verified: true,
    phone_number: null,
    phone_number_verified: false,
    'custom:cognito_uuid': 'c0ffee00-0000-4000-8000-000000000001',
    'custom:tenants': [
      { tenant_uuid: '11111111-1111-4111-8111-111111111111', company: 'Summit Ridge Builders' },
      { tenant_uuid: '22222222-2222-4222-8222-222222222222', company: 'Canyon Concrete' },
    ],
    'custom:selected_tenant_uuid': null,
    'cognito:groups': [],
    mfa: { enabled: [], preferred: null },
    ...overrides,
  };
}

/**
 * Replaces fetch: identity calls go to `handler` (GetUser answers 401 unless it says otherwise), the
 * captcha and GraphQL get harmless answers. Returns the identity calls made, in order.
 */
export function mockServer(handler: IdentityHandler, extra: { captcha?: unknown } = {}): Call[] {
  const calls: Call[] = [];
  const json = (reply: Reply) =>
    new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/identity') {
        const action = new Headers(init?.headers).get('x-identity-action') ?? '';
        const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
        calls.push({ action, body });
        const reply = await handler(action, body);
        if (reply) return json(reply);
        if (action === 'GetUser') return json(NOT_SIGNED_IN);
        return json({ status: 400, body: { name: 'InvalidParameterException', message: `unexpected ${action}` } });
      }
      if (url === '/api/identity/captcha') return json({ body: extra.captcha ?? {} });
      if (url === '/graphql') return json({ body: { data: null, errors: [{ message: 'nope', extensions: { code: 'FORBIDDEN' } }] } });
      throw new TypeError(`unmocked fetch ${url}`);
    }),
  );
  return calls;
}

export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, path: () => router.state.location.pathname, href: () => router.state.location.href };
}
