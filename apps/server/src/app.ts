import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import fastifyCookie from '@fastify/cookie';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import { createYoga, maskError } from 'graphql-yoga';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AccessCache } from './graphql/access-cache.js';
import type { Ctx } from './graphql/context.js';
import { DEVICE_MUTATION_HEADER, deviceMutationOf, deviceMutationsPlugin } from './graphql/device-mutations.js';
import { dataError, jitInputError } from './graphql/errors.js';
import { FastQueries } from './graphql/fast-queries.js';
import { type Member, TenantGate } from './graphql/gate.js';
import { isSubscription, limitBatchSize, normalizeErrorCodes, usesRecursiveInputOf } from './graphql/request-guards.js';
import { requestLogPlugin } from './graphql/request-log.js';
import { getSchema } from './graphql/schema.js';
import { createAccounts } from './identity/accounts.js';
import { registerIdentity } from './identity/routes.js';
import type { LiveSession } from './identity/session.js';
import { registerAccountingRoutes } from './modules/accounting/accounting.routes.js';
import { registerBillingRoutes } from './modules/billing/billing.webhooks.js';
import { startOrphanSweeps } from './modules/files/files.orphans.js';
import { registerFileRoutes } from './modules/files/files.routes.js';
import { registerJoinRoutes } from './modules/join/join.routes.js';
import { companies, startSweeps } from './modules/notifications/sweeps.js';
import { registerOrderAckRoutes } from './modules/ordering/ordering.routes.js';
import { registerDailyReportPdfRoute } from './modules/project-notes/project-notes.pdf.js';
import { registerTimecardSystemRoutes } from './modules/timecard-system/timecard-system.routes.js';
import { connectionDrain } from './platform/drain.js';
import { createMailer } from './platform/mail.js';
import { createMetrics } from './platform/metrics.js';
import { outbox } from './platform/outbox.table.js';
import { createRealtime, type Realtime } from './platform/realtime.js';
import { createSmsSender, type SmsSender } from './platform/sms.js';
import { storageFor } from './platform/storage.js';
import { serveWebApp } from './platform/web-app.js';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

import { registerMetricsRoute, registerSecurityHeaders, securityHeaders } from './http-guards.js';

export type AppDeps = {
  config: Config;
  database: Database;
  realtime?: Realtime;
  /** The identity layer's clock (lockout, codes, pending sign-in, sessions); tests move it. */
  now?: () => Date;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  sms?: SmsSender;
  captchaMaxNumber?: number;
  captchaFetch?: typeof globalThis.fetch;
  /** How long sessions and members are cached (tests lengthen it to show an invalidation is what acts). */
  accessCacheTtlMs?: number;
};

const REQUEST_ID = /^[\w.-]{1,64}$/;

export async function buildApp({
  config,
  database,
  realtime: givenRealtime,
  now = () => new Date(),
  logStream,
  sms,
  captchaMaxNumber,
  captchaFetch,
  accessCacheTtlMs,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Sessions and credentials never reach the logs (and request bodies are never logged at all).
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
          '*.password',
          '*.newPassword',
          '*.oldPassword',
          '*.temporaryPassword',
          '*.code',
          '*.answer',
          '*.token',
          '*.session',
        ],
        censor: '[redacted]',
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // While draining, a request on a connection already open is served (with `Connection: close`), not refused
    // with a 503: the connection is closed after that answer (see the drain below).
    return503OnClosing: false,
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  // Every answer's last step, one hook (each hook is a step on every request): its request id, `Connection: close`
  // while draining, and the access invalidations it caused delivered first. Added before any route or scope, as the
  // first hooks were; `drain` and `access` are made below, before any request.
  app.addHook('onSend', (req, reply, _payload, done) => {
    reply.header('x-request-id', req.id);
    if (drain.draining) reply.header('connection', 'close');
    if (req.method !== 'GET' && (req.url.startsWith('/api/identity') || req.url.startsWith('/api/auth/'))) access.invalidateSessions();
    // An answer leaves once the invalidations it caused are with Redis or PostgreSQL: the client's next request,
    // on any instance, finds them delivered (or one round trip away). Nothing to wait on almost always.
    if (!access.delivering) return done();
    access.settled().then(() => done(), done);
  });
  const metrics = createMetrics({
    pool: database.poolStats,
    sharedReads: () => gate.shared.joined,
    fastQueries: () => fast.answered,
    queue: async () => {
      const [row] = await database.db
        .select({
          depth: sql<number>`count(*)::int`,
          age: sql<number>`coalesce(extract(epoch from now() - min(${outbox.created_at})), 0)::float8`,
        })
        .from(outbox)
        .where(sql`${outbox.state} in ('queued', 'sending')`);
      return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: Number(row?.age ?? 0) };
    },
  });
  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern (`/api/files/:uuid`), never the raw URL: a label per file would be unbounded.
    metrics.observeRequest(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Whatever a route throws answers without a stack or an internal message: a client error keeps Fastify's
  // status and words (a body too large, bad JSON), anything else is a logged, masked 500.
  app.setErrorHandler((err: { statusCode?: number; code?: string; message?: string }, req, reply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'unexpected error in a request');
    return reply.status(status).send({
      statusCode: status,
      error: status >= 500 ? 'Internal Server Error' : (err.code ?? 'Bad Request'),
      message: status >= 500 ? 'Unexpected error.' : (err.message ?? 'Bad request.'),
    });
  });
  // Live events between instances: through Redis when REDIS_URL is set, else PostgreSQL's NOTIFY (in-process on PGlite).
  const realtime = givenRealtime ?? createRealtime(config.redisUrl, database, app.log);
  app.addHook('onClose', async () => {
    await realtime.close();
  });
  await realtime.ready?.catch((err) =>
    app.log.warn({ err }, 'not listening for live events from other instances: subscriptions hear only this one'),
  );

  // GraphiQL (outside production only) is an inline script that loads its editor from unpkg.com.
  registerSecurityHeaders(app, securityHeaders(config), config.env === 'production' ? [] : ['/graphql']);
  await app.register(fastifyCookie);
  const identity = await registerIdentity(app, { config, db: database.db, now, sms, captchaMaxNumber, captchaFetch });

  // The request path's short-lived cache of sessions and members (graphql/access-cache.ts). Any identity
  // action may end or change sessions (sign-out, global sign-out, a new password, tenant selection): once
  // it has run, before its answer leaves, every cached session is dropped, here and on other instances.
  // Broadcast through Redis when REDIS_URL is set, else through PostgreSQL's NOTIFY (nothing to broadcast on PGlite).
  const access = new AccessCache<LiveSession | null, Member | null>({
    redisUrl: config.redisUrl,
    database,
    ttlMs: accessCacheTtlMs,
    onError: (err) => app.log.warn({ err }, 'lost the access invalidations connection; reconnecting'),
  });
  app.addHook('onClose', () => access.close());
  // Serve only once other instances' invalidations can reach this one; if they cannot be had, the cache's
  // few seconds are the bound, and the log says so.
  await access.ready.catch((err) =>
    app.log.warn({ err }, 'not subscribed to access invalidations: changes on other instances show within the cache TTL'),
  );
  const sessionOf = async (req: FastifyRequest): Promise<LiveSession | null> => {
    const presented = req.headers.authorization ?? req.headers.cookie;
    if (!presented) return null;
    return access.session(
      presented,
      () => identity.sessionOf(req),
      (cached) => !cached || cached.expiresAt > now(),
    );
  };
  const gate = new TenantGate(
    database.db,
    access as AccessCache<unknown, Member | null>,
    config.heavyWorkPerCompany,
    config.heavyWorkShare,
  );
  app.addHook('onClose', () => gate.close());
  // The gate's lanes and shared reads, for tests that hold a company's lanes and for an operator's inspection.
  app.decorate('tenantGate', gate);
  const accounts = createAccounts(database.db, () => access.invalidateSessions());

  await registerFileRoutes(app, { config, gate, sessionOf });
  registerDailyReportPdfRoute(app, { gate, sessionOf });

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, now });
  const texts = createSmsSender({ provider: sms, db: database.db, now, production: config.env === 'production' });
  registerJoinRoutes(app, { config, db: database.db, gate, sessionOf, now });
  registerOrderAckRoutes(app, { config, db: database.db, realtime, now });
  registerBillingRoutes(app, { config, db: database.db });
  registerAccountingRoutes(app, { config, db: database.db });
  registerTimecardSystemRoutes(app, { config, db: database.db });
  if (config.sweepIntervalSeconds > 0) {
    const sweeps = startSweeps(
      { db: database.db, realtime, dataDir: config.dataDir, log: app.log, mailer, appOrigin: config.appOrigin, config },
      config.sweepIntervalSeconds * 1000,
      now,
    );
    app.addHook('onClose', () => sweeps.stop());
    // Objects an upload stored before its row failed (or a crash cut it off): removed once an hour old.
    const orphans = startOrphanSweeps({
      db: database.db,
      storage: storageFor(config),
      companies: () => companies(database.db),
      log: app.log,
    });
    app.addHook('onClose', () => orphans.stop());
  }

  const production = config.env === 'production';
  const schema = getSchema();
  const usesRecursiveInput = usesRecursiveInputOf(schema);
  const contextOf = async (req: FastifyRequest): Promise<Ctx> => {
    const live = await sessionOf(req);
    return {
      config,
      log: req.log,
      realtime,
      session: live?.claims ?? null,
      language: live?.language ?? null,
      sessionStillLive: async () => live !== null && (await sessionOf(req))?.id === live.id,
      gate,
      now,
      identity: identity.service,
      accounts,
      mailer,
      sms: texts,
      deviceMutation: deviceMutationOf(req.headers[DEVICE_MUTATION_HEADER], req.body),
    };
  };
  // Queries a client sends again and again skip Yoga's request handling once Yoga has run them whole (fast-queries.ts).
  const fast = new FastQueries(schema, (document) => !usesRecursiveInput(document), metrics);
  const yoga = createYoga<ServerContext, Ctx>({
    schema,
    // The web app is served from this origin: no other origin may read an answer (Yoga's default reflects any).
    cors: false,
    graphqlEndpoint: '/graphql',
    graphiql: !production,
    landingPage: false,
    logging: app.log,
    maskedErrors: {
      // Never the development variant: it attaches the original error (SQL, parameters, file paths).
      maskError(error, message) {
        const original = (error as { originalError?: unknown }).originalError ?? error;
        const asInput = dataError(original) ?? jitInputError(error);
        if (asInput) return asInput;
        const masked = maskError(error, message, false);
        if (masked !== error) app.log.error({ err: error }, 'unexpected error in a GraphQL operation');
        return masked;
      },
    },
    plugins: [
      ...(production ? [disableIntrospection] : []),
      // A browser sends a JSON body only after a CORS preflight; a form or text/plain post (which a foreign page can
      // make) or a GET must carry this header, which only our own scripts can set.
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf'] }),
      EnvelopArmorPlugin({
        maxDepth: { n: 6 },
        maxAliases: { n: 15 },
        costLimit: { maxCost: 5000 },
        maxTokens: { n: 100_000 },
        blockFieldSuggestion: { enabled: production },
      }),
      limitBatchSize(),
      normalizeErrorCodes(),
      metrics.graphqlPlugin,
      requestLogPlugin(),
      deviceMutationsPlugin(),
      // Each query and mutation shape compiled once to plain JS, with a compiled JSON serializer for its result.
      // graphql-jit cannot coerce variables of a recursive input type (the list filters' `and`), and its
      // subscriptions lose our SSE events: those run on graphql-js.
      useGraphQlJit({}, { enableIf: (args) => !isSubscription(args.document) && !usesRecursiveInput(args.document) }),
      fast.plugin(),
    ],
    context: ({ req }) => contextOf(req),
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      if (await fast.answer(req, reply, () => contextOf(req))) return reply;
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      fast.learnAnswer(req, response.status, response.headers.get('content-type'));
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      // A JSON answer goes out in one write with its length; only an event stream is piped.
      const streamed = response.headers.get('content-type')?.includes('text/event-stream');
      reply.send(streamed && response.body ? openStream(response.body, reply) : Buffer.from(await response.arrayBuffer()));
      return reply;
    },
  });

  // Open SSE streams, so a shutdown can end each with a reconnect hint instead of waiting on them forever.
  const streams = new Set<() => void>();
  function openStream(body: ReadableStream<Uint8Array>, reply: FastifyReply): PassThrough {
    const out = new PassThrough();
    const reader = body.getReader();
    const closed = metrics.sseOpened();
    let ended = false;
    const finish = (retryHint: boolean) => {
      if (ended) return;
      ended = true;
      streams.delete(stop);
      closed();
      // EventSource clients (and ours) wait this long before reconnecting, to another instance behind the proxy.
      if (retryHint) out.write('retry: 3000\n\n');
      out.end();
      reader.cancel().catch(() => {});
    };
    const stop = () => finish(true);
    streams.add(stop);
    reply.raw.on('close', () => finish(false));
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done || ended) break;
          out.write(value);
        }
      } catch {
        // The subscription failed or was cancelled: the stream simply ends.
      }
      finish(false);
    })();
    return out;
  }
  // Graceful shutdown (serve.ts on SIGTERM): Fastify stops accepting; streams would never finish on their own, so they
  // are ended first; then every request in flight or arriving on an open connection is answered with
  // `Connection: close` and its connection closed after it, never under a client that may be writing to it
  // (platform/drain.ts).
  const drain = connectionDrain(app.server);
  app.addHook('preClose', async () => {
    drain.start();
    for (const stop of [...streams]) stop();
  });
  app.addHook('onClose', async () => drain.stop());

  registerMetricsRoute(app, metrics, config);

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Ready when what a request needs answers: the database, Redis when configured, and the file storage.
  app.get('/readyz', async (_req, reply) => {
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => database.db.execute(sql`select 1`),
      ...(config.redisUrl ? { redis: () => realtime.ping() } : {}),
      storage: () => storageFor(config).list(READINESS_PROBE_TENANT),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), READINESS_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (err) {
          app.log.warn({ err, check: name }, 'readiness check failed');
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', database: database.kind, checks: Object.fromEntries(results) });
  });

  await serveWebApp(app, config.webDist);
  return app;
}

// No company has this id: listing its files asks the storage for an empty answer (disk folder or S3 bucket).
const READINESS_PROBE_TENANT = '00000000-0000-0000-0000-000000000000';
const READINESS_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Production clients are built against the checked-in schema.graphql; nobody needs to explore it live.
const disableIntrospection = {
  onValidate: ({ addValidationRule }: { addValidationRule: (rule: typeof NoSchemaIntrospectionCustomRule) => void }) =>
    addValidationRule(NoSchemaIntrospectionCustomRule),
};
