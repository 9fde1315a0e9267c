import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffBundleListQuery } from '@school/shared/staff/bundles';
import type { Db, Tx } from '../../db/client';
import { bundleCourses, bundles, courses } from '../../db/schema/index';
import { containing } from '../../lib/like';

export type BundleRow = typeof bundles.$inferSelect;
export type BundleColumns = Pick<typeof bundles.$inferInsert, 'name' | 'description' | 'subcategoryId' | 'price' | 'modeOfPayment' | 'requireKyc' | 'isFeatured' | 'isPublished' | 'image'>;

// Written out whole: Drizzle leaves the table off a column when the outer query reads only one table.
const courseCount = sql<number>`(select count(*) from bundle_courses bc where bc.bundle_id = bundles.id)::int`;
const enrolmentCount = sql<number>`(select count(*) from bundle_enrollments be where be.bundle_id = bundles.id)::int`;
const courseChoice = { id: courses.id, name: courses.name, is_published: courses.isPublished };

/** The console's reads of a school's bundles, each with its courses in order and how many enrolled. */
export function staffBundleRepository(db: Db) {
  return {
    async page(schoolId: number, query: StaffBundleListQuery, limit: number, offset: number) {
      const where = and(eq(bundles.schoolId, schoolId), query.search ? ilike(bundles.name, containing(query.search)) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({ bundle: bundles, courses: courseCount, enrolments: enrolmentCount })
          .from(bundles)
          .where(where)
          .orderBy(desc(bundles.createdAt), desc(bundles.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(bundles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(schoolId: number, id: number) {
      const [row] = await db
        .select({ bundle: bundles, enrolments: enrolmentCount })
        .from(bundles)
        .where(and(eq(bundles.schoolId, schoolId), eq(bundles.id, id)));
      if (!row) return null;
      const members = await db
        .select(courseChoice)
        .from(bundleCourses)
        .innerJoin(courses, and(eq(courses.schoolId, bundleCourses.schoolId), eq(courses.id, bundleCourses.courseId)))
        .where(eq(bundleCourses.bundleId, id))
        .orderBy(asc(bundleCourses.position));
      return { ...row, courses: members };
    },

    /** The school's courses that a bundle may hold (not archived), by name. */
    async courseChoices(schoolId: number, ids?: number[]) {
      if (ids?.length === 0) return [];
      return db
        .select(courseChoice)
        .from(courses)
        .where(and(eq(courses.schoolId, schoolId), isNull(courses.archivedAt), ids ? inArray(courses.id, ids) : undefined))
        .orderBy(asc(courses.name), asc(courses.id));
    },
  };
}

/** The console's writes of bundles, inside the caller's transaction (with their audit entry). */
export function staffBundleWrites(tx: Tx) {
  async function setCourses(schoolId: number, bundleId: number, courseIds: number[]) {
    await tx.delete(bundleCourses).where(and(eq(bundleCourses.schoolId, schoolId), eq(bundleCourses.bundleId, bundleId)));
    if (courseIds.length) await tx.insert(bundleCourses).values(courseIds.map((courseId, position) => ({ schoolId, bundleId, courseId, position })));
  }

  return {
    async insert(schoolId: number, values: BundleColumns, slugOf: (id: number) => string, courseIds: number[]) {
      const [row] = await tx.insert(bundles).values({ ...values, schoolId, slug: 'pending' }).returning({ id: bundles.id });
      await tx.update(bundles).set({ slug: slugOf(row!.id) }).where(eq(bundles.id, row!.id));
      await setCourses(schoolId, row!.id, courseIds);
      return row!;
    },

    /** The bundle saved at `version` with its courses in order, or null when somebody saved first. */
    async update(schoolId: number, id: number, version: number, values: BundleColumns & { slug: string }, courseIds: number[]) {
      const [row] = await tx
        .update(bundles)
        .set({ ...values, version: version + 1 })
        .where(and(eq(bundles.schoolId, schoolId), eq(bundles.id, id), eq(bundles.version, version)))
        .returning({ id: bundles.id });
      if (!row) return null;
      await setCourses(schoolId, id, courseIds);
      return row;
    },

    /** Deleted at `version`, or null when somebody saved first; enrolments and payments make the database refuse. */
    async remove(schoolId: number, id: number, version: number) {
      const [row] = await tx
        .delete(bundles)
        .where(and(eq(bundles.schoolId, schoolId), eq(bundles.id, id), eq(bundles.version, version)))
        .returning({ id: bundles.id });
      return row ?? null;
    },
  };
}
