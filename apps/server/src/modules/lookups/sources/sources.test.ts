import { describe, expect, it } from 'vitest';
import { buildCompliancePeriods } from './compliance-periods';
import { buildCountries } from './countries';
import { normalizePlace } from './ph-geography';

describe('lookup sources', () => {
  it('numbers the compliance periods without gaps or overlaps', () => {
    const periods = buildCompliancePeriods();
    expect(periods.map((p) => p.name).slice(0, 3)).toEqual(['Compliance Period I', 'Compliance Period II', 'Compliance Period III']);
    for (let i = 1; i < periods.length; i++) {
      const dayAfter = new Date(`${periods[i - 1]!.end}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      expect(periods[i]!.start).toBe(dayAfter.toISOString().slice(0, 10));
    }
  });
  it('names countries in English with their calling codes', () => {
    const countries = buildCountries();
    expect(countries.find((c) => c.iso2 === 'PH')).toEqual({ iso2: 'PH', name: 'Philippines', callingCode: '63' });
    expect(countries.every((c) => /^\d{1,4}$/.test(c.callingCode))).toBe(true);
  });
  it('normalizes place names for the postal join', () => {
    expect(normalizePlace('City of San Fernando (Capital)')).toBe('san fernando');
    expect(normalizePlace('Sto. Tomas')).toBe('santo tomas');
    expect(normalizePlace('Parañaque City')).toBe('paranaque');
  });
});
