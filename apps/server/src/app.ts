import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
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
import { dataError, jitInputError } from './graphql/errors.js';
import { type Member, TenantGate } from './graphql/gate.js';
import { isSubscription, limitBatchSize, normalizeErrorCodes, usesRecursiveInputOf } from './graphql/request-guards.js';
import { getSchema } from './graphql/schema.js';
import { createAccounts } from './identity/accounts.js';
import { registerIdentity } from './identity/routes.js';
import type { LiveSession } from './identity/session.js';
import { registerFileRoutes } from './modules/files/files.routes.js';
import { registerJoinRoutes } from './modules/join/join.routes.js';
import { clock } from './platform/clock.js';
import { createMailer } from './platform/mail.js';
import { createRealtime, type Realtime } from './platform/realtime.js';
import { createSmsSender, type SmsSender } from './platform/sms.js';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

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
  realtime = createRealtime(config.redisUrl),
  now = () => clock.now(),
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
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
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
  app.addHook('onClose', async () => {
    await realtime.close();
  });

  await app.register(fastifyHelmet, securityHeaders(config));
  await app.register(fastifyCookie);
  const identity = await registerIdentity(app, { config, db: database.db, now, sms, captchaMaxNumber, captchaFetch });

  // The request path's short-lived cache of sessions and members (graphql/access-cache.ts). Any identity
  // action may end or change sessions (sign-out, global sign-out, a new password, tenant selection): once
  // it has run, before its answer leaves, every cached session is dropped, here and on other instances.
  const access = new AccessCache<LiveSession | null, Member | null>({ redisUrl: config.redisUrl, ttlMs: accessCacheTtlMs });
  app.addHook('onClose', () => access.close());
  // Serve only once other instances' invalidations can reach this one; if Redis cannot be had, the cache's
  // few seconds are the bound, and the log says so.
  await access.ready.catch((err) =>
    app.log.warn({ err }, 'not subscribed to access invalidations: changes on other instances show within the cache TTL'),
  );
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && (req.url.startsWith('/api/identity') || req.url.startsWith('/api/auth/'))) access.invalidateSessions();
  });
  const sessionOf = async (req: FastifyRequest): Promise<LiveSession | null> => {
    const presented = req.headers.authorization ?? req.headers.cookie;
    if (!presented) return null;
    const cached = access.getSession(presented);
    if (cached !== undefined && (!cached || cached.expiresAt > now())) return cached;
    const startedAt = access.begin();
    const live = await identity.sessionOf(req);
    access.setSession(presented, live, startedAt);
    return live;
  };
  const gate = new TenantGate(database.db, access as AccessCache<unknown, Member | null>);
  app.addHook('onClose', () => gate.close());
  const accounts = createAccounts(database.db, () => access.invalidateSessions());

  await registerFileRoutes(app, { config, gate, sessionOf });

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, now });
  const texts = createSmsSender({ provider: sms, db: database.db, now, production: config.env === 'production' });
  registerJoinRoutes(app, { config, db: database.db, gate, sessionOf, now });

  const production = config.env === 'production';
  const schema = getSchema();
  const usesRecursiveInput = usesRecursiveInputOf(schema);
  const yoga = createYoga<ServerContext, Ctx>({
    schema,
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
      // Each query and mutation shape compiled once to plain JS, with a compiled JSON serializer for its result.
      // graphql-jit cannot coerce variables of a recursive input type (the list filters' `and`), and its
      // subscriptions lose our SSE events: those run on graphql-js.
      useGraphQlJit({}, { enableIf: (args) => !isSubscription(args.document) && !usesRecursiveInput(args.document) }),
    ],
    context: async ({ req }): Promise<Ctx> => {
      const live = await sessionOf(req);
      return {
        config,
        log: req.log,
        realtime,
        session: live?.claims ?? null,
        sessionStillLive: async () => live !== null && (await sessionOf(req))?.id === live.id,
        gate,
        identity: identity.service,
        accounts,
        mailer,
        sms: texts,
      };
    },
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    // GraphiQL (outside production only) is an inline script that loads its editor from unpkg.com.
    ...(production ? {} : { helmet: { contentSecurityPolicy: false } }),
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      // A JSON answer goes out in one write with its length; only an event stream is piped.
      const streamed = response.headers.get('content-type')?.includes('text/event-stream');
      reply.send(streamed ? response.body : Buffer.from(await response.arrayBuffer()));
      return reply;
    },
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ready', database: database.kind };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await serveWebApp(app, config.webDist);
  return app;
}

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Helmet's headers with a Content-Security-Policy the built web app passes: its own scripts only (the build has no
 * inline script), emotion's injected styles, data: images (signatures) and blob: ones, the service worker and
 * manifest from this origin, Google's reCAPTCHA only when its keys are set. No site may frame the app; HSTS and
 * upgrade-insecure-requests only when it is served over https (config.ts requires that in production).
 */
export function securityHeaders(config: Config): FastifyHelmetOptions {
  const https = config.appOrigin.startsWith('https:');
  const recaptcha = Boolean(config.recaptcha);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...(recaptcha ? RECAPTCHA_SCRIPTS : [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

// Production clients are built against the checked-in schema.graphql; nobody needs to explore it live.
const disableIntrospection = {
  onValidate: ({ addValidationRule }: { addValidationRule: (rule: typeof NoSchemaIntrospectionCustomRule) => void }) =>
    addValidationRule(NoSchemaIntrospectionCustomRule),
};

/** The built web app with an SPA fallback: unknown GET paths that want HTML get index.html. */
async function serveWebApp(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const built = existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs): sent by Accept-Encoding, with
      // Vary, the plain file otherwise. They get no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, file) {
        // Hashed assets never change; the shell and service worker must always be revalidated.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (built && wantsPage && !req.url.startsWith('/graphql') && !req.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'Not Found', statusCode: 404 });
  });
}
