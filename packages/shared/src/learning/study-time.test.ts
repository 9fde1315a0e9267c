import { describe, expect, it } from 'vitest';
import { attendanceRequiredSeconds, mediaCompletable, nextLockedReason } from './rules';

describe('completing a media lesson (MCLE credit)', () => {
  const lesson = { forwardStreaming: false, seconds: 60, watched: 60, mediaSeconds: 60 };
  it('needs the time spent on it to cover its length, give or take the tolerance', () => {
    expect(mediaCompletable(lesson)).toBe(true);
    expect(mediaCompletable({ ...lesson, watched: 58 })).toBe(true);
    expect(mediaCompletable({ ...lesson, watched: 57 })).toBe(false);
    expect(mediaCompletable({ ...lesson, mediaSeconds: null })).toBe(false);
  });
  it('needs the saved second there too where seeking forward is refused, but not where it is allowed', () => {
    expect(mediaCompletable({ ...lesson, seconds: 30 })).toBe(false);
    expect(mediaCompletable({ ...lesson, seconds: 30, forwardStreaming: true })).toBe(true);
    expect(mediaCompletable({ ...lesson, seconds: 60, watched: 10, forwardStreaming: true })).toBe(false);
  });
});

describe('live-class attendance', () => {
  it('asks an MCLE school for the whole class but ten minutes, and elsewhere for being there, unless the room says', () => {
    expect(attendanceRequiredSeconds({ classSeconds: 7200, mcle: true, minutes: null })).toBe(6600);
    expect(attendanceRequiredSeconds({ classSeconds: 300, mcle: true, minutes: null })).toBe(0);
    expect(attendanceRequiredSeconds({ classSeconds: 7200, mcle: false, minutes: null })).toBe(0);
    expect(attendanceRequiredSeconds({ classSeconds: 86_340, mcle: true, minutes: 1 })).toBe(60);
    expect(attendanceRequiredSeconds({ classSeconds: 7200, mcle: false, minutes: 90 })).toBe(5400);
  });
});

describe("a locked Next's reason", () => {
  it('names what completes each kind of lesson', () => {
    expect(nextLockedReason('pdf')).toBe('Mark this lesson as complete to go on.');
    expect(nextLockedReason('link')).toBe('Mark this lesson as complete to go on.');
    expect(nextLockedReason('yt')).toBe('Watch or listen to the whole lesson to go on.');
    expect(nextLockedReason('class')).toBe('Attend the live class to go on.');
    expect(nextLockedReason('exam')).toBe('Submit the exam to go on.');
  });
});
