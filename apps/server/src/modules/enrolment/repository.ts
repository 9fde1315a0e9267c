import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bundleCourses, bundleEnrollments, bundles, classes, compliancePeriods, courses, enrollments, schools, type EnrolmentStatus } from '../../db/schema/index';

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

const myOrder: Record<string, SQL[]> = {
  '-date_enrolled': [desc(enrollments.dateEnrolled), desc(enrollments.id)],
  date_enrolled: [asc(enrollments.dateEnrolled), asc(enrollments.id)],
  course_name: [asc(courses.name), asc(enrollments.id)],
  progress: [asc(enrollments.progress), asc(enrollments.id)],
};

export function enrolmentRepository(db: Db) {
  return {
    async findClass(courseId: number, classId: number) {
      const [row] = await db.select().from(classes).where(and(eq(classes.id, classId), eq(classes.courseId, courseId))).limit(1);
      return row;
    },
    async classCount(courseId: number) {
      const [row] = await db.select({ n: count() }).from(classes).where(eq(classes.courseId, courseId));
      return row?.n ?? 0;
    },
    async findCompliancePeriod(id: number) {
      const [row] = await db.select({ dateStart: compliancePeriods.dateStart, dateEnd: compliancePeriods.dateEnd }).from(compliancePeriods).where(eq(compliancePeriods.id, id)).limit(1);
      return row;
    },

    /** One enrolment; a second one for the same user and course loses on the unique index and answers null. */
    async enrolCourse(values: { userId: number; courseId: number; classId: number | null; compliancePeriodId: number | null; status: EnrolmentStatus; startDate: string | null }) {
      try {
        const [row] = await db.insert(enrollments).values(values).returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** The bundle and each of its courses in one transaction; courses already taken stay as they are. */
    async enrolBundle(values: { userId: number; bundleId: number; compliancePeriodId: number | null; status: EnrolmentStatus }) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(bundleEnrollments).values(values).returning();
          // Only the bundle's published courses of its own school, as the bundle page lists them.
          const members = await tx
            .select({ courseId: bundleCourses.courseId })
            .from(bundleCourses)
            .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
            .innerJoin(bundles, eq(bundles.id, bundleCourses.bundleId))
            .where(and(eq(bundleCourses.bundleId, values.bundleId), eq(courses.isPublished, true), eq(courses.schoolId, bundles.schoolId)));
          if (members.length) {
            await tx
              .insert(enrollments)
              .values(members.map((m) => ({ userId: values.userId, courseId: m.courseId, bundleId: values.bundleId, compliancePeriodId: values.compliancePeriodId, status: values.status })))
              .onConflictDoNothing();
          }
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async listMine(userId: number, q: { page: number; perpage: number; status: string; course_name?: string; sort: string }) {
      const progress = { all: undefined, inprogress: sql`${enrollments.progress} between 1 and 99`, completed: sql`${enrollments.progress} >= 100`, notstarted: sql`${enrollments.progress} = 0` }[q.status as 'all'];
      const where = and(eq(enrollments.userId, userId), progress, q.course_name ? ilike(courses.name, `%${q.course_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({ enrollment: enrollments, course: { id: courses.id, name: courses.name, image: courses.image, slug: courses.slug }, school: { name: schools.name, domain: schools.domain } })
          .from(enrollments)
          .innerJoin(courses, eq(courses.id, enrollments.courseId))
          .innerJoin(schools, eq(schools.id, courses.schoolId))
          .where(where)
          .orderBy(...myOrder[q.sort]!)
          .limit(q.perpage)
          .offset((q.page - 1) * q.perpage),
        db.select({ n: count() }).from(enrollments).innerJoin(courses, eq(courses.id, enrollments.courseId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
