import { describe, expect, it } from 'vitest';
import { hashKey, hashPassword, newKey, verifyPassword } from './crypto';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const one = await hashPassword('secret123');
    const two = await hashPassword('secret123');
    expect(one).not.toBe(two);
    expect(one).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('secret123', one)).toBe(true);
    expect(await verifyPassword('secret124', one)).toBe(false);
    expect(await verifyPassword('secret123', null)).toBe(false);
    expect(await verifyPassword('secret123', 'garbage')).toBe(false);
  });
});

describe('keys', () => {
  it('are long random strings stored as their SHA-256', () => {
    const key = newKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newKey()).not.toBe(key);
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });
});
