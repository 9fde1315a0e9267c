import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { schoolRowColumns } from '../../db/school-columns';
import { schoolSocials, schools } from '../../db/schema/index';
import type { SchoolRow } from './repository';

export type SchoolColumns = Partial<Omit<SchoolRow, 'id' | 'domain' | 'isActive' | 'version' | 'createdAt' | 'primaryHost'>>;

/** The console's reads of the site's own school, uncached: an editor must see the row as it stands. */
export function staffSchoolRepository(db: Db) {
  return {
    async find(schoolId: number) {
      const [row] = await db.select(schoolRowColumns).from(schools).where(eq(schools.id, schoolId)).limit(1);
      if (!row) return undefined;
      const socials = await db.select({ label: schoolSocials.label, url: schoolSocials.url }).from(schoolSocials).where(eq(schoolSocials.schoolId, schoolId));
      return { row, socials };
    },
  };
}

export function staffSchoolWrites(tx: Tx) {
  return {
    /** The settings at the version the editor loaded; null when somebody saved since (the version moved on). */
    async update(schoolId: number, version: number, columns: SchoolColumns): Promise<SchoolRow | null> {
      const [row] = await tx
        .update(schools)
        .set({ ...columns, version: version + 1 })
        .where(and(eq(schools.id, schoolId), eq(schools.version, version)))
        .returning(schoolRowColumns);
      return row ?? null;
    },

    /** The school's social links as a whole: a label without an address has no row. */
    async replaceSocials(schoolId: number, links: { label: string; url: string }[]) {
      await tx.delete(schoolSocials).where(eq(schoolSocials.schoolId, schoolId));
      if (links.length) await tx.insert(schoolSocials).values(links.map((link) => ({ schoolId, ...link })));
    },
  };
}
