import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { StaffCourseListQuery } from '@school/shared/staff/courses';
import type { Db, Tx } from '../../db/client';
import {
  bundles,
  categories,
  conferenceRooms,
  courseInstructors,
  courses,
  coursewareProgress,
  coursewares,
  enrollments,
  examQuestions,
  exams,
  lecturers,
  modules,
  schoolMemberships,
  subcategories,
  users,
  videoQuestions,
} from '../../db/schema/index';
import { containing } from '../../lib/like';
import { fullName } from '../account/presenter';

type CourseRow = typeof courses.$inferSelect;
type CourseColumns = Partial<typeof courses.$inferInsert>;
export interface Person {
  id: number;
  name: string;
}
export interface StaffCourseListRow {
  course: Pick<CourseRow, 'id' | 'name' | 'slug' | 'isPublished' | 'archivedAt' | 'fee' | 'enrolmentCount' | 'version' | 'updatedAt'>;
  category: string | null;
  subcategory: string | null;
  instructors: Person[];
}
export interface StaffCourseRecord {
  course: CourseRow;
  instructors: Person[];
  updatedBy: Person | null;
}

const personColumns = { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, username: users.username };
const personOf = (u: { id: number; firstName: string; middleName: string; lastName: string; suffix: string | null; username: string }): Person => ({ id: u.id, name: fullName(u) || u.username });

const order: Record<StaffCourseListQuery['sort'], SQL[]> = {
  '-updated_at': [desc(courses.updatedAt), desc(courses.id)],
  name: [asc(courses.name), asc(courses.id)],
  '-name': [desc(courses.name), desc(courses.id)],
  '-created_at': [desc(courses.createdAt), desc(courses.id)],
  created_at: [asc(courses.createdAt), asc(courses.id)],
  fee: [asc(courses.fee), asc(courses.id)],
  '-fee': [desc(courses.fee), desc(courses.id)],
  '-enrolments': [desc(courses.enrolmentCount), desc(courses.id)],
};


const statusFilter: Record<NonNullable<StaffCourseListQuery['status']> | 'current', SQL> = {
  current: isNull(courses.archivedAt),
  published: and(isNull(courses.archivedAt), eq(courses.isPublished, true))!,
  draft: and(isNull(courses.archivedAt), eq(courses.isPublished, false))!,
  archived: isNotNull(courses.archivedAt),
};

const assignedTo = (userId: number | ReturnType<typeof sql.placeholder>) =>
  exists(sql`(select 1 from ${courseInstructors} where ${courseInstructors.courseId} = ${courses.id} and ${courseInstructors.userId} = ${userId})`);

const p = sql.placeholder;
/** The columns a course's row in the list shows (not its description). */
const listColumns = {
  id: courses.id,
  name: courses.name,
  slug: courses.slug,
  isPublished: courses.isPublished,
  archivedAt: courses.archivedAt,
  fee: courses.fee,
  enrolmentCount: courses.enrolmentCount,
  version: courses.version,
  updatedAt: courses.updatedAt,
};
type PersonColumns = { id: number; firstName: string; middleName: string; lastName: string; suffix: string | null; username: string };
/** A course's instructors as JSON, in the order of their names. */
const instructorsJson = sql<PersonColumns[]>`(select coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'middleName', u.middle_name, 'lastName', u.last_name, 'suffix', u.suffix, 'username', u.username) order by u.last_name, u.id), '[]') from course_instructors ci join users u on u.id = ci.user_id where ci.course_id = ${courses.id})`;

/** A school's courses as its staff manage them: drafts and archived ones included, every write by school and id. */
export function staffCourseRepository(db: Db) {
  async function instructorsOf(courseIds: number[]) {
    if (courseIds.length === 0) return new Map<number, Person[]>();
    const rows = await db
      .select({ courseId: courseInstructors.courseId, user: personColumns })
      .from(courseInstructors)
      .innerJoin(users, eq(users.id, courseInstructors.userId))
      .where(inArray(courseInstructors.courseId, courseIds))
      .orderBy(asc(users.lastName), asc(users.id));
    const byCourse = new Map<number, Person[]>();
    for (const row of rows) byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), personOf(row.user)]);
    return byCourse;
  }

  const lists = new Map<string, ReturnType<typeof buildList>>();
  /** A page's rows with their instructors, and the count of every match: two statements, run side by side. */
  function buildList(status: keyof typeof statusFilter, sort: StaffCourseListQuery['sort'], search: boolean, category: boolean, instructor: boolean, own: boolean) {
    const where = and(
      eq(courses.schoolId, p('schoolId')),
      statusFilter[status],
      search ? ilike(courses.name, p('search')) : undefined,
      category ? eq(subcategories.categoryId, p('category')) : undefined,
      instructor ? assignedTo(p('instructor')) : undefined,
      own ? assignedTo(p('own')) : undefined,
    );
    const name = [status, sort.replace(/^-/, 'desc_'), search, category, instructor, own].map((part) => (part === true ? '1' : part === false ? '0' : part)).join('_');
    return {
      rows: db
        .select({ course: listColumns, category: categories.name, subcategory: subcategories.name, instructors: instructorsJson })
        .from(courses)
        .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
        .leftJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(where)
        .orderBy(...order[sort])
        .limit(p('limit'))
        .offset(p('offset'))
        .prepare(`staff_courses_${name}`),
      count: db
        .select({ n: count() })
        .from(courses)
        .leftJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
        .where(where)
        .prepare(`staff_course_count_${name}`),
    };
  }
  function listStatements(...key: Parameters<typeof buildList>) {
    const name = key.join('|');
    let statements = lists.get(name);
    if (!statements) lists.set(name, (statements = buildList(...key)));
    return statements;
  }

  return {
    instructorsOf,

    /** How many of the school's courses (an instructor's own, with `onlyAssignedTo`) are published, drafts, archived. */
    async counts(schoolId: number, onlyAssignedTo: number | null) {
      const [row] = await db
        .select({
          published: sql<number>`(count(*) filter (where ${statusFilter.published}))::int`,
          draft: sql<number>`(count(*) filter (where ${statusFilter.draft}))::int`,
          archived: sql<number>`(count(*) filter (where ${statusFilter.archived}))::int`,
        })
        .from(courses)
        .where(and(eq(courses.schoolId, schoolId), onlyAssignedTo !== null ? assignedTo(onlyAssignedTo) : undefined));
      return row ?? { published: 0, draft: 0, archived: 0 };
    },

    /**
     * One page of the school's courses with their instructors, and their total, from prepared statements (a pair
     * per combination of filters and sort); `onlyAssignedTo` narrows an instructor's list to their own courses.
     */
    async page(schoolId: number, query: StaffCourseListQuery, onlyAssignedTo: number | null, limit: number, offset: number) {
      const statements = listStatements(query.status ?? 'current', query.sort, !!query.search, !!query.category, !!query.instructor, onlyAssignedTo !== null);
      const values = { schoolId, search: query.search ? containing(query.search) : undefined, category: query.category, instructor: query.instructor, own: onlyAssignedTo };
      const [rows, [total]] = await Promise.all([statements.rows.execute({ ...values, limit, offset }), statements.count.execute(values)]);
      return { total: total?.n ?? 0, rows: rows.map(({ course, category, subcategory, instructors }): StaffCourseListRow => ({ course, category, subcategory, instructors: instructors.map(personOf) })) };
    },

    async find(schoolId: number, id: number): Promise<StaffCourseRecord | null> {
      const [row] = await db
        .select({ course: courses, updatedBy: personColumns })
        .from(courses)
        .leftJoin(users, eq(users.id, courses.updatedById))
        .where(and(eq(courses.schoolId, schoolId), eq(courses.id, id)));
      if (!row) return null;
      const instructors = await instructorsOf([id]);
      return { course: row.course, instructors: instructors.get(id) ?? [], updatedBy: row.updatedBy ? personOf(row.updatedBy) : null };
    },

    async modulesOf(schoolId: number, courseId: number) {
      return db.select().from(modules).where(and(eq(modules.schoolId, schoolId), eq(modules.courseId, courseId))).orderBy(asc(modules.position), asc(modules.id));
    },

    /** A module with its course's school, state and instructors, which the course policy decides on. */
    async findModule(schoolId: number, id: number) {
      const [row] = await db.select({ module: modules, course: courses }).from(modules).innerJoin(courses, eq(courses.id, modules.courseId)).where(and(eq(modules.schoolId, schoolId), eq(modules.id, id)));
      return row ?? null;
    },

    async findLesson(schoolId: number, id: number) {
      const [row] = await db
        .select({ lesson: coursewares, course: courses, started: sql<boolean>`exists (select 1 from ${coursewareProgress} where ${coursewareProgress.coursewareId} = ${coursewares.id})` })
        .from(coursewares)
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .innerJoin(courses, eq(courses.id, modules.courseId))
        .where(and(eq(coursewares.schoolId, schoolId), eq(coursewares.id, id)));
      return row ?? null;
    },

    /** A live class lesson's session, or null before its date is set. */
    async roomOf(schoolId: number, coursewareId: number) {
      const [row] = await db.select().from(conferenceRooms).where(and(eq(conferenceRooms.schoolId, schoolId), eq(conferenceRooms.coursewareId, coursewareId)));
      return row ?? null;
    },

    async moduleStarted(schoolId: number, moduleId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(coursewareProgress)
        .innerJoin(coursewares, eq(coursewares.id, coursewareProgress.coursewareId))
        .where(and(eq(coursewares.schoolId, schoolId), eq(coursewares.moduleId, moduleId)));
      return (row?.n ?? 0) > 0;
    },

    async subcategoryExists(schoolId: number, id: number) {
      return (await db.$count(subcategories, and(eq(subcategories.schoolId, schoolId), eq(subcategories.id, id)))) > 0;
    },
    /** The school's lecturers by name. */
    lecturers: (schoolId: number) => db.select({ id: lecturers.id, name: lecturers.name, title: lecturers.title }).from(lecturers).where(eq(lecturers.schoolId, schoolId)).orderBy(asc(lecturers.name), asc(lecturers.id)),

    /** The school's categories by name, each with its subcategories and how many courses and bundles each files. */
    async categories(schoolId: number) {
      const items = (table: typeof courses | typeof bundles) => sql<number>`(select count(*)::int from ${table} where ${table.subcategoryId} = ${subcategories.id})`;
      const [cats, subs] = await Promise.all([
        db.select({ id: categories.id, name: categories.name, version: categories.version }).from(categories).where(eq(categories.schoolId, schoolId)).orderBy(asc(categories.name)),
        db
          .select({ id: subcategories.id, categoryId: subcategories.categoryId, name: subcategories.name, version: subcategories.version, items: sql<number>`${items(courses)} + ${items(bundles)}` })
          .from(subcategories)
          .where(eq(subcategories.schoolId, schoolId))
          .orderBy(asc(subcategories.name)),
      ]);
      return cats.map((c) => ({ ...c, subcategories: subs.filter((sc) => sc.categoryId === c.id).map(({ categoryId: _c, ...sc }) => sc) }));
    },

    async findCategory(schoolId: number, id: number) {
      const [row] = await db.select().from(categories).where(and(eq(categories.schoolId, schoolId), eq(categories.id, id)));
      return row ?? null;
    },

    async findSubcategory(schoolId: number, id: number) {
      const [row] = await db.select().from(subcategories).where(and(eq(subcategories.schoolId, schoolId), eq(subcategories.id, id)));
      return row ?? null;
    },

    async lecturerNamed(schoolId: number, name: string) {
      return (await db.$count(lecturers, and(eq(lecturers.schoolId, schoolId), sql`lower(${lecturers.name}) = lower(${name})`))) > 0;
    },

    async lecturerExists(schoolId: number, id: number) {
      return (await db.$count(lecturers, and(eq(lecturers.schoolId, schoolId), eq(lecturers.id, id)))) > 0;
    },
    async enrolmentCount(schoolId: number, id: number) {
      return db.$count(enrollments, and(eq(enrollments.schoolId, schoolId), eq(enrollments.courseId, id)));
    },

    /** The school's instructors (members with the IN role), with the ids of the courses assigned to each. */
    async instructors(schoolId: number) {
      const rows = await db
        .select({ user: { ...personColumns, email: users.email }, courses: sql<number[]>`coalesce(array_agg(${courseInstructors.courseId} order by ${courseInstructors.courseId}) filter (where ${courseInstructors.courseId} is not null), '{}')` })
        .from(schoolMemberships)
        .innerJoin(users, eq(users.id, schoolMemberships.userId))
        .leftJoin(
          courseInstructors,
          and(eq(courseInstructors.userId, users.id), exists(sql`(select 1 from ${courses} where ${courses.id} = ${courseInstructors.courseId} and ${courses.schoolId} = ${schoolId})`)),
        )
        .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.role, 'IN')))
        .groupBy(users.id)
        .orderBy(asc(users.lastName), asc(users.id));
      return rows.map((r) => ({ ...personOf(r.user), email: r.user.email, courses: r.courses }));
    },

    /** What publishing checks of each lesson, in outline order, with the lesson's module and whether anyone started it. */
    async lessonsOf(schoolId: number, courseId: number) {
      return db
        .select({
          moduleId: coursewares.moduleId,
          version: coursewares.version,
          description: coursewares.description,
          started: sql<boolean>`exists (select 1 from ${coursewareProgress} where ${coursewareProgress.coursewareId} = ${coursewares.id})`,
          id: coursewares.id,
          name: coursewares.name,
          type: coursewares.type,
          file: coursewares.file,
          url: coursewares.url,
          content: coursewares.content,
          mediaSeconds: coursewares.mediaSeconds,
          examId: exams.id,
          questions: sql<number>`(select count(*)::int from ${examQuestions} where ${examQuestions.examId} = ${exams.id} and ${examQuestions.retiredIn} is null)`,
          hasSchedule: sql<boolean>`${conferenceRooms.id} is not null`,
          room: { date: conferenceRooms.date, startTime: conferenceRooms.startTime, endTime: conferenceRooms.endTime, useStudios: conferenceRooms.useStudios, recording: conferenceRooms.recording, attendanceMinutes: conferenceRooms.attendanceMinutes },
          videoQuestions: sql<number>`(select count(*)::int from ${videoQuestions} where ${videoQuestions.coursewareId} = ${coursewares.id})`,
        })
        .from(coursewares)
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .leftJoin(exams, eq(exams.coursewareId, coursewares.id))
        .leftJoin(conferenceRooms, eq(conferenceRooms.coursewareId, coursewares.id))
        .where(and(eq(modules.schoolId, schoolId), eq(modules.courseId, courseId)))
        .orderBy(asc(modules.position), asc(coursewares.position), asc(coursewares.id));
    },
  };
}

/** The writes, each inside the caller's transaction so that its audit entry commits or rolls back with it. */
export function staffCourseWrites(tx: Tx) {
  return {
    async insertCategory(schoolId: number, name: string) {
      const [row] = await tx.insert(categories).values({ schoolId, name }).returning();
      return row!;
    },

    async insertSubcategory(schoolId: number, categoryId: number, name: string) {
      const [row] = await tx.insert(subcategories).values({ schoolId, categoryId, name }).returning();
      return row!;
    },

    async renameCategory(schoolId: number, id: number, version: number, name: string) {
      const [row] = await tx
        .update(categories)
        .set({ name, version: version + 1 })
        .where(and(eq(categories.schoolId, schoolId), eq(categories.id, id), eq(categories.version, version)))
        .returning();
      return row ?? null;
    },

    async renameSubcategory(schoolId: number, id: number, version: number, name: string) {
      const [row] = await tx
        .update(subcategories)
        .set({ name, version: version + 1 })
        .where(and(eq(subcategories.schoolId, schoolId), eq(subcategories.id, id), eq(subcategories.version, version)))
        .returning();
      return row ?? null;
    },

    /** A category with its subcategories; refused by the database (23503) while anything is filed under them. */
    async removeCategory(schoolId: number, id: number, version: number) {
      const [row] = await tx.delete(categories).where(and(eq(categories.schoolId, schoolId), eq(categories.id, id), eq(categories.version, version))).returning({ id: categories.id });
      return row ?? null;
    },

    async removeSubcategory(schoolId: number, id: number, version: number) {
      const [row] = await tx.delete(subcategories).where(and(eq(subcategories.schoolId, schoolId), eq(subcategories.id, id), eq(subcategories.version, version))).returning({ id: subcategories.id });
      return row ?? null;
    },

    async insertLecturer(schoolId: number, values: { name: string; title: string }) {
      const [row] = await tx.insert(lecturers).values({ ...values, schoolId }).returning({ id: lecturers.id, name: lecturers.name, title: lecturers.title });
      return row!;
    },

    async insert(values: typeof courses.$inferInsert) {
      const [row] = await tx.insert(courses).values(values).returning();
      return row!;
    },

    /** Writes when the course is still at the version the editor saw, raising it; null when it is not (or is gone). */
    async update(schoolId: number, id: number, version: number, columns: CourseColumns, actorId: number) {
      const [row] = await tx
        .update(courses)
        .set({ ...columns, version: sql`${courses.version} + 1`, updatedAt: sql`now()`, updatedById: actorId })
        .where(and(eq(courses.schoolId, schoolId), eq(courses.id, id), eq(courses.version, version)))
        .returning();
      return row ?? null;
    },

    async setSlug(schoolId: number, id: number, slug: string) {
      await tx.update(courses).set({ slug }).where(and(eq(courses.schoolId, schoolId), eq(courses.id, id)));
    },

    async remove(schoolId: number, id: number, version: number) {
      const [row] = await tx.delete(courses).where(and(eq(courses.schoolId, schoolId), eq(courses.id, id), eq(courses.version, version))).returning({ id: courses.id });
      return row ?? null;
    },

    async insertModule(schoolId: number, courseId: number, values: { name: string; description?: string }) {
      const [row] = await tx
        .insert(modules)
        .values({ ...values, schoolId, courseId, position: sql`(select coalesce(max(${modules.position}) + 1, 0) from ${modules} where ${modules.courseId} = ${courseId})` })
        .returning();
      return row!;
    },

    async updateModule(schoolId: number, id: number, version: number, values: { name?: string; description?: string }) {
      const [row] = await tx
        .update(modules)
        .set({ ...values, version: sql`${modules.version} + 1` })
        .where(and(eq(modules.schoolId, schoolId), eq(modules.id, id), eq(modules.version, version)))
        .returning();
      return row ?? null;
    },

    async removeModule(schoolId: number, id: number, version: number) {
      const [row] = await tx.delete(modules).where(and(eq(modules.schoolId, schoolId), eq(modules.id, id), eq(modules.version, version))).returning({ id: modules.id });
      return row ?? null;
    },

    /** A lesson at the end of its module; an exam or survey gets its (empty) exam, which its editor fills. */
    async insertLesson(schoolId: number, moduleId: number, values: Omit<typeof coursewares.$inferInsert, 'schoolId' | 'moduleId' | 'position'>) {
      const [row] = await tx
        .insert(coursewares)
        .values({ ...values, schoolId, moduleId, position: sql`(select coalesce(max(${coursewares.position}) + 1, 0) from ${coursewares} where ${coursewares.moduleId} = ${moduleId})` })
        .returning();
      if (row!.type === 'exam' || row!.type === 'survey') await tx.insert(exams).values({ schoolId, coursewareId: row!.id });
      return row!;
    },

    async updateLesson(schoolId: number, id: number, version: number, values: Partial<typeof coursewares.$inferInsert>) {
      const [row] = await tx
        .update(coursewares)
        .set({ ...values, version: sql`${coursewares.version} + 1` })
        .where(and(eq(coursewares.schoolId, schoolId), eq(coursewares.id, id), eq(coursewares.version, version)))
        .returning();
      return row ?? null;
    },

    /** Sets a live class lesson's session: its room is made with the first date (its name and code stay after). */
    async saveRoom(schoolId: number, coursewareId: number, values: Pick<typeof conferenceRooms.$inferInsert, 'date' | 'startTime' | 'endTime' | 'useStudios' | 'recording' | 'attendanceMinutes'>) {
      const [row] = await tx
        .insert(conferenceRooms)
        .values({ ...values, schoolId, coursewareId, name: `class-${coursewareId}` })
        .onConflictDoUpdate({ target: conferenceRooms.coursewareId, set: values })
        .returning();
      return row!;
    },

    async removeLesson(schoolId: number, id: number, version: number) {
      const [row] = await tx.delete(coursewares).where(and(eq(coursewares.schoolId, schoolId), eq(coursewares.id, id), eq(coursewares.version, version))).returning({ id: coursewares.id });
      return row ?? null;
    },

    /** Puts the modules and their lessons in the order given (a lesson may change module), in the caller's transaction. */
    async reorder(schoolId: number, order: { id: number; lessons: number[] }[]) {
      for (const [position, module] of order.entries()) {
        await tx.update(modules).set({ position }).where(and(eq(modules.schoolId, schoolId), eq(modules.id, module.id)));
        for (const [index, lessonId] of module.lessons.entries()) {
          await tx.update(coursewares).set({ moduleId: module.id, position: index }).where(and(eq(coursewares.schoolId, schoolId), eq(coursewares.id, lessonId)));
        }
      }
    },

    /** Replaces a course's instructors; answers the ids before and after, for the audit log. */
    async setInstructors(courseId: number, userIds: number[]) {
      const before = (await tx.delete(courseInstructors).where(eq(courseInstructors.courseId, courseId)).returning({ userId: courseInstructors.userId })).map((r) => r.userId).sort((a, b) => a - b);
      if (userIds.length) await tx.insert(courseInstructors).values(userIds.map((userId) => ({ courseId, userId })));
      return before;
    },

    /** Copies a course's outline under another course: modules, lessons, exams with their questions, video questions. */
    async copyOutline(schoolId: number, fromCourseId: number, toCourseId: number) {
      const sourceModules = await tx.select().from(modules).where(and(eq(modules.schoolId, schoolId), eq(modules.courseId, fromCourseId))).orderBy(asc(modules.position));
      for (const { id: moduleId, ...module } of sourceModules) {
        const [copy] = await tx.insert(modules).values({ ...module, courseId: toCourseId }).returning({ id: modules.id });
        const lessons = await tx.select().from(coursewares).where(and(eq(coursewares.schoolId, schoolId), eq(coursewares.moduleId, moduleId))).orderBy(asc(coursewares.position));
        for (const { id: lessonId, ...lesson } of lessons) {
          const [lessonCopy] = await tx.insert(coursewares).values({ ...lesson, moduleId: copy!.id }).returning({ id: coursewares.id });
          const [exam] = await tx.select().from(exams).where(and(eq(exams.schoolId, schoolId), eq(exams.coursewareId, lessonId)));
          if (exam) {
            const { id: examId, ...examValues } = exam;
            // The copy starts at version 1 with the exam's questions as they now are.
            const [examCopy] = await tx.insert(exams).values({ ...examValues, version: 1, coursewareId: lessonCopy!.id }).returning({ id: exams.id });
            const questions = await tx.select().from(examQuestions).where(and(eq(examQuestions.schoolId, schoolId), eq(examQuestions.examId, examId), isNull(examQuestions.retiredIn)));
            if (questions.length) await tx.insert(examQuestions).values(questions.map(({ id: _id, ...q }) => ({ ...q, examId: examCopy!.id, addedIn: 1 })));
          }
          const marks = await tx.select().from(videoQuestions).where(and(eq(videoQuestions.schoolId, schoolId), eq(videoQuestions.coursewareId, lessonId)));
          if (marks.length) await tx.insert(videoQuestions).values(marks.map(({ id: _id, ...q }) => ({ ...q, coursewareId: lessonCopy!.id })));
        }
      }
    },
  };
}
