import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoryMessages as m } from '@school/shared/staff/categories';
import { versionMessages } from '@school/shared/staff/versions';
import { auditLog, categories, subcategories } from '../src/db/schema/index';
import { createCourse, createSchool, createStaff, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;
const staff = (rest: string) => `/api/v1/staff/${rest}`;
const at = (version: number) => ({ 'if-match': `"v${version}"` });

async function school() {
  const s = await createSchool(db());
  const admin = await createStaff(db(), { school: s });
  const as = (who: { token: string }, headers: Record<string, string> = {}) => ({ token: who.token, host: s.host, headers });
  return { school: s, admin, as };
}

type Listed = { id: number; name: string; version: number; subcategories: { id: number; name: string; version: number; items: number }[] }[];

describe('categories and subcategories', () => {
  it('adds, renames and deletes them with their versions, refuses a name taken in any case, and audits each write', async () => {
    const s = await school();
    const made = await ctx.api.post(staff('categories/'), { name: 'Litigation' }, s.as(s.admin));
    expect(made.status).toBe(201);
    const litigation = (made.body as Listed)[0]!;
    expect(litigation).toMatchObject({ name: 'Litigation', version: 1, subcategories: [] });
    expect((await ctx.api.post(staff('categories/'), { name: 'litigation' }, s.as(s.admin))).body).toEqual({ name: [m.duplicateCategory] });
    expect((await ctx.api.post(staff('categories/'), { name: '  ' }, s.as(s.admin))).body).toEqual({ name: [m.name] });

    const withSub = (await ctx.api.post(staff(`categories/${litigation.id}/subcategories/`), { name: 'Evidence' }, s.as(s.admin))).body as Listed;
    const evidence = withSub[0]!.subcategories[0]!;
    expect(evidence).toMatchObject({ name: 'Evidence', version: 1, items: 0 });
    expect((await ctx.api.post(staff(`categories/${litigation.id}/subcategories/`), { name: 'EVIDENCE' }, s.as(s.admin))).body).toEqual({ name: [m.duplicateSubcategory] });

    expect(await ctx.api.patch(staff(`categories/${litigation.id}/`), { name: 'Trial Practice' }, s.as(s.admin))).toMatchObject({ status: 428 });
    const renamed = await ctx.api.patch(staff(`categories/${litigation.id}/`), { name: 'Trial Practice' }, s.as(s.admin, at(1)));
    expect((renamed.body as Listed)[0]).toMatchObject({ name: 'Trial Practice', version: 2 });
    expect(await ctx.api.patch(staff(`categories/${litigation.id}/`), { name: 'Stale' }, s.as(s.admin, at(1)))).toMatchObject({ status: 412, body: { detail: versionMessages.conflict, updated_by: { id: s.admin.user.id }, current: [{ name: 'Trial Practice' }] } });
    expect(((await ctx.api.patch(staff(`subcategories/${evidence.id}/`), { name: 'Rules of Evidence' }, s.as(s.admin, at(1)))).body as Listed)[0]!.subcategories[0]).toMatchObject({ name: 'Rules of Evidence', version: 2 });

    // The database holds the rule too, whatever the case, for a write that skips the service's check.
    await expect(db().insert(categories).values({ schoolId: s.school.id, name: 'TRIAL practice' })).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(db().insert(subcategories).values({ schoolId: s.school.id, categoryId: litigation.id, name: 'rules of evidence' })).rejects.toMatchObject({ cause: { code: '23505' } });

    // A course filed under the subcategory keeps both from being deleted: the foreign key refuses, so a course
    // filed while the delete runs cannot be left pointing nowhere.
    const course = await createCourse(db(), { school: s.school, subcategoryId: evidence.id });
    expect(((await ctx.api.get(staff('categories/'), s.as(s.admin))).body as Listed)[0]!.subcategories[0]!.items).toBe(1);
    expect(await ctx.api.delete(staff(`subcategories/${evidence.id}/`), s.as(s.admin, at(2)))).toMatchObject({ status: 409, body: { detail: m.subcategoryInUse } });
    expect(await ctx.api.delete(staff(`categories/${litigation.id}/`), s.as(s.admin, at(2)))).toMatchObject({ status: 409, body: { detail: m.categoryInUse } });
    await ctx.api.patch(`/api/v1/staff/courses/${course.id}/`, { subcategory_id: null }, s.as(s.admin, at(course.version)));
    expect((await ctx.api.delete(staff(`categories/${litigation.id}/`), s.as(s.admin, at(2)))).body).toEqual([]);
    expect(await db().$count(subcategories, eq(subcategories.id, evidence.id))).toBe(0);

    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.schoolId, s.school.id)).orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['category.create', 'subcategory.create', 'category.update', 'subcategory.update', 'course.update', 'category.delete']);
  });

  it('lets an instructor read them but not change them, keeps a student and nobody out, and another school reaches none (404)', async () => {
    const s = await school();
    const [cat] = await db().insert(categories).values({ schoolId: s.school.id, name: 'Ethics' }).returning();
    const [sub] = await db().insert(subcategories).values({ schoolId: s.school.id, categoryId: cat!.id, name: 'Conflicts' }).returning();
    const instructor = await createStaff(db(), { school: s.school, role: 'IN', courses: [await createCourse(db(), { school: s.school })] });
    const student = await createStudent(db(), { school: s.school });
    expect(((await ctx.api.get(staff('categories/'), s.as(instructor))).body as Listed).map((c) => c.name)).toEqual(['Ethics']);
    expect((await ctx.api.post(staff('categories/'), { name: 'Mine' }, s.as(instructor))).status).toBe(403);
    expect((await ctx.api.get(staff('categories/'), s.as(student))).status).toBe(403);
    expect((await ctx.api.get(staff('categories/'), { host: s.school.host })).status).toBe(401);

    const foreign = await createStaff(db());
    const theirs = { token: foreign.token, host: foreign.school.host, headers: at(1) };
    const refused = [
      await ctx.api.post(staff(`categories/${cat!.id}/subcategories/`), { name: 'Theirs' }, theirs),
      await ctx.api.patch(staff(`categories/${cat!.id}/`), { name: 'Theirs' }, theirs),
      await ctx.api.delete(staff(`categories/${cat!.id}/`), theirs),
      await ctx.api.patch(staff(`subcategories/${sub!.id}/`), { name: 'Theirs' }, theirs),
      await ctx.api.delete(staff(`subcategories/${sub!.id}/`), theirs),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await ctx.api.get(staff('categories/'), theirs)).body).toEqual([]);
    expect(await db().$count(subcategories, eq(subcategories.schoolId, s.school.id))).toBe(1);
  });
});
