import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { uploads } from '../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;

/** The private storage key of an upload's bytes. */
export const uploadKey = (id: string) => `uploads/${id}`;

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

    /** What the school's uploads hold: every byte stored, a refused file's until the cleanup removes it. */
    async usedBytes(schoolId: number) {
      const [row] = await db.select({ total: sql<string>`coalesce(sum(${uploads.bytes}), 0)` }).from(uploads).where(eq(uploads.schoolId, schoolId));
      return Number(row!.total);
    },

    async insert(values: Pick<UploadRow, 'id' | 'schoolId' | 'ownerId' | 'filename' | 'declaredType' | 'bytes'>) {
      await db.insert(uploads).values(values);
    },

    async remove(schoolId: number, id: string) {
      await db.delete(uploads).where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id)));
    },

    /** Forgets an upload still unattached (a lesson taking it at the same moment wins); whether it was. */
    async removeUnattached(schoolId: number, id: string) {
      const gone = await db.delete(uploads).where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id), isNull(uploads.attachedAt))).returning({ id: uploads.id });
      return gone.length > 0;
    },

    /** Whatever the probe found: ready with the media's facts, or failed with the reason in words. */
    async settle(id: string, values: Partial<Pick<UploadRow, 'state' | 'kind' | 'mime' | 'mediaSeconds' | 'width' | 'height' | 'poster' | 'problem'>>) {
      await db.update(uploads).set(values).where(and(eq(uploads.id, id), eq(uploads.state, 'processing')));
    },

    /** Uploads nobody attached to a lesson within their day, oldest first. */
    async unattachedBefore(before: Date, limit: number) {
      return db.select().from(uploads).where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, before))).orderBy(asc(uploads.createdAt)).limit(limit);
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

    async attach(schoolId: number, id: string) {
      await tx.update(uploads).set({ attachedAt: new Date() }).where(and(eq(uploads.schoolId, schoolId), eq(uploads.id, id), isNull(uploads.attachedAt)));
    },
  };
}
