import { describe, expect, it } from 'vitest';
import {
  attemptSecondsLeft,
  attemptState,
  classJoinable,
  clock,
  firstIncomplete,
  mayOpenCourseware,
  mayStudy,
  progressPercent,
  sameSet,
  UNLIMITED_REVEAL_AFTER,
  videoAnswerIsCorrect,
  videoAnswerOutcome,
  videoAttemptLimit,
  videoQuestionMessages as msg,
  watchedEnough,
} from './rules';

describe('courseware navigation (spec 2 §4)', () => {
  const locked = { staff: false, forwardStreaming: false, courseProgress: 40, completed: false, previousCompleted: false };
  it('opens a courseware for staff, forward streaming, a finished course, a completed one or one whose previous is done', () => {
    expect(mayOpenCourseware(locked)).toBe(false);
    expect(mayOpenCourseware({ ...locked, staff: true })).toBe(true);
    expect(mayOpenCourseware({ ...locked, forwardStreaming: true })).toBe(true);
    expect(mayOpenCourseware({ ...locked, courseProgress: 100 })).toBe(true);
    expect(mayOpenCourseware({ ...locked, completed: true })).toBe(true);
    expect(mayOpenCourseware({ ...locked, previousCompleted: true })).toBe(true);
  });

  it('sends a student to the first incomplete courseware, in course order', () => {
    expect(firstIncomplete([5, 3, 9], new Set([5]))).toBe(3);
    expect(firstIncomplete([5, 3, 9], new Set([5, 3, 9]))).toBeNull();
  });

  it('counts progress in whole percents, never above 100', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(4, 3)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });

  it('lets paid, free and pay-later enrolments study', () => {
    expect(['paid', 'free', 'pay_later'].every(mayStudy)).toBe(true);
    expect(['pending', 'notpaid', 'cancelled'].some(mayStudy)).toBe(false);
  });
});

describe('media completion', () => {
  it('needs the watched time to cover the length, give or take 2 s; an unknown length never completes by watching', () => {
    expect(watchedEnough(58, 60)).toBe(true);
    expect(watchedEnough(57, 60)).toBe(false);
    expect(watchedEnough(1000, null)).toBe(false);
  });
});

describe('the course timer', () => {
  const start = new Date('2026-11-24T08:00:00Z');
  it('counts down from the start; an untimed course or one not started has no count', () => {
    expect(attemptSecondsLeft(start, 60, new Date('2026-11-24T08:30:00Z'))).toBe(1800);
    expect(attemptSecondsLeft(start, 60, new Date('2026-11-24T10:00:00Z'))).toBe(0);
    expect(attemptSecondsLeft(null, 60, new Date())).toBeNull();
    expect(attemptSecondsLeft(start, null, new Date())).toBeNull();
  });

  it('ends an attempt when its time is used up or it was ended', () => {
    expect(attemptState({ startedAt: null, endedAt: null }, null)).toEqual({ ended: false, time_left: null });
    expect(attemptState({ startedAt: null, endedAt: null }, 90)).toEqual({ ended: false, time_left: 5400 });
    expect(attemptState({ startedAt: start, endedAt: null }, 60, new Date('2026-11-24T09:00:01Z'))).toEqual({ ended: true, time_left: 0 });
    expect(attemptState({ startedAt: start, endedAt: new Date('2026-11-24T08:10:00Z') }, 60, new Date('2026-11-24T08:20:00Z')).ended).toBe(true);
    // Held by a failed snapshot at 08:20: the clock stands still however long the pause lasts.
    const pausedAt = new Date('2026-11-24T08:20:00Z');
    expect(attemptState({ startedAt: start, endedAt: null, pausedAt }, 60, new Date('2026-11-24T09:30:00Z'))).toEqual({ ended: false, time_left: 2400 });
    expect(attemptState({ startedAt: start, endedAt: null, pausedAt: null }, 60, new Date('2026-11-24T08:20:00Z'))).toEqual({ ended: false, time_left: 2400 });
  });

  it('shows hh:mm:ss with the days in the hours', () => {
    expect(clock(0)).toBe('00:00:00');
    expect(clock(3661)).toBe('01:01:01');
    expect(clock(2 * 86_400 + 5)).toBe('48:00:05');
    expect(clock(-3)).toBe('00:00:00');
  });
});

describe('live classes', () => {
  it('opens Join Class 15 minutes before the start', () => {
    const startsAt = new Date('2026-11-24T09:00:00Z');
    expect(classJoinable(startsAt, new Date('2026-11-24T08:44:59Z'))).toBe(false);
    expect(classJoinable(startsAt, new Date('2026-11-24T08:45:00Z'))).toBe(true);
  });
});

describe('interactive-video answers (spec 2 §5)', () => {
  it('compares multiple choice as sets, blanks in order, typed text without regard to case and spaces', () => {
    expect(sameSet(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(videoAnswerIsCorrect('checkbox', ['b', 'a'], ['a', 'b'])).toBe(true);
    expect(videoAnswerIsCorrect('multiple', ['a'], ['a', 'b'])).toBe(false);
    expect(videoAnswerIsCorrect('fitb', ['res', 'judicata'], ['res', 'judicata'])).toBe(true);
    expect(videoAnswerIsCorrect('fitb', ['judicata', 'res'], ['res', 'judicata'])).toBe(false);
    expect(videoAnswerIsCorrect('fitb', ['Res', ' judicata '], ['res', 'judicata'])).toBe(true);
    expect(videoAnswerIsCorrect('fitb', ['supreme   court'], ['Supreme Court'])).toBe(true);
    expect(videoAnswerIsCorrect('fitb', ['supremecourt'], ['Supreme Court'])).toBe(false);
    expect(videoAnswerIsCorrect('fitb', ['res'], ['res', 'judicata'])).toBe(false);
    expect(videoAnswerIsCorrect('text', ['  Stare \t Decisis '], ['stare decisis'])).toBe(true);
    expect(videoAnswerIsCorrect('radio', ['b'], ['a'])).toBe(false);
  });

  it("says the spec's words and ends the question when right or out of attempts (unlimited: revealed after 3 wrong)", () => {
    expect(videoAnswerOutcome(true, 1, 3)).toEqual({ done: true, message: "Yes, that's correct!" });
    expect(videoAnswerOutcome(false, 1, 3)).toEqual({ done: false, message: 'Oops! Sorry that answer is incorrect. Please try again.' });
    expect(videoAnswerOutcome(false, 3, 3)).toEqual({ done: true, message: 'Oops! Sorry that answer is incorrect.' });
    expect(videoAnswerOutcome(false, 2, 0)).toEqual({ done: false, message: msg.tryAgain });
    expect(videoAnswerOutcome(false, 3, 0)).toEqual({ done: true, message: msg.incorrect });
    expect(videoAttemptLimit(0)).toBe(UNLIMITED_REVEAL_AFTER);
    expect(videoAttemptLimit(5)).toBe(5);
  });
});
