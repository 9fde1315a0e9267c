import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const secret = 'x'.repeat(32);

describe('loadConfig', () => {
  it('fills defaults', () => {
    const config = loadConfig({ SECRET_KEY: secret });
    expect(config).toMatchObject({ PORT: 3000, HUMAN_CHECK: 'pow', MAIL_TRANSPORT: 'outbox' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SCHOOL_ALIASES.get('localhost')).toBe('demo');
  });

  it('lists every bad key at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', HUMAN_CHECK: 'recaptcha', SCHOOL_ALIASES: 'nonsense' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'SECRET_KEY', 'SCHOOL_ALIASES']) expect(message).toContain(`  ${key}:`);
    }
  });

  it('needs the keys a chosen provider uses', () => {
    expect(() => loadConfig({ SECRET_KEY: secret, HUMAN_CHECK: 'recaptcha' })).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ SECRET_KEY: secret, MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });

  it('reads aliases and booleans', () => {
    const config = loadConfig({ SECRET_KEY: secret, SCHOOL_ALIASES: 'learn.example.com=demo, www.acme.ph=acme', TRUST_PROXY: '1' });
    expect(loadConfig({ SECRET_KEY: secret, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ SECRET_KEY: secret, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect([...config.SCHOOL_ALIASES]).toEqual([['learn.example.com', 'demo'], ['www.acme.ph', 'acme']]);
    expect(config.TRUST_PROXY).toBe(1);
  });
});
