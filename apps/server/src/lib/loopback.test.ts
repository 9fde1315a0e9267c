import { describe, expect, it } from 'vitest';
import { cameThroughProxy, isLocalHostName, isLoopback } from './loopback';

describe('isLoopback', () => {
  it('accepts only addresses of this machine', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '2001:db8::1', '127.0.0.1.evil', 'localhost']) {
      expect(isLoopback(address)).toBe(false);
    }
  });
});

describe('isLocalHostName', () => {
  it('accepts only names that can mean nothing but this machine', () => {
    for (const name of ['localhost', 'LOCALHOST', 'demo.localhost', '127.0.0.1', '[::1]', '::1']) expect(isLocalHostName(name)).toBe(true);
    for (const name of ['', 'example.com', 'localhost.example.com', 'evil-localhost', '10.0.0.1', '[2001:db8::1]']) expect(isLocalHostName(name)).toBe(false);
  });
});

describe('cameThroughProxy', () => {
  it('sees any header a proxy or CDN adds, and nothing else', () => {
    for (const name of ['forwarded', 'via', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-anything', 'X-Real-IP', 'cf-connecting-ip', 'true-client-ip', 'x-client-ip']) {
      expect(cameThroughProxy({ host: 'localhost', [name]: 'x' }), name).toBe(true);
    }
    expect(cameThroughProxy({ host: 'localhost', accept: '*/*', 'user-agent': 'curl', 'x-requested-with': 'fetch' })).toBe(false);
  });
});
