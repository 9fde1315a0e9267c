import { describe, expect, it } from 'vitest';
import { clockTime, dateTimeIn, isoDate, longDate, monthDay, relativeTime, shortDate, todayIn, zonedInstant } from './dates';

describe('todayIn', () => {
  it("reads today's date in the school's time zone, not in UTC", () => {
    const lateUtc = new Date('2025-06-30T20:00:00Z');
    expect(todayIn('UTC', lateUtc)).toBe('2025-06-30');
    expect(todayIn('Asia/Manila', lateUtc)).toBe('2025-07-01');
    expect(isoDate(lateUtc)).toBe('2025-06-30');
  });
});

describe('formats', () => {
  it('writes calendar days and clock times as the pages show them', () => {
    expect(longDate('2026-06-05')).toBe('June 05, 2026');
    expect(shortDate('2026-06-05')).toBe('Jun 05, 2026');
    expect(monthDay('2026-06-05')).toBe('June 5');
    expect(clockTime('09:00')).toBe('09:00 AM');
    expect(clockTime('18:30')).toBe('06:30 PM');
  });
  it("writes a stored moment as the school's clock reads it", () => {
    // ICU joins the day and the time with ' at ' or ', ' depending on its version.
    expect(dateTimeIn('2026-06-05T01:30:00Z', 'Asia/Manila')).toBe('05 Jun 2026, 09:30 AM');
    expect(dateTimeIn('2026-06-05T01:30:00Z', 'UTC')).toBe('05 Jun 2026, 01:30 AM');
    expect(dateTimeIn('2026-12-31T16:05:00Z', 'Asia/Manila')).toBe('01 Jan 2027, 12:05 AM');
    expect(dateTimeIn('2026-06-05T05:00:00Z', 'Asia/Manila')).toBe('05 Jun 2026, 01:00 PM');
  });
  it('says how long ago', () => {
    const now = Date.parse('2026-06-05T12:00:00Z');
    expect(relativeTime('2026-06-05T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-06-04T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-06-05T12:00:00Z', now)).toBe('now');
  });
});

describe('zonedInstant', () => {
  it('reads a wall-clock time in the school time zone', () => {
    expect(zonedInstant('2026-06-05', '09:00', 'Asia/Manila').toISOString()).toBe('2026-06-05T01:00:00.000Z');
    expect(zonedInstant('2026-01-15', '09:30:00', 'America/New_York').toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(zonedInstant('2026-07-15', '09:30', 'America/New_York').toISOString()).toBe('2026-07-15T13:30:00.000Z');
  });
});
