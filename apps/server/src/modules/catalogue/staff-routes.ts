import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import {
  courseCreateSchema,
  courseDeletedSchema,
  courseInstructorsSchema,
  coursePatchSchema,
  publishProblemSchema,
  staffCourseCountsSchema,
  staffCourseListQuerySchema,
  staffCourseRowSchema,
  staffCourseSchema,
  staffInstructorSchema,
} from '@school/shared/staff/courses';
import { lecturerCreateSchema, lecturerSchema } from '@school/shared/staff/lecturers';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffCourseService } from './staff-service';
import { detailSchema, staffRoute, versionedResponses } from '../staff/route-schema';

/** A write's answers beyond the usual: 412 with the course as it now is, 428 without If-Match. */
const versioned = versionedResponses(staffCourseSchema);
/** A course that is not ready to publish: every problem, or the usual field errors of a bad request. */
const publishRefusal = z.union([z.object({ detail: z.string(), problems: z.array(publishProblemSchema) }), errorResponses[400]]);

/** The staff console's courses (`/api/v1/staff/courses/...`): every course of the school, drafts included. */
export const catalogueStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const courses = staffCourseService(app);

  app.get(
    '/courses/',
    { schema: { ...staffRoute, summary: "The school's courses, drafts and archived ones included: search, filters, sorting, 20 a page", querystring: staffCourseListQuerySchema, response: { 200: listSchema(staffCourseRowSchema), ...errorResponses } } },
    async (request) => courses.list(staffContextOf(request), request.query),
  );

  app.get(
    '/courses/counts/',
    { schema: { ...staffRoute, summary: "How many of the school's courses are published, drafts and archived (an instructor's own)", response: { 200: staffCourseCountsSchema, ...errorResponses } } },
    async (request) => courses.counts(staffContextOf(request)),
  );

  app.post(
    '/courses/',
    { schema: { ...staffRoute, summary: 'A new draft course; only the name is required', body: courseCreateSchema, response: { 201: staffCourseSchema, ...errorResponses } } },
    async (request, reply) => {
      const course = await courses.create(staffContextOf(request), request.body);
      return reply.code(201).header('etag', etagOf(course.version)).send(course);
    },
  );

  app.get(
    '/courses/:id/',
    { schema: { ...staffRoute, summary: 'A course with every setting; its ETag is the version a PATCH or DELETE names in If-Match', params: idParamsSchema, response: { 200: staffCourseSchema, ...errorResponses } } },
    async (request, reply) => {
      const course = await courses.get(staffContextOf(request), request.params.id);
      return reply.header('etag', etagOf(course.version)).send(course);
    },
  );

  app.patch(
    '/courses/:id/',
    { schema: { ...staffRoute, summary: 'Changes some settings of the version named in If-Match (412 if somebody saved since, 428 without it)', params: idParamsSchema, body: coursePatchSchema, response: { 200: staffCourseSchema, ...versioned } } },
    async (request, reply) => {
      const ctx = staffContextOf(request);
      const course = await courses.update(ctx, request.params.id, expectedVersion(request), request.body);
      return reply.header('etag', etagOf(course.version)).send(course);
    },
  );

  app.delete(
    '/courses/:id/',
    { schema: { ...staffRoute, summary: 'Deletes a course nobody enrolled in; archives one with enrolments (its students keep it). Needs If-Match', params: idParamsSchema, response: { 200: courseDeletedSchema, ...versioned } } },
    async (request) => {
      const ctx = staffContextOf(request);
      return courses.remove(ctx, request.params.id, expectedVersion(request));
    },
  );

  app.post(
    '/courses/:id/publish/',
    { schema: { ...staffRoute, summary: 'Puts the course in the catalogue, or answers 400 with every problem that stops it', params: idParamsSchema, response: { 200: staffCourseSchema, ...errorResponses, 400: publishRefusal, 409: detailSchema, 412: versioned[412] } } },
    async (request) => courses.setPublished(staffContextOf(request), request.params.id, true),
  );

  app.post(
    '/courses/:id/unpublish/',
    { schema: { ...staffRoute, summary: 'Takes the course out of the catalogue; enrolled students keep their access', params: idParamsSchema, response: { 200: staffCourseSchema, ...errorResponses, 409: detailSchema, 412: versioned[412] } } },
    async (request) => courses.setPublished(staffContextOf(request), request.params.id, false),
  );

  app.get(
    '/lecturers/',
    { schema: { ...staffRoute, summary: "The school's lecturers by name (a course's lecturer_id is one of them)", response: { 200: z.array(lecturerSchema), ...errorResponses } } },
    async (request) => courses.lecturers(staffContextOf(request)),
  );

  app.post(
    '/lecturers/',
    { schema: { ...staffRoute, summary: 'A new lecturer of the school (from the course settings)', body: lecturerCreateSchema, response: { 201: lecturerSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await courses.addLecturer(staffContextOf(request), request.body)),
  );

  app.get(
    '/instructors/',
    { schema: { ...staffRoute, summary: "The school's instructors with the courses assigned to each", response: { 200: z.array(staffInstructorSchema), ...errorResponses } } },
    async (request) => courses.instructors(staffContextOf(request)),
  );

  app.put(
    '/courses/:id/instructors/',
    { schema: { ...staffRoute, summary: "Sets the course's instructors (the whole list); they edit and grade it", params: idParamsSchema, body: courseInstructorsSchema, response: { 200: staffCourseSchema, ...errorResponses } } },
    async (request) => courses.assignInstructors(staffContextOf(request), request.params.id, request.body.instructors),
  );

  app.post(
    '/courses/:id/duplicate/',
    { schema: { ...staffRoute, summary: 'A draft copy of the course with its settings and outline', params: idParamsSchema, response: { 201: staffCourseSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await courses.duplicate(staffContextOf(request), request.params.id)),
  );
};
