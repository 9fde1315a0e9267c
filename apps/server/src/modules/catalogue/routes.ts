import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import {
  bundleDetailSchema,
  bundleListQuerySchema,
  bundleListSchema,
  categorySchema,
  courseCardSchema,
  courseDetailSchema,
  courseListQuerySchema,
  courseListSchema,
  featuredMaterialSchema,
  scheduleSchema,
  subcategorySchema,
} from '@school/shared/catalogue/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { currentSchool } from '../tenancy/current-school';
import type { SchoolRow } from '../tenancy/repository';
import { todayIn } from '@school/shared/school/today';
import { presentBundleCard, presentBundleDetail, presentCourseCard, presentCourseDetail, presentFeatured } from './presenter';
import { catalogueRepository } from './repository';

/** The catalogue (spec 2 §7). Lists use the token only when one is sent, to show the caller's enrolments. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = catalogueRepository(app.db);
  const tags = ['catalogue'];

  /** The school in the path must be the school of the site: another school's catalogue answers 404. */
  async function siteSchool(request: Parameters<typeof currentSchool>[0], schoolId?: number): Promise<SchoolRow> {
    const school = await currentSchool(request);
    if (schoolId !== undefined && school.id !== schoolId) throw notFound();
    return school;
  }

  app.get('/schools/:id/courses/', { schema: { tags, summary: 'Published courses, paged, searchable and sortable', params: idParamsSchema, querystring: courseListQuerySchema, response: { 200: courseListSchema, ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request, request.params.id);
    const q = request.query;
    const { rows, total } = await repo.listCourses(school.id, { ...q, search: q.search_course });
    const enrolments = await repo.enrollmentsOf(request.user?.id ?? null, rows.map((r) => r.course.id));
    return pageOf(rows.map((r) => presentCourseCard(r, enrolments.get(r.course.id))), total, q.page, q.perpage);
  });

  app.get('/courses/:id/', { schema: { tags, summary: 'A course with its modules, classes and configuration', params: idParamsSchema, response: { 200: courseDetailSchema, ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request);
    const row = await repo.findCourse(school.id, request.params.id);
    if (!row) throw notFound();
    const [outline, enrolments] = await Promise.all([repo.courseOutline(row.course.id), repo.enrollmentsOf(request.user?.id ?? null, [row.course.id])]);
    return presentCourseDetail(row, outline, enrolments.get(row.course.id), todayIn(school.timeZone));
  });

  app.get('/courses/:id/similar_courses/', { schema: { tags, summary: 'Courses of the same subcategory', params: idParamsSchema, response: { 200: z.array(courseCardSchema), ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request);
    const row = await repo.findCourse(school.id, request.params.id);
    if (!row) throw notFound();
    return (await repo.similarCourses(school.id, row.course)).map((r) => presentCourseCard(r));
  });

  app.get('/schools/:id/top_courses/', { schema: { tags, summary: 'The most enrolled courses', params: idParamsSchema, response: { 200: z.array(courseCardSchema), ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request, request.params.id);
    return (await repo.topCourses(school.id)).map((r) => presentCourseCard(r));
  });

  app.get('/schools/:id/featured_material/', { schema: { tags, summary: 'The featured course, else the featured bundle, else null', params: idParamsSchema, response: { 200: featuredMaterialSchema, ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request, request.params.id);
    const featured = await repo.featured(school.id);
    return featured ? presentFeatured(featured) : null;
  });

  app.get('/schools/:id/subcategories/', { schema: { tags, summary: "The school's subcategories with their category", params: idParamsSchema, response: { 200: z.array(subcategorySchema), ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request, request.params.id);
    return (await repo.subcategories(school.id)).map((s) => ({ id: s.id, name: s.name, category: { id: s.categoryId, name: s.categoryName } }));
  });

  app.get('/course/categories-list/', { schema: { tags, summary: "The site's categories", response: { 200: z.array(categorySchema), ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request);
    return (await repo.categories(school.id)).map((c) => ({ id: c.id, name: c.name, school_id: c.schoolId }));
  });

  app.get('/schools/:id/bundles/', { schema: { tags, summary: 'Published bundles, paged, searchable and sortable', params: idParamsSchema, querystring: bundleListQuerySchema, response: { 200: bundleListSchema, ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request, request.params.id);
    const q = request.query;
    const { rows, total } = await repo.listBundles(school.id, { ...q, search: q.bundle_name });
    const ids = rows.map((r) => r.bundle.id);
    const [courseRows, statuses] = await Promise.all([repo.bundleCourses(ids), repo.bundleStatuses(request.user?.id ?? null, ids)]);
    return pageOf(rows.map((r) => presentBundleCard(r, courseRows.filter((c) => c.bundleId === r.bundle.id), statuses.get(r.bundle.id))), total, q.page, q.perpage);
  });

  app.get('/course/bundles/:id/', { schema: { tags, summary: 'A bundle with its courses', params: idParamsSchema, response: { 200: bundleDetailSchema, ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request);
    const row = await repo.findBundle(school.id, request.params.id);
    if (!row) throw notFound();
    const userId = request.user?.id ?? null;
    const courseRows = await repo.bundleCourses([row.bundle.id]);
    const [statuses, enrolments] = await Promise.all([repo.bundleStatuses(userId, [row.bundle.id]), repo.enrollmentsOf(userId, courseRows.map((c) => c.course.id))]);
    return presentBundleDetail(row, courseRows, statuses.get(row.bundle.id), enrolments);
  });

  app.get('/classes/:id/schedule/', { schema: { tags, summary: "A class's schedule", params: idParamsSchema, response: { 200: scheduleSchema, ...errorResponses } } }, async (request) => {
    const school = await siteSchool(request);
    const cls = await repo.classWithSchedule(school.id, request.params.id);
    if (!cls) throw notFound();
    return {
      id: cls.id,
      name: cls.name,
      schedules: cls.schedules.map((s) => ({ date: s.date, start_time: s.startTime.slice(0, 5), end_time: s.endTime.slice(0, 5), instructor: s.instructor, type: s.type })),
    };
  });
};
