import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { HAND_GRADED_TYPES } from '@school/shared/exams/rules';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { certificates, courseInstructors, courses, coursewares, enrollments, examAnswers, examQuestions, examSubmissions, exams, modules, users } from '../../db/schema/index';

export interface QueueFilter {
  courseId?: number;
  examId?: number;
  studentId?: number;
  /** An instructor's queue: the courses assigned to them only. */
  instructorId?: number;
}

const learner = { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, email: users.email, username: users.username };

/** The grading queue and the grader's reads: answers, attempts and their statistics, always by school. */
export function gradingRepository(db: Db) {
  function queueWhere(schoolId: number, filter: QueueFilter): SQL {
    return and(
      eq(examAnswers.schoolId, schoolId),
      isNull(examAnswers.score),
      inArray(examQuestions.type, [...HAND_GRADED_TYPES]),
      isNotNull(examSubmissions.submittedAt),
      eq(examSubmissions.hasPending, true),
      filter.courseId !== undefined ? eq(courses.id, filter.courseId) : undefined,
      filter.examId !== undefined ? eq(exams.id, filter.examId) : undefined,
      filter.studentId !== undefined ? eq(users.id, filter.studentId) : undefined,
      filter.instructorId !== undefined
        ? inArray(courses.id, db.select({ id: courseInstructors.courseId }).from(courseInstructors).where(eq(courseInstructors.userId, filter.instructorId)))
        : undefined,
    )!;
  }

  const columns = {
    answer: examAnswers,
    question: examQuestions,
    submission: examSubmissions,
    exam: { id: exams.id, name: coursewares.name, type: coursewares.type },
    course: { id: courses.id, name: courses.name },
    enrollmentId: enrollments.id,
    student: learner,
  };

  /** An answer with its question, attempt, exam, course and student: what every answer read joins. */
  const joined = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
      .innerJoin(examSubmissions, eq(examSubmissions.id, examAnswers.submissionId))
      .innerJoin(exams, eq(exams.id, examSubmissions.examId))
      .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
      .innerJoin(modules, eq(modules.id, coursewares.moduleId))
      .innerJoin(courses, eq(courses.id, modules.courseId))
      .innerJoin(enrollments, eq(enrollments.id, examSubmissions.enrollmentId))
      .innerJoin(users, eq(users.id, enrollments.userId));
  const answersWithAttempt = () => joined(db.select(columns).from(examAnswers).$dynamic());
  const countOf = (where: SQL) => joined(db.select({ n: count() }).from(examAnswers).$dynamic()).where(where);

  return {
    /** Written and file answers of submitted attempts without a grade, oldest submission first. */
    async queue(schoolId: number, filter: QueueFilter, limit: number, offset: number) {
      const where = queueWhere(schoolId, filter);
      const [rows, [total]] = await Promise.all([
        answersWithAttempt()
          .where(where)
          .orderBy(asc(examSubmissions.submittedAt), asc(examSubmissions.id), asc(examQuestions.position), asc(examQuestions.id))
          .limit(limit)
          .offset(offset),
        countOf(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** One answer of an attempt, with what the grading screen shows beside it. */
    async answer(schoolId: number, submissionId: number, questionId: number) {
      const [row] = await answersWithAttempt().where(and(eq(examAnswers.schoolId, schoolId), eq(examAnswers.submissionId, submissionId), eq(examAnswers.questionId, questionId)));
      return row ?? null;
    },

    async grader(userId: number) {
      const [row] = await db.select(learner).from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    async certificateOf(schoolId: number, enrollmentId: number) {
      const [row] = await db.select({ code: certificates.code, issuedAt: certificates.issuedAt }).from(certificates).where(and(eq(certificates.schoolId, schoolId), eq(certificates.enrollmentId, enrollmentId)));
      return row ?? null;
    },

    /** An exam with its lesson, course and the course's instructors. */
    async exam(schoolId: number, examId: number) {
      const [row] = await db
        .select({ id: exams.id, name: coursewares.name, type: coursewares.type, course: { id: courses.id, name: courses.name } })
        .from(exams)
        .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .innerJoin(courses, eq(courses.id, modules.courseId))
        .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId)));
      if (!row) return null;
      const instructors = await db.select({ userId: courseInstructors.userId }).from(courseInstructors).where(eq(courseInstructors.courseId, row.course.id));
      return { ...row, instructorIds: instructors.map((i) => i.userId) };
    },

    /** An exam's attempts, the latest first, a page at a time. */
    async attempts(schoolId: number, examId: number, limit: number, offset: number) {
      const where = and(eq(examSubmissions.schoolId, schoolId), eq(examSubmissions.examId, examId));
      const rows = await db
        .select({ submission: examSubmissions, student: learner })
        .from(examSubmissions)
        .innerJoin(enrollments, eq(enrollments.id, examSubmissions.enrollmentId))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(where)
        .orderBy(desc(examSubmissions.startedAt), desc(examSubmissions.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(examSubmissions).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** How many attempts there are, submitted, and passed. */
    async attemptCounts(schoolId: number, examId: number) {
      const [row] = await db
        .select({
          attempts: count(),
          submitted: sql<number>`count(${examSubmissions.submittedAt})::int`,
          passed: sql<number>`count(*) filter (where ${examSubmissions.passed} and ${examSubmissions.submittedAt} is not null)::int`,
        })
        .from(examSubmissions)
        .where(and(eq(examSubmissions.schoolId, schoolId), eq(examSubmissions.examId, examId)));
      return row ?? { attempts: 0, submitted: 0, passed: 0 };
    },

    /** Every question the exam has had, in order, with how its submitted answers went. */
    async questionStatistics(schoolId: number, examId: number) {
      const submitted = and(eq(examAnswers.questionId, examQuestions.id), sql`exists (select 1 from ${examSubmissions} s where s.id = ${examAnswers.submissionId} and s.submitted_at is not null)`);
      const questions = await db
        .select({
          question: examQuestions,
          answered: sql<number>`(select count(*)::int from ${examAnswers} where ${submitted} and jsonb_array_length(${examAnswers.answer}) > 0)`,
          average: sql<string | null>`(select avg(${examAnswers.score})::text from ${examAnswers} where ${submitted} and ${examAnswers.score} is not null)`,
        })
        .from(examQuestions)
        .where(and(eq(examQuestions.schoolId, schoolId), eq(examQuestions.examId, examId)))
        .orderBy(asc(examQuestions.position), asc(examQuestions.id));
      const choices = await db.execute(sql`
        select a.question_id, c.choice, count(*)::int as n
        from ${examAnswers} a
        join ${examSubmissions} s on s.id = a.submission_id and s.submitted_at is not null
        join ${examQuestions} q on q.id = a.question_id
        cross join lateral jsonb_array_elements_text(a.answer) as c(choice)
        where a.school_id = ${schoolId} and s.exam_id = ${examId} and q.type in ('radio', 'checkbox', 'select')
        group by a.question_id, c.choice`);
      return { questions, choices: rowsOf<{ question_id: number; choice: string; n: number }>(choices) };
    },
  };
}
