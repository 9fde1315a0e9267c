import { describe, expect, it } from 'vitest';
import { buildCompliancePeriods } from '../modules/lookups/sources/compliance-periods';
import { periodWords, withPeriod } from './demo-period';

const periods = buildCompliancePeriods().map((p) => ({ name: p.name, dateStart: p.start, dateEnd: p.end }));

describe("the demo's period words", () => {
  it('name the period open on the day, the one before and its dates', () => {
    expect(periodWords(periods, '2026-11-27')).toEqual({ period: 'Compliance Period IX', previous: 'Compliance Period VIII', start: '1 July 2025', end: '30 June 2028' });
    expect(periodWords(periods, '2028-07-01').period).toBe('Compliance Period X');
    expect(periodWords(periods, '2025-06-30').period).toBe('Compliance Period VIII');
  });

  it('refuse a day that no period covers rather than name a wrong one', () => {
    expect(() => periodWords(periods, '2040-01-01')).toThrow('No compliance period covers 2040-01-01');
  });

  it('fill a text', () => {
    const words = periodWords(periods, '2026-11-27');
    expect(withPeriod('MCLE {period}: until {end}, after {previous}; {other}', words)).toBe('MCLE Compliance Period IX: until 30 June 2028, after Compliance Period VIII; {other}');
  });
});
