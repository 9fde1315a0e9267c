import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coursewares, courses, enrollments, examAnswers, examQuestions, examSubmissions, exams, modules } from '../../db/schema/index';

export type ExamRow = typeof exams.$inferSelect;
export type QuestionRow = typeof examQuestions.$inferSelect;
export type SubmissionRow = typeof examSubmissions.$inferSelect;
export type AnswerRow = typeof examAnswers.$inferSelect;
export type AnswerInput = Pick<AnswerRow, 'schoolId' | 'submissionId' | 'questionId' | 'answer' | 'file' | 'score' | 'isCorrect'>;

/** Exams, their questions, attempts and answers; every query names the school. */
export function examRepository(db: Db) {
  const examWithCourse = { exam: exams, courseware: { id: coursewares.id, type: coursewares.type, name: coursewares.name }, courseId: modules.courseId };
  return {
    async findExam(schoolId: number, id: number) {
      const [row] = await db
        .select(examWithCourse)
        .from(exams)
        .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .where(and(eq(exams.id, id), eq(exams.schoolId, schoolId)))
        .limit(1);
      return row;
    },

    async findQuestion(schoolId: number, id: number) {
      const [row] = await db.select().from(examQuestions).where(and(eq(examQuestions.id, id), eq(examQuestions.schoolId, schoolId))).limit(1);
      return row;
    },

    questions: (schoolId: number, examId: number) =>
      db.select().from(examQuestions).where(and(eq(examQuestions.schoolId, schoolId), eq(examQuestions.examId, examId))).orderBy(asc(examQuestions.position), asc(examQuestions.id)),

    attempts: (schoolId: number, enrollmentId: number, examId: number) =>
      db
        .select()
        .from(examSubmissions)
        .where(and(eq(examSubmissions.schoolId, schoolId), eq(examSubmissions.enrollmentId, enrollmentId), eq(examSubmissions.examId, examId)))
        .orderBy(desc(examSubmissions.attempt)),

    /** A new attempt; undefined when a concurrent start made this one first. */
    async createAttempt(schoolId: number, examId: number, enrollmentId: number, attempt: number) {
      const [row] = await db.insert(examSubmissions).values({ schoolId, examId, enrollmentId, attempt }).onConflictDoNothing().returning();
      return row;
    },

    answers: (schoolId: number, submissionId: number) =>
      db.select().from(examAnswers).where(and(eq(examAnswers.schoolId, schoolId), eq(examAnswers.submissionId, submissionId))),

    async saveAnswer(row: AnswerInput) {
      await db
        .insert(examAnswers)
        .values(row)
        .onConflictDoUpdate({
          target: [examAnswers.submissionId, examAnswers.questionId],
          set: { answer: row.answer, file: row.file, score: row.score, isCorrect: row.isCorrect, feedback: '', gradedAt: null, gradedBy: null, updatedAt: sql`now()` },
        });
    },

    /**
     * Saves an answer only while its attempt is unsubmitted, in one statement: the insert reads the attempt, and
     * a submit holding the attempt's row makes it wait and then see the submission. False when it was submitted.
     */
    async saveAnswerWhileRunning(row: AnswerInput) {
      const saved = (await db.execute(sql`
        insert into exam_answers (school_id, submission_id, question_id, answer, file, score, is_correct)
        select s.school_id, s.id, ${row.questionId}::int, ${JSON.stringify(row.answer)}::jsonb, ${row.file}::text, ${row.score}::numeric, ${row.isCorrect}::boolean
        from exam_submissions s
        where s.school_id = ${row.schoolId} and s.id = ${row.submissionId} and s.submitted_at is null
        for share
        on conflict (submission_id, question_id) do update set answer = excluded.answer, file = excluded.file, score = excluded.score,
          is_correct = excluded.is_correct, feedback = '', graded_at = null, graded_by = null, updated_at = now()
        returning question_id`)) as unknown as { rows: unknown[] };
      return saved.rows.length > 0;
    },

    /** The attempt's row, held until the transaction ends: one submit or grade of an attempt at a time. */
    lockAttempt: async (schoolId: number, id: number) =>
      (await db.select().from(examSubmissions).where(and(eq(examSubmissions.schoolId, schoolId), eq(examSubmissions.id, id))).for('update'))[0],

    /** Submits an attempt once: undefined when it already was (a concurrent or repeated submit). */
    async submit(schoolId: number, submissionId: number, result: { totalScore: number; totalPoints: number; passed: boolean; hasPending: boolean }) {
      const [row] = await db
        .update(examSubmissions)
        .set({ ...result, submittedAt: sql`now()` })
        .where(and(eq(examSubmissions.schoolId, schoolId), eq(examSubmissions.id, submissionId), sql`${examSubmissions.submittedAt} is null`))
        .returning();
      return row;
    },

    async setResult(schoolId: number, submissionId: number, result: { totalScore: number; passed: boolean; hasPending: boolean }) {
      const [row] = await db.update(examSubmissions).set(result).where(and(eq(examSubmissions.schoolId, schoolId), eq(examSubmissions.id, submissionId))).returning();
      return row!;
    },

    /** An attempt with its exam and the student it belongs to (staff grading). */
    async findSubmission(schoolId: number, id: number) {
      const [row] = await db
        .select({ submission: examSubmissions, ...examWithCourse, userId: enrollments.userId, coursePublished: courses.isPublished })
        .from(examSubmissions)
        .innerJoin(exams, eq(exams.id, examSubmissions.examId))
        .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .innerJoin(courses, eq(courses.id, modules.courseId))
        .innerJoin(enrollments, eq(enrollments.id, examSubmissions.enrollmentId))
        .where(and(eq(examSubmissions.id, id), eq(examSubmissions.schoolId, schoolId)))
        .limit(1);
      return row;
    },

    async grade(row: { schoolId: number; submissionId: number; questionId: number; score: number; isCorrect: boolean; feedback: string; graderId: number }) {
      const [saved] = await db
        .update(examAnswers)
        .set({ score: row.score, isCorrect: row.isCorrect, feedback: row.feedback, gradedAt: sql`now()`, gradedBy: row.graderId, updatedAt: sql`now()` })
        .where(and(eq(examAnswers.schoolId, row.schoolId), eq(examAnswers.submissionId, row.submissionId), eq(examAnswers.questionId, row.questionId)))
        .returning();
      return saved;
    },
  };
}
