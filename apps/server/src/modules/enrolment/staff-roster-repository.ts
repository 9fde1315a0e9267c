import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, max, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES } from '@school/shared/catalogue/rules';
import type { RosterQuery } from '@school/shared/staff/roster';
import type { Db } from '../../db/client';
import { containing } from '../../lib/like';
import { bundleEnrollments, classes, courseInstructors, courses, coursewareProgress, coursewares, enrollments, examAttemptAllowances, exams, examSubmissions, mcleProfiles, modules, paymentRefunds, paymentTransactions, schoolMemberships, students, users } from '../../db/schema/index';


const AWAITING = NOT_ENROLLED_STATUSES.filter((s) => s !== 'cancelled');

/** Where an enrolment stands, as the roster filters it. */
const standingOf: Record<NonNullable<RosterQuery['standing']>, SQL> = {
  studying: and(notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES]), sql`${enrollments.progress} < 100`)!,
  completed: and(notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES]), sql`${enrollments.progress} >= 100`)!,
  awaiting_payment: inArray(enrollments.status, AWAITING),
  cancelled: eq(enrollments.status, 'cancelled'),
};

const person = { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, email: users.email, username: users.username };

/** A course's roster: its enrolments with their students, classes and last activity; and what the roster's writes read. */
export function staffRosterRepository(db: Db) {
  function whereOf(courseId: number, q: Omit<RosterQuery, 'page'>) {
    const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5).map(containing);
    return and(
      eq(enrollments.courseId, courseId),
      q.standing ? standingOf[q.standing] : undefined,
      q.class !== undefined ? eq(enrollments.classId, q.class) : undefined,
      ...words.map((like) => or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like), ilike(users.username, like), ilike(mcleProfiles.rollNumber, like))),
    );
  }

  return {
    /** The course with what its policy and the enrolment rules need. */
    async course(schoolId: number, courseId: number) {
      const [row] = await db
        .select({
          id: courses.id,
          schoolId: courses.schoolId,
          name: courses.name,
          isPublished: courses.isPublished,
          classEnrollmentOnly: courses.classEnrollmentOnly,
          dateStart: courses.dateStart,
          instructorIds: sql<number[]>`coalesce((select array_agg(${courseInstructors.userId}) from ${courseInstructors} where ${courseInstructors.courseId} = ${courses.id}), '{}')`,
        })
        .from(courses)
        .where(and(eq(courses.schoolId, schoolId), eq(courses.id, courseId)));
      return row;
    },

    /** The latest enrolled first. */
    async page(courseId: number, q: RosterQuery, limit: number, offset: number) {
      const where = whereOf(courseId, q);
      const base = db
        .select({
          enrolment: enrollments,
          student: person,
          rollNumber: mcleProfiles.rollNumber,
          className: classes.name,
          lastActiveAt: sql<Date | null>`(select ${max(coursewareProgress.openedAt)} from ${coursewareProgress} where ${coursewareProgress.enrollmentId} = ${enrollments.id})`.mapWith((v) => (v ? new Date(v) : null)),
        })
        .from(enrollments)
        .innerJoin(users, eq(users.id, enrollments.userId))
        .leftJoin(students, eq(students.userId, users.id))
        .leftJoin(mcleProfiles, eq(mcleProfiles.studentId, students.id))
        .leftJoin(classes, eq(classes.id, enrollments.classId));
      // Without a search the count needs no person: the enrolments alone, from the course's index.
      const counted = q.search
        ? db.select({ n: count() }).from(enrollments).innerJoin(users, eq(users.id, enrollments.userId)).leftJoin(students, eq(students.userId, users.id)).leftJoin(mcleProfiles, eq(mcleProfiles.studentId, students.id)).where(where)
        : db.select({ n: count() }).from(enrollments).where(where);
      const [rows, [total]] = await Promise.all([base.where(where).orderBy(desc(enrollments.dateEnrolled), desc(enrollments.id)).limit(limit).offset(offset), counted]);
      return { rows, total: total?.n ?? 0 };
    },

    async enrolment(courseId: number, id: number) {
      const [row] = await db
        .select({ enrolment: enrollments, student: person })
        .from(enrollments)
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(and(eq(enrollments.courseId, courseId), eq(enrollments.id, id)));
      return row;
    },

    async classOf(courseId: number, classId: number) {
      const [row] = await db.select({ id: classes.id, name: classes.name }).from(classes).where(and(eq(classes.courseId, courseId), eq(classes.id, classId)));
      return row;
    },

    /** A student's account by e-mail (students study at every school of the platform); not somebody on this school's staff. */
    async studentByEmail(schoolId: number, email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .leftJoin(schoolMemberships, and(eq(schoolMemberships.userId, users.id), eq(schoolMemberships.schoolId, schoolId)))
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.role, 'ST'), isNull(schoolMemberships.userId)));
      return row;
    },

    async existing(userId: number, courseId: number) {
      const [row] = await db.select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
      return row;
    },

    /** The enrolment, locked for the rest of the transaction. */
    /** The course's exams (not surveys) with this enrolment's attempts: how many, passed, waiting for a grade, and the extra allowed. */
    exams: (courseId: number, enrolmentId: number) =>
      db
        .select({
          id: exams.id,
          name: coursewares.name,
          maxAttempts: exams.maxAttempts,
          extra: sql<number>`coalesce((select a.extra from ${examAttemptAllowances} a where a.enrollment_id = ${enrolmentId} and a.exam_id = ${exams.id}), 0)`.mapWith(Number),
          used: sql<number>`(select count(*) from ${examSubmissions} s where s.enrollment_id = ${enrolmentId} and s.exam_id = ${exams.id})`.mapWith(Number),
          passed: sql<boolean>`exists (select 1 from ${examSubmissions} s where s.enrollment_id = ${enrolmentId} and s.exam_id = ${exams.id} and s.passed)`,
          pending: sql<boolean>`exists (select 1 from ${examSubmissions} s where s.enrollment_id = ${enrolmentId} and s.exam_id = ${exams.id} and s.has_pending)`,
        })
        .from(exams)
        .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .where(and(eq(modules.courseId, courseId), eq(coursewares.type, 'exam')))
        .orderBy(asc(modules.position), asc(coursewares.position)),

    /** One more attempt for the enrolment at the exam; answers how many extra it has now. */
    async allowAttempt(enrolmentId: number, examId: number) {
      const [row] = await db
        .insert(examAttemptAllowances)
        .values({ enrollmentId: enrolmentId, examId, extra: 1 })
        .onConflictDoUpdate({ target: [examAttemptAllowances.enrollmentId, examAttemptAllowances.examId], set: { extra: sql`${examAttemptAllowances.extra} + 1`, updatedAt: new Date() } })
        .returning({ extra: examAttemptAllowances.extra });
      return row!.extra;
    },

    async lock(id: number) {
      const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id)).for('update');
      return row!;
    },
    /**
     * What a payment holds on the enrolment (itself or its bundle's): 'open' while one is on its way, 'paid' while
     * one that paid for it stands (no refund of it ended the enrolment); null when none does.
     */
    async heldByPayment(enrolment: { id: number; userId: number; bundleId: number | null }) {
      const t = paymentTransactions;
      const bundleEnrolments = enrolment.bundleId
        ? db.select({ id: bundleEnrollments.id }).from(bundleEnrollments).where(and(eq(bundleEnrollments.userId, enrolment.userId), eq(bundleEnrollments.bundleId, enrolment.bundleId)))
        : null;
      const rows = await db
        .select({ status: t.status })
        .from(t)
        .where(
          and(
            or(eq(t.enrollmentId, enrolment.id), bundleEnrolments ? inArray(t.bundleEnrollmentId, bundleEnrolments) : undefined),
            or(
              inArray(t.status, ['notpaid', 'Pending']),
              and(eq(t.status, 'Paid'), sql`not exists (select 1 from ${paymentRefunds} r where r.transaction_id = ${t.id} and r.cancels_enrolment and r.state in ('succeeded', 'pending'))`),
            ),
          ),
        );
      if (rows.some((r) => r.status !== 'Paid')) return 'open' as const;
      return rows.length ? ('paid' as const) : null;
    },
    async update(id: number, values: Partial<typeof enrollments.$inferInsert>) {
      const [row] = await db.update(enrollments).set(values).where(eq(enrollments.id, id)).returning();
      return row!;
    },

    /** A new enrolment, or a cancelled one taken up again (its records kept); null when the student already has a live one. */
    async enrol(values: { userId: number; schoolId: number; courseId: number; classId: number | null; compliancePeriodId: number | null; status: 'free' | 'paid' | 'pay_later'; startDate: string | null; notes: string }) {
      const [row] = await db
        .insert(enrollments)
        .values(values)
        .onConflictDoUpdate({
          target: [enrollments.userId, enrollments.courseId],
          set: { status: values.status, classId: values.classId, compliancePeriodId: values.compliancePeriodId, bundleId: null, notes: values.notes },
          setWhere: and(eq(enrollments.status, 'cancelled'), isNotNull(enrollments.cancelledAt)),
        })
        .returning();
      return row ?? null;
    },
  };
}
