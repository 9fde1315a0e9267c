import type { VideoQuestionType } from '@school/shared/learning/schemas';
import { videoAnswerKind, videoQuestionProblems, videoQuestionsPutSchema, type StaffVideoQuestions, type VideoQuestionsPut } from '@school/shared/staff/video-questions';

/** A question as its card's inputs hold it: choices and typed answers one per line, numbers as typed. */
export interface QuestionForm {
  id?: number;
  type: VideoQuestionType;
  timestamp: string;
  content: string;
  choices: string;
  /** The correct choice (a radio group) or choices (ticks). */
  correct: string[] | string | false;
  /** Accepted typed answers, or the blanks' answers in order. */
  accepted: string;
  remarks: string;
  x: string;
  y: string;
}

export interface QuestionsForm {
  max_attempts: string;
  questions: QuestionForm[];
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The blanks' answers keep their places: an empty line inside is an unanswered blank, not one fewer. */
function blankAnswers(text: string) {
  const all = text.split('\n').map((line) => line.trim());
  while (all.at(-1) === '') all.pop();
  return all;
}

export const choicesOf = (q: Pick<QuestionForm, 'choices'>) => lines(q.choices);

export function formOf(loaded: StaffVideoQuestions): QuestionsForm {
  return {
    max_attempts: String(loaded.max_attempts),
    questions: loaded.questions.map((q) => {
      const kind = videoAnswerKind(q.type);
      const picked = kind === 'one' || kind === 'several';
      return {
        id: q.id,
        type: q.type,
        timestamp: String(q.timestamp),
        content: q.content,
        choices: q.choices.join('\n'),
        correct: picked ? (kind === 'one' ? (q.correct_answer[0] ?? '') : q.correct_answer) : [],
        accepted: picked ? '' : q.correct_answer.join('\n'),
        remarks: q.remarks,
        x: String(Math.round(q.location.x)),
        y: String(Math.round(q.location.y)),
      };
    }),
  };
}

export const newQuestion = (second: number): QuestionForm => ({ type: 'radio', timestamp: String(Math.floor(second)), content: '', choices: '', correct: '', accepted: '', remarks: '', x: '50', y: '50' });

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The PUT the form makes, checked with the server's own schema and rules; or the problems by input. */
export function bodyOf(values: QuestionsForm, mediaSeconds: number | null): { body: VideoQuestionsPut } | { problems: Record<string, string> } {
  const raw = {
    max_attempts: number(values.max_attempts),
    questions: values.questions.map((q) => {
      const kind = videoAnswerKind(q.type);
      const correct = kind === 'one' || kind === 'several' ? [q.correct].flat().filter((c): c is string => typeof c === 'string' && c !== '') : lines(q.accepted);
      return {
        ...(q.id === undefined ? {} : { id: q.id }),
        type: q.type,
        timestamp: number(q.timestamp),
        content: q.content,
        choices: kind === 'one' || kind === 'several' ? choicesOf(q) : [],
        correct_answer: kind === 'blanks' ? blankAnswers(q.accepted) : correct,
        remarks: q.remarks,
        location: { x: number(q.x), y: number(q.y) },
      };
    }),
  };
  const parsed = videoQuestionsPutSchema.safeParse(raw);
  const problems: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) problems[inputOf(issue.path.map(String).join('.'), values)] ??= issue.message;
  if (!parsed.success) return { problems };
  for (const [key, message] of Object.entries(videoQuestionProblems(parsed.data, mediaSeconds))) problems[inputOf(key, values)] ??= message;
  return Object.keys(problems).length ? { problems } : { body: parsed.data };
}

/** The input of a problem named as the server names it (`questions.2.correct_answer`, `questions.1.location.x`). */
export function inputOf(key: string, values: QuestionsForm): string {
  const match = /^questions\.(\d+)\.(\w+)(?:\.(\w+))?/.exec(key);
  if (!match) return key === 'questions' ? 'questions.root' : key;
  const [, index, field, sub] = match;
  const question = values.questions[Number(index)];
  const kind = question ? videoAnswerKind(question.type) : 'one';
  const input = field === 'correct_answer' ? (kind === 'one' || kind === 'several' ? 'correct' : 'accepted') : field === 'location' ? (sub === 'y' ? 'y' : 'x') : field;
  return `questions.${index}.${input}`;
}
