import { z } from 'zod';
import { HAND_GRADED_TYPES } from '../exams/rules';

export const GRADING_PAGE_SIZE = 50;
export const RESULTS_PAGE_SIZE = 50;

const id = z.coerce.number().int().positive().max(2147483647);

export const gradingMessages = {
  regradeRefused: "This answer is graded already; only the school's administrators may change a grade.",
  certificateKept: (date: string) => `A certificate was issued for this course on ${date}. Changing this grade does not withdraw it.`,
  scoreRequired: 'Enter a score.',
  atMost: (points: number) => `At most ${points}.`,
  queueEmpty: 'No answer is waiting for a grade.',
  allGraded: 'Every waiting answer is graded.',
};

/** The queue's filters: a course, an exam, a student (all of them when absent). */
export const gradingQuerySchema = z.object({
  course: id.optional(),
  exam: id.optional(),
  student: id.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type GradingQuery = z.infer<typeof gradingQuerySchema>;

const named = z.object({ id: z.number(), name: z.string() });
const student = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** A written or file answer of a submitted attempt that has no grade yet. */
export const waitingAnswerSchema = z.object({
  /** `{submission}-{question}`: the answer's own key. */
  id: z.string(),
  submission_id: z.number(),
  question_id: z.number(),
  attempt: z.number(),
  course: named,
  exam: named,
  student,
  question: z.string(),
  points: z.number(),
  submitted_at: z.string(),
});
export type WaitingAnswer = z.infer<typeof waitingAnswerSchema>;

export const answerParamsSchema = z.object({ id, questionId: id });

/** How the screen shows an uploaded answer: inline when the browser can, a download otherwise. */
export const answerFileKindSchema = z.enum(['image', 'pdf', 'other']);

/** One answer as the grader sees it: the question, what the student wrote or sent, its grade, the attempt. */
export const gradingAnswerSchema = z.object({
  submission_id: z.number(),
  question_id: z.number(),
  attempt: z.number(),
  course: named,
  exam: named,
  student,
  question: z.object({ text: z.string(), type: z.enum(HAND_GRADED_TYPES), points: z.number(), notes: z.string() }),
  answer: z.object({
    text: z.string(),
    file: z.object({ url: z.string(), name: z.string(), kind: answerFileKindSchema }).nullable(),
  }),
  score: z.number().nullable(),
  feedback: z.string(),
  graded_by: named.nullable(),
  graded_at: z.string().nullable(),
  /** Raised by every grade; sent back in If-Match so that a grade given meanwhile is not overwritten unseen. */
  version: z.number(),
  result: z.object({ has_pending: z.boolean(), passed: z.boolean(), total_score: z.number(), total_points: z.number(), submitted_at: z.string() }),
  /** The enrolment's certificate, when one is issued: a regrade does not change it. */
  certificate: z.object({ code: z.string(), issued_at: z.string() }).nullable(),
  /** Whether the caller may grade it now (a graded answer: administrators only). */
  may_grade: z.boolean(),
});
export type GradingAnswer = z.infer<typeof gradingAnswerSchema>;

export const resultsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const attemptStatusSchema = z.enum(['in_progress', 'waiting', 'passed', 'failed', 'submitted']);
export type AttemptStatus = z.infer<typeof attemptStatusSchema>;
export const attemptStatusLabels: Record<AttemptStatus, string> = {
  in_progress: 'In progress',
  waiting: 'Waiting for a grade',
  passed: 'Passed',
  failed: 'Failed',
  submitted: 'Submitted',
};

/** One attempt of an exam, for its results page. */
export const examAttemptSchema = z.object({
  id: z.number(),
  attempt: z.number(),
  student,
  started_at: z.string(),
  submitted_at: z.string().nullable(),
  /** Seconds from start to submission; null while it runs. */
  seconds_taken: z.number().nullable(),
  score: z.number(),
  status: attemptStatusSchema,
});
export type ExamAttempt = z.infer<typeof examAttemptSchema>;

/** How a question was answered over the exam's submitted attempts. */
export const questionStatisticSchema = z.object({
  id: z.number(),
  text: z.string(),
  type: z.string(),
  points: z.number(),
  /** Retired by an edit: only earlier attempts had it. */
  retired: z.boolean(),
  answered: z.number(),
  /** The average score of its graded answers; null when none is graded. */
  average_score: z.number().nullable(),
  choices: z.array(z.object({ choice: z.string(), count: z.number() })),
});
export type QuestionStatistic = z.infer<typeof questionStatisticSchema>;

export const examStatisticsSchema = z.object({
  exam: named,
  course: named,
  kind: z.enum(['exam', 'survey']),
  attempts: z.number(),
  submitted: z.number(),
  passed: z.number(),
  questions: z.array(questionStatisticSchema),
});
export type ExamStatistics = z.infer<typeof examStatisticsSchema>;

/** What is wrong with a score typed for a question of `points` (the server asks the same), or null. */
export function scoreProblem(score: number | null, points: number) {
  if (score === null || Number.isNaN(score)) return gradingMessages.scoreRequired;
  if (score < 0) return gradingMessages.scoreRequired;
  return score > points ? gradingMessages.atMost(points) : null;
}

/** "1 h 05 min", "12 min 30 s": the time an attempt took. */
export function durationLabel(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

/** An attempt's status in one word, from its row. */
export function attemptStatus(attempt: { submittedAt: Date | string | null; hasPending: boolean; passed: boolean }, survey: boolean): AttemptStatus {
  if (!attempt.submittedAt) return 'in_progress';
  if (attempt.hasPending) return 'waiting';
  if (survey) return 'submitted';
  return attempt.passed ? 'passed' : 'failed';
}

/** The kind of an uploaded answer, from its stored name's extension. */
export function answerFileKind(key: string): z.infer<typeof answerFileKindSchema> {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  if (extension === 'pdf') return 'pdf';
  return ['png', 'jpg', 'jpeg', 'webp', 'gif'].includes(extension) ? 'image' : 'other';
}
