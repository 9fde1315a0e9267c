import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolSocials, schools } from '../../db/schema/index';

export type SchoolRow = typeof schools.$inferSelect;

/** Reads prepared once (named statements on PostgreSQL); app.schools wraps them in school-cache.ts. */
export function schoolRepository(db: Db) {
  const byDomain = db
    .select()
    .from(schools)
    .where(and(eq(schools.domain, sql.placeholder('domain')), eq(schools.isActive, true)))
    .limit(1)
    .prepare('tenancy_school_by_domain');
  const socials = db
    .select({ label: schoolSocials.label, url: schoolSocials.url })
    .from(schoolSocials)
    .where(eq(schoolSocials.schoolId, sql.placeholder('schoolId')))
    .prepare('tenancy_socials');

  return {
    async findByDomain(domain: string): Promise<SchoolRow | undefined> {
      const [row] = await byDomain.execute({ domain });
      return row;
    },
    listSocials(schoolId: number): Promise<{ label: string; url: string }[]> {
      return socials.execute({ schoolId });
    },
  };
}
export type SchoolRepository = ReturnType<typeof schoolRepository>;
