import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  MIGRATION_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  DEMO_DATA: boolish.optional(),
  TRUST_PROXY: boolish.default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Groundwork <no-reply@groundwork.local>'),
  APP_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  SUPPORT_EMAIL: z.email().default('support@groundwork.local'),
  FILES_DIR: z.string().min(1).optional(),
  FILES_QUOTA_MB: z.coerce
    .number()
    .positive()
    .default(5 * 1024),
  FILES_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  HEAVY_WORK_PER_COMPANY: z.coerce.number().int().min(1).max(64).default(2),
  HEAVY_WORK_SHARE: z.coerce.number().min(0.05).max(1).default(0.25),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(3).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(8).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(10).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(10).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).max(200).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_PRICE_IDS: z
    .string()
    .regex(/^price_\w+(\s*,\s*price_\w+)*$/, 'must be Stripe price ids separated by commas (price_…)')
    .optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  QBO_CLIENT_ID: z.string().min(4).optional(),
  QBO_CLIENT_SECRET: z.string().min(4).optional(),
  QBO_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  QBO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  QBT_CLIENT_ID: z.string().min(4).optional(),
  QBT_CLIENT_SECRET: z.string().min(4).optional(),
  QBT_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(
      /^\s*(\*\.)?[\w.:[\]-]+(\s*,\s*(\*\.)?[\w.:[\]-]+)*\s*$/,
      'must be host names separated by commas, each optionally starting with *. (any name under that domain)',
    )
    .optional(),
  PUSH_ALLOW_PRIVATE: boolish.default(false),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  /** The role that serves requests; with no migrationDatabaseUrl it also migrates (and owns the tables). */
  databaseUrl?: string;
  /** PostgreSQL as the role that owns the tables: migrations run as it, requests never do. */
  migrationDatabaseUrl?: string;
  authSecret: string;
  redisUrl?: string;
  /** Heavy operations (reports, the board, exports, chatbot steps) one company runs at once on an instance (graphql/company-lanes.ts). */
  heavyWorkPerCompany: number;
  /** The share of the time a company's heavy work takes while other companies are served (company-lanes.ts). */
  heavyWorkShare: number;
  logLevel: string;
  webDist: string;
  demoData: boolean;
  trustProxy: boolean;
  /** SMTP for mail; without it mail goes to the outbox table (never in production, see /dev/outbox). */
  smtpUrl?: string;
  mailFrom: string;
  /** The web app's origin: the WebAuthn relying party (its hostname is the rpID) and better-auth's base URL. */
  appOrigin: string;
  /** Where submitted issues are e-mailed. */
  supportEmail: string;
  /** Uploaded files (POST /api/files), one folder per tenant. */
  filesDir: string;
  /** The most a company's stored uploads may add up to (FILES_QUOTA_MB). */
  filesQuotaBytes: number;
  /** The largest single upload (FILES_MAX_MB, 20 MB by default). */
  filesMaxBytes: number;
  /** An S3-compatible bucket for uploads instead of filesDir, when S3_BUCKET and its credentials are set. */
  s3?: S3Config;
  /** Google reCAPTCHA (v2 checkbox) for sign-up instead of the self-hosted proof of work, when both keys are set. */
  recaptcha?: { siteKey: string; secretKey: string };
  /**
   * The bearer token /metrics asks for (METRICS_TOKEN). Production serves metrics only with one; elsewhere they
   * are open unless it is set.
   */
  metricsToken?: string;
  /**
   * The chatbot's model: any OpenAI-compatible endpoint (LLM_BASE_URL, LLM_MODEL, optional LLM_API_KEY). Without
   * it the chatbot answers with its built-in parser. `timeoutMs`: how long an answer may take (30 s; tests shorten it).
   */
  llm?: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };
  /**
   * How often the notification sweeps run (SWEEP_INTERVAL_SECONDS; reservations due and overdue, time cards to sign,
   * announcements reaching their start date, held pushes, e-mail digests). 0 turns them off; tests run them by hand.
   */
  sweepIntervalSeconds: number;
  /**
   * Billing through Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_IDS; the first price is what
   * 'Subscribe' sells). Without it billing says 'not configured' and nothing is blocked. `apiBase`
   * (STRIPE_API_BASE) points the SDK at another host: the tests' stand-in.
   */
  stripe?: StripeConfig;
  /**
   * QuickBooks Online (QBO_CLIENT_ID, QBO_CLIENT_SECRET, QBO_ENVIRONMENT sandbox or production). Without it the
   * accounting-system dialog says QuickBooks is not configured. `baseUrl` (QBO_BASE_URL) sends OAuth and the v3
   * API to one other host: the tests' stand-in.
   */
  qbo?: QboConfig;
  /**
   * QuickBooks Time, the external time-card system (QBT_CLIENT_ID, QBT_CLIENT_SECRET). `apiBase` (QBT_API_BASE,
   * https://rest.tsheets.com by default) sends OAuth and the v1 API to another host: the tests' stand-in.
   */
  qbt?: QbtConfig;
  /** The key tokens of outside systems are encrypted with at rest (ENCRYPTION_KEY, else AUTH_SECRET). */
  encryptionKey: string;
  /** Where Web Push may be sent: the push services' hosts a subscription's endpoint must name (issue 50). */
  push: PushConfig;
};

/**
 * The browsers' push services (Chrome and other Chromium browsers: FCM; Firefox: Mozilla's autopush; Edge: WNS;
 * Safari: Apple's): a subscription's endpoint must be https on one of them. An entry '*.domain' is any name under it.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

export type PushConfig = {
  /** PUSH_SERVICE_HOSTS: the hosts an endpoint may name, exact or '*.domain'; the browsers' services by default. */
  hosts: readonly string[];
  /**
   * PUSH_ALLOW_PRIVATE (never in production): plain http, and hosts that are or resolve to private or loopback
   * addresses, are allowed too — for a push service stand-in on this machine (the tests'). Off by default.
   */
  allowPrivate: boolean;
  /** Tests only: resolves a host to all its addresses instead of the system's resolver (dns.lookup). */
  lookup?: (hostname: string) => Promise<{ address: string; family: number }[]>;
};

/** What Web Push is held to when no configuration is at hand: the browsers' services, public addresses, https. */
export const DEFAULT_PUSH_CONFIG: PushConfig = { hosts: PUSH_SERVICE_HOSTS, allowPrivate: false };

export type QboConfig = { clientId: string; clientSecret: string; environment: 'sandbox' | 'production'; baseUrl?: string };

const QBO_VARIABLES = ['QBO_CLIENT_ID', 'QBO_CLIENT_SECRET'] as const;

export type QbtConfig = { clientId: string; clientSecret: string; apiBase?: string };

const QBT_VARIABLES = ['QBT_CLIENT_ID', 'QBT_CLIENT_SECRET'] as const;

export type StripeConfig = { secretKey: string; webhookSecret: string; priceIds: string[]; apiBase?: string };

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_IDS'] as const;

export type S3Config = {
  /** Absent: AWS itself; set (MinIO, R2, …): that service, addressed path-style. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export class ConfigError extends Error {}

/** Reads the environment once at boot; a bad value stops the server with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // memory:// keeps the embedded database (and the local secret) in memory: tests and throwaway runs.
  const inMemory = e.DATA_DIR === 'memory://';
  const dataDir = inMemory ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET_KEY)) {
    const missing = e.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET_KEY' : 'RECAPTCHA_SITE_KEY';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with the other reCAPTCHA key`);
  }
  // Any S3 variable means S3 is wanted: then all of them but the endpoint are needed, or uploads would go to disk unnoticed.
  if (S3_VARIABLES.some((name) => e[name])) {
    const missing = S3_VARIABLES.filter((name) => name !== 'S3_ENDPOINT' && !e[name]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required with the other S3 settings`).join('\n')}`,
      );
    }
  }
  if (Boolean(e.LLM_BASE_URL) !== Boolean(e.LLM_MODEL)) {
    const missing = e.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with the other LLM setting`);
  }
  // Half a Stripe setup would take money without ever hearing back (no webhooks) or have nothing to sell.
  if (STRIPE_VARIABLES.some((name) => e[name])) {
    const missing = STRIPE_VARIABLES.filter((name) => !e[name]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required with the other Stripe settings`).join('\n')}`,
      );
    }
  }
  if (QBO_VARIABLES.some((name) => e[name])) {
    const missing = QBO_VARIABLES.filter((name) => !e[name]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required with the other QuickBooks setting`).join('\n')}`,
      );
    }
  }
  if (QBT_VARIABLES.some((name) => e[name])) {
    const missing = QBT_VARIABLES.filter((name) => !e[name]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required with the other QuickBooks Time setting`).join('\n')}`,
      );
    }
  }
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  MIGRATION_DATABASE_URL: needs DATABASE_URL (the role that serves requests)');
  }
  if (e.NODE_ENV === 'production') {
    const missing = [
      ...(e.AUTH_SECRET ? [] : ['  AUTH_SECRET: required in production']),
      // Session cookies are Secure, HSTS is sent and passkeys work only on https.
      ...(e.APP_ORIGIN?.startsWith('https:') ? [] : ['  APP_ORIGIN: an https:// address is required in production']),
      // The server would POST each notification to addresses inside its own network.
      ...(e.PUSH_ALLOW_PRIVATE ? ['  PUSH_ALLOW_PRIVATE: not allowed in production'] : []),
    ];
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  const authSecret = e.AUTH_SECRET ?? (inMemory ? randomBytes(32).toString('base64url') : localSecret(dataDir));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    authSecret,
    encryptionKey: e.ENCRYPTION_KEY ?? authSecret,
    redisUrl: e.REDIS_URL,
    heavyWorkPerCompany: e.HEAVY_WORK_PER_COMPANY,
    heavyWorkShare: e.HEAVY_WORK_SHARE,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appOrigin: new URL(e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).origin,
    supportEmail: e.SUPPORT_EMAIL.toLowerCase(),
    // An in-memory database keeps its files in a temporary folder of this process.
    filesDir: path.resolve(
      e.FILES_DIR ?? (inMemory ? path.join(tmpdir(), `groundwork-files-${process.pid}`) : path.join(dataDir, 'files')),
    ),
    push: {
      hosts: e.PUSH_SERVICE_HOSTS ? e.PUSH_SERVICE_HOSTS.split(',').map((h) => h.trim().toLowerCase()) : PUSH_SERVICE_HOSTS,
      allowPrivate: e.PUSH_ALLOW_PRIVATE,
    },
    filesQuotaBytes: Math.floor(e.FILES_QUOTA_MB * 1024 * 1024),
    filesMaxBytes: Math.floor(e.FILES_MAX_MB * 1024 * 1024),
    ...(e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          s3: {
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    ...(e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
      ? { recaptcha: { siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY } }
      : {}),
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 300),
    ...(e.LLM_BASE_URL && e.LLM_MODEL
      ? { llm: { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL, ...(e.LLM_API_KEY ? { apiKey: e.LLM_API_KEY } : {}) } }
      : {}),
    ...(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_IDS
      ? {
          stripe: {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            priceIds: e.STRIPE_PRICE_IDS.split(',').map((id) => id.trim()),
            ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}),
          },
        }
      : {}),
    ...(e.QBO_CLIENT_ID && e.QBO_CLIENT_SECRET
      ? {
          qbo: {
            clientId: e.QBO_CLIENT_ID,
            clientSecret: e.QBO_CLIENT_SECRET,
            environment: e.QBO_ENVIRONMENT,
            ...(e.QBO_BASE_URL ? { baseUrl: e.QBO_BASE_URL } : {}),
          },
        }
      : {}),
    ...(e.QBT_CLIENT_ID && e.QBT_CLIENT_SECRET
      ? {
          qbt: {
            clientId: e.QBT_CLIENT_ID,
            clientSecret: e.QBT_CLIENT_SECRET,
            ...(e.QBT_API_BASE ? { apiBase: e.QBT_API_BASE } : {}),
          },
        }
      : {}),
  };
}

// Outside production a secret is made once and kept beside the embedded database,
// so sessions survive restarts without anyone having to configure one.
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, '.auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
