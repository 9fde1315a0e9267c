import { describe, expect, it } from 'vitest';
import { amount, COIN_RATE_NOTE, peso } from './money';

describe('money', () => {
  it("writes pesos with the spec's P prefix, deductions with a minus", () => {
    expect(peso(2200)).toBe('P2,200.00');
    expect(peso(-150)).toBe('-P150.00');
    expect(peso(0)).toBe('P0.00');
    expect(amount(1135)).toBe('1,135.00');
  });

  it('writes the coin rate in the same format', () => {
    expect(COIN_RATE_NOTE).toBe('1 L2E = P1');
  });
});
