import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { staffVideoQuestionsSchema, videoQuestionsPutSchema } from '@school/shared/staff/video-questions';
import { etagOf } from '@school/shared/staff/versions';
import { expectedVersion } from '../../lib/versions';
import { staffContextOf } from '../staff/context';
import { staffVideoQuestionService } from './staff-service';
import { staffRoute, versionedResponses } from '../staff/route-schema';


/** An interactive video's questions: GET them with the lesson's ETag, PUT them all back with If-Match. */
export const learningStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const questions = staffVideoQuestionService(app);

  app.get(
    '/coursewares/:id/video-questions/',
    {
      schema: {
        ...staffRoute,
        summary: "An interactive video's questions with their answers, and the video's address for placing them (404 for any other lesson)",
        params: idParamsSchema,
        response: { 200: staffVideoQuestionsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await questions.get(staffContextOf(request), request.params.id);
      return reply.header('etag', etagOf(body.lesson.version)).send(body);
    },
  );

  app.put(
    '/coursewares/:id/video-questions/',
    {
      schema: {
        ...staffRoute,
        summary: "Saves the attempts per question and every question (If-Match: the lesson's version)",
        params: idParamsSchema,
        body: videoQuestionsPutSchema,
        response: { 200: staffVideoQuestionsSchema, ...versionedResponses(staffVideoQuestionsSchema) },
      },
    },
    async (request, reply) => {
      const body = await questions.save(staffContextOf(request), request.params.id, expectedVersion(request), request.body);
      return reply.header('etag', etagOf(body.lesson.version)).send(body);
    },
  );
};
