import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { classFieldsSchema, staffClassSchema } from '@school/shared/staff/classes';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffClassService } from './staff-class-service';
import { detailSchema, staffRoute, versionedResponses } from '../staff/route-schema';

const versioned = versionedResponses(staffClassSchema);

/** A course's classes and their sessions in the console (whoever edits the course); saved whole to their version. */
export const classStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const classes = staffClassService(app);

  app.get(
    '/courses/:id/classes/',
    { schema: { ...staffRoute, summary: "The course's classes by name, each with its sessions in time order and how many enrolled", params: idParamsSchema, response: { 200: z.array(staffClassSchema), ...errorResponses } } },
    async (request) => classes.list(staffContextOf(request), request.params.id),
  );

  app.post(
    '/courses/:id/classes/',
    { schema: { ...staffRoute, summary: 'A new class of the course with its fee and sessions', params: idParamsSchema, body: classFieldsSchema, response: { 201: staffClassSchema, ...errorResponses } } },
    async (request, reply) => {
      const cls = await classes.create(staffContextOf(request), request.params.id, request.body);
      return reply.code(201).header('etag', etagOf(cls.version)).send(cls);
    },
  );

  app.put(
    '/classes/:id/',
    {
      schema: {
        ...staffRoute,
        summary: 'Saves the whole class to the version in If-Match: sessions with an id change, without one are added, missing ones go',
        params: idParamsSchema,
        body: classFieldsSchema,
        response: { 200: staffClassSchema, ...versioned },
      },
    },
    async (request, reply) => {
      const cls = await classes.save(staffContextOf(request), request.params.id, expectedVersion(request), request.body);
      return reply.header('etag', etagOf(cls.version)).send(cls);
    },
  );

  app.delete(
    '/classes/:id/',
    { schema: { ...staffRoute, summary: 'Deletes a class nobody enrolled in or paid for (409 otherwise). Needs If-Match', params: idParamsSchema, response: { 200: detailSchema, ...versioned, 409: detailSchema } } },
    async (request) => classes.remove(staffContextOf(request), request.params.id, expectedVersion(request)),
  );
};
