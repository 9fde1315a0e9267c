import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { moderatedPostSchema, moderationQuerySchema } from '@school/shared/staff/forum';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { forumModerationService } from './staff-service';

/** `/staff/forum/`: the forum's moderation lists for the school's administrators. */
export const forumStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderation = forumModerationService(app);
  app.get(
    '/forum/',
    {
      schema: {
        ...staffRoute,
        summary: 'The hidden posts (state=hidden, the latest hidden first; POST …/unhide/ on the forum shows one again) or the closed questions (state=closed)',
        querystring: moderationQuerySchema,
        response: { 200: listSchema(moderatedPostSchema), ...errorResponses },
      },
    },
    async (request) => moderation.list(staffContextOf(request), request.query),
  );
};
