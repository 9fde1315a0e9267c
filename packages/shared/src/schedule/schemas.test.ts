import { describe, expect, it } from 'vitest';
import { daysInRange, MAX_CALENDAR_DAYS, nextDay, previousDay, scheduleMessages as m } from './rules';
import { myClassesQuerySchema } from './schemas';

const issues = (query: object) => {
  const result = myClassesQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('My Classes ranges', () => {
  it('counts days inclusively and steps across months, leap days and years', () => {
    expect(daysInRange('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysInRange('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysInRange('2026-03-31', '2026-03-01')).toBe(-29);
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
  });

  it('accepts real days in order, at most MAX_CALENDAR_DAYS of them', () => {
    expect(issues({ date_start: '2026-03-01', date_end: '2026-03-01' })).toEqual([]);
    expect(issues({ date_start: '2026-03-01', date_end: '2026-05-01' })).toEqual([]);
    expect(daysInRange('2026-03-01', '2026-05-01')).toBe(MAX_CALENDAR_DAYS);
    expect(issues({ date_start: '2026-03-01', date_end: '2026-05-02' })).toEqual([['date_end', m.tooLong]]);
    expect(issues({ date_start: '2026-03-02', date_end: '2026-03-01' })).toEqual([['date_end', m.endBeforeStart]]);
    expect(issues({ date_start: '2026-02-29', date_end: '2026-13-01' })).toEqual([
      ['date_start', m.invalidDate],
      ['date_end', m.invalidDate],
    ]);
    expect(issues({})).toEqual([
      ['date_start', m.required],
      ['date_end', m.required],
    ]);
  });
});
