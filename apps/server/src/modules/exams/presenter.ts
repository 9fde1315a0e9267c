import { examSecondsLeft, isAutoScored, scorePercent } from '@school/shared/exams/rules';
import type { Exam, ExamQuestion, ExamSubmission } from '@school/shared/exams/schemas';
import type { StaffQuestion } from '@school/shared/staff/exams';
import type { AnswerRow, ExamRow, QuestionRow, SubmissionRow } from './repository';

/** A stored question as the exam editor (and a course package) writes it. */
export const editorQuestionOf = (q: QuestionRow) => ({ type: q.type, text: q.text, choices: q.choices, points: q.points, notes: q.notes, correct_answer: q.correctAnswer, rating: q.rating });

/** An editor's question as stored, with only what its type uses: written and file answers have no choices and no answer key. */
export function examQuestionColumns(q: Omit<StaffQuestion, 'id'>, position: number) {
  const choice = isAutoScored(q.type);
  return { type: q.type, text: q.text, choices: choice ? q.choices : [], points: q.points, notes: q.notes, correctAnswer: choice ? q.correct_answer : [], rating: q.rating, position };
}

/**
 * A question with the student's answer. `results`: the answer's score and whether it is right (a submitted exam
 * that cannot be taken again); `reveal`: the correct answer too (and the exam shows answers), or staff.
 */
function presentQuestion(question: QuestionRow, answer: AnswerRow | undefined, shown: { results: boolean; reveal: boolean }, files: ReadonlyMap<string, string> = new Map()): ExamQuestion {
  return {
    id: question.id,
    order: question.position,
    type: question.type,
    text: question.text,
    choices: question.choices,
    points: question.points,
    notes: question.notes,
    correct_answer: shown.reveal ? question.correctAnswer : null,
    answer: answer
      ? {
          answer: answer.answer,
          file: answer.file ? (files.get(answer.file) ?? null) : null,
          score: shown.results ? answer.score : null,
          is_correct: shown.results ? answer.isCorrect : null,
          feedback: answer.feedback,
        }
      : null,
  };
}

/** An attempt; before it is submitted nothing tells which answer is right, not even its score. */
export function presentSubmission(view: { exam: ExamRow; survey: boolean; submission: SubmissionRow; revealed: boolean; questions: QuestionRow[]; answers: AnswerRow[]; files: ReadonlyMap<string, string> }): ExamSubmission {
  const { exam, submission } = view;
  const submitted = submission.submittedAt !== null;
  const results = submitted && view.revealed && !view.survey;
  const shown = { results, reveal: results && exam.showAnswers };
  return {
    id: submission.id,
    attempt: submission.attempt,
    submitted,
    passed: submission.passed,
    has_pending: submission.hasPending,
    total_questions: view.questions.length,
    total_score: submitted ? submission.totalScore : 0,
    total_points: submission.totalPoints || view.questions.reduce((sum, q) => sum + q.points, 0),
    score: submitted ? scorePercent(submission.totalScore, submission.totalPoints) : 0,
    time_left: submitted ? null : examSecondsLeft(submission.startedAt, exam.durationMinutes),
    date_submitted: submission.submittedAt?.toISOString() ?? null,
    questions: view.questions.map((q) => presentQuestion(q, view.answers.find((a) => a.questionId === q.id), shown, view.files)),
  };
}

interface ExamView {
  found: { exam: ExamRow; courseware: { type: string } };
  questions: QuestionRow[];
  questionCount: number;
  attempts: SubmissionRow[];
  latest: ExamSubmission | null;
  staff: boolean;
  open: boolean;
  mayStart: boolean;
}

export function presentExam(view: ExamView): Exam {
  const { exam } = view.found;
  return {
    id: exam.id,
    kind: view.found.courseware.type === 'survey' ? 'survey' : 'exam',
    description: exam.description,
    total_questions: view.questionCount,
    passing_rate: exam.passingRate,
    max_attempts: exam.maxAttempts,
    duration: exam.durationMinutes,
    hours: Math.floor(exam.durationMinutes / 60),
    minutes: exam.durationMinutes % 60,
    date_start: exam.dateStart,
    date_end: exam.dateEnd,
    open: view.open,
    attempts_used: view.attempts.length,
    may_start: view.mayStart,
    submission: view.latest,
    outline: view.staff ? view.questions.map((q) => presentQuestion(q, undefined, { results: false, reveal: true })) : null,
  };
}
