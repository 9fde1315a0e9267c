import { describe, expect, it } from 'vitest';
import { FREE_LOGIN_FAILURES, loginDelaySeconds, MAX_LOGIN_DELAY_SECONDS } from './login-delay';

describe('loginDelaySeconds', () => {
  it('lets a few failures pass, then doubles the wait up to a cap', () => {
    for (let n = 0; n < FREE_LOGIN_FAILURES; n++) expect(loginDelaySeconds(n)).toBe(0);
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES)).toBe(2);
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES + 1)).toBe(4);
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES + 5)).toBe(64);
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES + 40)).toBe(MAX_LOGIN_DELAY_SECONDS);
  });
});
