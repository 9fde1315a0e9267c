import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { coursewares, videoQuestions } from '../../db/schema/index';

type QuestionColumns = Omit<typeof videoQuestions.$inferInsert, 'id' | 'schoolId' | 'coursewareId'>;

/** An interactive video's questions as its editor writes them, inside the caller's transaction. */
export function staffVideoQuestionWrites(tx: Tx) {
  return {
    /** Raises the lesson's version (its ETag) with its attempts per question, or null when somebody saved first. */
    async touchLesson(schoolId: number, id: number, version: number, maxAttempts: number) {
      const [row] = await tx
        .update(coursewares)
        .set({ maxAttempts, version: sql`${coursewares.version} + 1` })
        .where(and(eq(coursewares.schoolId, schoolId), eq(coursewares.id, id), eq(coursewares.version, version)))
        .returning({ version: coursewares.version, maxAttempts: coursewares.maxAttempts });
      return row ?? null;
    },

    insert: (schoolId: number, coursewareId: number, values: QuestionColumns) => tx.insert(videoQuestions).values({ ...values, schoolId, coursewareId }),

    edit: (schoolId: number, coursewareId: number, id: number, values: QuestionColumns) =>
      tx
        .update(videoQuestions)
        .set(values)
        .where(and(eq(videoQuestions.schoolId, schoolId), eq(videoQuestions.coursewareId, coursewareId), eq(videoQuestions.id, id))),

    async remove(schoolId: number, coursewareId: number, ids: number[]) {
      if (ids.length === 0) return;
      await tx.delete(videoQuestions).where(and(eq(videoQuestions.schoolId, schoolId), eq(videoQuestions.coursewareId, coursewareId), inArray(videoQuestions.id, ids)));
    },
  };
}
