import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bundleCourses, bundleEnrollments, bundles, categories, classSchedules, classes, courses, coursewares, enrollments, lecturers, modules, subcategories } from '../../db/schema/index';

export type CourseRow = typeof courses.$inferSelect;
export type BundleRow = typeof bundles.$inferSelect;

const courseOrder: Record<string, SQL[]> = {
  '-created_at': [desc(courses.createdAt), desc(courses.id)],
  created_at: [asc(courses.createdAt), asc(courses.id)],
  name: [asc(courses.name), asc(courses.id)],
  '-name': [desc(courses.name), desc(courses.id)],
  fee: [asc(courses.fee), asc(courses.id)],
  '-fee': [desc(courses.fee), desc(courses.id)],
};
const bundleOrder: Record<string, SQL[]> = {
  '-created_at': [desc(bundles.createdAt), desc(bundles.id)],
  created_at: [asc(bundles.createdAt), asc(bundles.id)],
  name: [asc(bundles.name), asc(bundles.id)],
  '-name': [desc(bundles.name), desc(bundles.id)],
  price: [asc(bundles.price), asc(bundles.id)],
  '-price': [desc(bundles.price), desc(bundles.id)],
};

/** LIKE pattern with the user's % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const courseCard = {
  course: courses,
  subcategory: subcategories.name,
};

/** Every query takes the school: a list that forgets its tenant does not compile. */
export function catalogueRepository(db: Db) {
  async function enrollmentsOf(userId: number | null, courseIds: number[]) {
    if (!userId || courseIds.length === 0) return new Map<number, typeof enrollments.$inferSelect>();
    const rows = await db.select().from(enrollments).where(and(eq(enrollments.userId, userId), inArray(enrollments.courseId, courseIds)));
    return new Map(rows.map((r) => [r.courseId, r]));
  }

  return {
    enrollmentsOf,

    async listCourses(schoolId: number, q: { page: number; perpage: number; sort: string; search?: string; category?: number; subcategory?: number }) {
      const where = and(
        eq(courses.schoolId, schoolId),
        eq(courses.isPublished, true),
        q.search ? ilike(courses.name, contains(q.search)) : undefined,
        q.subcategory ? eq(courses.subcategoryId, q.subcategory) : undefined,
        q.category ? eq(subcategories.categoryId, q.category) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(courseCard)
          .from(courses)
          .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
          .where(where)
          .orderBy(...courseOrder[q.sort]!)
          .limit(q.perpage)
          .offset((q.page - 1) * q.perpage),
        db.select({ n: count() }).from(courses).leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findCourse(schoolId: number, id: number) {
      const [row] = await db
        .select({ ...courseCard, lecturer: lecturers.name })
        .from(courses)
        .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
        .leftJoin(lecturers, eq(lecturers.id, courses.lecturerId))
        .where(and(eq(courses.id, id), eq(courses.schoolId, schoolId), eq(courses.isPublished, true)))
        .limit(1);
      return row;
    },

    async courseOutline(courseId: number) {
      const [mods, wares, cls] = await Promise.all([
        db.select().from(modules).where(eq(modules.courseId, courseId)).orderBy(asc(modules.position)),
        db
          .select({ id: coursewares.id, moduleId: coursewares.moduleId, name: coursewares.name, type: coursewares.type })
          .from(coursewares)
          .innerJoin(modules, eq(modules.id, coursewares.moduleId))
          .where(eq(modules.courseId, courseId))
          .orderBy(asc(coursewares.position)),
        db.select().from(classes).where(eq(classes.courseId, courseId)).orderBy(asc(classes.id)),
      ]);
      return { modules: mods, coursewares: wares, classes: cls };
    },

    async similarCourses(schoolId: number, course: CourseRow, limit = 4) {
      return db
        .select(courseCard)
        .from(courses)
        .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
        .where(
          and(
            eq(courses.schoolId, schoolId),
            eq(courses.isPublished, true),
            ne(courses.id, course.id),
            course.subcategoryId ? eq(courses.subcategoryId, course.subcategoryId) : undefined,
          ),
        )
        .orderBy(desc(courses.createdAt))
        .limit(limit);
    },

    /** Most enrolled first. */
    async topCourses(schoolId: number, limit = 4) {
      const enrolled = db.select({ courseId: enrollments.courseId, n: count().as('n') }).from(enrollments).groupBy(enrollments.courseId).as('enrolled');
      return db
        .select(courseCard)
        .from(courses)
        .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
        .leftJoin(enrolled, eq(enrolled.courseId, courses.id))
        .where(and(eq(courses.schoolId, schoolId), eq(courses.isPublished, true)))
        .orderBy(sql`coalesce(${enrolled.n}, 0) desc`, desc(courses.createdAt))
        .limit(limit);
    },

    async featured(schoolId: number) {
      const [course] = await db.select().from(courses).where(and(eq(courses.schoolId, schoolId), eq(courses.isPublished, true), eq(courses.isFeatured, true))).orderBy(desc(courses.createdAt)).limit(1);
      if (course) return { kind: 'course' as const, course };
      const [bundle] = await db.select().from(bundles).where(and(eq(bundles.schoolId, schoolId), eq(bundles.isPublished, true), eq(bundles.isFeatured, true))).orderBy(desc(bundles.createdAt)).limit(1);
      return bundle ? { kind: 'bundle' as const, bundle } : null;
    },

    subcategories(schoolId: number) {
      return db
        .select({ id: subcategories.id, name: subcategories.name, categoryId: categories.id, categoryName: categories.name })
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(eq(subcategories.schoolId, schoolId))
        .orderBy(asc(subcategories.name));
    },

    categories(schoolId: number) {
      return db.select().from(categories).where(eq(categories.schoolId, schoolId)).orderBy(asc(categories.name));
    },

    async listBundles(schoolId: number, q: { page: number; perpage: number; sort: string; search?: string; category?: number; subcategory?: number }) {
      const where = and(
        eq(bundles.schoolId, schoolId),
        eq(bundles.isPublished, true),
        q.search ? ilike(bundles.name, contains(q.search)) : undefined,
        q.subcategory ? eq(bundles.subcategoryId, q.subcategory) : undefined,
        q.category ? eq(subcategories.categoryId, q.category) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ bundle: bundles, subcategory: subcategories.name })
          .from(bundles)
          .leftJoin(subcategories, eq(subcategories.id, bundles.subcategoryId))
          .where(where)
          .orderBy(...bundleOrder[q.sort]!)
          .limit(q.perpage)
          .offset((q.page - 1) * q.perpage),
        db.select({ n: count() }).from(bundles).leftJoin(subcategories, eq(subcategories.id, bundles.subcategoryId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findBundle(schoolId: number, id: number) {
      const [row] = await db
        .select({ bundle: bundles, subcategory: subcategories.name })
        .from(bundles)
        .leftJoin(subcategories, eq(subcategories.id, bundles.subcategoryId))
        .where(and(eq(bundles.id, id), eq(bundles.schoolId, schoolId), eq(bundles.isPublished, true)))
        .limit(1);
      return row;
    },

    /** Courses of several bundles at once, in bundle order. */
    async bundleCourses(bundleIds: number[]) {
      if (bundleIds.length === 0) return [];
      return db
        .select({ bundleId: bundleCourses.bundleId, ...courseCard })
        .from(bundleCourses)
        .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
        .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
        .where(and(inArray(bundleCourses.bundleId, bundleIds), eq(courses.isPublished, true)))
        .orderBy(asc(bundleCourses.position));
    },

    async bundleStatuses(userId: number | null, bundleIds: number[]) {
      if (!userId || bundleIds.length === 0) return new Map<number, string>();
      const rows = await db.select().from(bundleEnrollments).where(and(eq(bundleEnrollments.userId, userId), inArray(bundleEnrollments.bundleId, bundleIds)));
      return new Map(rows.map((r) => [r.bundleId, r.status]));
    },

    async classWithSchedule(schoolId: number, classId: number) {
      const [cls] = await db
        .select({ id: classes.id, name: classes.name })
        .from(classes)
        .innerJoin(courses, eq(courses.id, classes.courseId))
        .where(and(eq(classes.id, classId), eq(courses.schoolId, schoolId), eq(courses.isPublished, true)))
        .limit(1);
      if (!cls) return undefined;
      const schedules = await db.select().from(classSchedules).where(eq(classSchedules.classId, classId)).orderBy(asc(classSchedules.date), asc(classSchedules.startTime));
      return { ...cls, schedules };
    },
  };
}
export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
