/** Exams and surveys (spec 2 §4, §5, §8, §9), the same rules for the page and the server. */
import { sameSet } from '../learning/rules';

export const EXAM_QUESTION_TYPES = ['text', 'textarea', 'radio', 'checkbox', 'select', 'file'] as const;

/** The largest file answer. */
export const ANSWER_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Question bubbles to a row (the spec's maxSteps); every question's bubble shows, in as many rows as it takes. */
export const EXAM_BUBBLES_PER_ROW = 10;
/** A submission a little after the time ran out still counts: the network takes time. */
export const SUBMIT_GRACE_SECONDS = 10;

export const examMessages = {
  required: 'This field is required',
  selectAnswer: 'Please select an answer',
  noFile: 'No file is chosen',
  examSubmitted: 'Exam submitted!',
  surveySubmitted: 'Survey form submitted!',
  timerEndedTitle: 'Oops, Sorry!',
  timerEnded: "Timer has ended and you weren't able to finish within the time allocated for this exam.",
  noQuestions: 'No questions found',
  notOpen: 'This exam is not open.',
  noAttemptsLeft: 'You have used all your attempts for this exam.',
  alreadyPassed: 'You have already passed this exam.',
  awaitingGrade: 'Your last attempt is waiting to be graded.',
  notStarted: 'Start the exam first.',
  alreadySubmitted: 'This attempt has already been submitted.',
  timeUp: 'The time for this attempt has ended.',
  notGradable: 'This answer is scored automatically.',
  notAChoice: 'Choose one of the choices.',
  fileType: 'Upload a PDF, PNG or JPEG file.',
  fileTooLarge: 'The file is larger than 10 MB.',
} as const;

/** The required-answer message of a question type (spec 2 §5). */
export function requiredMessage(type: string): string {
  if (type === 'radio' || type === 'checkbox') return examMessages.selectAnswer;
  if (type === 'file') return examMessages.noFile;
  return examMessages.required;
}

/** Choice questions are scored on submission; written and file answers wait for staff (has_pending). */
export const isAutoScored = (type: string) => type === 'radio' || type === 'checkbox' || type === 'select';
/** The question types staff grade by hand: everything a choice does not score. */
export const HAND_GRADED_TYPES = ['text', 'textarea', 'file'] as const;
export const isHandGraded = (type: string): type is (typeof HAND_GRADED_TYPES)[number] => (HAND_GRADED_TYPES as readonly string[]).includes(type);

/** A choice answer's score: all its points when right (a checkbox answer as a set), none otherwise. */
export function scoreChoice(type: string, answer: readonly string[], correct: readonly string[], points: number) {
  const right = type === 'checkbox' ? sameSet(answer, correct) : answer.length === 1 && correct.includes(answer[0]!);
  return { isCorrect: right, score: right ? points : 0 };
}

/** The score as a percent with one decimal (spec 2 §4), rounded down: it never shows a pass that was not made. */
export const scorePercent = (score: number, points: number) => (points > 0 ? Math.floor((score * 1000) / points + 1e-9) / 10 : 0);
/** Passed at the passing rate, on the exact score rather than the shown one. */
export const passes = (score: number, points: number, passingRate: number) => score * 100 >= passingRate * points;

/** '1 point', '2 points': 'points' pluralised above 1. */
export const pointsLabel = (n: number) => `${n} ${n > 1 ? 'points' : 'point'}`;

/** Seconds left of an attempt; null when the exam is untimed. */
export function examSecondsLeft(startedAt: Date, durationMinutes: number, now: Date = new Date()): number | null {
  if (durationMinutes <= 0) return null;
  return Math.max(0, Math.floor((startedAt.getTime() + durationMinutes * 60_000 - now.getTime()) / 1000));
}

/**
 * Whether another attempt may start: no attempt passed, none waiting for a grade (it may yet pass), and attempts
 * left (0 is unlimited).
 */
export function mayRetake(input: { passed: boolean; pending: boolean; attemptsUsed: number; maxAttempts: number }) {
  return !input.passed && !input.pending && (input.maxAttempts === 0 || input.attemptsUsed < input.maxAttempts);
}

/**
 * Whether a submitted exam shows each answer's result and the correct answers: only once it cannot be taken
 * again (passed, or every attempt used), so that a retake is no copy of the last review.
 */
export const resultsRevealed = (input: { passed: boolean; attemptsUsed: number; maxAttempts: number }) =>
  input.passed || (input.maxAttempts > 0 && input.attemptsUsed >= input.maxAttempts);

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "1 hour 30 minutes": an exam's time limit in words. */
export const durationWords = (minutes: number) =>
  [Math.floor(minutes / 60), minutes % 60].flatMap((n, i) => (n > 0 ? [count(n, i === 0 ? 'hour' : 'minute')] : [])).join(' ');

/**
 * What starting an attempt commits the student to, asked before it starts (docs/decisions.md): the attempt it
 * uses of how many, and the timer that starts with it. Null when there is nothing to commit to (an untimed survey).
 */
export function startNotice(exam: { kind: 'exam' | 'survey'; max_attempts: number; attempts_used: number; duration: number }): string | null {
  const timer = exam.duration > 0 ? `a timer of ${durationWords(exam.duration)}, which keeps running if you leave the page` : null;
  if (exam.kind === 'survey') return timer && `This starts ${timer}.`;
  const attempt = exam.attempts_used + 1;
  if (exam.max_attempts > 0) return `This uses attempt ${attempt} of ${exam.max_attempts}${timer ? ` and starts ${timer}.` : '. There is no time limit.'}`;
  return `This starts attempt ${attempt} (attempts are unlimited)${timer ? ` and ${timer}.` : '. There is no time limit.'}`;
}
