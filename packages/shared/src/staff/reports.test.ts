import { describe, expect, it } from 'vitest';
import { movement } from './reports';

describe('movement', () => {
  it('says how a figure moved against the 7 days before', () => {
    expect(movement(5, 2)).toBe('+3 on the 7 days before');
    expect(movement(2, 5)).toBe('−3 on the 7 days before');
    expect(movement(4, 4)).toBe('the same as the 7 days before');
    expect(movement(1000.5, 0, (n) => `P${n.toFixed(2)}`)).toBe('+P1000.50 on the 7 days before');
  });
});
