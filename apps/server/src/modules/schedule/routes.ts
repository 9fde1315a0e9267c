import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { myClassesQuerySchema, myClassesSchema } from '@school/shared/schedule/schemas';
import { signedInActor } from '../auth/actor';
import { scheduleService } from './service';

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = scheduleService(app);

  app.get(
    '/students/classes/',
    {
      schema: {
        tags: ['schedule'],
        security: [{ token: [] }],
        summary: "My Classes: the caller's class sessions and live classes at the site's school between two days (inclusive)",
        querystring: myClassesQuerySchema,
        response: { 200: myClassesSchema, ...errorResponses },
      },
    },
    async (request) => service.myClasses(signedInActor(request), request.school, request.query),
  );
};
