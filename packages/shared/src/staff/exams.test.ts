import { describe, expect, it } from 'vitest';
import { examEditorMessages as m, examEditorProblems, questionContent, staffExamPutSchema, type StaffExamPut } from './exams';

const exam = (questions: object[], extra: Partial<StaffExamPut> = {}) =>
  staffExamPutSchema.parse({ description: '', passing_rate: 75, max_attempts: 0, duration_minutes: 0, date_start: null, date_end: null, show_answers: true, questions, ...extra });

describe('examEditorProblems', () => {
  it('takes a well-formed exam of every question type', () => {
    const ok = exam([
      { type: 'radio', text: 'One', choices: ['A', 'B'], correct_answer: ['B'] },
      { type: 'select', text: 'Pick', choices: ['24', '36'], correct_answer: ['36'] },
      { type: 'checkbox', text: 'Some', choices: ['A', 'B', 'C'], correct_answer: ['A', 'C'] },
      { type: 'text', text: 'Word' },
      { type: 'textarea', text: 'Essay', points: 5 },
      { type: 'file', text: 'Upload your brief' },
    ]);
    expect(examEditorProblems(ok, false)).toEqual({});
  });

  it('names each problem by its question and field', () => {
    const bad = exam(
      [
        { type: 'radio', text: 'Blank choice', choices: ['A', ''], correct_answer: ['A'] },
        { type: 'radio', text: 'Two right', choices: ['A', 'B'], correct_answer: ['A', 'B'] },
        { type: 'checkbox', text: 'Unknown key', choices: ['A', 'B'], correct_answer: ['Z'] },
        { type: 'checkbox', text: 'Rated', choices: ['A', 'B'], correct_answer: ['A'], rating: true },
      ],
      { date_start: '2026-12-02', date_end: '2026-12-01' },
    );
    expect(examEditorProblems(bad, false)).toEqual({
      date_end: m.endBeforeStart,
      'questions.0.choices': m.choiceText,
      'questions.1.correct_answer': m.oneCorrect,
      'questions.2.correct_answer': m.correctAmongChoices,
      'questions.3.rating': m.rating,
    });
  });

  it("asks no answer key of a survey, whose single-choice question may be the course's rating", () => {
    const survey = exam([{ type: 'radio', text: 'How was it?', choices: ['Excellent', 'Good', 'Poor'], rating: true }, { type: 'checkbox', text: 'What helped?', choices: ['Videos', 'Readings'] }]);
    expect(examEditorProblems(survey, true)).toEqual({});
    expect(examEditorProblems(survey, false)).toMatchObject({ 'questions.0.correct_answer': m.oneCorrect, 'questions.0.rating': m.rating });
  });
});

describe('questionContent', () => {
  it('changes with what scores a question, not with the order of its answer key', () => {
    const q = { type: 'checkbox' as const, text: 'Some', choices: ['A', 'B'], points: 1, notes: '', correct_answer: ['A', 'B'], rating: false };
    expect(questionContent(q)).toBe(questionContent({ ...q, correct_answer: ['B', 'A'] }));
    expect(questionContent(q)).not.toBe(questionContent({ ...q, points: 2 }));
    expect(questionContent(q)).not.toBe(questionContent({ ...q, choices: ['B', 'A'] }));
  });
});
