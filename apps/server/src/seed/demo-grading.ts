import { and, asc, eq } from 'drizzle-orm';
import { isAutoScored } from '@school/shared/exams/rules';
import type { Db } from '../db/client';
import { courses, coursewares, enrollments, examAnswers, examQuestions, examSubmissions, exams, modules } from '../db/schema/index';

/** The course whose assessment `verifying` has submitted: one of demo-instructor's, so that both may grade it. */
export const DEMO_GRADING_COURSE = 'Revised Rules on Evidence';

/** What `verifying` wrote; the grading screen shows it. */
const written: Record<string, string> = {
  text: 'Stare decisis',
  textarea:
    'Candour keeps the court able to decide on the truth. A lawyer who misleads the court, even by silence, wrongs the administration of justice and the client whose case then rests on a falsehood.',
};

/**
 * `verifying` studies the course and submitted its assessment yesterday: the choices are scored (one wrong), the
 * written and essay answers wait for a grade, the file question was left unanswered. The grading queue shows them.
 */
export async function seedWaitingAnswers(db: Db, schoolId: number, userId: number) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.schoolId, schoolId), eq(courses.name, DEMO_GRADING_COURSE)));
  const [exam] = await db
    .select({ id: exams.id, version: exams.version, passingRate: exams.passingRate })
    .from(exams)
    .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
    .innerJoin(modules, eq(modules.id, coursewares.moduleId))
    .where(and(eq(modules.courseId, course!.id), eq(coursewares.type, 'exam')));
  const questions = await db.select().from(examQuestions).where(eq(examQuestions.examId, exam!.id)).orderBy(asc(examQuestions.position));
  const [enrolment] = await db.insert(enrollments).values({ userId, schoolId, courseId: course!.id, status: 'paid' }).returning({ id: enrollments.id });
  const submittedAt = new Date(Date.now() - 26 * 3_600_000);
  const firstChoice = questions.find((q) => isAutoScored(q.type))!;
  const answers = questions
    .filter((q) => q.type !== 'file')
    .map((q) => {
      if (!isAutoScored(q.type)) return { questionId: q.id, answer: [written[q.type] ?? ''], score: null, isCorrect: null };
      // The first choice question answered wrong, the others right.
      const answer = q.id === firstChoice.id ? q.choices.filter((c) => !q.correctAnswer.includes(c)).slice(0, 1) : q.correctAnswer;
      const right = q.id !== firstChoice.id;
      return { questionId: q.id, answer, score: right ? q.points : 0, isCorrect: right };
    });
  const [submission] = await db
    .insert(examSubmissions)
    .values({
      schoolId,
      examId: exam!.id,
      enrollmentId: enrolment!.id,
      attempt: 1,
      startedAt: new Date(submittedAt.getTime() - 18 * 60_000),
      submittedAt,
      totalScore: answers.reduce((sum, a) => sum + (a.score ?? 0), 0),
      totalPoints: questions.reduce((sum, q) => sum + q.points, 0),
      hasPending: true,
      passed: false,
      examVersion: exam!.version,
      passingRate: exam!.passingRate,
    })
    .returning({ id: examSubmissions.id });
  await db.insert(examAnswers).values(answers.map((a) => ({ ...a, schoolId, submissionId: submission!.id })));
}
