import { describe, expect, it } from 'vitest';
import { attemptRefusal, rosterMessages as msg } from './roster';

describe('another exam attempt', () => {
  const used = { maxAttempts: 2, attemptsUsed: 2, passed: false, pending: false };
  it('may be allowed only to a student who used every attempt of a limited exam without passing, nothing waiting for a grade', () => {
    expect(attemptRefusal(used)).toBeNull();
    expect(attemptRefusal({ ...used, maxAttempts: 0 })).toBe(msg.noAttemptLimit);
    expect(attemptRefusal({ ...used, passed: true })).toBe(msg.examPassed);
    expect(attemptRefusal({ ...used, pending: true })).toBe(msg.examPending);
    expect(attemptRefusal({ ...used, attemptsUsed: 1 })).toBe(msg.attemptsLeft);
  });
});
