import type { FastifyInstance } from 'fastify';
import { isHandGraded, scorePercent } from '@school/shared/exams/rules';
import { answerFileKind, attemptStatus, type ExamStatistics, type GradingAnswer, type GradingQuery } from '@school/shared/staff/grading';
import { allowedOnCourse, allowedTo, definePolicy } from '../../lib/policy';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { versionConflict } from '../../lib/versions';
import { fullName } from '../account/presenter';
import type { StaffContext } from '../staff/context';
import { gradingRepository } from './staff-grading-repository';
import { submissionPolicy } from './policy';
import { examService, StaleGrade } from './service';

/** The queue is read by whoever may grade at the school; an instructor's holds their courses' answers only. */
const queuePolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { read: allowedTo('exam.grade') },
});

/** An exam's attempts and statistics: its course's graders. */
const resultsPolicy = definePolicy({
  schoolOf: (exam: { schoolId: number; instructorIds: number[] }) => exam.schoolId,
  verbs: { read: allowedOnCourse('exam.grade') },
});

type Learner = { id: number; firstName: string; middleName: string; lastName: string; suffix: string | null; email: string; username: string };
const isSurvey = (exam: { type: string }) => exam.type === 'survey';
const studentOf = (user: Learner) => ({ id: user.id, name: fullName(user) || user.username, email: user.email });

/** The staff console's grading: the queue of waiting answers, one answer to grade, an exam's results. */
export function gradingService(app: FastifyInstance) {
  const repo = gradingRepository(app.db);
  const exams = examService(app);

  async function answerView(ctx: StaffContext, submissionId: number, questionId: number): Promise<GradingAnswer> {
    const row = await repo.answer(ctx.school.id, submissionId, questionId);
    // Only written and file answers are graded by hand; a choice answer has no grading screen.
    if (!row || !isHandGraded(row.question.type) || !row.submission.submittedAt) throw notFound();
    const type = row.question.type;
    const exam = (await repo.exam(ctx.school.id, row.exam.id))!;
    const attempt = { schoolId: ctx.school.id, userId: row.student.id, instructorIds: exam.instructorIds };
    submissionPolicy.authorize(ctx.actor, 'grade', attempt);
    const { answer } = row;
    const [grader, certificate] = await Promise.all([answer.gradedBy ? repo.grader(answer.gradedBy) : null, repo.certificateOf(ctx.school.id, row.enrollmentId)]);
    const file = answer.file
      ? { url: await app.storage.signedUrl(answer.file, { expiresIn: 600, viewer: ctx.actor.userId }), name: answer.answer[0] ?? 'answer', kind: answerFileKind(answer.file) }
      : null;
    return {
      submission_id: submissionId,
      question_id: questionId,
      attempt: row.submission.attempt,
      course: row.course,
      exam: { id: row.exam.id, name: row.exam.name },
      student: studentOf(row.student),
      question: { text: row.question.text, type, points: row.question.points, notes: row.question.notes },
      answer: { text: file ? '' : (answer.answer[0] ?? ''), file },
      score: answer.score,
      feedback: answer.feedback,
      graded_by: grader ? { id: grader.id, name: fullName(grader) || grader.username } : null,
      graded_at: answer.gradedAt?.toISOString() ?? null,
      version: answer.version,
      result: {
        has_pending: row.submission.hasPending,
        passed: row.submission.passed,
        total_score: row.submission.totalScore,
        total_points: row.submission.totalPoints,
        submitted_at: row.submission.submittedAt.toISOString(),
      },
      certificate: certificate ? { code: certificate.code, issued_at: certificate.issuedAt.toISOString() } : null,
      may_grade: answer.gradedAt === null || submissionPolicy.can(ctx.actor, 'regrade', attempt),
    };
  }

  async function examOf(ctx: StaffContext, examId: number) {
    const exam = await repo.exam(ctx.school.id, examId);
    if (!exam) throw notFound();
    resultsPolicy.authorize(ctx.actor, 'read', { schoolId: ctx.school.id, instructorIds: exam.instructorIds });
    return exam;
  }

  return {
    async queue(ctx: StaffContext, query: GradingQuery, perPage: number) {
      queuePolicy.authorize(ctx.actor, 'read', ctx.school);
      const filter = { courseId: query.course, examId: query.exam, studentId: query.student, instructorId: ctx.actor.staffRole === 'IN' ? ctx.actor.userId : undefined };
      const { rows, total } = await repo.queue(ctx.school.id, filter, perPage, (query.page - 1) * perPage);
      const data = rows.map((row) => ({
        id: `${row.submission.id}-${row.question.id}`,
        submission_id: row.submission.id,
        question_id: row.question.id,
        attempt: row.submission.attempt,
        course: row.course,
        exam: { id: row.exam.id, name: row.exam.name },
        student: studentOf(row.student),
        question: row.question.text,
        points: row.question.points,
        submitted_at: row.submission.submittedAt!.toISOString(),
      }));
      return pageOf(data, total, query.page, perPage);
    },

    answer: answerView,

    /**
     * Grades through the exam's own grading (the attempt's lock, result, completion, the bell) at the answer's version
     * the grader saw, then shows the answer again; a grade given since answers 412 with it.
     */
    async grade(ctx: StaffContext, submissionId: number, questionId: number, grade: { score: number; feedback: string; version: number }) {
      await answerView(ctx, submissionId, questionId);
      try {
        await exams.grade(ctx.actor, ctx.school, submissionId, questionId, grade.score, grade.feedback, ctx.audit, grade.version);
      } catch (error) {
        if (!(error instanceof StaleGrade)) throw error;
        const current = await answerView(ctx, submissionId, questionId);
        throw versionConflict(current, current.graded_by, current.graded_at === null ? null : new Date(current.graded_at), current.version);
      }
      return answerView(ctx, submissionId, questionId);
    },

    async attempts(ctx: StaffContext, examId: number, page: number, perPage: number) {
      const exam = await examOf(ctx, examId);
      const { rows, total } = await repo.attempts(ctx.school.id, examId, perPage, (page - 1) * perPage);
      const survey = isSurvey(exam);
      const data = rows.map(({ submission, student }) => ({
        id: submission.id,
        attempt: submission.attempt,
        student: studentOf(student),
        started_at: submission.startedAt.toISOString(),
        submitted_at: submission.submittedAt?.toISOString() ?? null,
        seconds_taken: submission.submittedAt ? Math.max(0, Math.round((submission.submittedAt.getTime() - submission.startedAt.getTime()) / 1000)) : null,
        score: submission.submittedAt ? scorePercent(submission.totalScore, submission.totalPoints) : 0,
        status: attemptStatus(submission, survey),
      }));
      return pageOf(data, total, page, perPage);
    },

    async statistics(ctx: StaffContext, examId: number): Promise<ExamStatistics> {
      const exam = await examOf(ctx, examId);
      const [counts, { questions, choices }] = await Promise.all([repo.attemptCounts(ctx.school.id, examId), repo.questionStatistics(ctx.school.id, examId)]);
      return {
        exam: { id: exam.id, name: exam.name },
        course: exam.course,
        kind: isSurvey(exam) ? 'survey' : 'exam',
        ...counts,
        questions: questions.map(({ question, answered, average }) => ({
          id: question.id,
          text: question.text,
          type: question.type,
          points: question.points,
          retired: question.retiredIn !== null,
          answered,
          average_score: average === null ? null : Math.round(Number(average) * 100) / 100,
          // Every choice, those nobody chose at 0, in the question's order; a choice since removed still counts.
          choices: [...new Set([...question.choices, ...choices.filter((c) => c.question_id === question.id).map((c) => c.choice)])].map((choice) => ({
            choice,
            count: choices.find((c) => c.question_id === question.id && c.choice === choice)?.n ?? 0,
          })),
        })),
      };
    },
  };
}
