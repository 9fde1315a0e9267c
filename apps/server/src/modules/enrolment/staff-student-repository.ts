import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, max, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containing } from '../../lib/like';
import { bundleEnrollments, bundles, certificates, classes, courseInstructors, courses, coursewareProgress, enrollments, forumAnswers, forumComments, forumQuestions, ibpChapters, kycSubmissions, mcleProfiles, students, users } from '../../db/schema/index';

export interface StudentFilter {
  search?: string;
  courseId?: number;
  /** An instructor's list: the students of the courses assigned to them only. */
  instructorId?: number;
}


/** The console's students of a school: whoever is enrolled in one of its courses (or, for an administrator, bundles). */
export function staffStudentRepository(db: Db) {
  function enrolledHere(schoolId: number, filter: StudentFilter): SQL {
    const courseEnrolments = db
      .select({ userId: enrollments.userId })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.schoolId, schoolId),
          filter.courseId !== undefined ? eq(enrollments.courseId, filter.courseId) : undefined,
          filter.instructorId !== undefined ? inArray(enrollments.courseId, db.select({ id: courseInstructors.courseId }).from(courseInstructors).where(eq(courseInstructors.userId, filter.instructorId))) : undefined,
        ),
      );
    if (filter.courseId !== undefined || filter.instructorId !== undefined) return inArray(users.id, courseEnrolments);
    return or(inArray(users.id, courseEnrolments), inArray(users.id, db.select({ userId: bundleEnrollments.userId }).from(bundleEnrollments).where(eq(bundleEnrollments.schoolId, schoolId))))!;
  }

  /** Each word of the search in a name, the e-mail, the username or the roll number. */
  function whereOf(schoolId: number, filter: StudentFilter) {
    const words = (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5).map(containing);
    return and(
      enrolledHere(schoolId, filter),
      ...words.map((like) =>
        or(ilike(users.firstName, like), ilike(users.middleName, like), ilike(users.lastName, like), ilike(users.email, like), ilike(users.username, like), ilike(mcleProfiles.rollNumber, like)),
      ),
    );
  }

  /** A student's enrolments at the school (one course's, an instructor's courses only); `who` is the users column in a list. */
  const theirEnrolments = (schoolId: number, filter: StudentFilter, who: typeof users.id | number) =>
    and(
      eq(enrollments.userId, who),
      eq(enrollments.schoolId, schoolId),
      filter.courseId !== undefined ? eq(enrollments.courseId, filter.courseId) : undefined,
      filter.instructorId !== undefined ? inArray(enrollments.courseId, db.select({ id: courseInstructors.courseId }).from(courseInstructors).where(eq(courseInstructors.userId, filter.instructorId))) : undefined,
    );

  return {
    /** The latest enrolled first. */
    async page(schoolId: number, filter: StudentFilter, limit: number, offset: number) {
      const where = whereOf(schoolId, filter);
      const mine = theirEnrolments(schoolId, filter, users.id);
      const enrolledAt = max(enrollments.dateEnrolled);
      const rows = await db
        .select({
          user: { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, email: users.email, username: users.username },
          rollNumber: mcleProfiles.rollNumber,
          // Distinct: each opened lesson joins the enrolment again.
          courses: sql<number>`count(distinct ${enrollments.id})::int`,
          enrolledAt,
          lastActiveAt: max(coursewareProgress.openedAt),
        })
        .from(users)
        .leftJoin(students, eq(students.userId, users.id))
        .leftJoin(mcleProfiles, eq(mcleProfiles.studentId, students.id))
        .leftJoin(enrollments, mine)
        .leftJoin(coursewareProgress, eq(coursewareProgress.enrollmentId, enrollments.id))
        .where(where)
        .groupBy(users.id, mcleProfiles.rollNumber)
        // A student of a bundle alone has no course enrolment: last.
        .orderBy(sql`${enrolledAt} desc nulls last`, desc(users.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(students, eq(students.userId, users.id))
        .leftJoin(mcleProfiles, eq(mcleProfiles.studentId, students.id))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** The user, when they are a student of the school (an instructor: of one of their courses); null otherwise. */
    async student(schoolId: number, userId: number, filter: StudentFilter) {
      const [row] = await db
        .select({ user: users, mcle: { rollNumber: mcleProfiles.rollNumber, company: mcleProfiles.company, chapter: ibpChapters.name } })
        .from(users)
        .leftJoin(students, eq(students.userId, users.id))
        .leftJoin(mcleProfiles, eq(mcleProfiles.studentId, students.id))
        .leftJoin(ibpChapters, eq(ibpChapters.id, mcleProfiles.ibpChapterId))
        .where(and(eq(users.id, userId), enrolledHere(schoolId, filter)));
      return row ?? null;
    },

    /** Their course enrolments at the school (an instructor's courses only), the latest first, with each certificate. */
    enrolments: (schoolId: number, userId: number, filter: StudentFilter) =>
      db
        .select({ enrolment: enrollments, course: { id: courses.id, name: courses.name }, className: classes.name, certificate: { code: certificates.code, issuedAt: certificates.issuedAt, revokedAt: certificates.revokedAt } })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .leftJoin(classes, eq(classes.id, enrollments.classId))
        .leftJoin(certificates, eq(certificates.enrollmentId, enrollments.id))
        .where(theirEnrolments(schoolId, filter, userId))
        .orderBy(desc(enrollments.dateEnrolled), desc(enrollments.id)),

    /**
     * Their posts in the school's forum: counts, and the latest questions and answers (each with its question).
     * Hidden posts (or those under a hidden question or answer) only for moderators, as the forum shows them.
     */
    async forum(schoolId: number, userId: number, latest: number, moderator: boolean) {
      const shown = (t: typeof forumQuestions | typeof forumAnswers | typeof forumComments) => (moderator ? undefined : isNull(t.hiddenAt));
      const mine = <T extends typeof forumQuestions | typeof forumAnswers | typeof forumComments>(t: T) => and(eq(t.schoolId, schoolId), eq(t.userId, userId), shown(t));
      const underShown = (question: typeof forumAnswers.questionId) =>
        moderator ? undefined : notExists(db.select({ one: sql`1` }).from(forumQuestions).where(and(eq(forumQuestions.id, question), isNotNull(forumQuestions.hiddenAt))));
      const [[questions], [answers], [comments], asked, answered] = await Promise.all([
        db.select({ n: count() }).from(forumQuestions).where(mine(forumQuestions)),
        db.select({ n: count() }).from(forumAnswers).where(and(mine(forumAnswers), underShown(forumAnswers.questionId))),
        db.select({ n: count() }).from(forumComments).where(mine(forumComments)),
        db
          .select({ questionId: forumQuestions.id, title: forumQuestions.title, at: forumQuestions.createdAt, hiddenAt: forumQuestions.hiddenAt })
          .from(forumQuestions)
          .where(mine(forumQuestions))
          .orderBy(desc(forumQuestions.createdAt))
          .limit(latest),
        db
          .select({ questionId: forumQuestions.id, title: forumQuestions.title, at: forumAnswers.createdAt, hiddenAt: sql<Date | null>`coalesce(${forumAnswers.hiddenAt}, ${forumQuestions.hiddenAt})` })
          .from(forumAnswers)
          .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
          .where(and(mine(forumAnswers), moderator ? undefined : isNull(forumQuestions.hiddenAt)))
          .orderBy(desc(forumAnswers.createdAt))
          .limit(latest),
      ]);
      return { questions: questions?.n ?? 0, answers: answers?.n ?? 0, comments: comments?.n ?? 0, asked, answered };
    },

    bundles: (schoolId: number, userId: number) =>
      db
        .select({ id: bundleEnrollments.id, name: bundles.name, status: bundleEnrollments.status, enrolledAt: bundleEnrollments.dateEnrolled })
        .from(bundleEnrollments)
        .innerJoin(bundles, eq(bundles.id, bundleEnrollments.bundleId))
        .where(and(eq(bundleEnrollments.schoolId, schoolId), eq(bundleEnrollments.userId, userId)))
        .orderBy(desc(bundleEnrollments.dateEnrolled)),

    async latestIdentityCheck(schoolId: number, userId: number) {
      const [row] = await db
        .select({ status: kycSubmissions.status, at: kycSubmissions.createdAt })
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.schoolId, schoolId), eq(kycSubmissions.userId, userId)))
        .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
        .limit(1);
      return row ?? null;
    },
  };
}
