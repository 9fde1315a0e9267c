import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { schoolSettingsPatchSchema, staffSchoolSchema } from '@school/shared/staff/school-settings';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffRoute, versionedResponses } from '../staff/route-schema';
import { staffSchoolService } from './staff-school-service';

/** The site's own school in the console (`/staff/school`): its administrators read and change its settings. */
export const schoolStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const school = staffSchoolService(app);

  app.get(
    '/school/',
    { schema: { ...staffRoute, summary: "The site's school with every setting its administrators change; its ETag is the version a PATCH names in If-Match", response: { 200: staffSchoolSchema, ...errorResponses } } },
    async (request, reply) => {
      const current = await school.get(staffContextOf(request));
      return reply.header('etag', etagOf(current.version)).send(current);
    },
  );

  app.patch(
    '/school/',
    {
      schema: {
        ...staffRoute,
        summary: 'Changes some settings of the version named in If-Match (412 if somebody saved since, 428 without it); every process shows them within a second',
        body: schoolSettingsPatchSchema,
        response: { 200: staffSchoolSchema, ...versionedResponses(staffSchoolSchema) },
      },
    },
    async (request, reply) => {
      const saved = await school.update(staffContextOf(request), expectedVersion(request), request.body);
      return reply.header('etag', etagOf(saved.version)).send(saved);
    },
  );
};
