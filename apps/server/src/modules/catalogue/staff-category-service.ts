import type { FastifyInstance } from 'fastify';
import { categoryMessages, type StaffCategory } from '@school/shared/staff/categories';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { recordAudit, staleWrite } from '../audit/service';
import type { Tx } from '../../db/client';
import type { StaffContext } from '../staff/context';
import { courseCreationPolicy } from './policy';
import { staffCourseRepository, staffCourseWrites } from './staff-repository';

/**
 * The catalogue's categories and subcategories (a course or bundle is filed under a subcategory). Everyone who
 * edits courses reads them; those who create courses add, rename and delete them. Every write answers the whole
 * list; a name is unique in its school (categories) or its category (subcategories), whatever its case.
 */
export function staffCategoryService(app: FastifyInstance) {
  const repo = staffCourseRepository(app.db);

  const list = (ctx: StaffContext): Promise<StaffCategory[]> => repo.categories(ctx.school.id);

  /** The database's unique index decides a race between two people adding the same name. */
  const named = (message: string) => (error: unknown): never => {
    if (isUniqueViolation(error)) throw invalid({ name: message });
    throw error;
  };

  function taken(categories: StaffCategory[], name: string, within?: number) {
    const same = (other: string) => other.toLowerCase() === name.toLowerCase();
    return within === undefined ? categories.some((c) => same(c.name)) : categories.find((c) => c.id === within)!.subcategories.some((s) => same(s.name));
  }

  /** A write and its audit entry in one transaction; a name taken meanwhile answers `message` on the name. */
  const write = <T>(run: (tx: Tx) => Promise<T>, message: string) => app.db.transaction(run).catch(named(message));

  /** What differs between a category and a subcategory when renamed or removed. */
  const kinds = {
    category: {
      type: 'category',
      find: async (schoolId: number, id: number) => {
        const row = await repo.findCategory(schoolId, id);
        return row && { name: row.name, within: undefined };
      },
      duplicate: categoryMessages.duplicateCategory,
      inUse: categoryMessages.categoryInUse,
      rename: (tx: Tx) => staffCourseWrites(tx).renameCategory,
      remove: (tx: Tx) => staffCourseWrites(tx).removeCategory,
    },
    subcategory: {
      type: 'subcategory',
      find: async (schoolId: number, id: number) => {
        const row = await repo.findSubcategory(schoolId, id);
        return row && { name: row.name, within: row.categoryId };
      },
      duplicate: categoryMessages.duplicateSubcategory,
      inUse: categoryMessages.subcategoryInUse,
      rename: (tx: Tx) => staffCourseWrites(tx).renameSubcategory,
      remove: (tx: Tx) => staffCourseWrites(tx).removeSubcategory,
    },
  } as const;
  type Kind = (typeof kinds)[keyof typeof kinds];

  async function rename(ctx: StaffContext, kind: Kind, id: number, version: number, name: string) {
    courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
    const found = await kind.find(ctx.school.id, id);
    if (!found) throw notFound();
    if (found.name.toLowerCase() !== name.toLowerCase() && taken(await list(ctx), name, found.within)) throw invalid({ name: kind.duplicate });
    const saved = await write(async (tx) => {
      const row = await kind.rename(tx)(ctx.school.id, id, version, name);
      if (row) await recordAudit(tx, ctx.audit, { action: `${kind.type}.update`, subject: { type: kind.type, id }, before: { name: found.name }, after: { name } });
      return row;
    }, kind.duplicate);
    if (!saved) throw await staleWrite(app.db, ctx.school.id, { type: kind.type, id }, await list(ctx));
    return list(ctx);
  }

  /**
   * The database refuses to delete a subcategory that a course or bundle is filed under (its foreign key has no
   * action on delete), so a course filed meanwhile cannot be left pointing nowhere.
   */
  async function remove(ctx: StaffContext, kind: Kind, id: number, version: number) {
    courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
    const found = await kind.find(ctx.school.id, id);
    if (!found) throw notFound();
    const gone = await app.db
      .transaction(async (tx) => {
        const row = await kind.remove(tx)(ctx.school.id, id, version);
        if (row) await recordAudit(tx, ctx.audit, { action: `${kind.type}.delete`, subject: { type: kind.type, id }, before: { name: found.name, category: found.within } });
        return row;
      })
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw new DomainError(409, { detail: kind.inUse });
        throw error;
      });
    if (!gone) throw await staleWrite(app.db, ctx.school.id, { type: kind.type, id }, await list(ctx));
    return list(ctx);
  }

  return {
    async list(ctx: StaffContext) {
      courseCreationPolicy.authorize(ctx.actor, 'name', ctx.school);
      return list(ctx);
    },

    async addCategory(ctx: StaffContext, name: string) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      if (taken(await list(ctx), name)) throw invalid({ name: categoryMessages.duplicateCategory });
      await write(
        async (tx) => {
          const row = await staffCourseWrites(tx).insertCategory(ctx.school.id, name);
          await recordAudit(tx, ctx.audit, { action: 'category.create', subject: { type: 'category', id: row.id }, after: { name } });
          return row;
        },
        categoryMessages.duplicateCategory,
      );
      return list(ctx);
    },

    async addSubcategory(ctx: StaffContext, categoryId: number, name: string) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      if (!(await repo.findCategory(ctx.school.id, categoryId))) throw notFound();
      if (taken(await list(ctx), name, categoryId)) throw invalid({ name: categoryMessages.duplicateSubcategory });
      await write(
        async (tx) => {
          const row = await staffCourseWrites(tx).insertSubcategory(ctx.school.id, categoryId, name);
          await recordAudit(tx, ctx.audit, { action: 'subcategory.create', subject: { type: 'subcategory', id: row.id }, after: { category: categoryId, name } });
          return row;
        },
        categoryMessages.duplicateSubcategory,
      );
      return list(ctx);
    },

    renameCategory: (ctx: StaffContext, id: number, version: number, name: string) => rename(ctx, kinds.category, id, version, name),
    renameSubcategory: (ctx: StaffContext, id: number, version: number, name: string) => rename(ctx, kinds.subcategory, id, version, name),
    /** A category goes with its subcategories, once nothing is filed under any of them (409 otherwise). */
    removeCategory: (ctx: StaffContext, id: number, version: number) => remove(ctx, kinds.category, id, version),
    removeSubcategory: (ctx: StaffContext, id: number, version: number) => remove(ctx, kinds.subcategory, id, version),
  };
}
