import { describe, expect, it } from 'vitest';
import { isCurrentPeriod, isSelectablePeriod, periodChoices } from './compliance-periods';

const periods = [
  { id: 7, date_start: '2019-04-15', date_end: '2022-06-30' },
  { id: 8, date_start: '2022-07-01', date_end: '2025-06-30' },
  { id: 9, date_start: '2025-07-01', date_end: '2028-06-30' },
  { id: 10, date_start: '2028-07-01', date_end: '2031-06-30' },
];

describe('compliance periods a student can still earn units for', () => {
  it('offers the current and later periods, the current one chosen', () => {
    const { options, preselected } = periodChoices(periods, '2026-03-01');
    expect(options.map((p) => p.id)).toEqual([9, 10]);
    expect(preselected?.id).toBe(9);
  });

  it('keeps a period through its last day and drops it the day after', () => {
    expect(isSelectablePeriod(periods[1]!, '2025-06-30')).toBe(true);
    expect(isSelectablePeriod(periods[1]!, '2025-07-01')).toBe(false);
    expect(isCurrentPeriod(periods[2]!, '2025-07-01')).toBe(true);
    expect(periodChoices(periods, '2025-06-30').preselected?.id).toBe(8);
  });

  it('chooses the next period when none is current, and nothing when all have ended', () => {
    expect(periodChoices(periods.slice(3), '2026-03-01')).toEqual({ options: [periods[3]], preselected: periods[3] });
    expect(periodChoices(periods, '2031-07-01')).toEqual({ options: [], preselected: null });
  });
});
