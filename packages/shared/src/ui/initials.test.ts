import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('uses the first and last names, else the username', () => {
    expect(initials('Juan Dela Cruz', 'juan')).toBe('JC');
    expect(initials('Maria', 'mreyes')).toBe('M');
    expect(initials('  ', 'zed')).toBe('Z');
  });
});
