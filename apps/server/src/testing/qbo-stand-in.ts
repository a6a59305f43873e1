import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A stand-in for QuickBooks Online on 127.0.0.1 that the real adapter talks to (QBO_BASE_URL): Intuit's OAuth 2
 * authorize, token (authorization_code, refresh_token with rotation, invalid_grant) and revoke endpoints, and the
 * v3 accounting API (query, read, create, sparse update with SyncToken, the requestid idempotency key) for the
 * entities the sync uses. Tests seed QuickBooks' lists, revoke tokens behind our back and read what was created.
 */
export type QboStandIn = {
  url: string;
  realmId: string;
  clientId: string;
  clientSecret: string;
  /** Entities by name (Employee, Customer, Item, Vendor, TimeActivity, Purchase, PurchaseOrder, Account). */
  entities: Map<string, Map<string, Record<string, unknown>>>;
  requests: { method: string; path: string }[];
  add(entity: string, fields: Record<string, unknown>): Record<string, unknown>;
  /** Revokes every token, as disconnecting the app inside QuickBooks does. */
  revokeAll(): void;
  /** Makes the current access tokens stale, so the next call must refresh. */
  expireAccess(): void;
  /** Makes creating or updating `entity` answer `status` (a 5xx: QuickBooks down for it) until called with null. */
  failSaves(entity: string, status: number | null): void;
  refreshTokens: Set<string>;
  revoked: string[];
  close(): Promise<void>;
};

const ENTITIES = ['Employee', 'Customer', 'Item', 'Vendor', 'TimeActivity', 'Purchase', 'PurchaseOrder', 'Account', 'CompanyInfo'];

export async function startQboStandIn(opts: { port?: number; host?: string } = {}): Promise<QboStandIn> {
  const app: FastifyInstance = Fastify({ logger: false });
  const clientId = 'qbo-client-id';
  const clientSecret = 'qbo-client-secret';
  const realmId = '9130350000000001';
  const entities = new Map(ENTITIES.map((name) => [name, new Map<string, Record<string, unknown>>()]));
  const requests: QboStandIn['requests'] = [];
  const codes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const revoked: string[] = [];
  const byRequestId = new Map<string, Record<string, unknown>>();
  const failing = new Map<string, number>();
  let next = 100;
  const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  const add = (entity: string, fields: Record<string, unknown>) => {
    const row = { Id: String(next++), SyncToken: '0', ...fields };
    entities.get(entity)?.set(row.Id, row);
    return row;
  };
  add('CompanyInfo', { CompanyName: 'Stand-in Sandbox Company' });
  add('Account', { Name: 'Checking', AccountType: 'Bank' });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('preHandler', async (req) => {
    requests.push({ method: req.method, path: req.url.split('?')[0] ?? req.url });
  });
  const basicOk = (header: string | undefined) => header === `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  app.get('/connect/oauth2', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (q.client_id !== clientId || !q.redirect_uri || !q.scope?.includes('com.intuit.quickbooks.accounting')) {
      return reply.status(400).send({ error: 'invalid_request' });
    }
    const code = token('code');
    codes.set(code, q.redirect_uri);
    const back = new URL(q.redirect_uri);
    back.search = new URLSearchParams({ code, state: q.state ?? '', realmId }).toString();
    return reply.redirect(back.toString(), 302);
  });

  const issue = () => {
    const access_token = token('access');
    const refresh_token = token('refresh');
    accessTokens.add(access_token);
    refreshTokens.add(refresh_token);
    return { token_type: 'bearer', access_token, refresh_token, expires_in: 3600, x_refresh_token_expires_in: 8_726_400 };
  };

  app.post('/oauth2/v1/tokens/bearer', async (req, reply) => {
    if (!basicOk(req.headers.authorization)) return reply.status(401).send({ error: 'invalid_client' });
    const body = (req.body ?? {}) as Record<string, string>;
    if (body.grant_type === 'authorization_code') {
      const redirect = body.code ? codes.get(body.code) : undefined;
      if (!redirect || redirect !== body.redirect_uri) return reply.status(400).send({ error: 'invalid_grant' });
      codes.delete(body.code as string);
      return issue();
    }
    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token || !refreshTokens.has(body.refresh_token)) return reply.status(400).send({ error: 'invalid_grant' });
      refreshTokens.delete(body.refresh_token);
      return issue();
    }
    return reply.status(400).send({ error: 'unsupported_grant_type' });
  });

  app.post('/v2/oauth2/tokens/revoke', async (req, reply) => {
    if (!basicOk(req.headers.authorization)) return reply.status(401).send({ error: 'invalid_client' });
    const t = (req.body as { token?: string } | null)?.token;
    if (!t) return reply.status(400).send({ error: 'invalid_request' });
    revoked.push(t);
    refreshTokens.delete(t);
    accessTokens.clear();
    return {};
  });

  // For end-to-end runs, where the stand-in is its own process: health, seeding QuickBooks' lists, revoking.
  app.get('/healthz', async () => ({ ok: true }));
  app.post('/__stand-in/entities', async (req, reply) => {
    const { entity, fields } = (req.body ?? {}) as { entity?: string; fields?: Record<string, unknown> };
    if (!entity || !entities.has(entity) || !fields) return reply.status(400).send({ error: 'entity and fields are required' });
    return add(entity, fields);
  });
  app.get('/__stand-in/entities/:entity', async (req) => [...(entities.get((req.params as { entity: string }).entity)?.values() ?? [])]);
  app.post('/__stand-in/revoke', async () => {
    revoked.push(...refreshTokens);
    refreshTokens.clear();
    accessTokens.clear();
    return { revoked: true };
  });

  const fault = (detail: string) => ({ Fault: { Error: [{ Message: 'ValidationFault', Detail: detail }], type: 'ValidationFault' } });
  const entityName = (path: string) => ENTITIES.find((name) => name.toLowerCase() === path.toLowerCase());

  app.register(async (v3) => {
    v3.addHook('onRequest', async (req, reply) => {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      if (!bearer || !accessTokens.has(bearer)) return reply.status(401).send({ fault: { error: [{ message: 'AuthenticationFailed' }] } });
      if ((req.params as { realm?: string }).realm !== realmId) return reply.status(403).send(fault('Unknown company.'));
    });
    v3.get('/v3/company/:realm/query', async (req, reply) => {
      const q = String((req.query as { query?: string }).query ?? '');
      const m = /^select \* from (\w+)(?: where (.*?))?(?: startposition (\d+))?(?: maxresults (\d+))?$/i.exec(q.trim());
      const name = m?.[1] && entityName(m[1]);
      if (!m || !name) return reply.status(400).send(fault(`Could not parse the query: ${q}`));
      let rows = [...(entities.get(name)?.values() ?? [])];
      const where = m[2] ? /^(\w+) = '(.*)'$/.exec(m[2]) : null;
      if (where) rows = rows.filter((r) => String(r[where[1] as string]) === where[2]);
      const start = Number(m[3] ?? 1);
      const max = Number(m[4] ?? 100);
      const page = rows.slice(start - 1, start - 1 + max);
      return { QueryResponse: { [name]: page, startPosition: start, maxResults: page.length }, time: new Date().toISOString() };
    });
    v3.get('/v3/company/:realm/:entity/:id', async (req, reply) => {
      const { entity, id } = req.params as { entity: string; id: string };
      const name = entityName(entity);
      const row = name ? entities.get(name)?.get(id) : undefined;
      if (!name || !row) return reply.status(400).send(fault('Object Not Found'));
      return { [name]: row };
    });
    v3.post('/v3/company/:realm/:entity', async (req, reply) => {
      const { entity } = req.params as { entity: string };
      const name = entityName(entity);
      if (!name) return reply.status(400).send(fault(`Unsupported entity ${entity}`));
      const down = failing.get(name);
      if (down) return reply.status(down).send(fault(`${name} is unavailable right now (stand-in ${down}).`));
      const requestId = (req.query as { requestid?: string }).requestid;
      const key = requestId ? `${name}:${requestId}` : null;
      if (key && byRequestId.has(key)) return { [name]: byRequestId.get(key) };
      const body = (req.body ?? {}) as Record<string, unknown>;
      const problem = validate(name, body, entities);
      if (problem) return reply.status(400).send(fault(problem));
      let row: Record<string, unknown>;
      if (body.Id) {
        const existing = entities.get(name)?.get(String(body.Id));
        if (!existing) return reply.status(400).send(fault('Object Not Found'));
        if (existing.SyncToken !== body.SyncToken) return reply.status(400).send(fault('Stale Object Error'));
        const { sparse: _sparse, ...fields } = body;
        row = { ...existing, ...fields, SyncToken: String(Number(existing.SyncToken) + 1) };
        entities.get(name)?.set(String(row.Id), row);
      } else {
        row = add(name, body);
      }
      if (key) byRequestId.set(key, row);
      return { [name]: row };
    });
  });

  await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    realmId,
    clientId,
    clientSecret,
    entities,
    requests,
    add,
    revokeAll() {
      revoked.push(...refreshTokens);
      refreshTokens.clear();
      accessTokens.clear();
    },
    expireAccess() {
      accessTokens.clear();
    },
    failSaves(entity, status) {
      if (status) failing.set(entity, status);
      else failing.delete(entity);
    },
    refreshTokens,
    revoked,
    close: () => app.close(),
  };
}

/** What QuickBooks itself refuses: references to entities that do not exist, and a TimeActivity without hours. */
function validate(name: string, body: Record<string, unknown>, entities: Map<string, Map<string, Record<string, unknown>>>): string | null {
  const ref = (field: string, entity: string) => {
    const value = (body[field] as { value?: string } | undefined)?.value;
    return value && !entities.get(entity)?.has(value) ? `Invalid Reference Id: ${field} ${value}` : null;
  };
  if (name === 'TimeActivity' && !body.Id) {
    if (body.Hours == null && body.Minutes == null) return 'Hours or Minutes is required.';
    return ref('EmployeeRef', 'Employee') ?? ref('CustomerRef', 'Customer') ?? ref('ItemRef', 'Item');
  }
  if (name === 'Purchase' && !body.Id) return body.AccountRef ? ref('AccountRef', 'Account') : 'AccountRef is required.';
  if (name === 'PurchaseOrder' && !body.Id) return body.VendorRef ? ref('VendorRef', 'Vendor') : 'VendorRef is required.';
  return null;
}

// `npx tsx apps/server/src/testing/qbo-stand-in.ts` (the end-to-end runs): the stand-in on QBO_STAND_IN_PORT.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startQboStandIn({ port: Number(process.env.QBO_STAND_IN_PORT ?? 4100) });
  console.log(`QuickBooks stand-in on ${standIn.url}`);
}
