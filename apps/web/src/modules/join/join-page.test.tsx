import { JOIN_MESSAGES } from '@groundwork/core/join';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claims, type IdentityHandler, mockServer, renderApp } from '../../auth/test-helpers';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv';
type JoinCall = { method: string; url: string; body: Record<string, unknown> | null };

/** The identity mock plus the join endpoint: GET answers `company` (or 404), POST answers `answer`. */
function mockJoin(identity: IdentityHandler, opts: { company?: string | null; answer?: { status: number; body: unknown } } = {}) {
  mockServer(identity);
  const rest = globalThis.fetch;
  const calls: JoinCall[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith('/api/join')) return rest(input, init);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
      if (method === 'GET') {
        return opts.company === null
          ? json(404, { statusCode: 404, error: 'NOT_FOUND', message: JOIN_MESSAGES.invalidLink })
          : json(200, { company: opts.company ?? 'Summit Ridge Builders', logo: null });
      }
      const answer = opts.answer ?? { status: 200, body: { status: 'pending', company: 'Summit Ridge Builders' } };
      return json(answer.status, answer.body);
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/join', () => {
  it('refuses a malformed code without asking the server, and an unknown one as the server says', async () => {
    const calls = mockJoin(() => undefined, { company: null });
    renderApp('/join?company=nope');
    expect(await screen.findByText('This join link is not valid. Ask your company for a new one.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the company and, for a visitor, keeps their name and sends them to sign up', async () => {
    const calls = mockJoin(() => undefined);
    const app = renderApp(`/join?company=${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Join Summit Ridge Builders' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', url: `/api/join?company=${CODE}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Rosa' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Delgado' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(app.path()).toBe('/sign-up'));
    expect(JSON.parse(sessionStorage.getItem('pendingJoin') ?? 'null')).toEqual({ code: CODE, firstname: 'Rosa', lastname: 'Delgado' });
  });

  it('back from signing up, /select-tenant returns to the join page, which sends the request once and says it waits', async () => {
    sessionStorage.setItem('pendingJoin', JSON.stringify({ code: CODE, firstname: 'Rosa', lastname: 'Delgado' }));
    const calls = mockJoin((action) => (action === 'GetUser' ? { body: claims({ 'custom:tenants': [] }) } : undefined));
    const app = renderApp('/select-tenant');
    // Two lazy routes load one after the other here.
    expect(await screen.findByRole('heading', { name: 'Waiting for approval' }, { timeout: 5000 })).toBeInTheDocument();
    expect(app.href()).toBe(`/join?company=${CODE}`);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([{ method: 'POST', url: '/api/join', body: { company: CODE, firstname: 'Rosa', lastname: 'Delgado' } }]);
    expect(sessionStorage.getItem('pendingJoin')).toBeNull();
  });

  it('a signed-in person asks to join; a link without approval lets them continue to their companies', async () => {
    const calls = mockJoin((action) => (action === 'GetUser' ? { body: claims() } : undefined), {
      answer: { status: 200, body: { status: 'approved', company: 'Summit Ridge Builders' } },
    });
    const app = renderApp(`/join?company=${CODE}`);
    expect(await screen.findByText('Signed in as maria@example.com.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Maria' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Alvarez' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByText('You are now a member of Summit Ridge Builders.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.path()).toBe('/select-tenant'));
  });

  it('says so when there were too many attempts', async () => {
    mockJoin((action) => (action === 'GetUser' ? { body: claims() } : undefined), {
      answer: { status: 429, body: { statusCode: 429, error: 'RATE_LIMITED', message: JOIN_MESSAGES.tooMany } },
    });
    renderApp(`/join?company=${CODE}`);
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'A' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'B' } });
    await screen.findByRole('button', { name: 'Ask to join' });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  });
});
