/** The course player's rules (spec 2 §4, §5, §9), run by the page and enforced again by the server. */

export const FORWARD_SEEK_TOLERANCE_SECONDS = 1.2;
export const DEFAULT_VOLUME = 0.8;
export const FONT_SIZE = { min: 12, max: 24, default: 16 } as const;
export const CLASS_JOIN_WINDOW_MINUTES = 15;
export const COMPLETION_DIALOG_WINDOW_MS = 2 * 60 * 1000;

/**
 * Saved progress may run ahead of the time spent on the courseware by this much (once per courseware, not per save
 * or open): the media starts a moment after the page asks for it, and requests take time.
 */
export const PROGRESS_TOLERANCE_SECONDS = 5;
/**
 * One credit of time spent on a lesson is at most this long: the page saves every 10 s of playing, so a longer
 * silence was a pause, a lost line or a page left open, not watching.
 */
export const STUDY_CREDIT_MAX_SECONDS = 60;
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
  joinToComplete: 'A live class is completed by attending it.',
  notInClass: 'Join the class first.',
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

/**
 * Whether a media lesson may be completed: the time spent on it (`watched`, real time across every open) covers
 * its length, and, where seeking forward is refused, so does the saved second.
 */
export function mediaCompletable(input: { forwardStreaming: boolean; seconds: number; watched: number; mediaSeconds: number | null }): boolean {
  return watchedEnough(input.watched, input.mediaSeconds) && (input.forwardStreaming || watchedEnough(input.seconds, input.mediaSeconds));
}

/** Lessons played by a media player, ours or a provider's: completed by their watched time. */
export const MEDIA_TYPES: readonly string[] = ['video', 'audio', 'ivideo', 'yt', 'sc'];

/** Why a lesson's Next is not open yet: what completes that kind of lesson. */
export function nextLockedReason(type: string): string {
  if (MEDIA_TYPES.includes(type)) return 'Watch or listen to the whole lesson to go on.';
  if (type === 'class') return 'Attend the live class to go on.';
  if (type === 'exam' || type === 'survey') return `Submit the ${type} to go on.`;
  return 'Mark this lesson as complete to go on.';
}
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

/**
 * The page reports presence in a live class this often; a longer silence is credited this long at most (the
 * server counts each report's time since the last one, inside the class's hours).
 */
export const ATTENDANCE_HEARTBEAT_SECONDS = 30;
export const ATTENDANCE_MAX_GAP_SECONDS = 90;
/** At an MCLE school a class is attended for its length less this much (arriving late, a dropped line). */
export const ATTENDANCE_TOLERANCE_MINUTES = 10;

/**
 * The presence in the conference that completes a live class: what the school set for the room, or else at an
 * MCLE school its whole length but the tolerance (A.M. No. 19-10-16-SC credits attendance, not a click), and
 * elsewhere being in the room at all.
 */
export function attendanceRequiredSeconds(room: { classSeconds: number; mcle: boolean; minutes: number | null }): number {
  if (room.minutes !== null) return room.minutes * 60;
  return room.mcle ? Math.max(0, room.classSeconds - ATTENDANCE_TOLERANCE_MINUTES * 60) : 0;
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

/** A typed answer as it is compared: case, surrounding and repeated spaces do not make it wrong. */
const typed = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Spec 2 §5: multiple choice compares as a set, blanks in order, one answer by its text. Typed text (blanks
 * included) compares without regard to case and spaces (docs/decisions.md): "supreme  court" is "Supreme Court".
 */
export function videoAnswerIsCorrect(type: string, answer: readonly string[], correct: readonly string[]): boolean {
  switch (checkFor(type)) {
    case 'set':
      return sameSet(answer, correct);
    case 'ordered':
      return answer.length === correct.length && correct.every((c, i) => typed(answer[i]!) === typed(c));
    case 'text':
      return answer.length === 1 && correct.some((c) => typed(c) === typed(answer[0]!));
  }
}

/**
 * Wrong answers after which a question with unlimited attempts (0) reveals its answer and explanation and is done
 * (spec 2 §5: "the correct answer is revealed after an error"), so that no question holds a student forever.
 */
export const UNLIMITED_REVEAL_AFTER = 3;

/** The attempts after which a question still answered wrong is done: its max_attempts, or the reveal above. */
export const videoAttemptLimit = (maxAttempts: number) => (maxAttempts > 0 ? maxAttempts : UNLIMITED_REVEAL_AFTER);

/** The message after an answer, and whether the question is done (right, or out of attempts). */
export function videoAnswerOutcome(correct: boolean, attemptsUsed: number, maxAttempts: number) {
  if (correct) return { done: true, message: videoQuestionMessages.correct };
  const last = attemptsUsed >= videoAttemptLimit(maxAttempts);
  return { done: last, message: last ? videoQuestionMessages.incorrect : videoQuestionMessages.tryAgain };
}
