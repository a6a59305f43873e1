import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
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

/** The code of a result's first error (FORBIDDEN, NOT_FOUND, VALIDATION…); undefined when there is none. */
export const errorCode = (res: GqlResult<unknown>) => res.errors?.[0]?.extensions?.code;

/** The message of a result's first error; undefined when there is none. */
export const errorMessage = (res: GqlResult<unknown>) => res.errors?.[0]?.message;

/** A result's data, failing the test (showing the errors) when the operation returned any. */
export function okData(res: GqlResult<unknown>): Record<string, any> {
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as Record<string, any>;
}

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
