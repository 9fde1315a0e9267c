import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseCard } from '@school/shared/catalogue/schemas';
import { categories, courses, enrollments, subcategories } from '../src/db/schema/index';
import { createCourse, createEnrolment, createSchool, createStudent, unique } from './support/factories';
import { serverForFile } from './support/server';

/**
 * Counts kept by triggers instead of counted per request (migrations 0008 and 0010).
 *
 * The course list's count: without a search or filter it is read from catalogue_counts, which triggers on
 * `courses` keep (migration 0008); with one it is counted over the matches. Either way, the same numbers.
 */
const ctx = serverForFile();

describe('the course list count', () => {
  it('follows courses published, unpublished, added and deleted, by any statement', async () => {
    const db = ctx.server.database.db;
    const school = await createSchool(db);
    const count = async (query = '') => (await ctx.api.get(`/api/v1/schools/${school.id}/courses/?perpage=2${query}`, { host: school.host })).body;
    expect(await count()).toMatchObject({ count: 0, pages: 1, data: [] });

    const [a, b] = [await createCourse(db, { school, name: 'Alpha one' }), await createCourse(db, { school, name: 'Alpha two' })];
    await createCourse(db, { school, name: 'Beta' });
    const hidden = await createCourse(db, { school, name: 'Alpha hidden', isPublished: false });
    expect(await count()).toMatchObject({ count: 3, pages: 2, next: 2 });

    await db.update(courses).set({ isPublished: true }).where(eq(courses.id, hidden.id));
    expect((await count()).count).toBe(4);
    await db.update(courses).set({ isPublished: false }).where(inArray(courses.id, [a.id, b.id]));
    expect((await count()).count).toBe(2);
    await db.update(courses).set({ name: 'Renamed' }).where(eq(courses.schoolId, school.id));
    expect((await count()).count).toBe(2);
    await db.delete(courses).where(eq(courses.id, hidden.id));
    expect((await count()).count).toBe(1);
    await db.insert(courses).values([1, 2, 3].map((n) => ({ schoolId: school.id, name: `Gamma ${n}`, slug: unique('gamma') })));
    expect(await count()).toMatchObject({ count: 4, pages: 2 });
    expect(await count('&search_course=gamma')).toMatchObject({ count: 3, pages: 2 });
  });

  it('tells the count on a page past the last one, with and without a search', async () => {
    const db = ctx.server.database.db;
    const school = await createSchool(db);
    for (const name of ['Delta one', 'Delta two', 'Epsilon']) await createCourse(db, { school, name });
    const page = async (query: string) => (await ctx.api.get(`/api/v1/schools/${school.id}/courses/?${query}`, { host: school.host })).body;
    expect(await page('page=9&perpage=2')).toMatchObject({ data: [], count: 3, page: 9, pages: 2, next: null });
    expect(await page('page=9&perpage=2&search_course=delta')).toMatchObject({ data: [], count: 2, pages: 1, next: null });
    const sorted = await page('perpage=2&sort=name&search_course=delta');
    expect(sorted.data.map((c: CourseCard) => c.name)).toEqual(['Delta one', 'Delta two']);
    expect(sorted.count).toBe(2);
  });

  it('counts a category over its subcategories, and a search within it', async () => {
    const db = ctx.server.database.db;
    const school = await createSchool(db);
    const [category] = await db.insert(categories).values({ schoolId: school.id, name: 'Law' }).returning();
    const subs = await db
      .insert(subcategories)
      .values(['Civil', 'Criminal'].map((name) => ({ schoolId: school.id, categoryId: category!.id, name })))
      .returning();
    await createCourse(db, { school, name: 'Torts', subcategoryId: subs[0]!.id });
    await createCourse(db, { school, name: 'Evidence', subcategoryId: subs[1]!.id });
    await createCourse(db, { school, name: 'Criminal procedure', subcategoryId: subs[1]!.id });
    await createCourse(db, { school, name: 'Unfiled' });
    const list = async (query: string) => (await ctx.api.get(`/api/v1/schools/${school.id}/courses/?${query}`, { host: school.host })).body;
    expect((await list(`category=${category!.id}`)).count).toBe(3);
    expect((await list(`category=${category!.id}&sort=name`)).data.map((c: CourseCard) => c.name)).toEqual(['Criminal procedure', 'Evidence', 'Torts']);
    expect((await list(`subcategory=${subs[1]!.id}`)).count).toBe(2);
    expect(await list(`category=${category!.id}&search_course=e&perpage=1&page=2`)).toMatchObject({ count: 2, pages: 2, next: null });
    expect((await list('')).count).toBe(4);
  });
});

describe('the top courses', () => {
  it('follow enrolments added, moved and deleted, by any statement, most enrolled first', async () => {
    const db = ctx.server.database.db;
    const school = await createSchool(db);
    const [older, newer, third] = [await createCourse(db, { school, name: 'Older' }), await createCourse(db, { school, name: 'Newer' }), await createCourse(db, { school, name: 'Third' })];
    await db.update(courses).set({ createdAt: new Date('2020-01-01') }).where(eq(courses.id, older.id));
    await db.update(courses).set({ createdAt: new Date('2021-01-01') }).where(eq(courses.id, third.id));
    const top = async () => ((await ctx.api.get(`/api/v1/schools/${school.id}/top_courses/`, { host: school.host })).body as CourseCard[]).map((c) => c.name);
    const count = async (id: number) => (await db.select({ n: courses.enrolmentCount }).from(courses).where(eq(courses.id, id)))[0]!.n;
    // No enrolments: the newest first.
    expect(await top()).toEqual(['Newer', 'Third', 'Older']);

    const students = [await createStudent(db, { school }), await createStudent(db, { school })];
    for (const student of students) await createEnrolment(db, { student, course: older });
    // One statement enrolling in several courses, as a bundle enrolment does.
    await db.insert(enrollments).values([third, newer].map((course) => ({ userId: students[0]!.user.id, schoolId: school.id, courseId: course.id, status: 'free' as const })));
    expect([await count(older.id), await count(newer.id), await count(third.id)]).toEqual([2, 1, 1]);
    expect(await top()).toEqual(['Older', 'Newer', 'Third']);

    await db.update(enrollments).set({ courseId: third.id }).where(and(eq(enrollments.courseId, older.id), eq(enrollments.userId, students[1]!.user.id)));
    expect(await top()).toEqual(['Third', 'Newer', 'Older']);
    await db.delete(enrollments).where(eq(enrollments.courseId, third.id));
    expect([await count(older.id), await count(newer.id), await count(third.id)]).toEqual([1, 1, 0]);
    expect(await top()).toEqual(['Newer', 'Older', 'Third']);
  });
});
