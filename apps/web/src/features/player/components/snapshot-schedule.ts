import { SNAPSHOT_CYCLE_MS, snapshotMarks } from '@school/shared/kyc/rules';

const MINUTE_MS = 60_000;

/**
 * When study snapshots are taken (spec 2 §9): once `firstDelay` after `start`, then at the 10 random minute marks
 * of each hourly cycle counted from `start`, drawn again for every cycle. `stop` cancels what is still due.
 */
export function snapshotSchedule(take: () => void, random: () => number = Math.random) {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const after = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const cycle = () => {
    for (const mark of snapshotMarks(random)) after(mark * MINUTE_MS, take);
    after(SNAPSHOT_CYCLE_MS, cycle);
  };
  const stop = () => {
    timers.forEach(clearTimeout);
    timers.clear();
  };
  return {
    start(firstDelay: number) {
      stop();
      after(firstDelay, take);
      cycle();
    },
    stop,
  };
}
