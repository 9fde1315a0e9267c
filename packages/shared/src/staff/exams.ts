import { z } from 'zod';
import { EXAM_QUESTION_TYPES, isAutoScored } from '../exams/rules';

export const examEditorMessages = {
  text: 'Enter the question.',
  choices: 'Give at least two different choices.',
  choiceText: 'Enter every choice.',
  oneCorrect: 'Mark the one correct choice.',
  someCorrect: 'Mark at least one correct choice.',
  correctAmongChoices: 'A correct answer must be one of the choices.',
  rating: 'Only a survey question with single choices, best first, can be the rating of the course.',
  endBeforeStart: 'The exam cannot close before it opens.',
  gone: 'This question is no longer in the exam: reload the exam and make your change again.',
  percent: 'Enter a whole percent from 0 to 100.',
} as const;

const whole = (max: number) => z.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').max(max, `Enter at most ${max}.`);
const day = z.iso.date('Enter a date as YYYY-MM-DD.').nullable();

export const staffQuestionSchema = z.object({
  id: z.number().int().positive().max(2147483647).optional().describe('an existing question of the exam; none for a new one'),
  type: z.enum(EXAM_QUESTION_TYPES),
  text: z.string().trim().min(1, examEditorMessages.text).max(5000, 'Keep the question under 5,000 characters.'),
  choices: z.array(z.string().trim().max(500, 'Keep a choice under 500 characters.')).max(20, 'At most 20 choices.').default([]),
  points: whole(1000).default(1),
  notes: z.string().max(5000, 'Keep the notes under 5,000 characters.').default(''),
  correct_answer: z.array(z.string().trim().max(500)).max(20).default([]),
  rating: z.boolean().default(false).describe("a survey's rating of the course (single choices, best first)"),
});
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;

export const staffExamSettingsSchema = z.object({
  description: z.string().max(10_000, 'Keep the description under 10,000 characters.'),
  passing_rate: z.number({ error: examEditorMessages.percent }).int(examEditorMessages.percent).min(0, examEditorMessages.percent).max(100, examEditorMessages.percent),
  max_attempts: whole(100).describe('0 is unlimited'),
  duration_minutes: whole(1440).describe('0 is untimed'),
  date_start: day,
  date_end: day,
  show_answers: z.boolean(),
});

/** PUT /staff/exams/{id}/: the settings and every question in order (If-Match: the exam's version). */
export const staffExamPutSchema = staffExamSettingsSchema.extend({ questions: z.array(staffQuestionSchema).max(200, 'At most 200 questions.') });
export type StaffExamPut = z.infer<typeof staffExamPutSchema>;

/**
 * What is wrong with an exam as the editor would save it, by field (`questions.2.choices`): choice questions
 * need two different choices and their correct answers among them (one for single choice, in an exam); a
 * survey's rating question is a single choice; the exam does not close before it opens.
 */
export function examEditorProblems(exam: StaffExamPut, survey: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  if (exam.date_start && exam.date_end && exam.date_end < exam.date_start) problems.date_end = examEditorMessages.endBeforeStart;
  exam.questions.forEach((q, i) => {
    const at = (field: string) => `questions.${i}.${field}`;
    if (isAutoScored(q.type)) {
      if (q.choices.some((c) => c === '')) problems[at('choices')] = examEditorMessages.choiceText;
      else if (new Set(q.choices).size < 2) problems[at('choices')] = examEditorMessages.choices;
      if (q.correct_answer.some((a) => !q.choices.includes(a))) problems[at('correct_answer')] = examEditorMessages.correctAmongChoices;
      else if (!survey && q.type !== 'checkbox' && q.correct_answer.length !== 1) problems[at('correct_answer')] = examEditorMessages.oneCorrect;
      else if (!survey && q.type === 'checkbox' && q.correct_answer.length === 0) problems[at('correct_answer')] = examEditorMessages.someCorrect;
    }
    if (q.rating && (!survey || q.type !== 'radio')) problems[at('rating')] = examEditorMessages.rating;
  });
  return problems;
}

/** The fields of a question that make it what it is: a change to any of them is a new question for attempts. */
export const questionContent = (q: Pick<StaffQuestion, 'type' | 'text' | 'choices' | 'points' | 'notes' | 'correct_answer' | 'rating'>) =>
  JSON.stringify([q.type, q.text, q.choices, q.points, q.notes, [...q.correct_answer].sort(), q.rating]);

export const staffExamQuestionSchema = staffQuestionSchema.required({ id: true }).extend({ id: z.number() });

export const staffExamSchema = staffExamSettingsSchema.extend({
  id: z.number(),
  kind: z.enum(['exam', 'survey']),
  version: z.number(),
  courseware: z.object({ id: z.number(), name: z.string() }),
  course: z.object({ id: z.number(), name: z.string(), slug: z.string().describe("for Preview as student (the player's staff preview)") }),
  attempts: z.number().describe('attempts started so far (editing keeps their questions as they were)'),
  questions: z.array(staffExamQuestionSchema),
});
export type StaffExam = z.infer<typeof staffExamSchema>;
