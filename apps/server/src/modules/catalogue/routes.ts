import type { FastifyRequest } from 'fastify';
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
import { actorOf } from '../auth/actor';
import { certificateService } from '../certificates/service';
import { schoolPolicy } from '../tenancy/policy';
import { bundlePolicy, classPolicy, coursePolicy } from './policy';
import { todayIn } from '@school/shared/school/dates';
import { presentBundleCard, presentBundleDetail, presentCourseCard, presentCourseDetail, presentFeatured } from './presenter';
import { catalogueRepository } from './repository';

/** The catalogue (spec 2 §7). Lists use the token only when one is sent, to show the caller's enrolments. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = catalogueRepository(app.db);
  const certificates = certificateService(app);
  const tags = ['catalogue'];

  /** The site's school, after the school named in the path (if any) passes schoolPolicy. */
  function siteSchool(request: FastifyRequest, schoolId?: number) {
    if (schoolId !== undefined) schoolPolicy.authorize(actorOf(request), 'view', { id: schoolId });
    return request.school;
  }

  app.get('/schools/:id/courses/', { schema: { tags, summary: 'Published courses, paged, searchable and sortable', params: idParamsSchema, querystring: courseListQuerySchema, response: { 200: courseListSchema, ...errorResponses } } }, async (request) => {
    const school = siteSchool(request, request.params.id);
    const q = request.query;
    const { rows, total } = await repo.listCourses(school.id, { ...q, search: q.search_course });
    const enrolments = await repo.enrollmentsOf(request.user?.id ?? null, rows.map((r) => r.course.id));
    return pageOf(rows.map((r) => presentCourseCard(app.storage, r, enrolments.get(r.course.id))), total, q.page, q.perpage);
  });

  app.get('/courses/:id/', { schema: { tags, summary: 'A course with its modules, classes and configuration', params: idParamsSchema, response: { 200: courseDetailSchema, ...errorResponses } } }, async (request) => {
    const school = siteSchool(request);
    const row = await repo.findCourse(school.id, request.params.id);
    if (!row) throw notFound();
    const actor = actorOf(request);
    const [outline, enrolments] = await Promise.all([repo.courseOutline(row.course.id), repo.enrollmentsOf(request.user?.id ?? null, [row.course.id])]);
    const enrolment = enrolments.get(row.course.id);
    // Only an instructor's abilities depend on the course's assignments: nobody else pays for the query.
    const listing = { ...row.course, enrolled: enrolment !== undefined, instructorIds: actor.staffRole === 'IN' ? await repo.instructorsOf(row.course.id) : [] };
    coursePolicy.authorize(actor, 'view', listing);
    const certificate = enrolment ? await certificates.status(enrolment, school.products.mcle) : null;
    return presentCourseDetail(app.storage, row, outline, enrolment, certificate, todayIn(school.timeZone), coursePolicy.abilities(actor, listing));
  });

  app.get('/courses/:id/similar_courses/', { schema: { tags, summary: 'Courses of the same subcategory', params: idParamsSchema, response: { 200: z.array(courseCardSchema), ...errorResponses } } }, async (request) => {
    const school = siteSchool(request);
    const row = await repo.findCourse(school.id, request.params.id);
    if (!row) throw notFound();
    coursePolicy.authorize(actorOf(request), 'view', row.course);
    return (await repo.similarCourses(school.id, row.course)).map((r) => presentCourseCard(app.storage, r));
  });

  app.get('/schools/:id/top_courses/', { schema: { tags, summary: 'The most enrolled courses', params: idParamsSchema, response: { 200: z.array(courseCardSchema), ...errorResponses } } }, async (request) => {
    const school = siteSchool(request, request.params.id);
    return (await repo.topCourses(school.id)).map((r) => presentCourseCard(app.storage, r));
  });

  app.get('/schools/:id/featured_material/', { schema: { tags, summary: 'The featured course, else the featured bundle, else null', params: idParamsSchema, response: { 200: featuredMaterialSchema, ...errorResponses } } }, async (request) => {
    const school = siteSchool(request, request.params.id);
    const featured = await repo.featured(school.id);
    return featured ? presentFeatured(app.storage, featured) : null;
  });

  app.get('/schools/:id/subcategories/', { schema: { tags, summary: "The school's subcategories with their category", params: idParamsSchema, response: { 200: z.array(subcategorySchema), ...errorResponses } } }, async (request) => {
    const school = siteSchool(request, request.params.id);
    return (await repo.subcategories(school.id)).map((s) => ({ id: s.id, name: s.name, category: { id: s.categoryId, name: s.categoryName } }));
  });

  app.get('/course/categories-list/', { schema: { tags, summary: "The site's categories", response: { 200: z.array(categorySchema), ...errorResponses } } }, async (request) => {
    const school = siteSchool(request);
    return (await repo.categories(school.id)).map((c) => ({ id: c.id, name: c.name, school_id: c.schoolId }));
  });

  app.get('/schools/:id/bundles/', { schema: { tags, summary: 'Published bundles, paged, searchable and sortable', params: idParamsSchema, querystring: bundleListQuerySchema, response: { 200: bundleListSchema, ...errorResponses } } }, async (request) => {
    const school = siteSchool(request, request.params.id);
    const q = request.query;
    const { rows, total } = await repo.listBundles(school.id, { ...q, search: q.bundle_name });
    const ids = rows.map((r) => r.bundle.id);
    const [courseRows, statuses] = await Promise.all([repo.bundleCourses(ids), repo.bundleStatuses(request.user?.id ?? null, ids)]);
    return pageOf(rows.map((r) => presentBundleCard(app.storage, r, courseRows.filter((c) => c.bundleId === r.bundle.id), statuses.get(r.bundle.id))), total, q.page, q.perpage);
  });

  app.get('/course/bundles/:id/', { schema: { tags, summary: 'A bundle with its courses', params: idParamsSchema, response: { 200: bundleDetailSchema, ...errorResponses } } }, async (request) => {
    const school = siteSchool(request);
    const row = await repo.findBundle(school.id, request.params.id);
    if (!row) throw notFound();
    const actor = actorOf(request);
    bundlePolicy.authorize(actor, 'view', row.bundle);
    const userId = request.user?.id ?? null;
    const courseRows = await repo.bundleCourses([row.bundle.id]);
    const [statuses, enrolments] = await Promise.all([repo.bundleStatuses(userId, [row.bundle.id]), repo.enrollmentsOf(userId, courseRows.map((c) => c.course.id))]);
    return presentBundleDetail(app.storage, row, courseRows, statuses.get(row.bundle.id), enrolments, bundlePolicy.abilities(actor, row.bundle));
  });

  app.get('/classes/:id/schedule/', { schema: { tags, summary: "A class's schedule", params: idParamsSchema, response: { 200: scheduleSchema, ...errorResponses } } }, async (request) => {
    const school = siteSchool(request);
    const cls = await repo.classWithSchedule(school.id, request.params.id);
    if (!cls) throw notFound();
    classPolicy.authorize(actorOf(request), 'view', cls);
    return {
      id: cls.id,
      name: cls.name,
      schedules: cls.schedules.map((s) => ({ date: s.date, start_time: s.startTime.slice(0, 5), end_time: s.endTime.slice(0, 5), instructor: s.instructor, type: s.type })),
    };
  });
};
