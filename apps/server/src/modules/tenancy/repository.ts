import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolSocials, schools } from '../../db/schema/index';

export type SchoolRow = typeof schools.$inferSelect;

export function schoolRepository(db: Db) {
  return {
    async findByDomain(domain: string): Promise<SchoolRow | undefined> {
      const [row] = await db
        .select()
        .from(schools)
        .where(and(eq(schools.domain, domain), eq(schools.isActive, true)))
        .limit(1);
      return row;
    },
    async findById(id: number): Promise<SchoolRow | undefined> {
      const [row] = await db
        .select()
        .from(schools)
        .where(and(eq(schools.id, id), eq(schools.isActive, true)))
        .limit(1);
      return row;
    },
    listSocials(schoolId: number) {
      return db.select({ label: schoolSocials.label, url: schoolSocials.url }).from(schoolSocials).where(eq(schoolSocials.schoolId, schoolId));
    },
  };
}
export type SchoolRepository = ReturnType<typeof schoolRepository>;
