import type { FastifyInstance } from 'fastify';
import { categoryMessages, type StaffCategory } from '@school/shared/staff/categories';
import { isUniqueViolation } from '../../lib/db-errors';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { versionConflict } from '../../lib/versions';
import { recordAudit } from '../audit/service';
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

    async renameCategory(ctx: StaffContext, id: number, version: number, name: string) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      const found = await repo.findCategory(ctx.school.id, id);
      if (!found) throw notFound();
      if (found.name.toLowerCase() !== name.toLowerCase() && taken(await list(ctx), name)) throw invalid({ name: categoryMessages.duplicateCategory });
      const saved = await write(
        async (tx) => {
          const row = await staffCourseWrites(tx).renameCategory(ctx.school.id, id, version, name);
          if (row) await recordAudit(tx, ctx.audit, { action: 'category.update', subject: { type: 'category', id }, before: { name: found.name }, after: { name } });
          return row;
        },
        categoryMessages.duplicateCategory,
      );
      if (!saved) throw versionConflict(await list(ctx), null, null);
      return list(ctx);
    },

    async renameSubcategory(ctx: StaffContext, id: number, version: number, name: string) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      const found = await repo.findSubcategory(ctx.school.id, id);
      if (!found) throw notFound();
      if (found.name.toLowerCase() !== name.toLowerCase() && taken(await list(ctx), name, found.categoryId)) throw invalid({ name: categoryMessages.duplicateSubcategory });
      const saved = await write(
        async (tx) => {
          const row = await staffCourseWrites(tx).renameSubcategory(ctx.school.id, id, version, name);
          if (row) await recordAudit(tx, ctx.audit, { action: 'subcategory.update', subject: { type: 'subcategory', id }, before: { name: found.name }, after: { name } });
          return row;
        },
        categoryMessages.duplicateSubcategory,
      );
      if (!saved) throw versionConflict(await list(ctx), null, null);
      return list(ctx);
    },

    /** A category goes with its subcategories, once nothing is filed under any of them (409 otherwise). */
    async removeCategory(ctx: StaffContext, id: number, version: number) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      const found = await repo.findCategory(ctx.school.id, id);
      if (!found) throw notFound();
      if (await repo.subcategoriesUsed(await repo.subcategoryIdsOf(ctx.school.id, id))) throw new DomainError(409, { detail: categoryMessages.categoryInUse });
      const gone = await app.db.transaction(async (tx) => {
        const row = await staffCourseWrites(tx).removeCategory(ctx.school.id, id, version);
        if (row) await recordAudit(tx, ctx.audit, { action: 'category.delete', subject: { type: 'category', id }, before: { name: found.name } });
        return row;
      });
      if (!gone) throw versionConflict(await list(ctx), null, null);
      return list(ctx);
    },

    async removeSubcategory(ctx: StaffContext, id: number, version: number) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      const found = await repo.findSubcategory(ctx.school.id, id);
      if (!found) throw notFound();
      if (await repo.subcategoriesUsed([id])) throw new DomainError(409, { detail: categoryMessages.subcategoryInUse });
      const gone = await app.db.transaction(async (tx) => {
        const row = await staffCourseWrites(tx).removeSubcategory(ctx.school.id, id, version);
        if (row) await recordAudit(tx, ctx.audit, { action: 'subcategory.delete', subject: { type: 'subcategory', id }, before: { category: found.categoryId, name: found.name } });
        return row;
      });
      if (!gone) throw versionConflict(await list(ctx), null, null);
      return list(ctx);
    },
  };
}
