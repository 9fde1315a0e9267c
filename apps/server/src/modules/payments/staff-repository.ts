import { and, asc, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { StaffVoucherListQuery } from '@school/shared/staff/vouchers';
import type { Db, Tx } from '../../db/client';
import { bundles, courses, vouchers } from '../../db/schema/index';
import { containing } from '../../lib/like';

export type VoucherColumns = Omit<typeof vouchers.$inferInsert, 'id' | 'schoolId' | 'usedCount' | 'createdAt' | 'version'>;

/** The console's reads of a school's vouchers, each with the name of the course or bundle it is limited to. */
export function staffVoucherRepository(db: Db) {
  const withItems = () =>
    db
      .select({ voucher: vouchers, course: { id: courses.id, name: courses.name }, bundle: { id: bundles.id, name: bundles.name } })
      .from(vouchers)
      .leftJoin(courses, eq(courses.id, vouchers.courseId))
      .leftJoin(bundles, eq(bundles.id, vouchers.bundleId));

  return {
    async page(schoolId: number, query: StaffVoucherListQuery, limit: number, offset: number) {
      const filters: (SQL | undefined)[] = [eq(vouchers.schoolId, schoolId)];
      if (query.search) filters.push(ilike(vouchers.code, containing(query.search)));
      if (query.status) filters.push(eq(vouchers.isActive, query.status === 'active'));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        withItems().where(where).orderBy(desc(vouchers.createdAt), desc(vouchers.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(vouchers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(schoolId: number, id: number) {
      const [row] = await withItems().where(and(eq(vouchers.schoolId, schoolId), eq(vouchers.id, id)));
      return row ?? null;
    },

    /** The courses (not archived) and bundles a voucher may be limited to, by name. */
    async targets(schoolId: number) {
      const [courseRows, bundleRows] = await Promise.all([
        db.select({ id: courses.id, name: courses.name }).from(courses).where(and(eq(courses.schoolId, schoolId), isNull(courses.archivedAt))).orderBy(asc(courses.name)),
        db.select({ id: bundles.id, name: bundles.name }).from(bundles).where(eq(bundles.schoolId, schoolId)).orderBy(asc(bundles.name)),
      ]);
      return { courses: courseRows, bundles: bundleRows };
    },

    courseExists: async (schoolId: number, id: number) => (await db.$count(courses, and(eq(courses.schoolId, schoolId), eq(courses.id, id)))) > 0,
    bundleExists: async (schoolId: number, id: number) => (await db.$count(bundles, and(eq(bundles.schoolId, schoolId), eq(bundles.id, id)))) > 0,
  };
}

/** The console's writes of vouchers, inside the caller's transaction (with their audit entry). */
export function staffVoucherWrites(tx: Tx) {
  return {
    async insert(schoolId: number, values: VoucherColumns) {
      const [row] = await tx.insert(vouchers).values({ ...values, schoolId }).returning();
      return row!;
    },

    /** The voucher saved at `version`, or null when somebody saved first. Its uses are never written here. */
    async update(schoolId: number, id: number, version: number, values: VoucherColumns) {
      const [row] = await tx
        .update(vouchers)
        .set({ ...values, version: version + 1 })
        .where(and(eq(vouchers.schoolId, schoolId), eq(vouchers.id, id), eq(vouchers.version, version)))
        .returning();
      return row ?? null;
    },
  };
}
