import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { PLATFORM_SCHOOLS_PAGE_SIZE, type PlatformSchoolQuery } from '@school/shared/platform/schools';
import type { Db, Tx } from '../../db/client';
import { schoolDomains, schools } from '../../db/schema/index';
import { outerSchoolId, schoolRowColumns } from '../../db/school-columns';
import { containing } from '../../lib/like';

/** How much a school holds, counted per row of a page of at most 50. */
const counts = {
  students: sql<number>`(select count(*)::int from users u where u.school_id = ${outerSchoolId} and u.role = 'ST')`,
  courses: sql<number>`(select count(*)::int from courses c where c.school_id = ${outerSchoolId})`,
  staff: sql<number>`(select count(*)::int from school_memberships m where m.school_id = ${outerSchoolId})`,
  enrolments: sql<number>`(select count(*)::int from enrollments e where e.school_id = ${outerSchoolId})`,
};
const listed = { school: schoolRowColumns, ...counts };
export type PlatformSchoolRow = { school: typeof schools.$inferSelect & { primaryHost: string | null } } & { [K in keyof typeof counts]: number };

/** The platform console's reads of every school and of their host names. */
export function platformRepository(db: Db) {
  return {
    /** A page of the schools by name; each word of the search in the name or the domain. */
    async list(q: PlatformSchoolQuery) {
      const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5).map(containing);
      const where = and(
        q.state === 'active' ? eq(schools.isActive, true) : q.state === 'inactive' ? eq(schools.isActive, false) : undefined,
        ...words.map((like) => or(ilike(schools.name, like), ilike(schools.domain, like))),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(listed)
          .from(schools)
          .where(where)
          .orderBy(asc(schools.name), asc(schools.id))
          .limit(PLATFORM_SCHOOLS_PAGE_SIZE)
          .offset((q.page - 1) * PLATFORM_SCHOOLS_PAGE_SIZE),
        db.select({ n: count() }).from(schools).where(where),
      ]);
      return { rows: rows as PlatformSchoolRow[], count: total?.n ?? 0 };
    },

    async find(schoolId: number): Promise<PlatformSchoolRow | undefined> {
      const [row] = await db.select(listed).from(schools).where(eq(schools.id, schoolId)).limit(1);
      return row as PlatformSchoolRow | undefined;
    },

    /** The school whose platform address a domain is, active or not. */
    async idOfDomain(domain: string) {
      const [row] = await db.select({ id: schools.id }).from(schools).where(eq(schools.domain, domain)).limit(1);
      return row?.id;
    },

    hosts(schoolId: number) {
      return db.select().from(schoolDomains).where(eq(schoolDomains.schoolId, schoolId)).orderBy(desc(schoolDomains.isPrimary), asc(schoolDomains.host));
    },

    /** Which school, if any, answers on a host name. */
    async ownerOfHost(host: string) {
      const [row] = await db.select({ schoolId: schoolDomains.schoolId }).from(schoolDomains).where(eq(schoolDomains.host, host)).limit(1);
      return row?.schoolId;
    },
  };
}

/** The platform console's writes, in the caller's transaction. */
export function platformWrites(tx: Tx) {
  return {
    async createSchool(values: { name: string; domain: string; products: typeof schools.$inferInsert.products }) {
      const [row] = await tx.insert(schools).values(values).returning(schoolRowColumns);
      return row!;
    },

    /** The school at the version the console loaded; null when somebody saved it since. */
    async updateSchool(schoolId: number, version: number, columns: Partial<Pick<typeof schools.$inferInsert, 'name' | 'isActive' | 'products'>>) {
      const [row] = await tx
        .update(schools)
        .set({ ...columns, version: version + 1 })
        .where(and(eq(schools.id, schoolId), eq(schools.version, version)))
        .returning({ id: schools.id });
      return row ?? null;
    },

    /** The school's row locked, so that its host names are changed one writer at a time. */
    async lockSchool(schoolId: number) {
      const [row] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
      return row;
    },

    async hostCount(schoolId: number) {
      const [row] = await tx.select({ n: count() }).from(schoolDomains).where(eq(schoolDomains.schoolId, schoolId));
      return row?.n ?? 0;
    },

    async addHost(schoolId: number, host: string, isPrimary: boolean) {
      if (isPrimary) await tx.update(schoolDomains).set({ isPrimary: false }).where(and(eq(schoolDomains.schoolId, schoolId), eq(schoolDomains.isPrimary, true)));
      const [row] = await tx.insert(schoolDomains).values({ schoolId, host, isPrimary }).returning();
      return row!;
    },

    /** The host's new standing and the one that was primary before (null: none); undefined when it is not the school's. */
    async setPrimary(schoolId: number, hostId: number, isPrimary: boolean) {
      const hosts = await tx.select().from(schoolDomains).where(eq(schoolDomains.schoolId, schoolId));
      const row = hosts.find((h) => h.id === hostId);
      if (!row) return undefined;
      const primaryBefore = hosts.find((h) => h.isPrimary)?.host ?? null;
      if (row.isPrimary === isPrimary) return { row, primaryBefore };
      if (isPrimary) await tx.update(schoolDomains).set({ isPrimary: false }).where(and(eq(schoolDomains.schoolId, schoolId), eq(schoolDomains.isPrimary, true)));
      const [saved] = await tx.update(schoolDomains).set({ isPrimary }).where(and(eq(schoolDomains.schoolId, schoolId), eq(schoolDomains.id, hostId))).returning();
      return { row: saved!, primaryBefore };
    },

    async removeHost(schoolId: number, hostId: number) {
      const [row] = await tx.delete(schoolDomains).where(and(eq(schoolDomains.schoolId, schoolId), eq(schoolDomains.id, hostId))).returning();
      return row;
    },
  };
}
