import { describe, expect, it } from 'vitest';
import { amount, COIN_RATE_NOTE, peso } from './money';

describe('money', () => {
  it("writes pesos with the spec's P prefix, deductions with a minus", () => {
    expect(peso(2200)).toBe('P2,200.00');
    expect(peso(-150)).toBe('-P150.00');
    expect(peso(0)).toBe('P0.00');
    expect(amount(1135)).toBe('1,135.00');
    expect(amount(1234567.891)).toBe('1,234,567.89');
  });

  it("writes every amount as en-PH's Intl.NumberFormat does, rounding included", () => {
    const intl = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const edges = [0, 0.005, 0.015, 0.125, 1.005, 2.675, 999.995, 1000, 99999.999, 100000, 123456789.5, -0.001, -0.5, -1000, -1234.565];
    const random = Array.from({ length: 2000 }, (_, i) => Math.round(Math.sin(i + 1) * 10 ** (i % 9) * 1000) / 1000);
    for (const value of [...edges, ...random]) {
      expect(amount(value), String(value)).toBe(intl.format(value));
      expect(peso(value), String(value)).toBe(`${value < 0 ? '-' : ''}P${intl.format(Math.abs(value))}`);
    }
  });

  it('writes what is not an amount as it is instead of throwing', () => {
    expect(amount(Number.NaN)).toBe('NaN');
    expect(peso(Number.POSITIVE_INFINITY)).toBe('PInfinity');
    expect(amount(1e22)).toBe('1e+22');
  });

  it('writes the coin rate in the same format', () => {
    expect(COIN_RATE_NOTE).toBe('1 L2E = P1');
  });
});
