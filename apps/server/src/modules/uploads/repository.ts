import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { coursewares, schools, uploads } from '../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;

/** The private storage key of an upload's bytes. */
export const uploadKey = (id: string) => `uploads/${id}`;

/**
 * An upload no lesson took within its first day, or one taken before `before` that no lesson uses any more (its
 * file replaced, its lesson deleted): its bytes count against the school's room for nothing. A lesson taking an
 * upload sets `attachedAt` to its own time, so an upload taken while the cleanup runs is not one of these.
 */
const unused = (before: Date) =>
  or(
    and(isNull(uploads.attachedAt), lt(uploads.createdAt, before)),
    and(lt(uploads.attachedAt, before), sql`not exists (select 1 from ${coursewares} where ${coursewares.file} = ${uploadKey('')} || ${uploads.id})`),
  );

/** The staff console's uploads: every read and write names the school, but the probe job's (which has the id only). */
export function uploadRepository(db: Db) {
  return {
    async find(schoolId: number, id: string) {
      const [row] = await db.select().from(uploads).where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)));
      return row ?? null;
    },

    /** The job's read: the id came from the row the job was sent for. */
    async findForJob(id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row ?? null;
    },

    /**
     * A new upload's row, when the school's uploads (every byte stored, a refused file's until the cleanup
     * removes it) leave room for it; false otherwise. The school's row is locked meanwhile, so two uploads
     * created at once cannot both take the last room.
     */
    async insertWithinQuota(values: Pick<UploadRow, 'id' | 'schoolId' | 'ownerId' | 'filename' | 'declaredType' | 'bytes'>, quota: number) {
      return db.transaction(async (tx) => {
        await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, values.schoolId)).for('update');
        const [row] = await tx.select({ total: sql<string>`coalesce(sum(${uploads.bytes}), 0)` }).from(uploads).where(eq(uploads.schoolId, values.schoolId));
        if (Number(row!.total) + values.bytes > quota) return false;
        await tx.insert(uploads).values(values);
        return true;
      });
    },

    async remove(schoolId: number, id: string) {
      await db.delete(uploads).where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)));
    },

    /** Forgets an upload that is still unused (`unused` below, checked again as it is deleted); whether it was. */
    async removeUnused(schoolId: number, id: string, before: Date) {
      const gone = await db.delete(uploads).where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id), unused(before))).returning({ id: uploads.id });
      return gone.length > 0;
    },

    /** Whatever the probe found: ready with the media's facts, or failed with the reason in words. */
    async settle(id: string, values: Partial<Pick<UploadRow, 'state' | 'kind' | 'mime' | 'mediaSeconds' | 'width' | 'height' | 'poster' | 'problem'>>) {
      await db.update(uploads).set(values).where(and(eq(uploads.id, id), eq(uploads.state, 'processing')));
    },

    /** Uploads no lesson uses (see `unused`), oldest first. */
    async unusedBefore(before: Date, limit: number) {
      return db.select().from(uploads).where(unused(before)).orderBy(asc(uploads.createdAt)).limit(limit);
    },
  };
}

/** Writes that belong to a larger transaction: the last byte's arrival with its probe job, a lesson taking its file. */
export function uploadWrites(tx: Tx) {
  return {
    /** The upload a lesson is about to take, read in the lesson's transaction. */
    async find(schoolId: number, id: string) {
      const [row] = await tx.select().from(uploads).where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)));
      return row ?? null;
    },

    async finish(schoolId: number, id: string) {
      const [row] = await tx
        .update(uploads)
        .set({ state: 'processing', finishedAt: new Date() })
        .where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id), eq(uploads.state, 'receiving')))
        .returning({ id: uploads.id });
      return row ?? null;
    },

    /** Marks the upload taken now (again, by a second lesson): the cleanup then leaves it for a day at least. */
    async attach(schoolId: number, id: string) {
      await tx.update(uploads).set({ attachedAt: new Date() }).where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)));
    },
  };
}
