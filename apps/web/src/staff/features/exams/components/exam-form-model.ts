import type { ExamQuestionType } from '@school/shared/exams/schemas';
import type { StaffExam, StaffExamPut } from '@school/shared/staff/exams';

/** A question as the form holds it: the choices as lines of a text box, the answer key as the choices ticked. */
export interface QuestionForm {
  id?: number;
  type: ExamQuestionType;
  text: string;
  choices: string;
  /** Ticked choices: a list for several choices, one value for one choice (as radio buttons hold it). */
  correct: string[] | string | boolean;
  points: string;
  notes: string;
  rating: boolean;
}

export interface ExamForm {
  description: string;
  passing_rate: string;
  max_attempts: string;
  duration_minutes: string;
  date_start: string;
  date_end: string;
  show_answers: boolean;
  questions: QuestionForm[];
}

export const newQuestion = (): QuestionForm => ({ type: 'radio', text: '', choices: '', correct: '', points: '1', notes: '', rating: false });

export const choicesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '');

export function formOf(exam: StaffExam): ExamForm {
  return {
    description: exam.description,
    passing_rate: String(exam.passing_rate),
    max_attempts: String(exam.max_attempts),
    duration_minutes: String(exam.duration_minutes),
    date_start: exam.date_start ?? '',
    date_end: exam.date_end ?? '',
    show_answers: exam.show_answers,
    questions: exam.questions.map((q) => ({ id: q.id, type: q.type, text: q.text, choices: q.choices.join('\n'), correct: q.type === 'checkbox' ? q.correct_answer : (q.correct_answer[0] ?? ''), points: String(q.points), notes: q.notes, rating: q.rating })),
  };
}

const whole = (value: string) => (value.trim() === '' ? 0 : Number(value));

/** What the form sends: an answer key kept only among the choices still there. */
export function bodyOf(form: ExamForm): StaffExamPut {
  return {
    description: form.description,
    passing_rate: whole(form.passing_rate),
    max_attempts: whole(form.max_attempts),
    duration_minutes: whole(form.duration_minutes),
    date_start: form.date_start || null,
    date_end: form.date_end || null,
    show_answers: form.show_answers,
    questions: form.questions.map((q) => {
      const choices = choicesOf(q.choices);
      // A lone checkbox reads as true or false, a radio group as one value: either way, the ticked choices.
      const ticked = [q.correct].flat().filter((c): c is string => typeof c === 'string' && choices.includes(c));
      return { ...(q.id ? { id: q.id } : {}), type: q.type, text: q.text, choices, correct_answer: ticked, points: whole(q.points), notes: q.notes, rating: q.rating };
    }),
  };
}

/** A problem's field in the form: the server's `questions.2.correct_answer` is the form's `questions.2.correct`. */
export const formField = (key: string) => key.replace(/\.correct_answer$/, '.correct') as `questions.${number}.correct` | keyof ExamForm;
