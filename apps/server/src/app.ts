import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import { createYoga, maskError } from 'graphql-yoga';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { type Ctx, createContext } from './graphql/context.js';
import { limitBatchSize, normalizeErrorCodes } from './graphql/request-guards.js';
import { getSchema } from './graphql/schema.js';
import { registerIdentity } from './identity/routes.js';
import { registerFileRoutes } from './modules/files/files.routes.js';
import { clock } from './platform/clock.js';
import { createMailer } from './platform/mail.js';
import { createRealtime, type Realtime } from './platform/realtime.js';
import type { SmsSender } from './platform/sms.js';

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
  app.addHook('onClose', async () => {
    await realtime.close();
  });

  await app.register(fastifyCookie);
  const identity = await registerIdentity(app, { config, db: database.db, now, sms, captchaMaxNumber, captchaFetch });
  await registerFileRoutes(app, { config, db: database.db, sessionOf: identity.sessionOf });

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, now });

  const production = config.env === 'production';
  const yoga = createYoga<ServerContext, Ctx>({
    schema: getSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: !production,
    landingPage: false,
    logging: app.log,
    maskedErrors: {
      maskError(error, message, isDev) {
        const masked = maskError(error, message, isDev);
        if (masked !== error) app.log.error({ err: error }, 'unexpected error in a GraphQL operation');
        return masked;
      },
    },
    plugins: [
      ...(production ? [disableIntrospection] : []),
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf', 'content-type'] }),
      EnvelopArmorPlugin({
        maxDepth: { n: 6 },
        maxAliases: { n: 15 },
        costLimit: { maxCost: 5000 },
        maxTokens: { n: 100_000 },
        blockFieldSuggestion: { enabled: production },
      }),
      limitBatchSize(),
      normalizeErrorCodes(),
    ],
    context: async ({ req }) =>
      createContext({
        db: database.db,
        config,
        log: req.log,
        realtime,
        session: (await identity.sessionOf(req))?.claims ?? null,
        identity: identity.service,
        mailer,
      }),
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
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
