import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { bundleCourseSchema, bundleFieldsSchema, staffBundleListQuerySchema, staffBundleRowSchema, staffBundleSchema } from '@school/shared/staff/bundles';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffBundleService } from './staff-bundle-service';
import { detailSchema, staffRoute, versionedResponses } from '../staff/route-schema';

const versioned = versionedResponses(staffBundleSchema);

/** The catalogue's bundles in the console (course.create): listed, created, saved whole to their version, deleted. */
export const bundleStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const bundles = staffBundleService(app);

  app.get(
    '/bundles/',
    { schema: { ...staffRoute, summary: "The school's bundles, newest first, published or not (search by name)", querystring: staffBundleListQuerySchema, response: { 200: listSchema(staffBundleRowSchema), ...errorResponses } } },
    async (request) => bundles.list(staffContextOf(request), request.query),
  );

  app.get(
    '/bundles/courses/',
    { schema: { ...staffRoute, summary: 'The courses a bundle may hold: the school’s courses that are not archived', response: { 200: z.array(bundleCourseSchema), ...errorResponses } } },
    async (request) => bundles.courseChoices(staffContextOf(request)),
  );

  app.post(
    '/bundles/',
    { schema: { ...staffRoute, summary: 'A new bundle; a published one needs two published courses or more', body: bundleFieldsSchema, response: { 201: staffBundleSchema, ...errorResponses } } },
    async (request, reply) => {
      const bundle = await bundles.create(staffContextOf(request), request.body);
      return reply.code(201).header('etag', etagOf(bundle.version)).send(bundle);
    },
  );

  app.get(
    '/bundles/:id/',
    { schema: { ...staffRoute, summary: 'A bundle with its courses in order; its ETag is the version a PUT or DELETE names in If-Match', params: idParamsSchema, response: { 200: staffBundleSchema, ...errorResponses } } },
    async (request, reply) => {
      const bundle = await bundles.get(staffContextOf(request), request.params.id);
      return reply.header('etag', etagOf(bundle.version)).send(bundle);
    },
  );

  app.put(
    '/bundles/:id/',
    { schema: { ...staffRoute, summary: 'Saves the whole bundle, its courses in order, to the version in If-Match', params: idParamsSchema, body: bundleFieldsSchema, response: { 200: staffBundleSchema, ...versioned } } },
    async (request, reply) => {
      const bundle = await bundles.save(staffContextOf(request), request.params.id, expectedVersion(request), request.body);
      return reply.header('etag', etagOf(bundle.version)).send(bundle);
    },
  );

  app.delete(
    '/bundles/:id/',
    { schema: { ...staffRoute, summary: 'Deletes a bundle nobody enrolled in or paid for (409 otherwise: unpublish it). Needs If-Match', params: idParamsSchema, response: { 200: detailSchema, ...versioned, 409: detailSchema } } },
    async (request) => bundles.remove(staffContextOf(request), request.params.id, expectedVersion(request)),
  );
};
