import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { BundleSort, CourseSort } from '@school/shared/catalogue/rules';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bundleCourses, bundleEnrollments, bundles, catalogueCounts, categories, courseInstructors, classSchedules, classes, courses, coursewares, enrollments, lecturers, modules, subcategories } from '../../db/schema/index';

export type CourseRow = typeof courses.$inferSelect;
/** What a course card shows (lists, similar and top courses, a bundle's courses): not the whole row. */
const cardColumns = {
  id: courses.id,
  rewardCoins: courses.rewardCoins,
  name: courses.name,
  slug: courses.slug,
  description: courses.description,
  image: courses.image,
  fee: courses.fee,
  showFee: courses.showFee,
  units: courses.units,
  mcleUnits: courses.mcleUnits,
  createdAt: courses.createdAt,
};
export type CourseCardRow = Pick<CourseRow, keyof typeof cardColumns>;
export type BundleRow = typeof bundles.$inferSelect;

/** The course list's sorts, over the courses table or a subquery of its rows. */
const courseOrderOf = (c: Pick<typeof courses._.columns, 'createdAt' | 'name' | 'fee' | 'id'>): Record<CourseSort, SQL[]> => ({
  '-created_at': [desc(c.createdAt), desc(c.id)],
  created_at: [asc(c.createdAt), asc(c.id)],
  name: [asc(c.name), asc(c.id)],
  '-name': [desc(c.name), desc(c.id)],
  fee: [asc(c.fee), asc(c.id)],
  '-fee': [desc(c.fee), desc(c.id)],
});
const courseOrder = courseOrderOf(courses);
const bundleOrder: Record<BundleSort, SQL[]> = {
  '-created_at': [desc(bundles.createdAt), desc(bundles.id)],
  created_at: [asc(bundles.createdAt), asc(bundles.id)],
  name: [asc(bundles.name), asc(bundles.id)],
  '-name': [desc(bundles.name), desc(bundles.id)],
  price: [asc(bundles.price), asc(bundles.id)],
  '-price': [desc(bundles.price), desc(bundles.id)],
};

/** LIKE pattern with the user's % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const p = sql.placeholder;
/**
 * `true` written into the statement, not sent as a parameter: a prepared statement is planned once for any
 * parameter value ("is_featured = $3" could be false), and only a literal lets it use a partial index.
 */
const TRUE = sql`true`;
/** `column = any($n)`: a list of ids as one parameter, so that one prepared statement serves every length. */
const anyOf = (column: AnyPgColumn, name: string) => sql`${column} = any(${p(name)})`;
/** A statement name for a variant ('-fee' -> 'desc_fee'). */
const nameOf = (...parts: (string | boolean | undefined)[]) => parts.map((part) => (part === true ? '1' : part === false || part === undefined ? '0' : part.replace(/^-/, 'desc_'))).join('_');

const courseCard = {
  course: cardColumns,
  subcategory: subcategories.name,
};

type ListQuery<Sort extends string = string> = { page: number; perpage: number; sort: Sort; search?: string; category?: number; subcategory?: number };

/**
 * The catalogue's reads, each built once and prepared (a named statement per connection on PostgreSQL, so
 * neither Drizzle nor PostgreSQL parses it again); every one takes the school, bound when it runs. Lists
 * with a search or filters are a small set of variants, each prepared the first time it is asked for.
 */
export function catalogueRepository(db: Db) {
  const enrolmentsOf = db
    .select()
    .from(enrollments)
    // A cancelled enrolment is none for the catalogue: the item is bought again.
    .where(and(eq(enrollments.userId, p('userId')), anyOf(enrollments.courseId, 'courseIds'), ne(enrollments.status, 'cancelled')))
    .prepare('catalogue_enrolments_of');

  /**
   * A page of published courses with the total beside each row. Without a search or filter the total is
   * catalogue_counts' (kept by triggers) and the page is read in order from a sort index. With one, the
   * matches are found first (a search by the trigram index), behind an OFFSET 0 fence so that the planner
   * does not walk a sort index instead, and counted by a window over them.
   */
  const courseLists = new Map<string, ReturnType<typeof courseList> | ReturnType<typeof filteredCourseList>>();
  function courseList(sort: CourseSort) {
    const total = sql<number>`coalesce((select ${catalogueCounts.publishedCourses} from ${catalogueCounts} where ${catalogueCounts.schoolId} = ${p('schoolId')}), 0)`;
    // The page's ids from the sort index alone (the rows before the page are not read), then their rows.
    const ordered = db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.schoolId, p('schoolId')), eq(courses.isPublished, TRUE)))
      .orderBy(...courseOrder[sort]);
    // LIMIT and OFFSET as sub-selects, which the planner cannot see into even when it knows the values: the
    // plan is the same for every page and every catalogue size, so PostgreSQL keeps one generic plan for
    // the statement instead of planning each call anew (its estimates favour that for a large catalogue).
    const page = sql`${ordered} limit (select ${p('limit')}::int) offset (select ${p('offset')}::int)`;
    return db
      .select({ ...courseCard, total: total.mapWith(Number) })
      .from(courses)
      .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
      .where(sql`${courses.id} = any(array(${page}))`)
      .orderBy(...courseOrder[sort])
      .prepare(`catalogue_courses_${nameOf(sort)}`);
  }
  function filteredCourseList(sort: CourseSort, search: boolean, subcategory: boolean, category: boolean) {
    const matches = db
      .select({ ...cardColumns, subcategoryId: courses.subcategoryId })
      .from(courses)
      .where(
        and(
          eq(courses.schoolId, p('schoolId')),
          eq(courses.isPublished, TRUE),
          search ? ilike(courses.name, p('search')) : undefined,
          subcategory ? eq(courses.subcategoryId, p('subcategory')) : undefined,
        ),
      )
      .offset(p('fence'))
      .as('matches');
    const course = Object.fromEntries(Object.keys(cardColumns).map((key) => [key, matches[key as keyof typeof cardColumns]])) as unknown as typeof cardColumns;
    return db
      .select({ course, subcategory: subcategories.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(matches)
      .leftJoin(subcategories, eq(subcategories.id, matches.subcategoryId))
      .where(category ? eq(subcategories.categoryId, p('category')) : undefined)
      .orderBy(...courseOrderOf(course)[sort])
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(`catalogue_courses_${nameOf(sort, search, subcategory, category)}`);
  }

  const course = db
    .select({ course: courses, subcategory: subcategories.name, lecturer: lecturers.name })
    .from(courses)
    .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
    .leftJoin(lecturers, eq(lecturers.id, courses.lecturerId))
    .where(and(eq(courses.id, p('id')), eq(courses.schoolId, p('schoolId'))))
    .limit(1)
    .prepare('catalogue_course');
  const outlineModules = db.select().from(modules).where(eq(modules.courseId, p('courseId'))).orderBy(asc(modules.position)).prepare('catalogue_outline_modules');
  const outlineCoursewares = db
    .select({ id: coursewares.id, moduleId: coursewares.moduleId, name: coursewares.name, type: coursewares.type })
    .from(coursewares)
    .innerJoin(modules, eq(modules.id, coursewares.moduleId))
    .where(eq(modules.courseId, p('courseId')))
    .orderBy(asc(coursewares.position))
    .prepare('catalogue_outline_coursewares');
  const outlineClasses = db.select().from(classes).where(eq(classes.courseId, p('courseId'))).orderBy(asc(classes.id)).prepare('catalogue_outline_classes');

  const similar = (sameSubcategory: boolean) =>
    db
      .select(courseCard)
      .from(courses)
      .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
      .where(
        and(
          eq(courses.schoolId, p('schoolId')),
          eq(courses.isPublished, TRUE),
          ne(courses.id, p('courseId')),
          sameSubcategory ? eq(courses.subcategoryId, p('subcategoryId')) : undefined,
        ),
      )
      .orderBy(desc(courses.createdAt))
      .limit(p('limit'))
      .prepare(`catalogue_similar_${nameOf(sameSubcategory)}`);
  const similarInSubcategory = similar(true);
  const similarAny = similar(false);

  // The ids come from courses_school_top_idx alone, like a page of the course list, so that a generic plan
  // cannot join every course of the school to its subcategory before sorting.
  const topOrder = [desc(courses.enrolmentCount), desc(courses.createdAt)];
  const topIds = db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.schoolId, p('schoolId')), eq(courses.isPublished, TRUE)))
    .orderBy(...topOrder)
    .limit(p('limit'));
  const top = db
    .select(courseCard)
    .from(courses)
    .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
    .where(sql`${courses.id} = any(array(${topIds}))`)
    .orderBy(...topOrder)
    .prepare('catalogue_top');

  const featuredCourse = db
    .select()
    .from(courses)
    .where(and(eq(courses.schoolId, p('schoolId')), eq(courses.isPublished, TRUE), eq(courses.isFeatured, TRUE)))
    .orderBy(desc(courses.createdAt))
    .limit(1)
    .prepare('catalogue_featured_course');
  const featuredBundle = db
    .select()
    .from(bundles)
    .where(and(eq(bundles.schoolId, p('schoolId')), eq(bundles.isPublished, TRUE), eq(bundles.isFeatured, TRUE)))
    .orderBy(desc(bundles.createdAt))
    .limit(1)
    .prepare('catalogue_featured_bundle');

  const subcategoryList = db
    .select({ id: subcategories.id, name: subcategories.name, categoryId: categories.id, categoryName: categories.name })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(eq(subcategories.schoolId, p('schoolId')))
    .orderBy(asc(subcategories.name))
    .prepare('catalogue_subcategories');
  const categoryList = db.select().from(categories).where(eq(categories.schoolId, p('schoolId'))).orderBy(asc(categories.name)).prepare('catalogue_categories');

  /** A page of published bundles with the number of matches beside each row (a school has few bundles). */
  const bundleLists = new Map<string, ReturnType<typeof bundleList>>();
  function bundleList(sort: BundleSort, search: boolean, subcategory: boolean, category: boolean) {
    return db
      .select({ bundle: bundles, subcategory: subcategories.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(bundles)
      .leftJoin(subcategories, eq(subcategories.id, bundles.subcategoryId))
      .where(
        and(
          eq(bundles.schoolId, p('schoolId')),
          eq(bundles.isPublished, TRUE),
          search ? ilike(bundles.name, p('search')) : undefined,
          subcategory ? eq(bundles.subcategoryId, p('subcategory')) : undefined,
          category ? eq(subcategories.categoryId, p('category')) : undefined,
        ),
      )
      .orderBy(...bundleOrder[sort])
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(`catalogue_bundles_${nameOf(sort, search, subcategory, category)}`);
  }

  const bundle = db
    .select({ bundle: bundles, subcategory: subcategories.name })
    .from(bundles)
    .leftJoin(subcategories, eq(subcategories.id, bundles.subcategoryId))
    .where(and(eq(bundles.id, p('id')), eq(bundles.schoolId, p('schoolId'))))
    .limit(1)
    .prepare('catalogue_bundle');
  const coursesOfBundles = db
    .select({ bundleId: bundleCourses.bundleId, ...courseCard })
    .from(bundleCourses)
    .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
    .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
    .where(and(anyOf(bundleCourses.bundleId, 'bundleIds'), eq(courses.isPublished, TRUE)))
    .orderBy(asc(bundleCourses.position))
    .prepare('catalogue_bundle_courses');
  const bundleEnrolments = db
    .select()
    .from(bundleEnrollments)
    .where(and(eq(bundleEnrollments.userId, p('userId')), anyOf(bundleEnrollments.bundleId, 'bundleIds'), ne(bundleEnrollments.status, 'cancelled')))
    .prepare('catalogue_bundle_enrolments_of');

  const classOfSchool = db
    .select({ id: classes.id, name: classes.name, schoolId: classes.schoolId, isPublished: courses.isPublished })
    .from(classes)
    .innerJoin(courses, and(eq(courses.schoolId, classes.schoolId), eq(courses.id, classes.courseId)))
    .where(and(eq(classes.id, p('classId')), eq(classes.schoolId, p('schoolId'))))
    .limit(1)
    .prepare('catalogue_class');
  const schedules = db
    .select()
    .from(classSchedules)
    .where(eq(classSchedules.classId, p('classId')))
    .orderBy(asc(classSchedules.date), asc(classSchedules.startTime))
    .prepare('catalogue_class_schedules');

  /** A page of a list; past the last page, the first row of the same query tells the total. */
  async function page<T extends { total: number }>(statement: { execute(values: Record<string, unknown>): Promise<T[]> }, values: Record<string, unknown>, q: ListQuery) {
    const rows = await statement.execute({ ...values, limit: q.perpage, offset: (q.page - 1) * q.perpage });
    if (rows.length || q.page === 1) return { rows, total: rows[0]?.total ?? 0 };
    const [first] = await statement.execute({ ...values, limit: 1, offset: 0 });
    return { rows, total: first?.total ?? 0 };
  }

  function filters(schoolId: number, q: ListQuery) {
    return { schoolId, search: q.search ? contains(q.search) : undefined, subcategory: q.subcategory, category: q.category };
  }

  async function enrollmentsOf(userId: number | null, courseIds: number[]) {
    if (!userId || courseIds.length === 0) return new Map<number, typeof enrollments.$inferSelect>();
    const rows = await enrolmentsOf.execute({ userId, courseIds });
    return new Map(rows.map((r) => [r.courseId, r]));
  }

  return {
    enrollmentsOf,

    listCourses(schoolId: number, q: ListQuery<CourseSort>) {
      const filtered = Boolean(q.search || q.subcategory || q.category);
      const key = nameOf(q.sort, !!q.search, !!q.subcategory, !!q.category);
      let statement = courseLists.get(key);
      if (!statement) courseLists.set(key, (statement = filtered ? filteredCourseList(q.sort, !!q.search, !!q.subcategory, !!q.category) : courseList(q.sort)));
      return page(statement, { ...filters(schoolId, q), fence: 0 }, q);
    },

    /** A course of the school, published or not: coursePolicy decides who may see an unpublished one. */
    async findCourse(schoolId: number, id: number) {
      const [row] = await course.execute({ id, schoolId });
      return row;
    },

    /** The instructors assigned to a course: an instructor's course permissions hold on these courses only. */
    async instructorsOf(courseId: number) {
      return (await db.select({ userId: courseInstructors.userId }).from(courseInstructors).where(eq(courseInstructors.courseId, courseId))).map((row) => row.userId);
    },

    async courseOutline(courseId: number) {
      const [mods, wares, cls] = await Promise.all([outlineModules.execute({ courseId }), outlineCoursewares.execute({ courseId }), outlineClasses.execute({ courseId })]);
      return { modules: mods, coursewares: wares, classes: cls };
    },

    similarCourses(schoolId: number, of: CourseRow, limit = 4) {
      return of.subcategoryId
        ? similarInSubcategory.execute({ schoolId, courseId: of.id, subcategoryId: of.subcategoryId, limit })
        : similarAny.execute({ schoolId, courseId: of.id, limit });
    },

    /** Most enrolled first. */
    topCourses(schoolId: number, limit = 4) {
      return top.execute({ schoolId, limit });
    },

    async featured(schoolId: number) {
      const [c] = await featuredCourse.execute({ schoolId });
      if (c) return { kind: 'course' as const, course: c };
      const [b] = await featuredBundle.execute({ schoolId });
      return b ? { kind: 'bundle' as const, bundle: b } : null;
    },

    subcategories(schoolId: number) {
      return subcategoryList.execute({ schoolId });
    },

    categories(schoolId: number) {
      return categoryList.execute({ schoolId });
    },

    listBundles(schoolId: number, q: ListQuery<BundleSort>) {
      const key = nameOf(q.sort, !!q.search, !!q.subcategory, !!q.category);
      let statement = bundleLists.get(key);
      if (!statement) bundleLists.set(key, (statement = bundleList(q.sort, !!q.search, !!q.subcategory, !!q.category)));
      return page(statement, filters(schoolId, q), q);
    },

    /** A bundle of the school, published or not: bundlePolicy decides who may see an unpublished one. */
    async findBundle(schoolId: number, id: number) {
      const [row] = await bundle.execute({ id, schoolId });
      return row;
    },

    /** Courses of several bundles at once, in bundle order. */
    async bundleCourses(bundleIds: number[]) {
      if (bundleIds.length === 0) return [];
      return coursesOfBundles.execute({ bundleIds });
    },

    async bundleStatuses(userId: number | null, bundleIds: number[]) {
      if (!userId || bundleIds.length === 0) return new Map<number, string>();
      const rows = await bundleEnrolments.execute({ userId, bundleIds });
      return new Map(rows.map((r) => [r.bundleId, r.status]));
    },

    async classWithSchedule(schoolId: number, classId: number) {
      const [cls] = await classOfSchool.execute({ classId, schoolId });
      if (!cls) return undefined;
      return { ...cls, schedules: await schedules.execute({ classId }) };
    },
  };
}
export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
