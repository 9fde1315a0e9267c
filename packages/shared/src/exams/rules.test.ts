import { describe, expect, it } from 'vitest';
import { durationWords, HAND_GRADED_TYPES, isHandGraded, examMessages, examSecondsLeft, isAutoScored, mayRetake, passes, pointsLabel, requiredMessage, resultsRevealed, scoreChoice, scorePercent, startNotice } from './rules';

describe('exam answers', () => {
  it('asks for an answer in the words of spec 2 §5', () => {
    expect(requiredMessage('radio')).toBe('Please select an answer');
    expect(requiredMessage('checkbox')).toBe('Please select an answer');
    expect(requiredMessage('file')).toBe('No file is chosen');
    for (const type of ['text', 'textarea', 'select']) expect(requiredMessage(type)).toBe('This field is required');
  });

  it('scores choices on the server, and leaves written and file answers to staff', () => {
    expect(['radio', 'checkbox', 'select'].every(isAutoScored)).toBe(true);
    expect(HAND_GRADED_TYPES.some(isAutoScored)).toBe(false);
    expect(['radio', 'checkbox', 'select', 'text', 'textarea', 'file'].filter(isHandGraded)).toEqual(['text', 'textarea', 'file']);
    expect(scoreChoice('radio', ['RTC'], ['RTC'], 2)).toEqual({ isCorrect: true, score: 2 });
    expect(scoreChoice('select', ['24'], ['36'], 1)).toEqual({ isCorrect: false, score: 0 });
    expect(scoreChoice('radio', ['RTC', 'MTC'], ['RTC'], 1).isCorrect).toBe(false);
    // A checkbox answer is a set: any order, no missing and no extra choice.
    expect(scoreChoice('checkbox', ['c', 'a'], ['a', 'c'], 2)).toEqual({ isCorrect: true, score: 2 });
    expect(scoreChoice('checkbox', ['a'], ['a', 'c'], 2).score).toBe(0);
    expect(scoreChoice('checkbox', ['a', 'b', 'c'], ['a', 'c'], 2).score).toBe(0);
  });
});

describe('results', () => {
  it('shows the score as a percent with one decimal and passes at the passing rate', () => {
    expect(scorePercent(2, 3)).toBe(66.6);
    expect(scorePercent(1, 3)).toBe(33.3);
    expect(scorePercent(3, 4)).toBe(75);
    expect(scorePercent(0.7, 1)).toBe(70);
    expect(scorePercent(0, 0)).toBe(0);
    expect(passes(3, 4, 75)).toBe(true);
    // 74.96 %: never shown as 75.0 %, and not a pass at 75 %.
    expect(scorePercent(1874, 2500)).toBe(74.9);
    expect(passes(1874, 2500, 75)).toBe(false);
    expect(passes(0, 0, 0)).toBe(true);
  });

  it("pluralises 'points' above 1", () => {
    expect(pointsLabel(1)).toBe('1 point');
    expect(pointsLabel(0)).toBe('0 point');
    expect(pointsLabel(2)).toBe('2 points');
  });

  it('allows a retake while nothing passed or waits for a grade, and attempts remain (0 is unlimited)', () => {
    const failed = { passed: false, pending: false, attemptsUsed: 2, maxAttempts: 3 };
    expect(mayRetake(failed)).toBe(true);
    expect(mayRetake({ ...failed, attemptsUsed: 3 })).toBe(false);
    expect(mayRetake({ ...failed, passed: true })).toBe(false);
    expect(mayRetake({ ...failed, pending: true })).toBe(false);
    expect(mayRetake({ ...failed, attemptsUsed: 99, maxAttempts: 0 })).toBe(true);
  });

  it('reveals answers and their results only once the exam cannot be taken again', () => {
    expect(resultsRevealed({ passed: false, attemptsUsed: 1, maxAttempts: 3 })).toBe(false);
    expect(resultsRevealed({ passed: false, attemptsUsed: 3, maxAttempts: 3 })).toBe(true);
    expect(resultsRevealed({ passed: true, attemptsUsed: 1, maxAttempts: 3 })).toBe(true);
    expect(resultsRevealed({ passed: false, attemptsUsed: 9, maxAttempts: 0 })).toBe(false);
  });
});

describe('the exam timer', () => {
  it('counts whole seconds from the start, never below 0; untimed exams have none', () => {
    const start = new Date('2026-11-24T10:00:00Z');
    expect(examSecondsLeft(start, 30, new Date('2026-11-24T10:00:00Z'))).toBe(1800);
    expect(examSecondsLeft(start, 30, new Date('2026-11-24T10:29:59.500Z'))).toBe(0);
    expect(examSecondsLeft(start, 30, new Date('2026-11-24T10:29:58.500Z'))).toBe(1);
    expect(examSecondsLeft(start, 30, new Date('2026-11-24T11:00:00Z'))).toBe(0);
    expect(examSecondsLeft(start, 0, new Date())).toBeNull();
  });

  it("says the spec's words when the time runs out", () => {
    expect(examMessages.timerEndedTitle).toBe('Oops, Sorry!');
    expect(examMessages.timerEnded).toBe("Timer has ended and you weren't able to finish within the time allocated for this exam.");
    expect([examMessages.examSubmitted, examMessages.surveySubmitted]).toEqual(['Exam submitted!', 'Survey form submitted!']);
  });
});

describe('starting an attempt', () => {
  const exam = { kind: 'exam' as const, max_attempts: 3, attempts_used: 0, duration: 30 };
  it('says which attempt it uses and the timer it starts, from the exam\'s own numbers', () => {
    expect(startNotice(exam)).toBe('This uses attempt 1 of 3 and starts a timer of 30 minutes, which keeps running if you leave the page.');
    expect(startNotice({ ...exam, attempts_used: 2, duration: 0 })).toBe('This uses attempt 3 of 3. There is no time limit.');
    expect(startNotice({ ...exam, max_attempts: 0, attempts_used: 1, duration: 61 })).toBe(
      'This starts attempt 2 (attempts are unlimited) and a timer of 1 hour 1 minute, which keeps running if you leave the page.',
    );
    expect(startNotice({ ...exam, max_attempts: 0, duration: 0 })).toBe('This starts attempt 1 (attempts are unlimited). There is no time limit.');
  });

  it('asks before a timed survey only', () => {
    expect(startNotice({ ...exam, kind: 'survey', duration: 0 })).toBeNull();
    expect(startNotice({ ...exam, kind: 'survey', duration: 120 })).toBe('This starts a timer of 2 hours, which keeps running if you leave the page.');
    expect(durationWords(90)).toBe('1 hour 30 minutes');
  });
});
