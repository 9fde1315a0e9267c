import { describe, expect, it } from 'vitest';
import type { CourseCard } from '@school/shared/catalogue/schemas';
import { createBundle, createCourse, createSchool, createStudent } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();

async function schools() {
  const demo = (await ctx.api.get('/api/v1/school/demo/')).body.id as number;
  const acme = (await ctx.api.get('/api/v1/school/acme/')).body.id as number;
  return { demo, acme };
}

describe('course lists', () => {
  it('pages, searches, sorts and filters published courses of the site school', async () => {
    const { demo } = await schools();
    const first = await ctx.api.get(`/api/v1/schools/${demo}/courses/?page=1&perpage=6`);
    expect(first.body).toMatchObject({ count: 25, page: 1, pages: 5, next: 2 });
    expect(first.body.data).toHaveLength(6);
    const last = await ctx.api.get(`/api/v1/schools/${demo}/courses/?page=5&perpage=6`);
    expect(last.body).toMatchObject({ next: null });
    expect(last.body.data).toHaveLength(1);

    const search = await ctx.api.get(`/api/v1/schools/${demo}/courses/?search_course=ethics`);
    expect(search.body.data.map((c: CourseCard) => c.name)).toEqual(['Legal Ethics in the Digital Age']);
    const literal = await ctx.api.get(`/api/v1/schools/${demo}/courses/?search_course=${encodeURIComponent('%')}`);
    expect(literal.body.count).toBe(0);

    const byFee = await ctx.api.get(`/api/v1/schools/${demo}/courses/?sort=-fee&perpage=3`);
    const fees = byFee.body.data.map((c: CourseCard) => c.fee);
    expect(fees).toEqual([...fees].sort((a: number, b: number) => b - a));
    expect(fees[0]).toBe(3500);

    const subs = (await ctx.api.get(`/api/v1/schools/${demo}/subcategories/`)).body as { id: number; name: string }[];
    const adr = subs.find((s) => s.name === 'Alternative Dispute Resolution')!;
    const filtered = await ctx.api.get(`/api/v1/schools/${demo}/courses/?subcategory=${adr.id}`);
    expect(filtered.body.count).toBe(3);
    expect(filtered.body.data.every((c: CourseCard) => c.subcategory === adr.name)).toBe(true);
  });

  it("answers 404 for another school's catalogue or course and 400 for bad queries", async () => {
    const { demo, acme } = await schools();
    expect((await ctx.api.get(`/api/v1/schools/${acme}/courses/`)).status).toBe(404);
    const acmeCourse = (await ctx.api.get(`/api/v1/schools/${acme}/courses/`, { host: 'acme.localhost' })).body.data[0] as CourseCard;
    expect(acmeCourse.name).toBeDefined();
    expect((await ctx.api.get(`/api/v1/courses/${acmeCourse.id}/`)).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/courses/${acmeCourse.id}/`, { host: 'acme.localhost' })).status).toBe(200);
    expect((await ctx.api.get(`/api/v1/schools/${demo}/courses/?sort=price`)).status).toBe(400);
    expect((await ctx.api.get(`/api/v1/schools/${demo}/courses/?page=0`)).status).toBe(400);
    expect((await ctx.api.get(`/api/v1/courses/99999/`)).status).toBe(404);
  });

  it('hides unpublished courses and bundles everywhere', async () => {
    const school = await createSchool(ctx.server.database.db);
    const hidden = await createCourse(ctx.server.database.db, { school, name: 'Persuasive Writing Unpublished', isPublished: false });
    await createCourse(ctx.server.database.db, { school, name: 'Persuasive Writing' });
    const bundle = await createBundle(ctx.server.database.db, { school, isPublished: false });
    const host = school.host;
    expect((await ctx.api.get(`/api/v1/courses/${hidden.id}/`, { host })).status).toBe(404);
    const list = await ctx.api.get(`/api/v1/schools/${school.id}/courses/?search_course=Persuasive`, { host });
    expect(list.body.data.map((c: CourseCard) => c.name)).toEqual(['Persuasive Writing']);
    const student = await createStudent(ctx.server.database.db, { school });
    expect((await ctx.api.post('/api/v1/student/enrollment/', { course: hidden.id, action: 'free' }, { token: student.token, host })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/course/bundles/${bundle.id}/`, { host })).status).toBe(404);
    expect((await ctx.api.get(`/api/v1/schools/${school.id}/bundles/`, { host })).body.count).toBe(0);
  });

  it('describes a course with its outline, classes and configuration', async () => {
    const { demo } = await schools();
    const list = (await ctx.api.get(`/api/v1/schools/${demo}/courses/?search_course=Cross-Examination`)).body.data as CourseCard[];
    const course = (await ctx.api.get(`/api/v1/courses/${list[0]!.id}/`)).body;
    expect(course).toMatchObject({
      name: 'Effective Cross-Examination',
      fee: 2000,
      tax: 214.29,
      subtotal: 1785.71,
      lecturer: 'Prof. Eduardo M. Lim',
      module_count: 3,
      courseware_count: 11,
      config: { class_enrollment_only: true, course_open: true, course_ended: false },
    });
    expect(course.classes).toEqual([expect.objectContaining({ name: 'Saturday Morning Class', fee: 2000 }), expect.objectContaining({ name: 'Weekday Evening Class', fee: 0 })]);
    const schedule = await ctx.api.get(`/api/v1/classes/${course.classes[0].id}/schedule/`);
    expect(schedule.body.schedules).toHaveLength(4);
    expect(schedule.body.schedules[0]).toMatchObject({ start_time: '09:00', end_time: '12:00' });
    const similar = await ctx.api.get(`/api/v1/courses/${course.id}/similar_courses/`);
    expect(similar.body.length).toBeGreaterThan(0);
    expect(similar.body.every((c: CourseCard) => c.subcategory === 'Trial and Pre-Trial Skills' && c.id !== course.id)).toBe(true);
  });
});

describe('bundles and landing', () => {
  it('lists bundles with their units and course counts, and the featured course', async () => {
    const { demo } = await schools();
    const bundles = await ctx.api.get(`/api/v1/schools/${demo}/bundles/?sort=price`);
    expect(bundles.body.count).toBe(4);
    expect(bundles.body.data[0]).toMatchObject({ name: 'Free Ethics Starter Bundle', price: 0, courses_count: 3, units: 11 });
    const detail = await ctx.api.get(`/api/v1/course/bundles/${bundles.body.data[0].id}/`);
    expect(detail.body.courses.map((c: CourseCard) => c.name)).toEqual(['Code of Professional Responsibility and Accountability', 'Court-Annexed Mediation', 'International Human Rights Law']);
    const featured = await ctx.api.get(`/api/v1/schools/${demo}/featured_material/`);
    expect(featured.body).toMatchObject({ type: 'course', name: 'Code of Professional Responsibility and Accountability', preview_video: { type: 'video' } });
    const top = await ctx.api.get(`/api/v1/schools/${demo}/top_courses/`);
    expect(top.body).toHaveLength(4);
    expect((await ctx.api.get('/api/v1/course/categories-list/')).body.map((c: { name: string }) => c.name)).toEqual(['MCLE Compliance', 'Professional Development']);
  });
});
