import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { staffExamPutSchema, staffExamSchema } from '@school/shared/staff/exams';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffExamService } from './staff-service';
import { staffRoute, versionedResponses } from '../staff/route-schema';


/** The exam and survey editor: GET the settings and questions with the ETag, PUT them back with If-Match. */
export const examStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const exams = staffExamService(app);

  app.get(
    '/exams/:id/',
    { schema: { ...staffRoute, summary: "An exam's or survey's settings and current questions, with how many attempts it has had", params: idParamsSchema, response: { 200: staffExamSchema, ...errorResponses } } },
    async (request, reply) => {
      const exam = await exams.get(staffContextOf(request), request.params.id);
      return reply.header('etag', etagOf(exam.version)).send(exam);
    },
  );

  app.put(
    '/exams/:id/',
    {
      schema: {
        ...staffRoute,
        summary: 'Saves the settings and every question in order (If-Match); questions attempts have had are kept for those attempts and replaced for new ones',
        params: idParamsSchema,
        body: staffExamPutSchema,
        response: { 200: staffExamSchema, ...versionedResponses(staffExamSchema) },
      },
    },
    async (request, reply) => {
      const exam = await exams.save(staffContextOf(request), request.params.id, expectedVersion(request), request.body);
      return reply.header('etag', etagOf(exam.version)).send(exam);
    },
  );
};
