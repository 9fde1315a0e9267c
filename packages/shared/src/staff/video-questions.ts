import { z } from 'zod';
import { BLANK_MARKER } from '../learning/rules';
import { VIDEO_QUESTION_TYPES, type VideoQuestionType } from '../learning/schemas';

export const videoQuestionEditorMessages = {
  content: 'Enter the question.',
  choices: 'Give at least two different choices.',
  choiceText: 'Enter every choice.',
  oneCorrect: 'Mark the one correct choice.',
  someCorrect: 'Mark at least one correct choice.',
  accepted: 'Enter at least one accepted answer, and no empty one.',
  blanks: `Write ${BLANK_MARKER} where each blank goes.`,
  blankAnswers: 'Give the answer of every blank, in order.',
  afterEnd: 'Place the question before the video ends.',
  gone: 'This question is no longer in the lesson: reload it and make your change again.',
  noVideo: 'Upload the video first: questions are placed on it.',
} as const;

export const videoQuestionTypeLabels: Record<VideoQuestionType, string> = {
  info: 'Information (no answer)',
  radio: 'Single choice (buttons)',
  multiple: 'Multiple choice (buttons)',
  checkbox: 'Multiple choice (ticks)',
  dropdown: 'Single choice (list)',
  select: 'Single choice (select)',
  text: 'Typed answer',
  fitb: 'Fill in the blanks',
};

/** How a type is answered: by picking choices (one or several), by typing, or not at all. */
export function videoAnswerKind(type: VideoQuestionType): 'one' | 'several' | 'typed' | 'blanks' | 'none' {
  if (type === 'info') return 'none';
  if (type === 'multiple' || type === 'checkbox') return 'several';
  if (type === 'text') return 'typed';
  if (type === 'fitb') return 'blanks';
  return 'one';
}

const text = (max: number) => z.string().trim().max(max, `Keep it under ${max.toLocaleString('en')} characters.`);
const percent = z.number().min(0).max(100);

export const staffVideoQuestionSchema = z.object({
  id: z.number().int().positive().max(2147483647).optional().describe('an existing question of the lesson; none for a new one'),
  type: z.enum(VIDEO_QUESTION_TYPES),
  timestamp: z.number().int('Enter whole seconds.').min(0, 'Enter 0 or more seconds.').max(86_400).describe('the second the video pauses at'),
  content: text(5000).min(1, videoQuestionEditorMessages.content),
  choices: z.array(text(500)).max(20, 'At most 20 choices.').default([]),
  correct_answer: z.array(text(500)).max(20).default([]).describe('the correct choices; a typed question its accepted answers; blanks theirs in order'),
  remarks: z.string().max(5000, 'Keep the explanation under 5,000 characters.').default('').describe('the explanation shown once the question is done'),
  location: z.object({ x: percent, y: percent }).default({ x: 50, y: 50 }).describe('where the question sits on the player, in percent of its width and height'),
});
export type StaffVideoQuestion = z.infer<typeof staffVideoQuestionSchema>;

/** PUT /staff/coursewares/{id}/video-questions/: the attempts per question and every question (If-Match: the lesson's version). */
export const videoQuestionsPutSchema = z.object({
  max_attempts: z.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').max(100, 'Enter at most 100.').describe('attempts per question, 0 unlimited'),
  questions: z.array(staffVideoQuestionSchema).max(100, 'At most 100 questions.'),
});
export type VideoQuestionsPut = z.infer<typeof videoQuestionsPutSchema>;

export const staffVideoQuestionsSchema = videoQuestionsPutSchema.extend({
  lesson: z.object({ id: z.number(), name: z.string(), version: z.number(), media_seconds: z.number().nullable() }),
  course: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  video_url: z.string().nullable().describe("the video's address for this editor (15 minutes)"),
  questions: z.array(staffVideoQuestionSchema.required({ id: true }).extend({ id: z.number() })),
});
export type StaffVideoQuestions = z.infer<typeof staffVideoQuestionsSchema>;

/** Only what the type uses: an information card has no answer, a typed answer no choices. */
export function videoQuestionColumns(q: StaffVideoQuestion) {
  const kind = videoAnswerKind(q.type);
  const choices = kind === 'one' || kind === 'several' ? q.choices : [];
  const correct = kind === 'none' ? [] : q.correct_answer;
  return { ...q, choices, correct_answer: correct, remarks: q.remarks.trim() };
}

/**
 * What is wrong with the questions as the editor would save them, by field (`questions.2.choices`): a choice
 * question needs two different choices and its answer among them, a typed one an accepted answer, blanks an answer
 * each; every question comes before the video's end.
 */
export function videoQuestionProblems(body: VideoQuestionsPut, mediaSeconds: number | null): Record<string, string> {
  const problems: Record<string, string> = {};
  body.questions.forEach((q, i) => {
    const at = (field: string) => `questions.${i}.${field}`;
    const kind = videoAnswerKind(q.type);
    if (mediaSeconds !== null && q.timestamp >= mediaSeconds) problems[at('timestamp')] = videoQuestionEditorMessages.afterEnd;
    if (kind === 'one' || kind === 'several') {
      if (q.choices.some((c) => c === '')) problems[at('choices')] = videoQuestionEditorMessages.choiceText;
      else if (q.choices.length < 2 || new Set(q.choices).size !== q.choices.length) problems[at('choices')] = videoQuestionEditorMessages.choices;
      const among = q.correct_answer.every((a) => q.choices.includes(a));
      if (kind === 'one' && (q.correct_answer.length !== 1 || !among)) problems[at('correct_answer')] = videoQuestionEditorMessages.oneCorrect;
      if (kind === 'several' && (q.correct_answer.length === 0 || !among)) problems[at('correct_answer')] = videoQuestionEditorMessages.someCorrect;
    }
    // An empty accepted answer would take an empty reply as right.
    if (kind === 'typed' && (q.correct_answer.length === 0 || q.correct_answer.some((a) => a === ''))) problems[at('correct_answer')] = videoQuestionEditorMessages.accepted;
    if (kind === 'blanks') {
      const blanks = q.content.split(BLANK_MARKER).length - 1;
      if (blanks === 0) problems[at('content')] = videoQuestionEditorMessages.blanks;
      else if (q.correct_answer.length !== blanks || q.correct_answer.some((a) => a === '')) problems[at('correct_answer')] = videoQuestionEditorMessages.blankAnswers;
    }
  });
  return problems;
}
