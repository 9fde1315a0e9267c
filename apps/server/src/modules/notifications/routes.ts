import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, messageSchema } from '@school/shared/api/errors';
import {
  mailPreferencesPatchSchema,
  mailPreferencesSchema,
  NOTIFICATIONS_PAGE_SIZE,
  notificationPageSchema,
  pageQuerySchema,
  unreadSchema,
  unsubscribeBodySchema,
  unsubscribeResultSchema,
} from '@school/shared/notifications/schemas';
import { pageOf } from '../../lib/pagination';
import { requireUser } from '../auth/authenticate';
import { throttle } from '../auth/throttle';
import { links } from './messages';
import { presentNotification, unreadEtag } from './presenter';
import { notificationService } from './service';

/** The bell (the site's school's notifications and those of no school), the e-mail settings, and unsubscribing. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = notificationService(app);
  const tags = ['notifications'];
  const security = [{ token: [] }];

  app.get(
    '/notifications/',
    { schema: { tags, security, summary: "The caller's notifications on this site, newest first, with the unread count", querystring: pageQuerySchema, response: { 200: notificationPageSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const { page } = request.query;
      const { rows, total, unread } = await notifications.list(user.id, request.school.id, page, NOTIFICATIONS_PAGE_SIZE);
      return { ...pageOf(rows.map(presentNotification), total, page, NOTIFICATIONS_PAGE_SIZE), unread };
    },
  );

  app.get(
    '/notifications/unread/',
    {
      schema: {
        tags,
        security,
        summary: "The badge: the unread count and the newest notification's id; 304 while they match If-None-Match (poll it)",
        response: { 200: unreadSchema, 304: z.null().describe('nothing changed'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { unread, latest } = await notifications.unread(user.id, request.school.id);
      const etag = unreadEtag(user.id, unread, latest);
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { unread, latest };
    },
  );

  app.post(
    '/notifications/mark-all-read/',
    { schema: { tags, security, summary: "Mark all of the caller's notifications on this site read", response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      await notifications.markAllRead(requireUser(request).id, request.school.id);
      return { message: 'All notifications marked as read.' };
    },
  );

  app.get(
    '/notifications/preferences/',
    { schema: { tags, security, summary: 'Which notification e-mails the caller receives, per kind', response: { 200: mailPreferencesSchema, ...errorResponses } } },
    async (request) => notifications.preferences(requireUser(request).id),
  );

  app.patch(
    '/notifications/preferences/',
    { schema: { tags, security, summary: 'Turn notification e-mails on or off, per kind', body: mailPreferencesPatchSchema, response: { 200: mailPreferencesSchema, ...errorResponses } } },
    async (request) => notifications.setPreferences(requireUser(request).id, request.body),
  );

  const unsubscribing = throttle(app, 'unsubscribe', null);
  app.post(
    '/notifications/unsubscribe/',
    {
      preHandler: unsubscribing,
      schema: { tags, summary: "The unsubscribe page's button: turns the token's kind off for its account, no login needed", body: unsubscribeBodySchema, response: { 200: unsubscribeResultSchema, ...errorResponses } },
    },
    async (request) => notifications.unsubscribe(request.body.token),
  );

  // An e-mail's List-Unsubscribe address (RFC 8058): mail programs POST `List-Unsubscribe=One-Click` to it as a
  // form, so this scope takes any body and ignores it (the token is in the address).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
    const oneClick = '/notifications/unsubscribe/one-click/';
    scope.withTypeProvider<ZodTypeProvider>().post(
      oneClick,
      { preHandler: unsubscribing, schema: { tags, summary: "One-click unsubscribe (RFC 8058): a mail program's button turns the token's kind off", querystring: unsubscribeBodySchema, response: { 200: unsubscribeResultSchema, ...errorResponses } } },
      async (request) => notifications.unsubscribe(request.query.token),
    );
    // A mail program without one-click opens the address instead: the page that asks first.
    scope.withTypeProvider<ZodTypeProvider>().get(oneClick, { schema: { tags, summary: 'Opened in a browser: redirects to the unsubscribe page, which asks first', querystring: unsubscribeBodySchema } }, async (request, reply) =>
      reply.redirect(links.unsubscribe(request.query.token), 303),
    );
  });
};
