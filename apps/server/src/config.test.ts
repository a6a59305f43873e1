import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
});
