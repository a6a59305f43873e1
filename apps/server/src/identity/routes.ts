import { createHash } from 'node:crypto';
import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT, type IdentityAction } from '@groundwork/core/identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createMailer, smtpDelivery } from '../platform/mail.js';
import { devOutboxServed, registerOutboxRoutes, startOutboxWorker } from '../platform/outbox.js';
import { createSmsSender, type SmsSender } from '../platform/sms.js';
import { storageFor } from '../platform/storage.js';
import { authored, languageOfHeader, requestLanguage } from '../platform/texts.js';
import { BETTER_AUTH_HTTP_PATHS, CLIENT_IP_HEADER, createAuth } from './auth.js';
import { createCaptcha, createRecaptcha } from './captcha.js';
import { IdentityError, invalidParameter, limitExceeded } from './errors.js';
import { type ActionRequest, createIdentityService } from './service.js';
import { type LiveSession, readSession } from './session.js';
import { hit } from './throttle.js';

export type IdentityOptions = {
  config: Config;
  db: Db;
  now: () => Date;
  sms?: SmsSender;
  /** Proof-of-work difficulty; tests lower it. */
  captchaMaxNumber?: number;
  /** Tests: stands in for Google's siteverify when reCAPTCHA keys are configured. */
  captchaFetch?: typeof globalThis.fetch;
};

const PER_IP_PER_MINUTE = { windowSeconds: 60, max: 120 };

/**
 * Mounts the allow-listed better-auth routes under /api/auth (none today), our Cognito-shaped
 * layer at POST /api/identity, the captcha challenge, and (on a loopback address without SMTP) the dev outbox. Returns
 * how the rest of the app reads a request's session.
 */
export async function registerIdentity(app: FastifyInstance, opts: IdentityOptions) {
  const { config, db, now } = opts;
  const auth = createAuth({ config, db, log: app.log });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, now });
  const sms = createSmsSender({ provider: opts.sms, db, now, production: config.env === 'production' });
  // The one delivery worker of this instance, for every e-mail and text queued on this database (the GraphQL
  // operations' mailer queues into the same table): requests only queue, this sends.
  const provider = opts.sms;
  const delivery = startOutboxWorker({
    db,
    deliver: {
      ...(config.smtpUrl ? { email: smtpDelivery({ smtpUrl: config.smtpUrl, from: config.mailFrom, storage: storageFor(config) }) } : {}),
      // The outbox keeps what was written (already in its reader's language).
      ...(provider ? { sms: (msg: { to: string; text: string }) => provider.send({ to: msg.to, text: authored(msg.text) }) } : {}),
    },
    log: app.log,
  });
  app.addHook('onClose', () => delivery.stop());
  const captcha = config.recaptcha
    ? createRecaptcha({ ...config.recaptcha, fetch: opts.captchaFetch })
    : createCaptcha({
        db,
        hmacKey: createHash('sha256').update(`captcha:${config.authSecret}`).digest('hex'),
        maxNumber: opts.captchaMaxNumber ?? 100_000,
        now,
      });
  const service = createIdentityService({ db, auth, config, now, mailer, sms, captcha });
  const ctx = await auth.$context;
  const cookieName = ctx.authCookies.sessionToken.name;
  const secure = config.appOrigin.startsWith('https:');

  async function sessionOf(req: FastifyRequest): Promise<LiveSession | null> {
    const header = req.headers.authorization;
    const presented = header?.startsWith('Bearer ') ? header.slice(7) : req.cookies[cookieName];
    return readSession(db, config.authSecret, presented, now());
  }

  // better-auth's own HTTP routes: only the allow-listed ones (none today, see BETTER_AUTH_HTTP_PATHS); every other
  // path under /api/auth falls through to the 404 handler. The client address comes from Fastify (trustProxy
  // decides), never from a header the client sent.
  for (const path of BETTER_AUTH_HTTP_PATHS) {
    app.route({
      method: ['GET', 'POST'],
      url: `/api/auth${path}`,
      async handler(req, reply) {
        const headers = new Headers();
        for (const [key, value] of Object.entries(req.headers)) {
          if (value === undefined || key === CLIENT_IP_HEADER) continue;
          headers.set(key, Array.isArray(value) ? value.join(', ') : value);
        }
        headers.set(CLIENT_IP_HEADER, req.ip);
        const body = req.method === 'GET' || req.body === undefined ? undefined : JSON.stringify(req.body);
        if (body) headers.set('content-type', 'application/json');
        const response = await auth.handler(new Request(new URL(req.url, config.appOrigin), { method: req.method, headers, body }));
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(await response.text());
      },
    });
  }

  app.get(`${IDENTITY_ENDPOINT}/captcha`, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  // Per client address and action, counted in the database so every instance shares the limit.
  const throttle = async (key: string) => {
    if (!(await hit(db, `ip:${key}`, PER_IP_PER_MINUTE, now()))) throw limitExceeded();
  };

  app.post(IDENTITY_ENDPOINT, async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const action = req.headers[IDENTITY_ACTION_HEADER];
      if (typeof action !== 'string' || !Object.hasOwn(service.actions, action)) throw invalidParameter('Unknown identity action.');
      // JSON only: a cross-site form cannot send it without a preflight.
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) throw invalidParameter('Send JSON.');
      await throttle(`${req.ip}:${action}`);
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const actionReq: ActionRequest = {
        session: await sessionOf(req),
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        cookies: req.cookies,
        setCookie: (name, value, maxAge) => {
          reply.setCookie(name, value, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
        },
        clearCookie: (name) => {
          reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
        },
      };
      const handler = service.actions[action as IdentityAction] as (b: unknown, r: ActionRequest) => Promise<unknown>;
      // Codes and notices to an account with no saved language are written in the browser's (Accept-Language).
      const lang = languageOfHeader(req.headers['accept-language']) ?? 'en';
      const result = await requestLanguage.run(lang, () => handler(body, actionReq));
      reply.header('cache-control', 'no-store');
      if (action === 'StartWebAuthnRegistration') {
        const { options, cookies } = result as { options: unknown; cookies: string[] };
        for (const c of cookies) {
          const [pair] = c.split(';');
          const eq = pair.indexOf('=');
          actionReq.setCookie(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)), 5 * 60);
        }
        return { options };
      }
      return result;
    } catch (err) {
      if (err instanceof IdentityError) {
        if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply.status(err.status).send(err.body());
      }
      req.log.error({ err }, 'identity action failed');
      return reply.status(500).send({ name: 'InternalErrorException', message: 'Authentication failed: internal error' });
    }
  });

  // Every code and temporary password is readable there: only on this machine, and the log says which it is.
  const outbox = devOutboxServed(config);
  if (outbox.served) {
    registerOutboxRoutes(app, db, config.appOrigin, storageFor(config));
    app.log.info(
      `development outbox at /dev/outbox: e-mail and texts are kept there instead of sent, for this machine only (HOST ${config.host}, no SMTP_URL)`,
    );
  } else {
    app.log.info(`no development outbox at /dev/outbox: ${outbox.reason}`);
    if (!config.smtpUrl) app.log.warn('SMTP_URL is not set: e-mail is kept in the outbox table and never delivered');
  }

  return { auth, service, sessionOf };
}
