import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUSH_SERVICE_HOSTS } from './config.js';

describe('configuration', () => {
  it('has working defaults for a laptop', () => {
    const c = loadConfig({ DATA_DIR: 'memory://', NODE_ENV: 'development' });
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', env: 'development', demoData: true });
    expect(c.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' })).toThrow(/AUTH_SECRET: required/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  it('requires an https APP_ORIGIN in production, so the session cookie is always Secure there', () => {
    const prod = { NODE_ENV: 'production', DATA_DIR: 'memory://', AUTH_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(prod)).toThrow(/APP_ORIGIN: an https:\/\/ address is required in production/);
    expect(() => loadConfig({ ...prod, APP_ORIGIN: 'http://app.example.com' })).toThrow(/APP_ORIGIN/);
    expect(loadConfig({ ...prod, APP_ORIGIN: 'https://app.example.com/' }).appOrigin).toBe('https://app.example.com');
    // Both missing: both named at once.
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: 'memory://' })).toThrow(/AUTH_SECRET: required[\s\S]*APP_ORIGIN/);
    // Outside production a laptop keeps http://localhost.
    expect(loadConfig({ DATA_DIR: 'memory://' }).appOrigin).toBe('http://localhost:3000');
  });

  it('takes a files quota in MB, 5 GB by default', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).filesQuotaBytes).toBe(5 * 1024 ** 3);
    expect(loadConfig({ DATA_DIR: 'memory://', FILES_QUOTA_MB: '0.5' }).filesQuotaBytes).toBe(512 * 1024);
    expect(() => loadConfig({ DATA_DIR: 'memory://', FILES_QUOTA_MB: '0' })).toThrow(/FILES_QUOTA_MB/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', FILES_QUOTA_MB: 'lots' })).toThrow(/FILES_QUOTA_MB/);
  });

  it('takes an upload size limit in MB, 20 MB by default', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).filesMaxBytes).toBe(20 * 1024 ** 2);
    expect(loadConfig({ DATA_DIR: 'memory://', FILES_MAX_MB: '5' }).filesMaxBytes).toBe(5 * 1024 ** 2);
    expect(() => loadConfig({ DATA_DIR: 'memory://', FILES_MAX_MB: '0' })).toThrow(/FILES_MAX_MB/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', FILES_MAX_MB: 'big' })).toThrow(/FILES_MAX_MB/);
  });

  it('takes the heavy operations a company runs at once on an instance, 2 by default', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).heavyWorkPerCompany).toBe(2);
    expect(loadConfig({ DATA_DIR: 'memory://', HEAVY_WORK_PER_COMPANY: '4' }).heavyWorkPerCompany).toBe(4);
    expect(() => loadConfig({ DATA_DIR: 'memory://', HEAVY_WORK_PER_COMPANY: '0' })).toThrow(/HEAVY_WORK_PER_COMPANY/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', HEAVY_WORK_PER_COMPANY: 'many' })).toThrow(/HEAVY_WORK_PER_COMPANY/);
    expect(loadConfig({ DATA_DIR: 'memory://' }).heavyWorkShare).toBe(0.25);
    expect(loadConfig({ DATA_DIR: 'memory://', HEAVY_WORK_SHARE: '1' }).heavyWorkShare).toBe(1);
    expect(() => loadConfig({ DATA_DIR: 'memory://', HEAVY_WORK_SHARE: '0' })).toThrow(/HEAVY_WORK_SHARE/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', HEAVY_WORK_SHARE: 'half' })).toThrow(/HEAVY_WORK_SHARE/);
  });

  it('stores uploads on disk unless S3 is configured, and then needs every S3 setting but the endpoint', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).s3).toBeUndefined();
    const s3 = {
      S3_BUCKET: 'groundwork-files',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
    };
    expect(loadConfig({ DATA_DIR: 'memory://', ...s3 }).s3).toEqual({
      bucket: 'groundwork-files',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
    });
    expect(loadConfig({ DATA_DIR: 'memory://', ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3?.endpoint).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ DATA_DIR: 'memory://', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required with the other S3 settings[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() => loadConfig({ DATA_DIR: 'memory://', ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY: required/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });

  it('takes a migration URL only beside DATABASE_URL', () => {
    const serving = 'postgres://groundwork_app@db/app';
    const owner = 'postgres://groundwork_owner@db/app';
    expect(loadConfig({ DATA_DIR: 'memory://', DATABASE_URL: serving, MIGRATION_DATABASE_URL: owner })).toMatchObject({
      databaseUrl: serving,
      migrationDatabaseUrl: owner,
    });
    expect(loadConfig({ DATA_DIR: 'memory://', DATABASE_URL: serving }).migrationDatabaseUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: 'memory://', MIGRATION_DATABASE_URL: owner })).toThrow(
      /MIGRATION_DATABASE_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: 'memory://', DATABASE_URL: serving, MIGRATION_DATABASE_URL: 'mysql://x' })).toThrow(
      /MIGRATION_DATABASE_URL/,
    );
  });

  it('takes reCAPTCHA keys only as a pair', () => {
    const keys = { RECAPTCHA_SITE_KEY: 'site-key-123456', RECAPTCHA_SECRET_KEY: 'secret-key-123456' };
    expect(loadConfig({ DATA_DIR: 'memory://' }).recaptcha).toBeUndefined();
    expect(loadConfig({ DATA_DIR: 'memory://', ...keys }).recaptcha).toEqual({
      siteKey: 'site-key-123456',
      secretKey: 'secret-key-123456',
    });
    expect(() => loadConfig({ DATA_DIR: 'memory://', RECAPTCHA_SITE_KEY: keys.RECAPTCHA_SITE_KEY })).toThrow(/RECAPTCHA_SECRET_KEY/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', RECAPTCHA_SECRET_KEY: keys.RECAPTCHA_SECRET_KEY })).toThrow(/RECAPTCHA_SITE_KEY/);
  });
  it('configures Stripe only with the key, the webhook secret and the prices together', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PRICE_IDS: 'price_a, price_b' };
    expect(loadConfig({ DATA_DIR: 'memory://' }).stripe).toBeUndefined();
    expect(loadConfig({ DATA_DIR: 'memory://', ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      priceIds: ['price_a', 'price_b'],
      apiBase: 'http://127.0.0.1:12111',
    });
    expect(() => loadConfig({ DATA_DIR: 'memory://', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICE_IDS/,
    );
    expect(() => loadConfig({ DATA_DIR: 'memory://', ...keys, STRIPE_PRICE_IDS: 'gold' })).toThrow(/STRIPE_PRICE_IDS/);
  });

  it('sends Web Push only to the browsers’ push services unless PUSH_SERVICE_HOSTS names others; private addresses never in production', () => {
    const c = loadConfig({ DATA_DIR: 'memory://' });
    expect(c.push).toEqual({ hosts: PUSH_SERVICE_HOSTS, allowPrivate: false });
    expect(c.push.hosts).toEqual(
      expect.arrayContaining(['fcm.googleapis.com', '*.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com']),
    );
    expect(loadConfig({ DATA_DIR: 'memory://', PUSH_SERVICE_HOSTS: 'Push.Example.com, *.push.example.net' }).push.hosts).toEqual([
      'push.example.com',
      '*.push.example.net',
    ]);
    expect(() => loadConfig({ DATA_DIR: 'memory://', PUSH_SERVICE_HOSTS: 'https://push.example.com/x' })).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(loadConfig({ DATA_DIR: 'memory://', PUSH_ALLOW_PRIVATE: 'true' }).push.allowPrivate).toBe(true);
    const prod = { NODE_ENV: 'production', DATA_DIR: 'memory://', AUTH_SECRET: 'x'.repeat(32), APP_ORIGIN: 'https://app.example.com' };
    expect(loadConfig(prod).push.allowPrivate).toBe(false);
    expect(() => loadConfig({ ...prod, PUSH_ALLOW_PRIVATE: 'true' })).toThrow(/PUSH_ALLOW_PRIVATE: not allowed in production/);
  });
});
