import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, listSchema } from '@school/shared/api/errors';
import { idParamsSchema } from '@school/shared/school/schemas';
import { messageAudiencesSchema, messageListQuerySchema, messageRecipientSchema, MESSAGES_PAGE_SIZE, newMessageSchema, RECIPIENTS_PAGE_SIZE, staffMessageSchema } from '@school/shared/staff/messages';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { messageService } from './service';

/** Announcements to a course's, a class's or the whole school's students, and their history. */
export const messageStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = messageService(app);

  app.get(
    '/messages/audiences/',
    {
      schema: {
        ...staffRoute,
        summary: 'What the caller may write to: their courses (an administrator: every course) with their classes, and the whole school for administrators, each with its students today',
        response: { 200: messageAudiencesSchema, ...errorResponses },
      },
    },
    async (request) => messages.audiences(staffContextOf(request)),
  );

  app.post(
    '/messages/',
    {
      schema: {
        ...staffRoute,
        summary: "Sends an announcement (message.send on the course; the whole school: message.school): a job reaches the students in batches, by the bell and by e-mail unless they turned announcements off",
        body: newMessageSchema,
        response: { 202: staffMessageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return messages.send(staffContextOf(request), request.body);
    },
  );

  app.get(
    '/messages/',
    {
      schema: {
        ...staffRoute,
        summary: "The school's announcements, newest first, with whom each reached (an instructor: those they sent)",
        querystring: messageListQuerySchema,
        response: { 200: listSchema(staffMessageSchema), ...errorResponses },
      },
    },
    async (request) => messages.list(staffContextOf(request), request.query.page, MESSAGES_PAGE_SIZE),
  );

  app.get(
    '/messages/:id/',
    { schema: { ...staffRoute, summary: 'One announcement with its delivery counts', params: idParamsSchema, response: { 200: staffMessageSchema, ...errorResponses } } },
    async (request) => messages.one(staffContextOf(request), request.params.id),
  );

  app.get(
    '/messages/:id/recipients/',
    {
      schema: {
        ...staffRoute,
        summary: 'Whom an announcement reached, by name, and whether the e-mail went too',
        params: idParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: listSchema(messageRecipientSchema), ...errorResponses },
      },
    },
    async (request) => messages.recipients(staffContextOf(request), request.params.id, request.query.page, RECIPIENTS_PAGE_SIZE),
  );
};
