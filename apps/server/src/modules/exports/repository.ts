import { and, desc, eq, lt } from 'drizzle-orm';
import { schoolRowColumns } from '../../db/school-columns';
import type { Db } from '../../db/client';
import { schools, staffExports } from '../../db/schema/index';

export type ExportRow = typeof staffExports.$inferSelect;

export function exportRepository(db: Db) {
  return {
    async insert(values: typeof staffExports.$inferInsert) {
      const [row] = await db.insert(staffExports).values(values).returning();
      return row!;
    },
    /** An export with its school, for the job that makes it. */
    async findWithSchool(id: number) {
      const [row] = await db.select({ row: staffExports, school: schoolRowColumns }).from(staffExports).innerJoin(schools, eq(schools.id, staffExports.schoolId)).where(eq(staffExports.id, id)).limit(1);
      return row;
    },
    async find(id: number) {
      const [row] = await db.select().from(staffExports).where(eq(staffExports.id, id)).limit(1);
      return row;
    },
    /** The requester's own at this school, newest first. */
    mine: (schoolId: number, userId: number, limit: number) =>
      db
        .select()
        .from(staffExports)
        .where(and(eq(staffExports.schoolId, schoolId), eq(staffExports.requestedBy, userId)))
        .orderBy(desc(staffExports.createdAt), desc(staffExports.id))
        .limit(limit),
    async update(id: number, values: Partial<typeof staffExports.$inferInsert>) {
      const [row] = await db.update(staffExports).set(values).where(eq(staffExports.id, id)).returning();
      return row;
    },
    /** Exports asked for before `before`, oldest first (the cleanup removes them with their files). */
    olderThan: (before: Date, limit: number) => db.select().from(staffExports).where(lt(staffExports.createdAt, before)).orderBy(staffExports.createdAt).limit(limit),
    async remove(id: number) {
      await db.delete(staffExports).where(eq(staffExports.id, id));
    },
  };
}
