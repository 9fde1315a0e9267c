import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES, type EnrollmentSort, type EnrollmentStatusFilter } from '@school/shared/catalogue/rules';
import { primaryHostColumn } from '../../db/school-columns';
import type { Db } from '../../db/client';
import { bundleCourses, bundleEnrollments, classes, compliancePeriods, courses, enrollments, schools, type EnrolmentStatus } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/db-errors';

/** Statuses of an enrolment made by a payment that has not gone through yet. */
const AWAITING_PAYMENT: EnrolmentStatus[] = ['notpaid', 'pending'];

const myOrder: Record<EnrollmentSort, SQL[]> = {
  '-date_enrolled': [desc(enrollments.dateEnrolled), desc(enrollments.id)],
  date_enrolled: [asc(enrollments.dateEnrolled), asc(enrollments.id)],
  course_name: [asc(courses.name), asc(enrollments.id)],
  progress: [asc(enrollments.progress), asc(enrollments.id)],
};

const progressOf = {
  all: undefined,
  inprogress: sql`${enrollments.progress} between 1 and 99`,
  completed: sql`${enrollments.progress} >= 100`,
  notstarted: sql`${enrollments.progress} = 0`,
} satisfies Record<EnrollmentStatusFilter, SQL | undefined>;

/**
 * My Courses, one prepared statement per status, sort and with or without a name search; the total beside each row.
 * An enrolment still waiting for its payment is not listed: it is a pending payment (GET /payment/pending/).
 */
const prepareMine = (db: Db, key: string, status: EnrollmentStatusFilter, sort: EnrollmentSort, search: boolean) =>
  db
    .select({
      enrollment: enrollments,
      course: { id: courses.id, name: courses.name, image: courses.image, slug: courses.slug },
      school: { name: schools.name, domain: schools.domain, primaryHost: primaryHostColumn },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(schools, eq(schools.id, courses.schoolId))
    .where(
      and(
        eq(enrollments.userId, sql.placeholder('userId')),
        notInArray(enrollments.status, [...NOT_ENROLLED_STATUSES]),
        progressOf[status],
        search ? ilike(courses.name, sql.placeholder('courseName')) : undefined,
      ),
    )
    .orderBy(...myOrder[sort])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`enrolment_mine_${key}`);

export function enrolmentRepository(db: Db) {
  const myLists = new Map<string, ReturnType<typeof prepareMine>>();
  return {
    async findClass(courseId: number, classId: number) {
      const [row] = await db.select().from(classes).where(and(eq(classes.id, classId), eq(classes.courseId, courseId))).limit(1);
      return row;
    },
    async classCount(courseId: number) {
      const [row] = await db.select({ n: count() }).from(classes).where(eq(classes.courseId, courseId));
      return row?.n ?? 0;
    },
    async findClassAt(schoolId: number, classId: number) {
      const [row] = await db.select({ id: classes.id, courseId: classes.courseId, fee: classes.fee }).from(classes).where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId))).limit(1);
      return row;
    },
    async findCourseEnrolment(userId: number, courseId: number) {
      const [row] = await db.select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))).limit(1);
      return row;
    },
    async findBundleEnrolment(userId: number, bundleId: number) {
      const [row] = await db.select().from(bundleEnrollments).where(and(eq(bundleEnrollments.userId, userId), eq(bundleEnrollments.bundleId, bundleId))).limit(1);
      return row;
    },
    async lockCourseEnrolment(userId: number, courseId: number) {
      const [row] = await db.select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))).for('update');
      return row;
    },
    async lockBundleEnrolment(userId: number, bundleId: number) {
      const [row] = await db.select().from(bundleEnrollments).where(and(eq(bundleEnrollments.userId, userId), eq(bundleEnrollments.bundleId, bundleId))).for('update');
      return row;
    },
    /** The published courses of a bundle, as the bundle page lists them. */
    async bundleMembers(schoolId: number, bundleId: number) {
      const rows = await db
        .select({ courseId: bundleCourses.courseId })
        .from(bundleCourses)
        .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
        .where(and(eq(bundleCourses.bundleId, bundleId), eq(bundleCourses.schoolId, schoolId), eq(courses.isPublished, true)));
      return rows.map((r) => r.courseId);
    },
    async setCourseStatus(id: number, status: EnrolmentStatus, classId?: number | null) {
      await db
        .update(enrollments)
        .set({ status, ...(classId === undefined ? {} : { classId }) })
        .where(eq(enrollments.id, id));
    },
    /**
     * The bundle's enrolment and its courses' enrolments that wait for its payment; a course enrolled to pay
     * later keeps that status until the bundle is paid.
     */
    async setBundleStatus(bundleEnrollmentId: number, status: EnrolmentStatus) {
      const [row] = await db.update(bundleEnrollments).set({ status }).where(eq(bundleEnrollments.id, bundleEnrollmentId)).returning();
      if (!row) return;
      // Buying a cancelled bundle again takes up its cancelled courses too.
      const waiting: EnrolmentStatus[] = [...AWAITING_PAYMENT, 'cancelled', ...(status === 'paid' ? (['pay_later'] as const) : [])];
      await db
        .update(enrollments)
        .set({ status })
        .where(and(eq(enrollments.userId, row.userId), eq(enrollments.bundleId, row.bundleId), inArray(enrollments.status, waiting)));
    },
    /**
     * Undoes a course enrolment whose payment failed, while it still waits for that payment and no bundle took it
     * over; one the school had cancelled before returns to cancelled, with its evidence.
     */
    async removeCourseAwaiting(id: number) {
      const waiting = and(eq(enrollments.id, id), inArray(enrollments.status, AWAITING_PAYMENT), isNull(enrollments.bundleId));
      await db.update(enrollments).set({ status: 'cancelled' }).where(and(waiting, isNotNull(enrollments.cancelledAt)));
      await db.delete(enrollments).where(and(waiting, isNull(enrollments.cancelledAt)));
    },
    async removeBundleAwaiting(bundleEnrollmentId: number) {
      const waiting = and(eq(bundleEnrollments.id, bundleEnrollmentId), inArray(bundleEnrollments.status, AWAITING_PAYMENT));
      const [kept] = await db.update(bundleEnrollments).set({ status: 'cancelled' }).where(and(waiting, isNotNull(bundleEnrollments.cancelledAt))).returning();
      const [row] = kept ? [kept] : await db.delete(bundleEnrollments).where(and(waiting, isNull(bundleEnrollments.cancelledAt))).returning();
      if (!row) return;
      const members = and(eq(enrollments.userId, row.userId), eq(enrollments.bundleId, row.bundleId), inArray(enrollments.status, AWAITING_PAYMENT));
      await db.update(enrollments).set({ status: 'cancelled' }).where(and(members, isNotNull(enrollments.cancelledAt)));
      await db.delete(enrollments).where(and(members, isNull(enrollments.cancelledAt)));
      // Courses the bundle took over that were enrolled to pay later go back to being their own.
      await db.update(enrollments).set({ bundleId: null }).where(and(eq(enrollments.userId, row.userId), eq(enrollments.bundleId, row.bundleId), eq(enrollments.status, 'pay_later')));
    },
    /** Ends a course enrolment (a refund or a cancellation by the school): no access, its records kept. */
    async cancelCourse(id: number) {
      await db.update(enrollments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(enrollments.id, id));
    },
    /** Ends a bundle's enrolment and the enrolments in its courses that came with it. */
    async cancelBundle(bundleEnrollmentId: number) {
      const [row] = await db.update(bundleEnrollments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bundleEnrollments.id, bundleEnrollmentId)).returning();
      if (!row) return;
      await db
        .update(enrollments)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(and(eq(enrollments.userId, row.userId), eq(enrollments.bundleId, row.bundleId), ne(enrollments.status, 'cancelled')));
    },
    async findCompliancePeriod(id: number) {
      const [row] = await db.select({ dateStart: compliancePeriods.dateStart, dateEnd: compliancePeriods.dateEnd }).from(compliancePeriods).where(eq(compliancePeriods.id, id)).limit(1);
      return row;
    },

    /**
     * One enrolment; a second one for the same user and course loses on the unique index and answers null.
     * The loser is skipped, not an error, so that the caller's transaction stays usable.
     */
    async enrolCourse(values: { userId: number; schoolId: number; courseId: number; classId: number | null; compliancePeriodId: number | null; status: EnrolmentStatus; startDate: string | null }) {
      // A cancelled enrolment is taken up again, with its progress and evidence.
      const [row] = await db
        .insert(enrollments)
        .values(values)
        .onConflictDoUpdate({
          target: [enrollments.userId, enrollments.courseId],
          set: { status: values.status, classId: values.classId, compliancePeriodId: values.compliancePeriodId, bundleId: null },
          setWhere: eq(enrollments.status, 'cancelled'),
        })
        .returning();
      return row ?? null;
    },

    /**
     * The bundle and each of its courses in one transaction (a savepoint inside the caller's); courses already
     * taken stay as they are.
     */
    async enrolBundle(values: { userId: number; schoolId: number; bundleId: number; compliancePeriodId: number | null; status: EnrolmentStatus }) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(bundleEnrollments).values(values).returning();
          const members = await enrolmentRepository(tx).bundleMembers(values.schoolId, values.bundleId);
          if (members.length) {
            // A course already studied stays as it is; one still waiting for its own payment (or enrolled to pay
            // later) is taken over by the bundle, so that paying the bundle pays it too.
            await tx
              .insert(enrollments)
              .values(members.map((courseId) => ({ userId: values.userId, schoolId: values.schoolId, courseId, bundleId: values.bundleId, compliancePeriodId: values.compliancePeriodId, status: values.status })))
              .onConflictDoUpdate({
                target: [enrollments.userId, enrollments.courseId],
                set: { bundleId: values.bundleId, status: sql`case when ${enrollments.status} = 'pay_later' and excluded.status not in ('paid', 'free') then ${enrollments.status} else excluded.status end` },
                // A course the school had ended is taken up by the bundle too, whichever bundle it came with before.
                where: sql`(${enrollments.status} in ('notpaid', 'pending', 'pay_later') and ${enrollments.bundleId} is null) or ${enrollments.status} = 'cancelled'`,
              });
          }
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async listMine(userId: number, q: { page: number; perpage: number; status: EnrollmentStatusFilter; course_name?: string; sort: EnrollmentSort }) {
      const key = `${q.status}_${q.sort.replace(/^-/, 'desc_')}_${q.course_name ? 1 : 0}`;
      let statement = myLists.get(key);
      if (!statement) myLists.set(key, (statement = prepareMine(db, key, q.status, q.sort, !!q.course_name)));
      const values = { userId, courseName: q.course_name ? `%${q.course_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined };
      const rows = await statement.execute({ ...values, limit: q.perpage, offset: (q.page - 1) * q.perpage });
      // Past the last page, the first row of the same list tells the total.
      const [first] = rows.length || q.page === 1 ? rows : await statement.execute({ ...values, limit: 1, offset: 0 });
      return { rows, total: first?.total ?? 0 };
    },
  };
}
