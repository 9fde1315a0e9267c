import { describe, expect, it } from 'vitest';
import { todayIn } from './today';

describe('todayIn', () => {
  it("reads today's date in the school's time zone, not in UTC", () => {
    const lateUtc = new Date('2025-06-30T20:00:00Z');
    expect(todayIn('UTC', lateUtc)).toBe('2025-06-30');
    expect(todayIn('Asia/Manila', lateUtc)).toBe('2025-07-01');
  });
});
