import { and, asc, eq, inArray, ne, notExists, notInArray, sql } from 'drizzle-orm';
import type { Products } from '@school/shared/school/schemas';
import type { Db, Tx } from '../../db/client';
import { courses, kycIds, kycTemplates, schools } from '../../db/schema/index';

/** The console's reads of a school's identity settings, uncached: an editor must see them as they stand. */
export function identitySettingsRepository(db: Db) {
  return {
    async find(schoolId: number) {
      const [school] = await db
        .select({ version: schools.version, products: schools.products, retentionDays: schools.kycRetentionDays })
        .from(schools)
        .where(eq(schools.id, schoolId));
      if (!school) return undefined;
      const used = db.select({ one: sql`1` }).from(kycIds).where(and(eq(kycIds.schoolId, schoolId), eq(kycIds.templateId, kycTemplates.id))).limit(1);
      const kinds = await db
        .select({ id: kycTemplates.id, name: kycTemplates.templateName, inUse: sql<boolean>`exists (${used})` })
        .from(kycTemplates)
        .where(eq(kycTemplates.schoolId, schoolId))
        .orderBy(asc(kycTemplates.position), asc(kycTemplates.id));
      const courseRows = await db
        .select({ id: courses.id, name: courses.name, snapshots: courses.enableKyl })
        .from(courses)
        .where(eq(courses.schoolId, schoolId))
        .orderBy(sql`${courses.archivedAt} is not null`, asc(courses.name), asc(courses.id));
      return { school, kinds, courses: courseRows };
    },

    /** Which of `ids` are courses of the school. */
    async schoolCourseIds(schoolId: number, ids: number[]) {
      if (!ids.length) return [];
      return (await db.select({ id: courses.id }).from(courses).where(and(eq(courses.schoolId, schoolId), inArray(courses.id, ids)))).map((r) => r.id);
    },
  };
}

export function identitySettingsWrites(tx: Tx) {
  return {
    /** Raises the school's version from the one the editor loaded, with the columns given; null when somebody saved since. */
    async bumpSchool(schoolId: number, version: number, columns: Partial<Pick<typeof schools.$inferInsert, 'kycRetentionDays' | 'products'>>) {
      const [row] = await tx
        .update(schools)
        .set({ ...columns, version: version + 1 })
        .where(and(eq(schools.id, schoolId), eq(schools.version, version)))
        .returning({ products: schools.products });
      return row ?? null;
    },

    /** The primary ID is one of the products' settings; the version was raised by bumpSchool in the same save. */
    async setProducts(schoolId: number, products: Products) {
      await tx.update(schools).set({ products }).where(eq(schools.id, schoolId));
    },

    /** The kinds as a whole list in this order: listed ones renamed and moved, new ones added, left-out unused ones removed. */
    async replaceKinds(schoolId: number, kinds: { id?: number; name: string }[]) {
      const kept = kinds.flatMap((k) => (k.id === undefined ? [] : [k.id]));
      // A kind a student has sent is never removed (its IDs would go with it), even one sent a moment ago.
      const used = tx.select({ one: sql`1` }).from(kycIds).where(and(eq(kycIds.schoolId, schoolId), eq(kycIds.templateId, kycTemplates.id)));
      const removed = await tx
        .delete(kycTemplates)
        .where(and(eq(kycTemplates.schoolId, schoolId), kept.length ? notInArray(kycTemplates.id, kept) : undefined, notExists(used)))
        .returning({ id: kycTemplates.id });
      const ids: number[] = [];
      for (const [position, kind] of kinds.entries()) {
        if (kind.id !== undefined) {
          await tx.update(kycTemplates).set({ templateName: kind.name, position }).where(and(eq(kycTemplates.schoolId, schoolId), eq(kycTemplates.id, kind.id)));
          ids.push(kind.id);
        } else {
          const [row] = await tx.insert(kycTemplates).values({ schoolId, templateName: kind.name, position }).returning({ id: kycTemplates.id });
          ids.push(row!.id);
        }
      }
      return { ids, removed: removed.map((r) => r.id) };
    },

    /**
     * Exactly `ids` of the school's courses take snapshots; each course that changes gets a new version, so that an
     * open course editor is told somebody saved instead of writing the old value back.
     */
    async setSnapshotCourses(schoolId: number, ids: number[]) {
      const wanted = ids.length ? inArray(courses.id, ids) : sql`false`;
      await tx
        .update(courses)
        .set({ enableKyl: sql`${wanted}`, version: sql`${courses.version} + 1`, updatedAt: new Date() })
        .where(and(eq(courses.schoolId, schoolId), ne(courses.enableKyl, sql`${wanted}`)));
    },
  };
}
