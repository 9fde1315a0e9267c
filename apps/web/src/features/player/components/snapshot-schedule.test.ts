import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SNAPSHOT_DELAY_MS, SNAPSHOT_CYCLE_MS, SNAPSHOT_MARKS } from '@school/shared/kyc/rules';
import { snapshotSchedule } from './snapshot-schedule';

const MINUTE = 60_000;
/** A random source that makes snapshotMarks draw these minutes, in turn. */
const drawing = (minutes: number[]) => {
  let next = 0;
  return () => (minutes[next++ % minutes.length]! - 1) / 60 + 0.001;
};
const FIRST_CYCLE = [5, 1, 60, 30, 17, 42, 8, 23, 55, 12];
const SECOND_CYCLE = [2, 3, 4, 6, 7, 9, 10, 11, 13, 14];
const sorted = (minutes: number[]) => [...minutes].sort((a, b) => a - b);

describe('snapshotSchedule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function recording(random?: () => number) {
    const start = Date.now();
    const taken: number[] = [];
    const schedule = snapshotSchedule(() => taken.push(Date.now() - start), random);
    return { schedule, taken };
  }

  it('takes the first snapshot 2.5 s after the start, then one at each minute mark of the hour, drawn again each hour', () => {
    const { schedule, taken } = recording(drawing([...FIRST_CYCLE, ...SECOND_CYCLE]));
    schedule.start(FIRST_SNAPSHOT_DELAY_MS);
    vi.advanceTimersByTime(FIRST_SNAPSHOT_DELAY_MS - 1);
    expect(taken).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(taken).toEqual([2_500]);

    vi.advanceTimersByTime(SNAPSHOT_CYCLE_MS - FIRST_SNAPSHOT_DELAY_MS);
    expect(taken).toEqual([2_500, ...sorted(FIRST_CYCLE).map((m) => m * MINUTE)]);
    vi.advanceTimersByTime(SNAPSHOT_CYCLE_MS);
    expect(taken.slice(11)).toEqual(sorted(SECOND_CYCLE).map((m) => SNAPSHOT_CYCLE_MS + m * MINUTE));
  });

  it('takes 10 snapshots an hour at distinct whole minutes from 1 to 60 of that hour', () => {
    const { schedule, taken } = recording();
    schedule.start(FIRST_SNAPSHOT_DELAY_MS);
    vi.advanceTimersByTime(3 * SNAPSHOT_CYCLE_MS);
    const marks = taken.slice(1);
    expect(marks).toHaveLength(3 * SNAPSHOT_MARKS);
    for (let hour = 0; hour < 3; hour++) {
      const minutes = marks.slice(hour * SNAPSHOT_MARKS, (hour + 1) * SNAPSHOT_MARKS).map((at) => (at - hour * SNAPSHOT_CYCLE_MS) / MINUTE);
      expect(new Set(minutes).size).toBe(SNAPSHOT_MARKS);
      for (const minute of minutes) {
        expect(Number.isInteger(minute)).toBe(true);
        expect(minute).toBeGreaterThanOrEqual(1);
        expect(minute).toBeLessThanOrEqual(60);
      }
    }
  });

  it('takes nothing once stopped, and starts a new cycle from a restart (at once after a resume)', () => {
    const { schedule, taken } = recording(drawing([...FIRST_CYCLE, ...SECOND_CYCLE]));
    schedule.start(FIRST_SNAPSHOT_DELAY_MS);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(taken).toEqual([2_500, 1 * MINUTE, 5 * MINUTE, 8 * MINUTE]);
    schedule.stop();
    vi.advanceTimersByTime(2 * SNAPSHOT_CYCLE_MS);
    expect(taken).toHaveLength(4);

    const resumedAt = 10 * MINUTE + 2 * SNAPSHOT_CYCLE_MS;
    schedule.start(0);
    vi.advanceTimersByTime(0);
    expect(taken).toHaveLength(5);
    expect(taken[4]).toBe(resumedAt);
    vi.advanceTimersByTime(SNAPSHOT_CYCLE_MS);
    expect(taken.slice(5)).toEqual(sorted(SECOND_CYCLE).map((m) => resumedAt + m * MINUTE));
  });
});
