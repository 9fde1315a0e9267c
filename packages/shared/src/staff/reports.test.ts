import { describe, expect, it } from 'vitest';
import { movement, periodStart, reportMessages, reportPeriods, reportQuerySchema } from './reports';

describe('movement', () => {
  it('says how a figure moved against the 7 days before', () => {
    expect(movement(5, 2)).toBe('+3 on the 7 days before');
    expect(movement(2, 5)).toBe('−3 on the 7 days before');
    expect(movement(4, 4)).toBe('the same as the 7 days before');
    expect(movement(1000.5, 0, (n) => `P${n.toFixed(2)}`)).toBe('+P1000.50 on the 7 days before');
  });
});

describe('report periods', () => {
  it('starts each period on its first day: the day, the Monday, the first of the month, the empty ones included', () => {
    expect(reportPeriods('2026-11-28', '2026-12-01', 'day')).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    // 2026-11-28 is a Saturday: its week began on Monday the 23rd.
    expect(reportPeriods('2026-11-28', '2026-12-08', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(reportPeriods('2026-11-15', '2027-02-01', 'month')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    expect(periodStart('2026-03-01', 'week')).toBe('2026-02-23');
  });

  it('refuses a range that ends before it starts, or holds too many periods for its interval', () => {
    const parse = (q: object) => reportQuerySchema.safeParse(q);
    expect(parse({ date_from: '2026-12-02', date_to: '2026-12-01' }).error?.issues.map((i) => i.message)).toEqual([reportMessages.fromAfterTo]);
    expect(parse({ date_from: '2024-01-01', date_to: '2026-12-01' }).error?.issues.map((i) => i.message)).toEqual([reportMessages.tooLong]);
    expect(parse({ date_from: '2024-01-01', date_to: '2026-12-01', interval: 'week' }).success).toBe(true);
    expect(parse({ date_from: '2026-02-30' }).success).toBe(false);
    expect(parse({}).data).toEqual({ interval: 'day' });
  });
});
