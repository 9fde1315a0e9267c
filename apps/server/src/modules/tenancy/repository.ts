import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolRowColumns } from '../../db/school-columns';
import { schoolDomains, schoolSocials, schools } from '../../db/schema/index';

/** A school as the site serves it: its row, and the host name its e-mails link to (null: the address template). */
export type SchoolRow = typeof schools.$inferSelect & { primaryHost: string | null };

/** Reads prepared once (named statements on PostgreSQL); app.schools wraps them in school-cache.ts. */
export function schoolRepository(db: Db) {
  // One of the school's own host names first, else a school whose domain is the first label. Deactivated
  // schools are found too: their site says it is not available instead of "no such school".
  const byHost = db
    .select(schoolRowColumns)
    .from(schools)
    .where(
      sql`${schools.id} = coalesce(
        (select ${schoolDomains.schoolId} from ${schoolDomains} where ${schoolDomains.host} = ${sql.placeholder('host')}),
        (select s.id from ${schools} s where s.domain = ${sql.placeholder('label')}))`,
    )
    .limit(1)
    .prepare('tenancy_school_by_host');
  const socials = db
    .select({ label: schoolSocials.label, url: schoolSocials.url })
    .from(schoolSocials)
    .where(eq(schoolSocials.schoolId, sql.placeholder('schoolId')))
    .prepare('tenancy_socials');

  return {
    /** `host`: a host name (resolve-domain.ts hostName); `label`: its first label. */
    async findByHost(host: string, label: string): Promise<SchoolRow | undefined> {
      const [row] = await byHost.execute({ host, label });
      return row;
    },
    listSocials(schoolId: number): Promise<{ label: string; url: string }[]> {
      return socials.execute({ schoolId });
    },
  };
}
export type SchoolRepository = ReturnType<typeof schoolRepository>;
