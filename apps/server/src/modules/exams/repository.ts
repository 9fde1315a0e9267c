import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { courseInstructors, coursewareProgress, coursewares, courses, enrollments, examAnswers, examAttemptAllowances, examQuestions, examSubmissions, exams, modules } from '../../db/schema/index';

export type ExamRow = typeof exams.$inferSelect;
export type QuestionRow = typeof examQuestions.$inferSelect;
export type SubmissionRow = typeof examSubmissions.$inferSelect;
export type AnswerRow = typeof examAnswers.$inferSelect;
export type AnswerInput = Pick<AnswerRow, 'schoolId' | 'submissionId' | 'questionId' | 'answer' | 'file' | 'score' | 'isCorrect'>;

const p = (name: string) => sql.placeholder(name);

/** Whether a question is one of the exam's at that version (an attempt's questions are those of its version). */
export const liveIn = (question: Pick<QuestionRow, 'addedIn' | 'retiredIn'>, version: number) => question.addedIn <= version && (question.retiredIn === null || question.retiredIn > version);
const liveAt = (version: unknown) => sql`${examQuestions.addedIn} <= ${version} and (${examQuestions.retiredIn} is null or ${examQuestions.retiredIn} > ${version})`;

/**
 * The hot path of an exam: every student of a sitting opens it, starts it and answers question after question
 * within minutes. Each read is one named statement, built once: the exam (or the question and its exam) with
 * everything the study checks need (course, the caller's enrolment, the courseware's progress row); the caller's
 * attempts; the questions with one attempt's answers.
 */
function prepareReads(db: Db) {
  // Only the columns the study checks read (StudyCourse, StudyEnrollment): every column costs on every request.
  const context = {
    exam: exams,
    courseware: { id: coursewares.id, type: coursewares.type, name: coursewares.name },
    courseId: modules.courseId,
    questionCount: sql<number>`(select count(*) from ${examQuestions} q where q.exam_id = ${exams.id} and q.retired_in is null)`.mapWith(Number),
    // Attempts the school allowed this enrolment beyond the exam's limit.
    extraAttempts: sql<number>`coalesce((select a.extra from ${examAttemptAllowances} a where a.enrollment_id = ${enrollments.id} and a.exam_id = ${exams.id}), 0)`.mapWith(Number),
    course: { schoolId: courses.schoolId, isPublished: courses.isPublished, dateStart: courses.dateStart, dateEnd: courses.dateEnd, durationMinutes: courses.durationMinutes, enableKyl: courses.enableKyl },
    enrollment: {
      id: enrollments.id,
      schoolId: enrollments.schoolId,
      userId: enrollments.userId,
      status: enrollments.status,
      progress: enrollments.progress,
      attemptStartedAt: enrollments.attemptStartedAt,
      attemptEndedAt: enrollments.attemptEndedAt,
      snapshotPausedAt: enrollments.snapshotPausedAt,
    },
  };
  // A left-joined object is read as null when its first column is: openedAt is never null in a row that exists.
  const opened = { openedAt: coursewareProgress.openedAt, completedAt: coursewareProgress.completedAt };
  // From the exam to the caller's progress row in its courseware: the same for the exam and for a question.
  const studyRows = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
      .innerJoin(modules, eq(modules.id, coursewares.moduleId))
      .innerJoin(courses, eq(courses.id, modules.courseId))
      .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, p('userId')), eq(enrollments.schoolId, courses.schoolId)))
      .leftJoin(coursewareProgress, and(eq(coursewareProgress.enrollmentId, enrollments.id), eq(coursewareProgress.coursewareId, coursewares.id)));
  return {
    examContext: studyRows(db.select({ ...context, opened }).from(exams).$dynamic())
      .where(and(eq(exams.id, p('id')), eq(exams.schoolId, p('schoolId'))))
      .limit(1)
      .prepare('exams_exam_context'),
    questionContext: studyRows(db.select({ ...context, opened, question: examQuestions }).from(examQuestions).innerJoin(exams, eq(exams.id, examQuestions.examId)).$dynamic())
      .where(and(eq(examQuestions.id, p('id')), eq(examQuestions.schoolId, p('schoolId'))))
      .limit(1)
      .prepare('exams_question_context'),
    attempts: db
      .select()
      .from(examSubmissions)
      .where(and(eq(examSubmissions.schoolId, p('schoolId')), eq(examSubmissions.enrollmentId, p('enrollmentId')), eq(examSubmissions.examId, p('examId'))))
      .orderBy(desc(examSubmissions.attempt))
      .prepare('exams_attempts'),
    questionsWithAnswers: db
      .select({ question: examQuestions, answer: examAnswers })
      .from(examQuestions)
      .leftJoin(examAnswers, and(eq(examAnswers.questionId, examQuestions.id), eq(examAnswers.submissionId, p('submissionId'))))
      .where(and(eq(examQuestions.schoolId, p('schoolId')), eq(examQuestions.examId, p('examId')), liveAt(p('version'))))
      .orderBy(asc(examQuestions.position), asc(examQuestions.id))
      .prepare('exams_questions_with_answers'),
  };
}

/** Exams, their questions, attempts and answers; every query names the school. */
export function examRepository(db: Db) {
  const examWithCourse = { exam: exams, courseware: { id: coursewares.id, type: coursewares.type, name: coursewares.name }, courseId: modules.courseId };
  let reads: ReturnType<typeof prepareReads> | undefined;
  const read = () => (reads ??= prepareReads(db));
  return {
    /** The exam with its course, and the caller's enrolment and progress row there (null where there is none). */
    examContext: async (schoolId: number, userId: number, id: number) => (await read().examContext.execute({ schoolId, userId, id }))[0],

    /** A question with its exam and the same context as examContext. */
    questionContext: async (schoolId: number, userId: number, id: number) => (await read().questionContext.execute({ schoolId, userId, id }))[0],

    async findQuestion(schoolId: number, id: number) {
      const [row] = await db.select().from(examQuestions).where(and(eq(examQuestions.id, id), eq(examQuestions.schoolId, schoolId))).limit(1);
      return row;
    },

    /** The exam's questions at that version, in order. */
    questions: (schoolId: number, examId: number, version: number) =>
      db.select().from(examQuestions).where(and(eq(examQuestions.schoolId, schoolId), eq(examQuestions.examId, examId), liveAt(version))).orderBy(asc(examQuestions.position), asc(examQuestions.id)),

    /** The questions at that version in order, each with its answer in that attempt (none: null). */
    questionsWithAnswers: (schoolId: number, examId: number, version: number, submissionId: number | null) =>
      read().questionsWithAnswers.execute({ schoolId, examId, version, submissionId: submissionId ?? -1 }),

    attempts: (schoolId: number, enrollmentId: number, examId: number) => read().attempts.execute({ schoolId, enrollmentId, examId }),

    /**
     * A new attempt at the exam as it now is: its version and passing rate read in the insert itself, under a
     * share lock of the exam's row, so that an editor's save (which holds that row) is wholly before or after it.
     * Undefined when a concurrent start made this one first.
     */
    async createAttempt(schoolId: number, examId: number, enrollmentId: number, attempt: number) {
      const created = (await db.execute(sql`
        insert into exam_submissions (school_id, exam_id, enrollment_id, attempt, exam_version, passing_rate)
        (select e.school_id, e.id, ${enrollmentId}::int, ${attempt}::int, e.version, e.passing_rate from exams e where e.school_id = ${schoolId} and e.id = ${examId} for share)
        on conflict do nothing
        returning id`)) as unknown as { rows: { id: number }[] };
      const id = created.rows[0]?.id;
      if (id === undefined) return undefined;
      const [row] = await db.select().from(examSubmissions).where(and(eq(examSubmissions.schoolId, schoolId), eq(examSubmissions.id, id)));
      return row;
    },

    answers: (schoolId: number, submissionId: number) =>
      db.select().from(examAnswers).where(and(eq(examAnswers.schoolId, schoolId), eq(examAnswers.submissionId, submissionId))),

    /**
     * Saves an answer only while its attempt is unsubmitted and within `deadlineSeconds` of its start (by the
     * database's clock, which stamped the start), in one statement: the insert reads the attempt, and a submit
     * holding the attempt's row makes it wait and then see the submission. False when it was not saved.
     */
    async saveAnswerWhileRunning(row: AnswerInput, deadlineSeconds: number | null) {
      const saved = (await db.execute(sql`
        insert into exam_answers (school_id, submission_id, question_id, answer, file, score, is_correct)
        select s.school_id, s.id, ${row.questionId}::int, ${JSON.stringify(row.answer)}::jsonb, ${row.file}::text, ${row.score}::numeric, ${row.isCorrect}::boolean
        from exam_submissions s
        where s.school_id = ${row.schoolId} and s.id = ${row.submissionId} and s.submitted_at is null
          and (${deadlineSeconds}::int is null or now() < s.started_at + ${deadlineSeconds}::int * interval '1 second')
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
    /** The instructors assigned to a course: theirs to grade. */
    async instructorsOf(courseId: number) {
      return (await db.select({ userId: courseInstructors.userId }).from(courseInstructors).where(eq(courseInstructors.courseId, courseId))).map((row) => row.userId);
    },

    async findSubmission(schoolId: number, id: number) {
      const [row] = await db
        .select({ submission: examSubmissions, ...examWithCourse, userId: enrollments.userId })
        .from(examSubmissions)
        .innerJoin(exams, eq(exams.id, examSubmissions.examId))
        .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .innerJoin(enrollments, eq(enrollments.id, examSubmissions.enrollmentId))
        .where(and(eq(examSubmissions.id, id), eq(examSubmissions.schoolId, schoolId)))
        .limit(1);
      return row;
    },

    async grade(row: { schoolId: number; submissionId: number; questionId: number; score: number; isCorrect: boolean; feedback: string; graderId: number }) {
      const [saved] = await db
        .update(examAnswers)
        .set({ score: row.score, isCorrect: row.isCorrect, feedback: row.feedback, gradedAt: sql`now()`, gradedBy: row.graderId, version: sql`${examAnswers.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(examAnswers.schoolId, row.schoolId), eq(examAnswers.submissionId, row.submissionId), eq(examAnswers.questionId, row.questionId)))
        .returning();
      return saved;
    },
  };
}
