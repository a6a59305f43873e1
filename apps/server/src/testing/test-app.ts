import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { TEST_SECRET } from './factories.js';
import { createTestDatabase } from './test-db.js';

export type GqlResult<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; index?: number } }[];
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** POSTs a GraphQL operation, signed in with `token` when given. */
  gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GqlResult<T>>;
};

export const testConfig = () =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    WEB_DIST: '/nonexistent',
    DEMO_DATA: 'false',
  });

/** One app and database for the whole test file, closed after it. */
export function useTestApp(
  opts: {
    setup?: (database: Database) => Promise<void>;
    /** Extra app dependencies: an injectable clock, a log stream, an easy captcha. */
    deps?: Partial<Pick<AppDeps, 'now' | 'logStream' | 'captchaMaxNumber' | 'captchaFetch' | 'sms'>>;
    logLevel?: string;
    /** Settings on top of the test configuration (e.g. reCAPTCHA keys). */
    config?: Partial<Config>;
  } = {},
): TestApp {
  const holder = {} as TestApp & { dispose?: () => Promise<void> };
  beforeAll(async () => {
    const database = await createTestDatabase();
    holder.database = database;
    holder.dispose = database.dispose;
    await opts.setup?.(database);
    holder.app = await buildApp({
      config: { ...testConfig(), ...(opts.logLevel ? { logLevel: opts.logLevel } : {}), ...opts.config },
      database,
      ...opts.deps,
    });
    holder.gql = async (query, variables, token) => {
      const res = await holder.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: { query, variables },
      });
      return res.json();
    };
  }, 60_000);
  afterAll(async () => {
    await holder.app?.close();
    await holder.dispose?.();
  });
  return holder;
}
