import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { lessonCreateSchema, lessonPatchSchema, moduleCreateSchema, modulePatchSchema, outlineOrderSchema, staffOutlineSchema } from '@school/shared/staff/outline';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffOutlineService } from './staff-outline-service';
import { staffContextOf } from '../staff/context';
import { staffRoute, detailSchema, versionedResponses } from '../staff/route-schema';

/** Every outline write answers the whole outline as it now is; a refused one (412) too, as its `current`. */
const versioned = { ...versionedResponses(staffOutlineSchema), 409: detailSchema };

/**
 * A course's outline in the staff console: modules and lessons, added, renamed, deleted and put in order. Each
 * write names the version it edits in If-Match (a module's or lesson's own; the course's for the order).
 */
export const outlineStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const outline = staffOutlineService(app);

  app.get(
    '/courses/:id/outline/',
    { schema: { ...staffRoute, summary: "The course's modules and lessons in order, with each lesson's readiness and version", params: idParamsSchema, response: { 200: staffOutlineSchema, ...errorResponses } } },
    async (request, reply) => {
      const body = await outline.outline(staffContextOf(request), request.params.id);
      return reply.header('etag', etagOf(body.course.version)).send(body);
    },
  );

  app.put(
    '/courses/:id/outline/',
    { schema: { ...staffRoute, summary: 'Puts every module and lesson in order in one transaction (If-Match: the course version)', params: idParamsSchema, body: outlineOrderSchema, response: { 200: staffOutlineSchema, ...versioned } } },
    async (request) => outline.reorder(staffContextOf(request), request.params.id, expectedVersion(request), request.body),
  );

  app.post(
    '/courses/:id/modules/',
    { schema: { ...staffRoute, summary: 'Adds a module at the end of the outline', params: idParamsSchema, body: moduleCreateSchema, response: { 201: staffOutlineSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await outline.addModule(staffContextOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/modules/:id/',
    { schema: { ...staffRoute, summary: "Renames a module or changes its description (If-Match: the module's version)", params: idParamsSchema, body: modulePatchSchema, response: { 200: staffOutlineSchema, ...versioned } } },
    async (request) => outline.updateModule(staffContextOf(request), request.params.id, expectedVersion(request), request.body),
  );

  app.delete(
    '/modules/:id/',
    { schema: { ...staffRoute, summary: 'Deletes a module and its lessons, unless a student started one (409)', params: idParamsSchema, response: { 200: staffOutlineSchema, ...versioned } } },
    async (request) => outline.removeModule(staffContextOf(request), request.params.id, expectedVersion(request)),
  );

  app.post(
    '/modules/:id/coursewares/',
    { schema: { ...staffRoute, summary: 'Adds a lesson of any type at the end of the module (an exam or survey with its empty exam)', params: idParamsSchema, body: lessonCreateSchema, response: { 201: staffOutlineSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await outline.addLesson(staffContextOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/coursewares/:id/',
    { schema: { ...staffRoute, summary: "Changes a lesson's name, description and its type's fields (If-Match: the lesson's version)", params: idParamsSchema, body: lessonPatchSchema, response: { 200: staffOutlineSchema, ...versioned } } },
    async (request) => outline.updateLesson(staffContextOf(request), request.params.id, expectedVersion(request), request.body),
  );

  app.delete(
    '/coursewares/:id/',
    { schema: { ...staffRoute, summary: 'Deletes a lesson nobody started (409 once a student has)', params: idParamsSchema, response: { 200: staffOutlineSchema, ...versioned } } },
    async (request) => outline.removeLesson(staffContextOf(request), request.params.id, expectedVersion(request)),
  );
};
