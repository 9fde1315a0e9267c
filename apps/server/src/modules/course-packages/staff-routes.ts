import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { coursePackageMessages, courseImportedSchema, packageLimits } from '@school/shared/staff/course-packages';
import { idParamsSchema } from '@school/shared/school/schemas';
import { badRequest } from '../../lib/errors';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { coursePackageService } from './service';

/** A course's package out (a ZIP download) and a package in (the ZIP as the request's body, up to its limit). */
export const coursePackageStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const packages = coursePackageService(app);
  app.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: packageLimits.zipBytes }, (_request, body, done) => done(null, body));

  app.get(
    '/courses/:id/export/',
    {
      schema: {
        ...staffRoute,
        summary: "The course as a package (application/zip): manifest.json with its settings, outline, lessons and questions, and its files under files/; no students, categories or lecturers",
        params: idParamsSchema,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const { filename, stream } = await packages.exportCourse(staffContextOf(request), request.params.id);
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(stream);
    },
  );

  app.post(
    '/courses/import/',
    {
      schema: {
        ...staffRoute,
        summary: `Imports a course package (the body, application/zip, up to ${packageLimits.zipBytes / 1024 / 1024} MB) as a new draft of this school: all of it, or nothing and 400 with the reason`,
        consumes: ['application/zip'],
        response: { 201: courseImportedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest(coursePackageMessages.zipRequired, 'zip_required');
      return reply.code(201).send(await packages.importCourse(staffContextOf(request), request.body));
    },
  );
};
