import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A stand-in for QuickBooks Time (REST API v1, https://rest.tsheets.com/api/v1) on 127.0.0.1 that the real adapter
 * talks to (QBT_API_BASE): OAuth 2 at /api/v1/authorize, /api/v1/grant (authorization_code, refresh_token with
 * rotation, invalid_grant) and /api/v1/revoke; /current_user, /users, /jobcodes and /timesheets answered in its
 * shape ({ results: { <list>: { <id>: {...} } }, more, supplemental_data }), paged by page and limit. Tests add
 * users, jobcodes and timesheets, revoke or expire tokens behind our back, and count the requests.
 */
export type QbtStandIn = {
  url: string;
  companyId: string;
  clientId: string;
  clientSecret: string;
  users: Map<number, Record<string, unknown>>;
  jobcodes: Map<number, Record<string, unknown>>;
  timesheets: Map<number, Record<string, unknown>>;
  requests: { method: string; path: string }[];
  addUser(first_name: string, last_name: string): Record<string, unknown> & { id: number };
  addJobcode(name: string): Record<string, unknown> & { id: number };
  addTimesheet(fields: {
    user_id: number;
    jobcode_id: number;
    date: string;
    duration: number;
    on_the_clock?: boolean;
    notes?: string;
  }): Record<string, unknown> & { id: number };
  /** Revokes every token, as removing the app inside QuickBooks Time does. */
  revokeAll(): void;
  /** Makes the current access tokens stale, so the next call must refresh. */
  expireAccess(): void;
  refreshTokens: Set<string>;
  revoked: string[];
  close(): Promise<void>;
};

export async function startQbtStandIn(opts: { port?: number; host?: string } = {}): Promise<QbtStandIn> {
  const app: FastifyInstance = Fastify({ logger: false });
  const clientId = 'qbt-client-id';
  const clientSecret = 'qbt-client-secret';
  const companyId = '503321';
  const users = new Map<number, Record<string, unknown>>();
  const jobcodes = new Map<number, Record<string, unknown>>();
  const timesheets = new Map<number, Record<string, unknown>>();
  const requests: QbtStandIn['requests'] = [];
  const codes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const revoked: string[] = [];
  let next = 1_000_001;
  const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const modified = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');

  const addUser = (first_name: string, last_name: string) => {
    const id = next++;
    const row = {
      id,
      first_name,
      last_name,
      username: `${first_name}.${last_name}`.toLowerCase(),
      active: true,
      last_modified: modified(),
    };
    users.set(id, row);
    return row;
  };
  const addJobcode = (name: string) => {
    const id = next++;
    const row = { id, parent_id: 0, name, short_code: '', type: 'regular', active: true, has_children: false, last_modified: modified() };
    jobcodes.set(id, row);
    return row;
  };
  const addTimesheet: QbtStandIn['addTimesheet'] = (f) => {
    const id = next++;
    const start = `${f.date}T07:00:00-07:00`;
    const row = {
      id,
      user_id: f.user_id,
      jobcode_id: f.jobcode_id,
      start,
      end: f.on_the_clock ? '' : new Date(Date.parse(start) + f.duration * 1000).toISOString(),
      duration: f.duration,
      date: f.date,
      tz: -7,
      tz_str: 'tsMT',
      type: 'regular',
      location: '',
      on_the_clock: f.on_the_clock ?? false,
      locked: 0,
      notes: f.notes ?? '',
      customfields: {},
      last_modified: modified(),
      attached_files: [],
      created_by_user_id: f.user_id,
    };
    timesheets.set(id, row);
    return row;
  };
  addUser('Stand-in', 'Admin');

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('preHandler', async (req) => {
    requests.push({ method: req.method, path: req.url.split('?')[0] ?? req.url });
  });
  const clientOk = (body: Record<string, string>) => body.client_id === clientId && body.client_secret === clientSecret;

  app.get('/api/v1/authorize', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (q.client_id !== clientId || q.response_type !== 'code' || !q.redirect_uri)
      return reply.status(400).send({ error: 'invalid_request' });
    const code = token('code');
    codes.set(code, q.redirect_uri);
    const back = new URL(q.redirect_uri);
    back.search = new URLSearchParams({ code, state: q.state ?? '' }).toString();
    return reply.redirect(back.toString(), 302);
  });

  const issue = () => {
    const access_token = token('S.4__access');
    const refresh_token = token('refresh');
    accessTokens.add(access_token);
    refreshTokens.add(refresh_token);
    return { access_token, expires_in: 3600, token_type: 'bearer', scope: '', refresh_token, user_id: '1000001', company_id: companyId };
  };

  app.post('/api/v1/grant', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string>;
    if (!clientOk(body)) return reply.status(401).send({ error: 'invalid_client', error_description: 'Client authentication failed' });
    if (body.grant_type === 'authorization_code') {
      const redirect = body.code ? codes.get(body.code) : undefined;
      if (!redirect || redirect !== body.redirect_uri) {
        return reply.status(400).send({ error: 'invalid_grant', error_description: 'The authorization code is invalid or expired.' });
      }
      codes.delete(body.code as string);
      return issue();
    }
    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token || !refreshTokens.has(body.refresh_token)) {
        return reply.status(400).send({ error: 'invalid_grant', error_description: 'The refresh token is invalid or expired.' });
      }
      refreshTokens.delete(body.refresh_token);
      return issue();
    }
    return reply.status(400).send({ error: 'unsupported_grant_type' });
  });

  app.post('/api/v1/revoke', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string>;
    if (!clientOk(body)) return reply.status(401).send({ error: 'invalid_client' });
    if (!body.token) return reply.status(400).send({ error: 'invalid_request' });
    revoked.push(body.token);
    refreshTokens.delete(body.token);
    accessTokens.clear();
    return {};
  });

  // For end-to-end runs, where the stand-in is its own process: health, and adding users, jobcodes and timesheets.
  app.get('/healthz', async () => ({ ok: true }));
  app.post('/__stand-in/users', async (req, reply) => {
    const b = (req.body ?? {}) as { first_name?: string; last_name?: string };
    if (!b.first_name || !b.last_name) return reply.status(400).send({ error: 'first_name and last_name are required' });
    return addUser(b.first_name, b.last_name);
  });
  app.post('/__stand-in/jobcodes', async (req, reply) => {
    const b = (req.body ?? {}) as { name?: string };
    if (!b.name) return reply.status(400).send({ error: 'name is required' });
    return addJobcode(b.name);
  });
  app.post('/__stand-in/timesheets', async (req, reply) => {
    const b = (req.body ?? {}) as { user_id?: number; jobcode_id?: number; date?: string; duration?: number };
    if (!b.user_id || !b.jobcode_id || !b.date || !b.duration)
      return reply.status(400).send({ error: 'user_id, jobcode_id, date and duration are required' });
    return addTimesheet({ user_id: b.user_id, jobcode_id: b.jobcode_id, date: b.date, duration: b.duration });
  });

  const page = <T>(rows: T[], q: Record<string, string>) => {
    const limit = Math.min(Number(q.limit ?? 200) || 200, 200);
    const at = Math.max(Number(q.page ?? 1) || 1, 1);
    const slice = rows.slice((at - 1) * limit, at * limit);
    return { slice, more: rows.length > at * limit };
  };
  const keyed = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((r) => [String(r.id), r]));

  app.register(async (v1) => {
    v1.addHook('onRequest', async (req, reply) => {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      if (!bearer || !accessTokens.has(bearer)) return reply.status(401).send({ error: { code: 401, message: 'Unauthorized' } });
    });
    v1.get('/api/v1/current_user', async () => ({ results: { users: keyed([...users.values()].slice(0, 1)) }, more: false }));
    v1.get('/api/v1/users', async (req) => {
      const { slice, more } = page([...users.values()], req.query as Record<string, string>);
      return { results: { users: keyed(slice) }, more, supplemental_data: {} };
    });
    v1.get('/api/v1/jobcodes', async (req) => {
      const { slice, more } = page([...jobcodes.values()], req.query as Record<string, string>);
      return { results: { jobcodes: keyed(slice) }, more, supplemental_data: {} };
    });
    v1.get('/api/v1/timesheets', async (req, reply) => {
      const q = req.query as Record<string, string>;
      // QuickBooks Time wants one of ids, start_date or modified_before/after: a timesheet list is never unbounded.
      if (!q.start_date || !/^\d{4}-\d{2}-\d{2}$/.test(q.start_date)) {
        return reply.status(417).send({ error: { code: 417, message: 'Expectation Failed: start_date is required' } });
      }
      const rows = [...timesheets.values()].filter(
        (t) =>
          String(t.date) >= q.start_date! &&
          (!q.end_date || String(t.date) <= q.end_date) &&
          (q.on_the_clock === 'both' || String(t.on_the_clock) === (q.on_the_clock ?? 'false')),
      );
      const { slice, more } = page(rows, q);
      return { results: { timesheets: keyed(slice) }, more, supplemental_data: {} };
    });
  });

  await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    companyId,
    clientId,
    clientSecret,
    users,
    jobcodes,
    timesheets,
    requests,
    addUser,
    addJobcode,
    addTimesheet,
    revokeAll() {
      revoked.push(...refreshTokens);
      refreshTokens.clear();
      accessTokens.clear();
    },
    expireAccess() {
      accessTokens.clear();
    },
    refreshTokens,
    revoked,
    close: () => app.close(),
  };
}

// `npx tsx apps/server/src/testing/qbt-stand-in.ts`: the stand-in on QBT_STAND_IN_PORT, for runs by hand.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startQbtStandIn({ port: Number(process.env.QBT_STAND_IN_PORT ?? 4200) });
  console.log(`QuickBooks Time stand-in on ${standIn.url}`);
}
