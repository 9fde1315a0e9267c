import { describe, expect, it } from 'vitest';
import { sealer } from './seal';

describe('sealer', () => {
  const secret = 'a-secret-key-that-is-long-enough-0123456789';

  it('opens what it sealed, and nothing sealed under another key or purpose, or altered', () => {
    const box = sealer(secret, 'mail').seal({ link: 'https://acme.localhost/reset/abc' });
    expect(box).not.toContain('acme');
    expect(sealer(secret, 'mail').open(box)).toEqual({ link: 'https://acme.localhost/reset/abc' });
    expect(() => sealer(`${secret}x`, 'mail').open(box)).toThrow();
    expect(() => sealer(secret, 'other').open(box)).toThrow();
    const altered = Buffer.from(box, 'base64url');
    const last = altered.length - 1;
    altered.writeUInt8(altered.readUInt8(last) ^ 1, last);
    expect(() => sealer(secret, 'mail').open(altered.toString('base64url'))).toThrow();
  });
});
