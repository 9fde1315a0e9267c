import { describe, expect, it } from 'vitest';
import { unsubscribeTokens } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const secret = 'a-secret-key-that-is-long-enough-0123456789';
  const tokens = unsubscribeTokens(secret);

  it('name the account and kind they were made for, and nothing when altered or made under another key', () => {
    const token = tokens.sign(42, 'certificate');
    expect(token).toMatch(/^42\.certificate\.[\w-]{43}$/);
    expect(tokens.verify(token)).toEqual({ userId: 42, kind: 'certificate' });
    expect(tokens.verify(token.replace(/^42/, '43'))).toBeNull();
    expect(tokens.verify(token.replace('certificate', 'payment'))).toBeNull();
    expect(tokens.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(tokens.verify(token.slice(0, -1))).toBeNull();
    expect(unsubscribeTokens(`${secret}x`).verify(token)).toBeNull();
    expect(tokens.verify('')).toBeNull();
  });
});
