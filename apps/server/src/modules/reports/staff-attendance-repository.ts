import { and, asc, eq, exists, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificates, compliancePeriods, courseInstructors, courses, enrollments, ibpChapters, mcleProfiles, students, users } from '../../db/schema/index';

/** A course's completed enrolments (one compliance period's, if given) with what the MCLE Office asks of each. */
export function attendanceRepository(db: Db) {
  return {
    /** `instructorId`: only when it is assigned to them. */
    course: async (schoolId: number, courseId: number, instructorId: number | null) =>
      (
        await db
          .select({ id: courses.id, name: courses.name, approvalNumber: courses.approvalNumber })
          .from(courses)
          .where(
            and(
              eq(courses.schoolId, schoolId),
              eq(courses.id, courseId),
              instructorId === null ? undefined : exists(db.select({ one: sql`1` }).from(courseInstructors).where(and(eq(courseInstructors.courseId, courses.id), eq(courseInstructors.userId, instructorId)))),
            ),
          )
      )[0],

    period: async (id: number) => (await db.select({ id: compliancePeriods.id, name: compliancePeriods.name }).from(compliancePeriods).where(eq(compliancePeriods.id, id)))[0],

    completed: (schoolId: number, courseId: number, compliancePeriodId: number | null) =>
      db
        .select({
          enrolmentId: enrollments.id,
          completedAt: enrollments.dateCompleted,
          user: { firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, username: users.username, email: users.email },
          rollNumber: mcleProfiles.rollNumber,
          chapter: ibpChapters.name,
          code: certificates.code,
          facts: certificates.facts,
        })
        .from(enrollments)
        .innerJoin(users, eq(users.id, enrollments.userId))
        .leftJoin(students, eq(students.userId, users.id))
        .leftJoin(mcleProfiles, eq(mcleProfiles.studentId, students.id))
        .leftJoin(ibpChapters, eq(ibpChapters.id, mcleProfiles.ibpChapterId))
        // A revoked certificate is no evidence: its row shows none.
        .leftJoin(certificates, and(eq(certificates.enrollmentId, enrollments.id), isNull(certificates.revokedAt)))
        .where(
          and(
            eq(enrollments.schoolId, schoolId),
            eq(enrollments.courseId, courseId),
            isNotNull(enrollments.dateCompleted),
            ne(enrollments.status, 'cancelled'),
            compliancePeriodId === null ? undefined : eq(enrollments.compliancePeriodId, compliancePeriodId),
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName), asc(enrollments.id)),
  };
}
