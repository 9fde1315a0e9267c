import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseInstructors, courses, coursewares, examQuestions, exams, modules, videoQuestions } from '../../db/schema';

/** A course's outline as a package carries it: modules in order, their lessons, exams with their live questions. */
export function coursePackageRepository(db: Db) {
  return {
    /** The course of the school with the ids of its instructors, which the course policy decides on. */
    async course(schoolId: number, id: number) {
      const [course] = await db.select().from(courses).where(and(eq(courses.schoolId, schoolId), eq(courses.id, id)));
      if (!course) return null;
      const instructors = await db.select({ id: courseInstructors.userId }).from(courseInstructors).where(eq(courseInstructors.courseId, id));
      return { course, instructorIds: instructors.map((i) => i.id) };
    },

    async outline(schoolId: number, courseId: number) {
      const moduleRows = await db.select().from(modules).where(and(eq(modules.schoolId, schoolId), eq(modules.courseId, courseId))).orderBy(asc(modules.position), asc(modules.id));
      const moduleIds = moduleRows.map((m) => m.id);
      const lessons = moduleIds.length ? await db.select().from(coursewares).where(and(eq(coursewares.schoolId, schoolId), inArray(coursewares.moduleId, moduleIds))).orderBy(asc(coursewares.position), asc(coursewares.id)) : [];
      const lessonIds = lessons.map((l) => l.id);
      const examRows = lessonIds.length ? await db.select().from(exams).where(and(eq(exams.schoolId, schoolId), inArray(exams.coursewareId, lessonIds))) : [];
      const examIds = examRows.map((e) => e.id);
      // The questions an attempt started now would get: retired ones belong to past attempts only.
      const questions = examIds.length
        ? await db
            .select()
            .from(examQuestions)
            .where(and(eq(examQuestions.schoolId, schoolId), inArray(examQuestions.examId, examIds), isNull(examQuestions.retiredIn)))
            .orderBy(asc(examQuestions.position), asc(examQuestions.id))
        : [];
      const marks = lessonIds.length ? await db.select().from(videoQuestions).where(and(eq(videoQuestions.schoolId, schoolId), inArray(videoQuestions.coursewareId, lessonIds))).orderBy(asc(videoQuestions.timestamp), asc(videoQuestions.id)) : [];
      return moduleRows.map((module) => ({
        module,
        lessons: lessons
          .filter((l) => l.moduleId === module.id)
          .map((lesson) => {
            const exam = examRows.find((e) => e.coursewareId === lesson.id) ?? null;
            return { lesson, exam, questions: exam ? questions.filter((q) => q.examId === exam.id) : [], marks: marks.filter((m) => m.coursewareId === lesson.id) };
          }),
      }));
    },
  };
}
export type PackageOutline = Awaited<ReturnType<ReturnType<typeof coursePackageRepository>['outline']>>;

/** The imported outline's rows, written in the import's transaction. */
export function coursePackageWrites(tx: Tx) {
  return {
    /** The new draft, its slug made from its name and id as every course's is. */
    async insertCourse(values: typeof courses.$inferInsert, slugOf: (row: { name: string; id: number }) => string) {
      const [row] = await tx.insert(courses).values(values).returning();
      const [named] = await tx.update(courses).set({ slug: slugOf(row!) }).where(and(eq(courses.schoolId, row!.schoolId), eq(courses.id, row!.id))).returning();
      return named!;
    },

    async insertModule(values: typeof modules.$inferInsert) {
      const [row] = await tx.insert(modules).values(values).returning({ id: modules.id });
      return row!.id;
    },
    async insertLesson(values: typeof coursewares.$inferInsert) {
      const [row] = await tx.insert(coursewares).values(values).returning({ id: coursewares.id });
      return row!.id;
    },
    async insertExam(values: typeof exams.$inferInsert, questions: Omit<typeof examQuestions.$inferInsert, 'examId'>[]) {
      const [row] = await tx.insert(exams).values(values).returning({ id: exams.id });
      if (questions.length) await tx.insert(examQuestions).values(questions.map((q) => ({ ...q, examId: row!.id })));
    },
    async insertVideoQuestions(values: (typeof videoQuestions.$inferInsert)[]) {
      if (values.length) await tx.insert(videoQuestions).values(values);
    },
  };
}
