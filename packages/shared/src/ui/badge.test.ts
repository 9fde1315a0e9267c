import { describe, expect, it } from 'vitest';
import { badgeText } from './badge';
import { initials } from '../auth/profile';

describe('badgeText', () => {
  it.each([
    [0, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [2500, '99+'],
  ])('%i -> %s', (count, text) => expect(badgeText(count)).toBe(text));
});

describe('initials', () => {
  it('uses the first and last names, else the username', () => {
    expect(initials('Juan Dela Cruz', 'juan')).toBe('JC');
    expect(initials('Maria', 'mreyes')).toBe('M');
    expect(initials('  ', 'zed')).toBe('Z');
  });
});
