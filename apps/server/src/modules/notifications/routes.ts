import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, messageSchema } from '@school/shared/api/errors';
import { NOTIFICATIONS_PAGE_SIZE, notificationPageSchema, pageQuerySchema } from '@school/shared/notifications/schemas';
import { pageOf } from '../../lib/pagination';
import { requireUser } from '../auth/authenticate';
import { notificationRepository } from './repository';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = notificationRepository(app.db);
  const security = [{ token: [] }];

  app.get(
    '/notifications/',
    { schema: { tags: ['notifications'], security, summary: "The caller's notifications, newest first, with the unread count", querystring: pageQuerySchema, response: { 200: notificationPageSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const { page } = request.query;
      const { rows, total, unread } = await repo.listByUser(user.id, page, NOTIFICATIONS_PAGE_SIZE);
      const data = rows.map((n) => ({ id: n.id, description: n.description, timestamp: n.createdAt.toISOString(), read: n.readAt !== null }));
      return { ...pageOf(data, total, page, NOTIFICATIONS_PAGE_SIZE), unread };
    },
  );

  app.post(
    '/notifications/mark-all-read/',
    { schema: { tags: ['notifications'], security, summary: "Mark all of the caller's notifications read", response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      await repo.markAllRead(requireUser(request).id);
      return { message: 'All notifications marked as read.' };
    },
  );
};
