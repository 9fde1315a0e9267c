import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const secret = 'x'.repeat(32);

describe('loadConfig', () => {
  it('fills defaults', () => {
    const config = loadConfig({ SECRET_KEY: secret });
    expect(config).toMatchObject({ PORT: 3000, HUMAN_CHECK: 'pow', MAIL_TRANSPORT: 'outbox', FACE_ENGINE: 'human' });
    // About half a second of proof of work on a phone.
    expect(config.HUMAN_CHECK_POW_COST).toBe(50_000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PLATFORM_HOST).toBe('localhost');
  });

  it('lists every bad key at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', HUMAN_CHECK: 'recaptcha', PLATFORM_HOST: 'https://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'SECRET_KEY', 'PLATFORM_HOST']) expect(message).toContain(`  ${key}:`);
    }
  });

  it('needs the keys a chosen provider uses', () => {
    expect(() => loadConfig({ SECRET_KEY: secret, HUMAN_CHECK: 'recaptcha' })).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ SECRET_KEY: secret, MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });

  it('reads host names and booleans', () => {
    const config = loadConfig({ SECRET_KEY: secret, PLATFORM_HOST: 'Admin.Example.com', TRUST_PROXY: '1' });
    expect(loadConfig({ SECRET_KEY: secret, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ SECRET_KEY: secret, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(config.PLATFORM_HOST).toBe('admin.example.com');
    expect(() => loadConfig({ SECRET_KEY: secret, SCHOOL_ALIASES: 'localhost=demo' })).toThrow(/SCHOOL_ALIASES: is no longer read/);
    expect(config.TRUST_PROXY).toBe(1);
  });

  it('keeps uploads inside the data folder unless told otherwise', () => {
    expect(loadConfig({ SECRET_KEY: secret, DATA_DIR: '/srv/school' }).MEDIA_DIR).toBe('/srv/school/media');
    expect(loadConfig({ SECRET_KEY: secret, DATA_DIR: '/srv/school', MEDIA_DIR: '/mnt/media' }).MEDIA_DIR).toBe('/mnt/media');
  });

  it('stores files on disk by default, and needs every S3 setting with STORAGE=s3', () => {
    expect(loadConfig({ SECRET_KEY: secret }).STORAGE).toBe('local');
    try {
      loadConfig({ SECRET_KEY: secret, STORAGE: 's3', S3_ENDPOINT: 'ftp://files' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(message).toContain(`  ${key}:`);
    }
    const s3 = { SECRET_KEY: secret, STORAGE: 's3', S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key' };
    expect(loadConfig(s3)).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1' });
    expect(() => loadConfig({ ...s3, S3_PUBLIC_URL: 'cdn.example.com' })).toThrow(/S3_PUBLIC_URL/);
  });

  it('shows the mail outbox only where no remote visitor can reach it', () => {
    const production = { SECRET_KEY: secret, NODE_ENV: 'production', SANDBOX_IN_PRODUCTION: 'true' };
    expect(loadConfig({ SECRET_KEY: secret }).DEV_MAILBOX).toBe(true);
    expect(loadConfig(production).DEV_MAILBOX).toBe(false);
    expect(loadConfig({ SECRET_KEY: secret, TRUST_PROXY: '1' }).DEV_MAILBOX).toBe(false);
    expect(() => loadConfig({ ...production, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX: the mail outbox page shows every message/);
    expect(() => loadConfig({ SECRET_KEY: secret, TRUST_PROXY: '10.0.0.1', DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
  });

  it('refuses the sandbox payment gateway in production unless asked for by name, and PayMongo without its keys', () => {
    const production = { SECRET_KEY: secret, NODE_ENV: 'production' };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_GATEWAY: the sandbox gateway lets anyone pay without money/);
    expect(loadConfig({ ...production, SANDBOX_IN_PRODUCTION: 'true' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'paymongo' })).toThrow(/PAYMONGO_SECRET_KEY: PAYMENT_GATEWAY=paymongo needs PAYMONGO_SECRET_KEY/);
    expect(loadConfig({ ...production, PAYMENT_GATEWAY: 'paymongo', PAYMONGO_SECRET_KEY: 'sk', PAYMONGO_WEBHOOK_SECRET: 'whsk' }).PAYMENT_GATEWAY).toBe('paymongo');
  });
});
