import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.js';
import type { Metrics } from './platform/metrics.js';

// The HTTP surface's guards: security headers (Helmet's CSP) and the metrics route's token (app.ts registers both).

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics. Production serves them only with METRICS_TOKEN (as `Authorization: Bearer <token>`) and
 * answers 404 without one configured; elsewhere they are open unless a token is set.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, config: Config) {
  app.get('/metrics', async (req, reply) => {
    const token = config.metricsToken;
    if (!token && config.env === 'production') return reply.status(404).send({ error: 'Not Found', statusCode: 404 });
    if (token && !timingSafeEqual(sha256(req.headers.authorization ?? ''), sha256(`Bearer ${token}`))) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ statusCode: 401, error: 'Unauthorized', message: 'The metrics token is missing or wrong.' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Helmet's headers with a Content-Security-Policy the built web app passes: its own scripts only (the build has no
 * inline script), emotion's injected styles, data: images (signatures) and blob: ones, the service worker and
 * manifest from this origin, Google's reCAPTCHA only when its keys are set. No site may frame the app; HSTS and
 * upgrade-insecure-requests only when it is served over https (config.ts requires that in production).
 */
export function securityHeaders(config: Config): HelmetOptions {
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

/**
 * Helmet's headers on every answer. They depend on its options alone (no nonce, nothing of the request), so each
 * middleware runs once, on a stand-in response, and every request gets the headers it set: @fastify/helmet parsed
 * the CSP on every request (3% of a list's time), and even built once its fourteen middlewares cost ~13 µs a
 * request. `withoutCsp`: routes answered without the CSP (GraphiQL outside production).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions, withoutCsp: string[] = []) {
  const all = headersOf(helmet(options));
  const noCsp = headersOf(helmet({ ...options, contentSecurityPolicy: false }));
  app.addHook('onRequest', (req, reply, done) => {
    const headers = withoutCsp.includes(req.routeOptions.url ?? '') ? noCsp : all;
    const res = reply.raw;
    for (const name of headers.removed) res.removeHeader(name);
    for (const [name, value] of headers.set) res.setHeader(name, value);
    done();
  });
}

type Middleware = ReturnType<typeof helmet>;

/** What a Helmet middleware does to a response, in order: the headers it sets and those it removes. */
function headersOf(middleware: Middleware): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const res = {
    setHeader(name: string, value: string) {
      set.set(name, value);
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  let failed: unknown = null;
  middleware({} as Parameters<Middleware>[0], res as unknown as Parameters<Middleware>[1], (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return { set: [...set], removed };
}
