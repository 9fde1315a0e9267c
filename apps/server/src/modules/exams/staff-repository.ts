import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseInstructors, courses, coursewares, examQuestions, examSubmissions, exams, modules } from '../../db/schema/index';
import type { QuestionRow } from './repository';

/** The exam editor's reads: an exam with its lesson and course (and the course's instructors), by school. */
export function staffExamRepository(db: Db) {
  return {
    async find(schoolId: number, id: number) {
      const [row] = await db
        .select({
          exam: exams,
          courseware: { id: coursewares.id, name: coursewares.name, type: coursewares.type },
          course: { id: courses.id, name: courses.name, slug: courses.slug, schoolId: courses.schoolId, isPublished: courses.isPublished },
          attempts: sql<number>`(select count(*)::int from ${examSubmissions} where ${examSubmissions.examId} = ${exams.id})`,
        })
        .from(exams)
        .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
        .innerJoin(modules, eq(modules.id, coursewares.moduleId))
        .innerJoin(courses, eq(courses.id, modules.courseId))
        .where(and(eq(exams.schoolId, schoolId), eq(exams.id, id)));
      if (!row) return null;
      const instructors = await db.select({ userId: courseInstructors.userId }).from(courseInstructors).where(eq(courseInstructors.courseId, row.course.id));
      return { ...row, instructorIds: instructors.map((i) => i.userId) };
    },

    /** The exam's questions as they now are, in order. */
    current: (schoolId: number, examId: number) =>
      db.select().from(examQuestions).where(and(eq(examQuestions.schoolId, schoolId), eq(examQuestions.examId, examId), isNull(examQuestions.retiredIn))).orderBy(asc(examQuestions.position), asc(examQuestions.id)),
  };
}

type QuestionValues = Pick<QuestionRow, 'type' | 'text' | 'choices' | 'points' | 'notes' | 'correctAnswer' | 'rating' | 'position'>;

/** The exam editor's writes, in the save's transaction. */
export function staffExamWrites(tx: Tx) {
  return {
    /** The settings under the version the editor read; null when somebody saved in between. */
    async update(schoolId: number, id: number, version: number, values: Partial<typeof exams.$inferInsert>) {
      const [row] = await tx
        .update(exams)
        .set({ ...values, version: sql`${exams.version} + 1` })
        .where(and(eq(exams.schoolId, schoolId), eq(exams.id, id), eq(exams.version, version)))
        .returning();
      return row ?? null;
    },

    /** The latest exam version any attempt started at (null: nobody has started it). */
    async latestAttemptVersion(schoolId: number, examId: number) {
      const [row] = await tx.select({ version: max(examSubmissions.examVersion) }).from(examSubmissions).where(and(eq(examSubmissions.schoolId, schoolId), eq(examSubmissions.examId, examId)));
      return row?.version ?? null;
    },

    insert: (schoolId: number, examId: number, addedIn: number, values: QuestionValues) => tx.insert(examQuestions).values({ ...values, schoolId, examId, addedIn }),

    edit: (schoolId: number, id: number, values: Partial<QuestionValues>) => tx.update(examQuestions).set(values).where(and(eq(examQuestions.schoolId, schoolId), eq(examQuestions.id, id))),

    /** Gone from the exam from `version` on; attempts of earlier versions keep them. */
    retire: (schoolId: number, ids: number[], version: number) =>
      ids.length ? tx.update(examQuestions).set({ retiredIn: version }).where(and(eq(examQuestions.schoolId, schoolId), inArray(examQuestions.id, ids))) : undefined,

    remove: (schoolId: number, ids: number[]) => (ids.length ? tx.delete(examQuestions).where(and(eq(examQuestions.schoolId, schoolId), inArray(examQuestions.id, ids))) : undefined),
  };
}
