import { z } from 'zod';
import { EXAM_QUESTION_TYPES } from './rules';

export type ExamQuestionType = (typeof EXAM_QUESTION_TYPES)[number];

/** A question as a student sees it: no correct answer before the attempt is submitted. */
export const examQuestionSchema = z.object({
  id: z.number(),
  order: z.number(),
  type: z.enum(EXAM_QUESTION_TYPES),
  text: z.string(),
  choices: z.array(z.string()),
  points: z.number(),
  notes: z.string(),
  correct_answer: z.array(z.string()).nullable().describe('only after submission, when the exam shows answers; staff always'),
  answer: z
    .object({ answer: z.array(z.string()), file: z.string().nullable(), score: z.number().nullable(), is_correct: z.boolean().nullable(), feedback: z.string() })
    .nullable(),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

export const examSubmissionSchema = z.object({
  id: z.number(),
  attempt: z.number(),
  submitted: z.boolean(),
  passed: z.boolean(),
  has_pending: z.boolean(),
  total_questions: z.number(),
  total_score: z.number(),
  total_points: z.number(),
  score: z.number().describe('percent, one decimal'),
  time_left: z.number().nullable().describe('seconds; null when untimed'),
  date_submitted: z.string().nullable(),
  questions: z.array(examQuestionSchema),
});
export type ExamSubmission = z.infer<typeof examSubmissionSchema>;

export const examSchema = z.object({
  id: z.number(),
  kind: z.enum(['exam', 'survey']),
  description: z.string(),
  total_questions: z.number(),
  passing_rate: z.number(),
  max_attempts: z.number(),
  duration: z.number().describe('minutes; 0 is untimed'),
  hours: z.number(),
  minutes: z.number(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  open: z.boolean(),
  attempts_used: z.number(),
  may_start: z.boolean(),
  submission: examSubmissionSchema.nullable().describe("the caller's latest attempt"),
  outline: z.array(examQuestionSchema).nullable().describe("staff: every question with its correct answer (View Questions)"),
});
export type Exam = z.infer<typeof examSchema>;

export const answerBodySchema = z.object({
  answer: z.union([z.string().max(20_000), z.array(z.string().max(2000)).max(50)]),
  /** The last question's Submit: the attempt is submitted with this answer. */
  final: z.boolean().optional(),
});

export const gradeBodySchema = z.object({ score: z.number().min(0).max(10_000), feedback: z.string().max(5000).default('') });

export const gradeResultSchema = z.object({ id: z.number(), has_pending: z.boolean(), passed: z.boolean(), total_score: z.number(), score: z.number() });
export const gradeParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647), questionId: z.coerce.number().int().positive().max(2147483647) });
