/** The course player's rules (spec 2 §4, §5, §9), run by the page and enforced again by the server. */

export const FORWARD_SEEK_TOLERANCE_SECONDS = 1.2;
export const DEFAULT_VOLUME = 0.8;
export const FONT_SIZE = { min: 12, max: 24, default: 16 } as const;
export const CLASS_JOIN_WINDOW_MINUTES = 15;
export const COMPLETION_DIALOG_WINDOW_MS = 2 * 60 * 1000;

/**
 * Saved progress may run ahead of the wall clock since the courseware was opened by this much (once, not per
 * save): the media starts a moment after the page asks for it, and requests take time.
 */
export const PROGRESS_TOLERANCE_SECONDS = 5;
/** A video or audio completes when its watched time reaches its length, give or take this much. */
export const COMPLETION_TOLERANCE_SECONDS = 2;

export const playerMessages = {
  lastCourseware: 'You have reached the last courseware',
  notesSaved: 'Successfully saved notes!',
  notesFailed: 'Failed to saved notes',
  startFailed: 'Failed to start course',
  mediaFailed: 'Unable to load media',
  timerEndedTitle: 'Oops, Sorry!',
  courseTimerEnded:
    "Timer has ended and you weren't able to finish within the time allocated for this course. Don't worry, you can retake the course, but your progress will be reset.",
  remainingTime: 'Course Remaining Time',
  timerNote: 'The timer keeps running even when you leave the course.',
  markComplete: 'Mark as Complete',
  locked: 'Finish the coursewares before this one first.',
  progressTooFast: 'Progress cannot run ahead of the time spent watching.',
  notWatched: 'Watch the whole lesson before completing it.',
  classNotOpen: 'Join Class opens 15 minutes before the class starts.',
  classOver: 'This live class has ended.',
  joinToComplete: 'A live class is completed by joining it.',
  examCompletes: 'An exam or a survey is completed by submitting it.',
  attemptEnded: 'The time allocated for this course has ended.',
  notEnrolled: 'You are not enrolled in this course.',
} as const;

export const videoQuestionMessages = {
  required: 'This field is required',
  selectAnswer: 'Please select an answer',
  correct: "Yes, that's correct!",
  tryAgain: 'Oops! Sorry that answer is incorrect. Please try again.',
  incorrect: 'Oops! Sorry that answer is incorrect.',
  explanation: 'Explanation',
} as const;

/** Paid and free enrolments study, and pay later too (its certificate waits for the payment). */
export const STUDYING_STATUSES: readonly string[] = ['paid', 'free', 'pay_later'];
export const mayStudy = (status: string) => STUDYING_STATUSES.includes(status);

/** Who may open a courseware (spec 2 §4, Courseware navigation). */
export function mayOpenCourseware(input: {
  staff: boolean;
  forwardStreaming: boolean;
  courseProgress: number;
  completed: boolean;
  previousCompleted: boolean;
}): boolean {
  return input.staff || input.forwardStreaming || input.courseProgress >= 100 || input.completed || input.previousCompleted;
}

/** The first courseware, in course order, that is not completed; null when every one is. */
export function firstIncomplete(orderedIds: readonly number[], completed: ReadonlySet<number>): number | null {
  return orderedIds.find((id) => !completed.has(id)) ?? null;
}

export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((completed * 100) / total));
}

/** Whether the watched time covers a media lesson; one of unknown length cannot be completed by watching. */
export function watchedEnough(seconds: number, mediaSeconds: number | null): boolean {
  return mediaSeconds !== null && seconds + COMPLETION_TOLERANCE_SECONDS >= mediaSeconds;
}

/** Lessons played by a media player, ours or a provider's: completed by their watched time. */
export const MEDIA_TYPES: readonly string[] = ['video', 'audio', 'ivideo', 'yt', 'sc'];
/** After these, completion does not move on by itself (spec 2 §4). */
export const STAYING_TYPES: readonly string[] = ['exam', 'survey'];

/** Seconds left of a timed course's attempt; null when the course has no time limit or no attempt began. */
export function attemptSecondsLeft(startedAt: Date | null, durationMinutes: number | null, now: Date): number | null {
  if (!durationMinutes || !startedAt) return null;
  return Math.max(0, Math.floor((startedAt.getTime() + durationMinutes * 60_000 - now.getTime()) / 1000));
}

/**
 * A course's attempt as the page sees it: an untimed course never ends; a timed one when its time is used up or it
 * was ended. While a failed snapshot holds the session (`pausedAt`) its clock stands still: that time is given back
 * when a snapshot passes.
 */
export function attemptState(attempt: { startedAt: Date | null; endedAt: Date | null; pausedAt?: Date | null }, durationMinutes: number | null, now: Date = new Date()) {
  if (!durationMinutes) return { ended: false, time_left: null };
  if (attempt.endedAt) return { ended: true, time_left: 0 };
  const clock = attempt.pausedAt && attempt.pausedAt < now ? attempt.pausedAt : now;
  const left = Math.min(durationMinutes * 60, attemptSecondsLeft(attempt.startedAt, durationMinutes, clock) ?? durationMinutes * 60);
  return { ended: left === 0, time_left: left };
}

/** The page asks to end an attempt when its own timer reaches zero; the server's clock may differ by this much. */
export const ATTEMPT_END_GRACE_SECONDS = 5;

/** "hh:mm:ss", hours including days (spec 2 §4, Course timer). */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Whether Join Class is open: from 15 minutes before the start. */
export function classJoinable(startsAt: Date, now: Date): boolean {
  return now.getTime() >= startsAt.getTime() - CLASS_JOIN_WINDOW_MINUTES * 60_000;
}

/** The marker that stands for a blank in a fill-in-the-blank question's content. */
export const BLANK_MARKER = '___';

/** Whether two answers hold the same choices, in any order (multiple choice). */
export function sameSet(answer: readonly string[], correct: readonly string[]): boolean {
  const given = new Set(answer);
  return given.size === new Set(correct).size && correct.every((c) => given.has(c));
}

export type VideoAnswerCheck = 'set' | 'ordered' | 'text';
const checkFor = (type: string): VideoAnswerCheck => (type === 'checkbox' || type === 'multiple' ? 'set' : type === 'fitb' ? 'ordered' : 'text');

/** Spec 2 §5: multiple choice compares as a set, blanks in order and exactly, one answer by its trimmed text. */
export function videoAnswerIsCorrect(type: string, answer: readonly string[], correct: readonly string[]): boolean {
  switch (checkFor(type)) {
    case 'set':
      return sameSet(answer, correct);
    case 'ordered':
      return answer.length === correct.length && correct.every((c, i) => answer[i] === c);
    case 'text':
      return answer.length === 1 && correct.some((c) => c.trim().toLowerCase() === answer[0]!.trim().toLowerCase());
  }
}

/** The message after an answer, and whether the question is done (right, or out of attempts; 0 is unlimited). */
export function videoAnswerOutcome(correct: boolean, attemptsUsed: number, maxAttempts: number) {
  if (correct) return { done: true, message: videoQuestionMessages.correct };
  const last = maxAttempts > 0 && attemptsUsed >= maxAttempts;
  return { done: last, message: last ? videoQuestionMessages.incorrect : videoQuestionMessages.tryAgain };
}
