import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { studentMessageSchema } from '@school/shared/staff/messages';
import { requireUser } from '../auth/authenticate';
import { messageService } from './service';

/** An announcement of the school's, read by a student it reached (the bell links here). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = messageService(app);
  app.get(
    '/messages/:id/',
    {
      schema: {
        tags: ['notifications'],
        security: [{ token: [] }],
        summary: "An announcement the caller received at this site's school (404 for anybody else)",
        params: idParamsSchema,
        response: { 200: studentMessageSchema, ...errorResponses },
      },
    },
    async (request) => messages.forStudent(request.school, requireUser(request).id, request.params.id),
  );
};
